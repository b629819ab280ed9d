//===- main.cpp - usmcheck: find USM mistakes in GPU programs ----------------===//
//
// Dispatches `usmcheck <command> ...` to the command implementations (see
// Commands.h). Global flags: --help, --version.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "Version.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {

const char *const Usage =
    "usage: usmcheck <command> [options] ...\n"
    "\n"
    "Finds Unified Shared Memory (USM) mistakes in OpenMP offload, SYCL, "
    "CUDA,\nHIP and Level Zero programs, explains them against the USM "
    "feature table and\ngives the fix.\n"
    "\n"
    "commands:\n"
    "  check    analyse source files statically (clang-tidy `usm` checks)\n"
    "  explain  explain findings with the feature table (optionally an LLM)\n"
    "  run      run a program under the runtime guard (LD_PRELOAD)\n"
    "  table    print the USM feature table\n"
    "  catalog  list the USM APIs usmcheck models\n"
    "  bench    measure what each USM kind costs on this GPU\n"
    "\n"
    "options:\n"
    "  -h, --help     show this help (`usmcheck <command> --help` for a "
    "command)\n"
    "  --version      print the version\n"
    "\n"
    "Exit status: 0 nothing found, 1 error-level findings, 2 usage or tool "
    "failure,\n3 no GPU or no driver (bench).\n";

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fputs(Usage, stderr);
    return 2;
  }
  std::string Cmd = argv[1];
  usm::Args Rest(argv + 2, argv + argc);
  if (Cmd == "-h" || Cmd == "--help" || Cmd == "help") {
    std::fputs(Usage, stdout);
    return 0;
  }
  if (Cmd == "--version" || Cmd == "version") {
    std::printf("usmcheck %s (LLVM %s)\n", USMCHECK_VERSION,
                USMCHECK_LLVM_VERSION);
    return 0;
  }
  if (Cmd == "check")
    return usm::checkMain(Rest);
  if (Cmd == "table")
    return usm::tableMain(Rest);
  if (Cmd == "catalog")
    return usm::catalogMain(Rest);
  if (Cmd == "run")
    return usm::runMain(Rest);
  if (Cmd == "explain")
    return usm::explainMain(Rest);
  if (Cmd == "bench")
    return usm::benchMain(Rest);
  return usm::usageError("unknown command '" + Cmd +
                         "' (expected check, explain, run, table, catalog or bench; "
                         "see usmcheck --help)");
}
