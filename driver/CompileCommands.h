//===- CompileCommands.h - the compile command of each analysed file -------===//
//
// The analysis parses every file once, host side, with the kernels in the
// same AST. Whatever the source of a command (compile_commands.json, `--
// FLAGS`, or nothing), withAnalysisFlags() adds what that parse needs:
// clang 19's resource directory, the language from the extension, -fopenmp
// and the OpenMP USM names for OpenMP files, the CUDA/HIP host-only modes,
// and usmcheck's analysis headers (headers/sdk) searched after every other
// directory, so real SDK headers win. Flags clang-19 cannot use for that
// parse (-fsycl*, Intel OpenMP spellings, GPU targets) are dropped.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_DRIVER_COMPILECOMMANDS_H
#define USMCHECK_DRIVER_COMPILECOMMANDS_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace usm {

/// \p Base with every command adjusted for the analysis.
std::unique_ptr<clang::tooling::CompilationDatabase>
withAnalysisFlags(std::unique_ptr<clang::tooling::CompilationDatabase> Base);

/// True if an argument of \p Args starts with \p Prefix.
bool hasArg(const std::vector<std::string> &Args, llvm::StringRef Prefix);

} // namespace usm

#endif
