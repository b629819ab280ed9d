//===- GuardMain.cpp - start-up, options, stacks and exit statistics
//-------===//
#include "Guard.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <unwind.h>

extern char **environ;
extern "C" void *__libc_stack_end;

namespace usm {
namespace rt {

Options Opts;

namespace {
std::atomic<int> InitState{0}; // 0 not started, 1 running, 2 done
std::uintptr_t GuardLo = 0, GuardHi = 0;
char LibPath[1024];
} // namespace

bool initialized() { return InitState.load(std::memory_order_acquire) == 2; }

//===-- Out -------------------------------------------------------------===//

Out &Out::s(const char *S) { return S ? s(std::string_view(S)) : *this; }
Out &Out::s(std::string_view S) {
  for (char C : S)
    c(C);
  return *this;
}
Out &Out::c(char C) {
  if (Len + 1 < Cap) {
    B[Len++] = C;
    B[Len] = 0;
  }
  return *this;
}
Out &Out::u(std::uint64_t V) {
  char T[24];
  int N = 0;
  do
    T[N++] = char('0' + V % 10);
  while (V /= 10);
  while (N)
    c(T[--N]);
  return *this;
}
Out &Out::d(std::int64_t V) {
  if (V < 0)
    return c('-').u(std::uint64_t(-(V + 1)) + 1);
  return u(std::uint64_t(V));
}
Out &Out::hex(std::uint64_t V) {
  char T[20];
  int N = 0;
  do
    T[N++] = "0123456789abcdef"[V & 15];
  while (V >>= 4);
  s("0x");
  while (N)
    c(T[--N]);
  return *this;
}
Out &Out::pad(std::size_t Col) {
  std::size_t LineStart = Len;
  while (LineStart && B[LineStart - 1] != '\n')
    --LineStart;
  while (Len - LineStart < Col)
    c(' ');
  return *this;
}
void Out::writeTo(int Fd) const { writeAll(Fd, B, Len); }

void writeAll(int Fd, const char *S, std::size_t N) {
  while (N) {
    ssize_t W = ::write(Fd, S, N);
    if (W < 0 && errno == EINTR)
      continue;
    if (W <= 0)
      return;
    S += W;
    N -= std::size_t(W);
  }
}

void logLine(const char *Msg) {
  char Buf[2048];
  Out O(Buf, sizeof Buf);
  O.s("==").d(getpid()).s("==usmcheck: ").s(Msg).c('\n');
  O.writeTo(logFd());
}

namespace {
std::atomic<int> LogFd{-1};
std::atomic<pid_t> LogPid{0};
std::atomic<bool> LogWarned{false};

void logPathOf(char *Path, std::size_t Cap) {
  Out(Path, Cap).s(Opts.log_path).c('.').d(getpid());
}

/// One line on stderr, once per process: the log file cannot be used.
void warnLogFallback(const char *Why) {
  if (LogWarned.exchange(true))
    return;
  char Path[1100], Buf[1400];
  logPathOf(Path, sizeof Path);
  Out(Buf, sizeof Buf)
      .s("==")
      .d(getpid())
      .s("==usmcheck: warning: cannot write log_path '")
      .s(Path)
      .s("' (")
      .s(Why)
      .s("): reports go to stderr\n")
      .writeTo(2);
}
} // namespace

int logFd() {
  const char *P = Opts.log_path;
  if (!std::strcmp(P, "stderr"))
    return 2;
  if (!std::strcmp(P, "stdout"))
    return 1;
  pid_t Me = getpid();
  int Fd = LogFd.load(std::memory_order_acquire);
  if (Fd >= 0 && LogPid.load(std::memory_order_acquire) == Me)
    return Fd;
  // First use in this process (a forked child writes its own PATH.PID).
  char Path[1100];
  logPathOf(Path, sizeof Path);
  int New = ::open(Path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (New < 0) {
    char Why[64];
    Out(Why, sizeof Why).s("errno ").d(errno);
    warnLogFallback(Why);
    New = 2;
  }
  int Expected = Fd;
  if (LogFd.compare_exchange_strong(Expected, New)) {
    LogPid.store(Me, std::memory_order_release);
    if (Fd > 2) // the parent's file, inherited through fork
      ::close(Fd);
    return New;
  }
  if (New > 2) // another thread won the race
    ::close(New);
  return Expected;
}

void checkLogPath() {
  const char *P = Opts.log_path;
  if (!std::strcmp(P, "stderr") || !std::strcmp(P, "stdout"))
    return;
  char Path[1100];
  logPathOf(Path, sizeof Path);
  // Probe without creating the file: it appears only when there is
  // something to write, as with the sanitizers.
  int Fd = ::open(Path, O_WRONLY | O_APPEND | O_CLOEXEC);
  if (Fd >= 0) {
    ::close(Fd);
    return;
  }
  int Err = errno;
  if (Err == ENOENT) {
    char Dir[1100];
    Out(Dir, sizeof Dir).s(Path);
    char *Slash = std::strrchr(Dir, '/');
    if (Slash == Dir)
      Slash[1] = 0;
    else if (Slash)
      *Slash = 0;
    else
      Out(Dir, sizeof Dir).s(".");
    if (::access(Dir, W_OK | X_OK) == 0)
      return;
    Err = errno;
  }
  warnLogFallback(std::strerror(Err));
  LogFd.store(2, std::memory_order_release);
  LogPid.store(getpid(), std::memory_order_release);
}

void fatalOptionError(const char *Msg) {
  char Buf[2048];
  Out O(Buf, sizeof Buf);
  O.s("usmcheck: error: ").s(Msg).c('\n');
  O.writeTo(2);
  _exit(2);
}

//===-- threads and stacks
//-------------------------------------------------===//

namespace {
std::atomic<int> NextThreadIdx{1};
__thread int MyThreadIdx __attribute__((tls_model("initial-exec"))) = -1;
} // namespace

namespace {
__thread int MyTid __attribute__((tls_model("initial-exec")));
} // namespace

int threadTid() {
  if (!MyTid)
    MyTid = int(syscall(SYS_gettid));
  return MyTid;
}

int threadIndex() {
  if (MyThreadIdx < 0)
    MyThreadIdx = syscall(SYS_gettid) == getpid()
                      ? 0
                      : NextThreadIdx.fetch_add(1, std::memory_order_relaxed);
  return MyThreadIdx;
}

bool inGuardLibrary(std::uintptr_t Pc) { return Pc >= GuardLo && Pc < GuardHi; }

namespace {
struct UnwindState {
  std::uintptr_t *Pcs;
  int Max, N;
};

_Unwind_Reason_Code unwindOne(struct _Unwind_Context *Ctx, void *Arg) {
  auto *S = static_cast<UnwindState *>(Arg);
  std::uintptr_t Pc = _Unwind_GetIP(Ctx);
  if (!Pc)
    return _URC_END_OF_STACK;
  if (S->N == 0 && inGuardLibrary(Pc))
    return _URC_NO_REASON; // the wrapper and the guard itself
  S->Pcs[S->N++] = Pc;
  return S->N >= S->Max ? _URC_END_OF_STACK : _URC_NO_REASON;
}

int findGuardRange(struct dl_phdr_info *Info, size_t, void *) {
  auto Self = reinterpret_cast<std::uintptr_t>(&findGuardRange);
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &P = Info->dlpi_phdr[I];
    if (P.p_type != PT_LOAD || !(P.p_flags & PF_X))
      continue;
    std::uintptr_t Lo = Info->dlpi_addr + P.p_vaddr, Hi = Lo + P.p_memsz;
    if (Self >= Lo && Self < Hi) {
      GuardLo = Lo;
      GuardHi = Hi;
      std::strncpy(LibPath, Info->dlpi_name, sizeof LibPath - 1);
      return 1;
    }
  }
  return 0;
}
} // namespace

namespace {
__thread std::uintptr_t StackTop __attribute__((tls_model("initial-exec")));

/// Upper end of this thread's stack (cached; malloc is fine here: the guard
/// never interposes it, and this never runs on the crash path).
std::uintptr_t stackTop() {
  if (!StackTop) {
    if (syscall(SYS_gettid) == getpid()) {
      StackTop = reinterpret_cast<std::uintptr_t>(__libc_stack_end);
    } else {
      pthread_attr_t A;
      void *Addr = nullptr;
      std::size_t Size = 0;
      if (pthread_getattr_np(pthread_self(), &A) == 0) {
        pthread_attr_getstack(&A, &Addr, &Size);
        pthread_attr_destroy(&A);
      }
      StackTop = reinterpret_cast<std::uintptr_t>(Addr) + Size;
    }
  }
  return StackTop;
}
} // namespace

int captureStack(std::uintptr_t *Pcs, int Max) {
  if (!Opts.fast_unwind) {
    UnwindState S{Pcs, Max, 0};
    _Unwind_Backtrace(unwindOne, &S);
    return S.N;
  }
  // Frame-pointer walk (the guard is built with frame pointers). The first
  // frame outside the guard is the return address into the allocating call,
  // exact whatever the caller's flags; deeper frames need the program's
  // frame pointers, and the walk stops at the first implausible link.
  std::uintptr_t Top = stackTop();
  auto *Fp = static_cast<std::uintptr_t *>(__builtin_frame_address(0));
  int N = 0;
  while (N < Max) {
    auto F = reinterpret_cast<std::uintptr_t>(Fp);
    if ((F & 7) || !Top || F + 16 > Top)
      break;
    std::uintptr_t Ret = Fp[1];
    auto *Next = reinterpret_cast<std::uintptr_t *>(Fp[0]);
    if (Ret < 4096)
      break;
    if (N || !inGuardLibrary(Ret))
      Pcs[N++] = Ret;
    if (Next <= Fp || reinterpret_cast<std::uintptr_t>(Next) >= Top)
      break;
    Fp = Next;
  }
  return N;
}

//===-- start-up
//-------------------------------------------------------------===//

namespace {

/// Removes this library from LD_PRELOAD so that programs the guarded
/// program starts run without it (unless follow_children=1). The library is
/// named by the path usmcheck run appended, or by its file name.
void scrubPreload() {
  const char *Cur = getenv("LD_PRELOAD");
  if (!Cur)
    return;
  const char *Base = std::strrchr(LibPath, '/');
  Base = Base ? Base + 1 : LibPath;
  static char Keep[4096];
  Out O(Keep, sizeof Keep);
  const char *P = Cur;
  while (*P) {
    while (*P == ':' || *P == ' ')
      ++P;
    const char *E = P;
    while (*E && *E != ':' && *E != ' ')
      ++E;
    if (E == P)
      break;
    std::string_view Item(P, std::size_t(E - P));
    std::size_t Slash = Item.rfind('/');
    std::string_view ItemBase =
        Slash == std::string_view::npos ? Item : Item.substr(Slash + 1);
    if (ItemBase != Base) {
      if (O.Len)
        O.c(':');
      O.s(Item);
    }
    P = E;
  }
  if (O.Len)
    setenv("LD_PRELOAD", Keep, 1);
  else
    unsetenv("LD_PRELOAD");
}

void atForkPrepare() {
  emuLockForFork();
  recordsLockAll();
}
void atForkParent() {
  recordsUnlockAll();
  emuUnlockAfterFork();
}
void atForkChild() {
  recordsUnlockAll();
  emuUnlockAfterFork();
  MyThreadIdx = 0; // the forking thread is the child's main thread
  MyTid = 0;       // and has a new tid
}

void printStats() {
  char Buf[512];
  Out O(Buf, sizeof Buf);
  O.s("==")
      .d(getpid())
      .s("==usmcheck: stats: recorded=")
      .u(TheStats.Recorded.load())
      .s(" freed=")
      .u(TheStats.Freed.load())
      .s(" live=")
      .u(TheStats.Live.load())
      .s(" max_live=")
      .u(TheStats.MaxLive.load())
      .s(" dropped=")
      .u(TheStats.Dropped.load())
      .s(" free_unknown=")
      .u(TheStats.FreeUnknown.load())
      .c('\n');
  O.writeTo(logFd());
}

bool isSuppressionType(std::string_view T) {
  for (const char *K : {"host-access-device", "free-mismatch", "double-free",
                        "bad-free", "copy-out-of-bounds", "copy-direction",
                        "device-access-pageable", "leak", "alloc"})
    if (T == K)
      return true;
  return false;
}

/// Reads the suppressions file once at start-up so that a typo is one
/// error line and exit status 2, not a silently ignored line at crash time.
void checkSuppressions() {
  char M[1400];
  int Fd = ::open(Opts.suppressions, O_RDONLY | O_CLOEXEC);
  if (Fd < 0) {
    Out(M, sizeof M)
        .s("cannot open suppressions file '")
        .s(Opts.suppressions)
        .s("': ")
        .s(std::strerror(errno));
    fatalOptionError(M);
  }
  static char Text[16 * 1024];
  ssize_t N = ::read(Fd, Text, sizeof Text - 1);
  int ReadErr = errno;
  ::close(Fd);
  if (N < 0) { // a directory (EISDIR), or unreadable
    Out(M, sizeof M)
        .s("cannot read suppressions file '")
        .s(Opts.suppressions)
        .s("': ")
        .s(std::strerror(ReadErr));
    fatalOptionError(M);
  }
  Text[N] = 0;
  int LineNo = 0;
  for (char *L = Text; L && *L;) {
    char *E = std::strchr(L, '\n');
    if (E)
      *E = 0;
    ++LineNo;
    while (*L == ' ' || *L == '\t')
      ++L;
    if (*L && *L != '#') {
      char *Colon = std::strchr(L, ':');
      std::string_view Type(L, Colon ? std::size_t(Colon - L) : std::strlen(L));
      if (!Colon || !Colon[1] ||
          !isSuppressionType(Type)) {
        Out(M, sizeof M)
            .s("suppressions file '")
            .s(Opts.suppressions)
            .s("' line ")
            .d(LineNo)
            .s(": expected TYPE:PATTERN with TYPE "
               "host-access-device, free-mismatch, double-free, bad-free, "
               "copy-out-of-bounds, copy-direction, device-access-pageable, leak or "
               "alloc, got '")
            .s(L)
            .c('\'');
        fatalOptionError(M);
      }
    }
    L = E ? E + 1 : nullptr;
  }
}

void initOnce() {
  dl_iterate_phdr(findGuardRange, nullptr);
  char Err[1024];
  if (!parseOptions(getenv("USMCHECK_OPTIONS"), Opts, Err, sizeof Err))
    fatalOptionError(Err);
  if (Opts.help) {
    static char Help[8192];
    std::size_t N = formatHelp(Help, sizeof Help);
    writeAll(1, Help, N);
    _exit(0);
  }
  if (Opts.suppressions[0])
    checkSuppressions();
  checkLogPath();
  recordsInit();
  if (!Opts.follow_children)
    scrubPreload();
  pthread_atfork(atForkPrepare, atForkParent, atForkChild);
  installFaultHandlers();
  resolveDriverQueries();
  if (Opts.verbosity >= 1) {
    char M[256];
    Out(M, sizeof M)
        .s("guard active (")
        .s(LibPath)
        .s(Opts.emulate ? ", emulate=1" : "")
        .c(')');
    logLine(M);
  }
}
} // namespace

void ensureInit() {
  int S = InitState.load(std::memory_order_acquire);
  if (S == 2)
    return;
  int Expected = 0;
  if (InitState.compare_exchange_strong(Expected, 1)) {
    initOnce();
    InitState.store(2, std::memory_order_release);
    return;
  }
  // Another thread is initialising; wrappers called from inside start-up on
  // the same thread see state 1 and go on without waiting.
}

namespace {
__attribute__((constructor(101))) void guardConstructor() { ensureInit(); }
__attribute__((destructor)) void guardDestructor() {
  if (initialized() && Opts.verbosity >= 1)
    printStats();
  // LeakSanitizer's convention: leaks make the exit status exitcode.
  if (initialized() && Opts.detect_leaks && reportLeaks()) {
    if (Opts.abort_on_error)
      abort();
    _exit(Opts.exitcode);
  }
}
} // namespace

} // namespace rt
} // namespace usm
