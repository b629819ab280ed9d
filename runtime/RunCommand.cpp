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
// With --html=FILE the program runs as a child instead: the guard also
// writes each report as a JSON line to a file of ours (json_path), and when
// the program has ended its records become FILE (report/RunHtml.h), written
// beside it and renamed into place. usmcheck then ends as the program did:
// the same exit status, or the same signal.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "Options.h"
#include "RunHtml.h"
#include "Version.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
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
      "usmcheck run's own option:\n"
      "  --html=FILE                  also write the run's reports as one "
      "HTML page to FILE\n"
      "                               when the program has ended (its "
      "directory must exist);\n"
      "                               the program then runs as a child of "
      "usmcheck\n\n"
      "Every guard option has three spellings: the flag below, the key in\n"
      "USMCHECK_OPTIONS=key=value:key=value, and the same key in the table of\n"
      "docs/runtime.md. Flags override USMCHECK_OPTIONS.\n\n"
      "guard options:\n");
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

/// --html=FILE: the directory must exist (checked before the program runs,
/// so that a run is never lost to a typo); "" when it does.
std::string htmlTargetError(const std::string &File) {
  if (File.empty())
    return "run: --html needs a file name (--html=FILE)";
  std::string Dir = dirName(File);
  struct stat St;
  if (stat(Dir.c_str(), &St) != 0 || !S_ISDIR(St.st_mode))
    return "run: cannot write the HTML report '" + File + "': directory '" +
           Dir + "' does not exist";
  if (access(Dir.c_str(), W_OK | X_OK) != 0)
    return "run: cannot write the HTML report '" + File + "': directory '" +
           Dir + "': " + std::strerror(errno);
  if (stat(File.c_str(), &St) == 0 && S_ISDIR(St.st_mode))
    return "run: cannot write the HTML report '" + File +
           "': it is a directory";
  return "";
}

pid_t Child = -1;

/// usmcheck's own termination signals go to the program it waits for.
void forwardSignal(int Sig) {
  if (Child > 0)
    kill(Child, Sig);
}

/// Writes \p Text to \p File through a temporary file in its directory and
/// rename(): a reader never sees half a page.
bool writeWhole(const std::string &File, const std::string &Text,
                std::string &Err) {
  std::string Tmp = File + ".tmp-XXXXXX";
  int Fd = mkstemp(Tmp.data());
  if (Fd < 0) {
    Err = std::strerror(errno);
    return false;
  }
  fchmod(Fd, 0644);
  std::size_t Done = 0;
  while (Done < Text.size()) {
    ssize_t W = write(Fd, Text.data() + Done, Text.size() - Done);
    if (W < 0 && errno == EINTR)
      continue;
    if (W <= 0) {
      Err = std::strerror(W < 0 ? errno : ENOSPC);
      close(Fd);
      unlink(Tmp.c_str());
      return false;
    }
    Done += std::size_t(W);
  }
  if (close(Fd) != 0 || rename(Tmp.c_str(), File.c_str()) != 0) {
    Err = std::strerror(errno);
    unlink(Tmp.c_str());
    return false;
  }
  return true;
}

/// Runs the program as a child with json_path=\p Json (records from byte
/// \p From on are this run's), writes the page, and ends as the child did.
int runWithHtml(std::vector<char *> &Argv, const std::string &Html,
                const std::string &Json, off_t From, bool OwnJson) {
  std::vector<std::string> Args(Argv.begin(), Argv.end() - 1);
  int ExecErr[2];
  if (pipe2(ExecErr, O_CLOEXEC) != 0)
    return usageError(std::string("run: ") + std::strerror(errno));
  std::fflush(nullptr);
  Child = fork();
  if (Child < 0)
    return usageError(std::string("run: cannot start the program: ") +
                      std::strerror(errno));
  if (Child == 0) {
    close(ExecErr[0]);
    execvp(Argv[0], Argv.data());
    int E = errno;
    (void)!write(ExecErr[1], &E, sizeof E);
    _exit(127);
  }
  close(ExecErr[1]);
  int E = 0;
  ssize_t Got;
  while ((Got = read(ExecErr[0], &E, sizeof E)) < 0 && errno == EINTR)
    ;
  close(ExecErr[0]);
  int Status = 0;
  if (Got == sizeof E) {
    while (waitpid(Child, &Status, 0) < 0 && errno == EINTR)
      ;
    if (OwnJson)
      unlink(Json.c_str());
    return usageError("run: cannot run '" + Args[0] + "': " + std::strerror(E));
  }
  // The terminal's ^C and ^\ reach the program (same process group); wait
  // for it to end and write the page. Signals sent to usmcheck alone go on.
  signal(SIGINT, SIG_IGN);
  signal(SIGQUIT, SIG_IGN);
  for (int Sig : {SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM})
    signal(Sig, forwardSignal);
  while (waitpid(Child, &Status, 0) < 0 && errno == EINTR)
    ;

  RunInfo Info;
  Info.Argv = Args;
  if (char *Cwd = getcwd(nullptr, 0)) {
    Info.Directory = Cwd;
    std::free(Cwd);
  }
  Info.Signaled = WIFSIGNALED(Status);
  Info.Status = Info.Signaled ? WTERMSIG(Status) : WEXITSTATUS(Status);
  std::string Text;
  {
    std::ifstream In(Json, std::ios::binary);
    if (In && From > 0)
      In.seekg(From);
    if (In)
      Text.assign(std::istreambuf_iterator<char>(In), {});
  }
  if (OwnJson)
    unlink(Json.c_str());
  Info.Records = parseRunRecords(Text, Info.BadLines);
  std::string Err;
  bool Written = writeWhole(Html, formatRunHtml(Info, USMCHECK_VERSION), Err);
  if (!Written) // the error line; the status is the program's (below)
    usageError("run: cannot write the HTML report '" + Html + "': " + Err);
  if (Info.Signaled) {
    // End the same way; no core file of usmcheck's own.
    struct rlimit NoCore = {0, 0};
    setrlimit(RLIMIT_CORE, &NoCore);
    signal(Info.Status, SIG_DFL);
    sigset_t Set;
    sigemptyset(&Set);
    sigaddset(&Set, Info.Status);
    sigprocmask(SIG_UNBLOCK, &Set, nullptr);
    raise(Info.Status);
    return 128 + Info.Status;
  }
  return Info.Status == 0 && !Written ? 2 : Info.Status;
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
  std::string Html;
  bool WantHtml = false;
  for (; I < A.size(); ++I) {
    const std::string &S = A[I];
    if (S == "--html" || S.compare(0, 7, "--html=") == 0) {
      WantHtml = true;
      Html = S.size() > 7 ? S.substr(7) : "";
      continue;
    }
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
  if (WantHtml)
    if (std::string E = htmlTargetError(Html); !E.empty())
      return usageError(E);
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

  // --html: the records go to the user's json_path (this run's are those
  // past its current end) or to a temporary file of ours.
  std::string Json = Opts.json_path;
  off_t JsonFrom = 0;
  bool OwnJson = false;
  if (WantHtml) {
    struct stat St;
    if (!Json.empty()) {
      // The page would miss every report the guard cannot write there.
      int Fd =
          open(Json.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
      if (Fd < 0)
        return usageError("run: cannot write json_path '" + Json +
                          "': " + std::strerror(errno));
      JsonFrom = fstat(Fd, &St) == 0 ? St.st_size : 0;
      close(Fd);
    } else {
      const char *T = std::getenv("TMPDIR");
      std::string Dir = T && *T && !std::strpbrk(T, ":,") ? T : "/tmp";
      Json = Dir + "/usmcheck-run-XXXXXX";
      int Fd = mkstemp(Json.data());
      if (Fd < 0)
        return usageError("run: cannot create a temporary file in " + Dir +
                          ": " + std::strerror(errno));
      close(Fd);
      OwnJson = true;
      Merged += (Merged.empty() ? "" : ":") + ("json_path=" + Json);
    }
  }

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
  if (WantHtml)
    return runWithHtml(Argv, Html, Json, JsonFrom, OwnJson);
  std::fflush(stdout);
  execvp(Argv[0], Argv.data());
  return usageError("run: cannot run '" + A[I] + "': " + std::strerror(errno));
}

} // namespace usm
