//===- Commands.h - the usmcheck subcommands ---------------------------------===//
//
// `usmcheck <command> ARGS...`: each command takes its own arguments (without
// the program and command names) and returns the process exit status:
// 0 success / nothing found, 1 findings (or the program's own status for
// `run`), 2 usage or tool failure. Every failure prints one line
// "usmcheck: error: ..." to stderr.
//
// Each command lives with the part it drives:
//   check, table, catalog  driver/
//   run                    runtime/RunCommand.cpp
//   explain                explain/ExplainCommand.cpp
//   bench                  membench/BenchCommand.cpp
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_DRIVER_COMMANDS_H
#define USMCHECK_DRIVER_COMMANDS_H

#include <string>
#include <vector>

namespace usm {

using Args = std::vector<std::string>;

int checkMain(const Args &A);
int tableMain(const Args &A);
int catalogMain(const Args &A);
int runMain(const Args &A);
int explainMain(const Args &A);
int benchMain(const Args &A);

/// Path of the running usmcheck executable (for finding the runtime guard
/// library and the analysis headers installed beside it).
std::string selfExecutablePath();

/// "usmcheck: error: MSG" on stderr; returns 2.
int usageError(const std::string &Msg);

} // namespace usm

#endif
