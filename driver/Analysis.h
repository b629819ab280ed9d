//===- Analysis.h - run the usm checks over translation units ---------------===//
//
// The one entry point that `usmcheck check` and `usmcheck explain` share:
// build the compilation commands (from -p, from `-- FLAGS`, or inferred from
// the file extension), run the clang-tidy `usm` module over every file
// (optionally in parallel), and return findings in command-line order.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_DRIVER_ANALYSIS_H
#define USMCHECK_DRIVER_ANALYSIS_H

#include "Finding.h"

#include <string>
#include <vector>

namespace usm {

struct AnalysisOptions {
  std::vector<std::string> Files;     ///< sources as given by the user
  std::string BuildPath;              ///< -p: directory of compile_commands.json
  std::vector<std::string> ExtraArgs; ///< after `--`
  std::vector<std::string> ExtraArgsBefore; ///< --extra-arg-before (each)
  std::vector<std::string> ExtraArgsAfter;  ///< --extra-arg (each)
  std::string Checks;                 ///< --checks globs (empty: config/default)
  std::string WarningsAsErrors;       ///< --warnings-as-errors globs
  std::string ConfigFile;             ///< --config-file (else found upward)
  bool Fix = false;                   ///< apply fix-its to the sources
  std::string ExportFixes;            ///< write clang-tidy YAML fixes here
  unsigned Jobs = 1;                  ///< translation units in parallel
  bool Progress = false;              ///< "[i/n] file" lines on stderr
  bool Verbose = false;               ///< -v: print each adjusted command
  bool Profile = false;               ///< --profile: CPU time by phase
  /// Analyse every file in this process instead of a worker process per
  /// file: no crash isolation, so a crash is the caller's crash. Only the
  /// in-process fuzz target (fuzz/CheckFuzzer.cpp) sets it.
  bool InProcess = false;
};

/// The analysis options that `check` and `explain` share, all taking a
/// value: -p/--build-path, --checks, --warnings-as-errors, --config-file,
/// -j/--jobs, --extra-arg, --extra-arg-before.
const std::vector<std::string> &analysisOptionNames();

/// Applies analysis option \p Name (one of analysisOptionNames()) with
/// \p Value to \p Opts. Returns false and sets \p Error (one line) when the
/// value is not acceptable.
bool applyAnalysisOption(const std::string &Name, const std::string &Value,
                         AnalysisOptions &Opts, std::string &Error);

/// Runs the analysis. On a usage or tool failure (bad database, unknown
/// check glob, a missing or binary file when it is the only input, ...)
/// returns false and sets \p Error to one line naming the problem; exit
/// status 2 follows. With several inputs, one that cannot be read or is not
/// a source file is a per-file failure (FileResult::Failure) and the others
/// are analysed.
bool analyze(const AnalysisOptions &Opts, AnalysisResult &Result,
             std::string &Error);

/// Names of the checks enabled by \p Globs (all registered checks when
/// \p Globs is empty), sorted.
std::vector<std::string> enabledChecks(const std::string &Globs);

} // namespace usm

#endif
