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

/// \p Base with every command adjusted for the analysis; \p Before and
/// \p After are added right after the compiler and at the end of each
/// command (--extra-arg-before, --extra-arg).
std::unique_ptr<clang::tooling::CompilationDatabase>
withAnalysisFlags(std::unique_ptr<clang::tooling::CompilationDatabase> Base,
                  std::vector<std::string> Before = {},
                  std::vector<std::string> After = {});

/// The database of `check FILE... -- ARGS`: ARGS are flags, or a whole
/// compile command when the first is a compiler (CMake's
/// CMAKE_<LANG>_CLANG_TIDY form).
std::unique_ptr<clang::tooling::CompilationDatabase>
commandLineDatabase(std::vector<std::string> Args);

/// Lines for -v: the command each compile command of \p File became, and
/// what was dropped from it.
std::vector<std::string>
describeCommands(const clang::tooling::CompilationDatabase &Db,
                 const std::string &File);

/// True if an argument of \p Args starts with \p Prefix.
bool hasArg(const std::vector<std::string> &Args, llvm::StringRef Prefix);

} // namespace usm

#endif
