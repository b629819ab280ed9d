//===- RunCommand.cpp - `usmcheck run [options] -- PROGRAM ARGS...`
//--------===//
//
// Starts PROGRAM with the runtime guard preloaded. The options are the
// guard's own (runtime/flags.inc): each --key-name=value flag is checked by
// the same parser the guard uses and appended to USMCHECK_OPTIONS (flags
// win over an existing USMCHECK_OPTIONS), and libusmcheck_rt.so from beside
// the usmcheck executable (or from its installed lib/usmcheck) is appended to
// LD_PRELOAD. The program then
// replaces this process (exec), so its exit status, its signals and its PID
// are its own; the guard changes the status only when it reports.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "Options.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace usm {
namespace {

const char *const GuardLibrary = "libusmcheck_rt.so";

std::string dirName(const std::string &Path) {
  std::size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

bool isFile(const std::string &Path) {
  struct stat St;
  return stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

void printUsage() {
  std::printf(
      "usage: usmcheck run [options] [--] PROGRAM [ARGS...]\n"
      "\n"
      "Runs PROGRAM with the usmcheck runtime guard (libusmcheck_rt.so) "
      "preloaded.\nA host access to device memory becomes a report instead "
      "of a bare\nsegmentation fault. Without findings the exit status is "
      "PROGRAM's own.\n\n"
      "Every option has three spellings: the flag below, the key in\n"
      "USMCHECK_OPTIONS=key=value:key=value, and the same key in the table of\n"
      "docs/runtime.md. Flags override USMCHECK_OPTIONS.\n\n"
      "options:\n");
  std::size_t Count;
  const rt::FlagInfo *T = rt::flagTable(Count);
  for (std::size_t I = 0; I < Count; ++I) {
    std::string Flag = std::string("--") + T[I].Name;
    for (char &C : Flag)
      if (C == '_')
        C = '-';
    bool IsBool = T[I].Type == rt::FlagType::Bool;
    Flag += IsBool                           ? "[=0|1]"
            : T[I].Type == rt::FlagType::Int ? "=N"
                                             : "=VALUE";
    std::printf("  %-28s %s (key %s, default %s)\n", Flag.c_str(),
                T[I].Description, T[I].Name, T[I].Default);
  }
}

} // namespace

int runMain(const Args &A) {
  rt::Options Opts;
  char Err[1200];
  std::string Merged;
  if (const char *Env = std::getenv("USMCHECK_OPTIONS")) {
    if (!rt::parseOptions(Env, Opts, Err, sizeof Err))
      return usageError(std::string("USMCHECK_OPTIONS: ") + Err);
    Merged = Env;
  }

  std::size_t I = 0;
  for (; I < A.size(); ++I) {
    const std::string &S = A[I];
    if (S == "--") {
      ++I;
      break;
    }
    if (S == "-h" || S == "--help") {
      printUsage();
      return 0;
    }
    if (S.size() < 3 || S.compare(0, 2, "--") != 0) {
      if (!S.empty() && S[0] == '-')
        return usageError("run: unknown option '" + S +
                          "' (usmcheck run --help lists the options)");
      break; // the program
    }
    std::string KV = S.substr(2);
    std::size_t Eq = KV.find('=');
    for (std::size_t K = 0; K < KV.size() && K < Eq; ++K)
      if (KV[K] == '-')
        KV[K] = '_';
    if (KV.find_first_of(":,") !=
        std::string::npos) // USMCHECK_OPTIONS separators
      return usageError("run: option values cannot contain ':' or ',' (" + S +
                        ")");
    if (!rt::applyOption(KV.data(), KV.size(), Opts, Err, sizeof Err))
      return usageError(std::string("run: ") + Err);
    Merged += (Merged.empty() ? "" : ":") + KV;
  }
  if (Opts.help) {
    printUsage();
    return 0;
  }
  if (I >= A.size())
    return usageError("run: no program given (usage: usmcheck run [options] "
                      "-- PROGRAM [ARGS...])");
  if (Opts.suppressions[0]) {
    struct stat St;
    int Err = access(Opts.suppressions, R_OK) != 0 ? errno
              : stat(Opts.suppressions, &St) == 0 && S_ISDIR(St.st_mode)
                  ? EISDIR
                  : 0;
    if (Err)
      return usageError(std::string("run: cannot read suppressions file '") +
                        Opts.suppressions + "': " + std::strerror(Err));
  }

  // The guard: beside usmcheck in a build tree, in <prefix>/lib/usmcheck
  // when installed (relative to the executable: a moved tree still works).
  std::string Dir = dirName(selfExecutablePath());
  std::string Lib = Dir + "/" + GuardLibrary;
  if (!isFile(Lib)) {
    std::string Installed =
        Dir + "/" + USMCHECK_BIN_TO_PKGLIB + "/" + GuardLibrary;
    if (!isFile(Installed))
      return usageError(std::string("run: the runtime guard ") + GuardLibrary +
                        " is missing (looked in " + Dir + " and " + Dir + "/" +
                        USMCHECK_BIN_TO_PKGLIB + "; build the usmcheck_rt target)");
    Lib = Installed;
  }
  // A symbolizer shipped beside usmcheck (a relocated bundle) wins over PATH.
  std::string Sym = Dir + "/llvm-symbolizer";
  if (!Opts.symbolizer_path[0] && access(Sym.c_str(), X_OK) == 0)
    Merged += (Merged.empty() ? "" : ":") + ("symbolizer_path=" + Sym);

  setenv("USMCHECK_OPTIONS", Merged.c_str(), 1);
  std::string Preload;
  if (const char *Old = std::getenv("LD_PRELOAD"); Old && *Old)
    Preload = std::string(Old) + ":";
  Preload += Lib;
  setenv("LD_PRELOAD", Preload.c_str(), 1);

  std::vector<char *> Argv;
  for (std::size_t K = I; K < A.size(); ++K)
    Argv.push_back(const_cast<char *>(A[K].c_str()));
  Argv.push_back(nullptr);
  std::fflush(stdout);
  execvp(Argv[0], Argv.data());
  return usageError("run: cannot run '" + A[I] + "': " + std::strerror(errno));
}

} // namespace usm
