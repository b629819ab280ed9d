//===- FaultHandler.cpp - SIGSEGV/SIGBUS: classify, report or chain
//--------===//
//
// The handler runs on an alternate signal stack and calls nothing that
// allocates. It asks, in order:
//   1. the guard's own records (kind, size, device, allocation stack);
//   2. the CUDA driver (cuPointerGetAttribute: memory type, range start and
//      size, device ordinal) when libcuda is loaded;
//   3. Level Zero (zeMemGetAllocProperties, zeMemGetAddressRange) with the
//      context the zeMem* wrappers saw;
//   4. the OpenMP runtime (omp_target_is_accessible on the default device).
// A fault on memory the host may not access is reported; anything else goes
// to the program's own handler (kept by the sigaction/signal interposers)
// or, when it has none, to the default action, as if the guard were absent.
//
//===----------------------------------------------------------------------===//
#include "Guard.h"
#include "KernelArgs.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>
#include <unwind.h>

namespace usm {
namespace rt {

/// Module path and load base of \p Pc (Report.cpp).
bool moduleOf(std::uintptr_t Pc, char *Path, std::size_t Cap,
              std::uintptr_t *Base);

namespace {

struct sigaction UserAct[NSIG];
bool Owned[NSIG];
std::atomic<long> ReportingTid{0};
Fault TheFault;

constexpr std::size_t AltStackSize = 128 * 1024;
__thread bool HaveAltStack __attribute__((tls_model("initial-exec"))) = false;
pthread_key_t AltStackKey;
std::atomic<bool> AltStackKeyReady{false};

// Driver query entry points, resolved outside the crash path when possible.
using CuPointerGetAttributeFn = int (*)(void *, int, unsigned long long);
using ZeGetAllocPropsFn = unsigned (*)(void *, const void *, void *, void **);
using ZeGetAddressRangeFn = unsigned (*)(void *, const void *, void **,
                                         std::size_t *);
using OmpIsAccessibleFn = int (*)(const void *, std::size_t, int);
using OmpDefaultDeviceFn = int (*)();
std::atomic<CuPointerGetAttributeFn> CuQuery{nullptr};
std::atomic<ZeGetAllocPropsFn> ZeProps{nullptr};
std::atomic<ZeGetAddressRangeFn> ZeRange{nullptr};
std::atomic<OmpIsAccessibleFn> OmpAccessible{nullptr};
std::atomic<OmpDefaultDeviceFn> OmpDefault{nullptr};
std::atomic<void *> ZeContext{nullptr};

// CUDA driver API constants (cuda.h), without depending on its header.
constexpr int CuAttrMemoryType = 2, CuAttrDevicePointer = 3,
              CuAttrIsManaged = 8, CuAttrDeviceOrdinal = 9,
              CuAttrRangeStart = 11, CuAttrRangeSize = 12;
constexpr int CuMemoryTypeDevice = 2;
// Level Zero (ze_api.h).
constexpr unsigned ZeStypeAllocProps = 0x17;
constexpr unsigned ZeMemoryTypeDevice = 2;

struct ZeAllocProps {
  unsigned Stype;
  const void *Next;
  unsigned Type;
  std::uint64_t Id, PageSize;
};

void *symIn(const char *Lib, const char *Sym) {
  void *H = dlopen(Lib, RTLD_NOLOAD | RTLD_LAZY);
  if (!H)
    return nullptr;
  void *P = dlsym(H, Sym);
  dlclose(H); // NOLOAD took a reference; the library stays loaded
  return P;
}

void altStackDestructor(void *P) {
  stack_t Off;
  std::memset(&Off, 0, sizeof Off);
  Off.ss_flags = SS_DISABLE;
  sigaltstack(&Off, nullptr);
  munmap(P, AltStackSize);
}

bool classifyByDrivers(std::uintptr_t Addr, Fault &F) {
  if (!CuQuery.load() || !ZeProps.load() || !OmpAccessible.load())
    resolveDriverQueries();
  if (auto Cu = CuQuery.load()) {
    int Type = 0;
    if (Cu(&Type, CuAttrMemoryType, Addr) == 0 && Type == CuMemoryTypeDevice) {
      int Managed = 0, Ordinal = -1;
      Cu(&Managed, CuAttrIsManaged, Addr);
      if (Managed)
        return false; // managed memory: the host may touch it
      void *Start = nullptr;
      std::size_t Size = 0;
      Cu(&Start, CuAttrRangeStart, Addr);
      Cu(&Size, CuAttrRangeSize, Addr);
      Cu(&Ordinal, CuAttrDeviceOrdinal, Addr);
      F.ClassifiedBy = "CUDA driver";
      F.DriverDetail = "cuPointerGetAttribute: CU_MEMORYTYPE_DEVICE";
      F.DriverModel = Model::CUDA;
      F.DriverKind = Kind::Device;
      F.RangeBase = reinterpret_cast<std::uintptr_t>(Start);
      F.RangeSize = Size;
      F.DriverDevice = Ordinal;
      return true;
    }
  }
  if (auto Ze = ZeProps.load()) {
    if (void *Ctx = ZeContext.load()) {
      ZeAllocProps P;
      std::memset(&P, 0, sizeof P);
      P.Stype = ZeStypeAllocProps;
      void *Dev = nullptr;
      if (Ze(Ctx, reinterpret_cast<void *>(Addr), &P, &Dev) == 0 &&
          P.Type == ZeMemoryTypeDevice) {
        F.ClassifiedBy = "Level Zero";
        F.DriverDetail = "zeMemGetAllocProperties: ZE_MEMORY_TYPE_DEVICE";
        F.DriverModel = Model::LevelZero;
        F.DriverKind = Kind::Device;
        void *Base = nullptr;
        std::size_t Size = 0;
        if (auto R = ZeRange.load())
          if (R(Ctx, reinterpret_cast<void *>(Addr), &Base, &Size) == 0) {
            F.RangeBase = reinterpret_cast<std::uintptr_t>(Base);
            F.RangeSize = Size;
          }
        return true;
      }
    }
  }
  if (auto Acc = OmpAccessible.load()) {
    auto Def = OmpDefault.load();
    int Dev = Def ? Def() : 0;
    // The host faulted on it, and the device may access it: device memory.
    if (Acc(reinterpret_cast<void *>(Addr), 1, Dev) > 0) {
      F.ClassifiedBy = "OpenMP runtime";
      F.DriverDetail = "omp_target_is_accessible: accessible to the device";
      F.DriverModel = Model::OpenMP;
      F.DriverKind = Kind::Device;
      F.DriverDevice = Dev;
      return true;
    }
  }
  return false;
}

void restoreDefault(int Sig) {
  struct sigaction D;
  std::memset(&D, 0, sizeof D);
  D.sa_handler = SIG_DFL;
  sigemptyset(&D.sa_mask);
  realSigaction(Sig, &D, nullptr);
}

/// Hands a fault that is not ours to the program's handler, or to the
/// default action (returning re-executes the faulting instruction).
void chain(int Sig, siginfo_t *Info, void *Ctx) {
  struct sigaction U = UserAct[Sig];
  bool Siginfo = U.sa_flags & SA_SIGINFO;
  if (!Siginfo && (U.sa_handler == SIG_DFL || U.sa_handler == SIG_IGN)) {
    restoreDefault(Sig);
    if (Info->si_code <= 0) // sent by kill(): it will not recur by itself
      raise(Sig);
    return;
  }
  if (U.sa_flags & SA_RESETHAND) {
    std::memset(&UserAct[Sig], 0, sizeof UserAct[Sig]);
    UserAct[Sig].sa_handler = SIG_DFL;
  }
  sigset_t Old;
  pthread_sigmask(SIG_BLOCK, &U.sa_mask, &Old);
  if (Siginfo)
    U.sa_sigaction(Sig, Info, Ctx);
  else
    U.sa_handler(Sig);
  pthread_sigmask(SIG_SETMASK, &Old, nullptr);
}

struct FaultUnwind {
  std::uintptr_t *Pcs;
  int Max, N;
  std::uintptr_t Rip;
  bool Found;
};

_Unwind_Reason_Code faultFrame(struct _Unwind_Context *Ctx, void *Arg) {
  auto *S = static_cast<FaultUnwind *>(Arg);
  std::uintptr_t Pc = _Unwind_GetIP(Ctx);
  if (!Pc)
    return _URC_END_OF_STACK;
  if (!S->Found) {
    if (Pc != S->Rip)
      return S->N++ > 64 ? _URC_END_OF_STACK : _URC_NO_REASON;
    S->Found = true;
    S->N = 0;
  }
  S->Pcs[S->N++] = Pc;
  return S->N >= S->Max ? _URC_END_OF_STACK : _URC_NO_REASON;
}

bool inOpenMPRuntime(std::uintptr_t Pc) {
  char Path[512];
  std::uintptr_t Base;
  if (!moduleOf(Pc, Path, sizeof Path, &Base))
    return false;
  const char *Slash = std::strrchr(Path, '/');
  const char *Name = Slash ? Slash + 1 : Path;
  return !std::strncmp(Name, "libomptarget", 12) ||
         !std::strncmp(Name, "libomp.", 7) || !std::strncmp(Name, "libomp-", 7);
}

void onFault(int Sig, siginfo_t *Info, void *Ctx) {
  int SavedErrno = errno;
  if (Info->si_code <= 0) { // kill(), raise(): not a memory access
    chain(Sig, Info, Ctx);
    errno = SavedErrno;
    return;
  }
  long Me = syscall(SYS_gettid);
  for (;;) {
    long Expected = 0;
    if (ReportingTid.compare_exchange_strong(Expected, Me))
      break;
    if (Expected == Me) { // a fault inside the guard's own handler
      restoreDefault(Sig);
      return;
    }
    usleep(1000); // another thread is classifying or reporting
  }

  auto *UC = static_cast<ucontext_t *>(Ctx);
  std::uintptr_t Addr = reinterpret_cast<std::uintptr_t>(Info->si_addr);
  Fault &F = TheFault;
  F = Fault();
  F.Sig = Sig;
  F.Addr = Addr;
  F.Pc = std::uintptr_t(UC->uc_mcontext.gregs[REG_RIP]);
  // x86-64 page-fault error code: bit 1 set for a write access.
  F.Write = (UC->uc_mcontext.gregs[REG_ERR] & 2) != 0;

  if (Opts.emulate && emuOwns(Addr) && emuExempted(Addr)) {
    // Another thread's fault on the same allocation made it host-accessible
    // (a suppression or a warning) while this one waited: retry the access.
    ReportingTid.store(0);
    errno = SavedErrno;
    return;
  }
  bool Usm = false;
  if (recordFind(Addr, F.Rec)) {
    F.HaveRecord = true;
    Usm = !hostMayAccess(F.Rec.K);
  } else if (Opts.emulate && emuOwns(Addr)) {
    // Emulated allocations are whole pages: an access past the end but in
    // the last page still belongs to the allocation whose page it is.
    if (recordFind(Addr & ~std::uintptr_t(4095), F.Rec)) {
      F.HaveRecord = true;
      Usm = !hostMayAccess(F.Rec.K);
    }
  } else {
    Usm = classifyByDrivers(Addr, F);
  }
  if (Usm && F.HaveRecord && F.Rec.Emulated && inOpenMPRuntime(F.Pc)) {
    // The OpenMP runtime itself touched emulated device memory outside a
    // window (an asynchronous copy finishing late): it is device activity,
    // so lift the protection for the rest of the run rather than report.
    emuWindowEnter();
    if (Opts.verbosity >= 1)
      logLine("emulation: the OpenMP runtime accessed device memory outside "
              "a kernel or copy; protection lifted for the rest of the run");
    ReportingTid.store(0);
    errno = SavedErrno;
    return;
  }
  if (!Usm) {
    ReportingTid.store(0);
    chain(Sig, Info, Ctx);
    errno = SavedErrno;
    return;
  }

  // `#pragma omp requires unified_shared_memory`: the program relies on the
  // host reaching OpenMP device memory. Where that fault happens for real,
  // the system lacks it (an error, with a note); under emulation it stands
  // for such a system, so the finding is a warning and the access proceeds.
  F.RequiresUSM = F.HaveRecord && F.Rec.Alloc &&
                  F.Rec.Alloc->M == Model::OpenMP &&
                  requiresUnifiedSharedMemory();
  F.Warning = F.RequiresUSM && F.Rec.Emulated && !Opts.warnings_as_errors;
  F.ThreadIdx = threadIndex();
  F.Tid = int(Me);
  F.AccessSize =
      decodeAccessSize(reinterpret_cast<const unsigned char *>(F.Pc));
  FaultUnwind U{F.Pcs, MaxFrames, 0, F.Pc, false};
  _Unwind_Backtrace(faultFrame, &U);
  if (!U.Found) {
    F.Pcs[0] = F.Pc;
    F.NumPcs = 1;
  } else {
    F.NumPcs = U.N;
  }

  bool Reported = reportFault(F);
  if (!Reported || F.Warning) { // suppressed, or a warning: go on
    if (F.HaveRecord && F.Rec.Emulated) {
      emuExempt(F.Rec.Base, F.Rec.Size);
      ReportingTid.store(0);
      errno = SavedErrno;
      return; // the access succeeds now
    }
    ReportingTid.store(0);
    chain(Sig, Info, Ctx);
    errno = SavedErrno;
    return;
  }
  if (Opts.abort_on_error) {
    restoreDefault(SIGABRT);
    abort();
  }
  _exit(Opts.exitcode);
}

} // namespace

void lockReports() {
  long Me = syscall(SYS_gettid);
  for (;;) {
    long Expected = 0;
    if (ReportingTid.compare_exchange_strong(Expected, Me) || Expected == Me)
      return;
    usleep(1000);
  }
}
void unlockReports() { ReportingTid.store(0); }

int cudaDriverKind(std::uintptr_t Addr, Kind *K) {
  auto Cu = CuQuery.load();
  if (!Cu) {
    resolveDriverQueries(Model::CUDA);
    Cu = CuQuery.load();
  }
  if (!Cu)
    return -1;
  int Type = 0, Managed = 0;
  if (Cu(&Type, CuAttrMemoryType, Addr) != 0)
    return 0; // CUDA_ERROR_INVALID_VALUE: not memory the driver knows
  Cu(&Managed, CuAttrIsManaged, Addr);
  *K = Managed                      ? Kind::Shared
       : Type == CuMemoryTypeDevice ? Kind::Device
                                    : Kind::Host;
  return 1;
}

void cudaDriverView(std::uintptr_t Addr, kargs::DriverView &D) {
  D = kargs::DriverView();
  auto Cu = CuQuery.load();
  if (!Cu) {
    resolveDriverQueries(Model::CUDA);
    Cu = CuQuery.load();
  }
  if (!Cu)
    return; // Rc -1: no driver
  unsigned Type = 0;
  D.Rc = Cu(&Type, CuAttrMemoryType, Addr);
  if (D.Rc != 0)
    return;
  D.MemType = Type;
  int Managed = 0;
  if (Cu(&Managed, CuAttrIsManaged, Addr) == 0)
    D.Managed = Managed;
  if (Type == kargs::MemTypeHost && !Managed) {
    std::uint64_t DevPtr = 0; // a CUdeviceptr
    D.DevPtrRc = Cu(&DevPtr, CuAttrDevicePointer, Addr);
  }
}

void noteLevelZeroContext(void *Ctx) {
  if (Ctx)
    ZeContext.store(Ctx, std::memory_order_relaxed);
}

static void resolveModel(Model M);

void resolveDriverQueries(Model M) {
  // A failed lookup (the driver not loaded, e.g. a stub runtime) costs a
  // library search: retry only now and then, not on every allocation.
  static std::atomic<unsigned> Attempts[8];
  unsigned A =
      Attempts[unsigned(M) & 7].fetch_add(1, std::memory_order_relaxed);
  if (A < 4 || (A & 4095) == 0)
    resolveModel(M);
}

void resolveModel(Model M) {
  if (M == Model::CUDA && !CuQuery.load(std::memory_order_relaxed))
    CuQuery.store(reinterpret_cast<CuPointerGetAttributeFn>(
        symIn("libcuda.so.1", "cuPointerGetAttribute")));
  if (M == Model::LevelZero && !ZeProps.load(std::memory_order_relaxed)) {
    ZeProps.store(reinterpret_cast<ZeGetAllocPropsFn>(
        symIn("libze_loader.so.1", "zeMemGetAllocProperties")));
    ZeRange.store(reinterpret_cast<ZeGetAddressRangeFn>(
        symIn("libze_loader.so.1", "zeMemGetAddressRange")));
  }
  if (M == Model::OpenMP && !OmpAccessible.load(std::memory_order_relaxed)) {
    // The guard does not interpose these, so the default scope finds the
    // OpenMP runtime's definitions when it is loaded.
    OmpAccessible.store(reinterpret_cast<OmpIsAccessibleFn>(
        dlsym(RTLD_DEFAULT, "omp_target_is_accessible")));
    OmpDefault.store(reinterpret_cast<OmpDefaultDeviceFn>(
        dlsym(RTLD_DEFAULT, "omp_get_default_device")));
  }
}

void resolveDriverQueries() {
  for (Model M : {Model::CUDA, Model::LevelZero, Model::OpenMP})
    resolveModel(M);
}

bool guardOwnsSignal(int Sig) { return Sig > 0 && Sig < NSIG && Owned[Sig]; }

void setUserAction(int Sig, const struct sigaction *Act,
                   struct sigaction *Old) {
  if (Old)
    *Old = UserAct[Sig];
  if (Act)
    UserAct[Sig] = *Act;
}

void ensureAltStack() {
  if (HaveAltStack)
    return;
  HaveAltStack = true;
  stack_t Cur;
  if (sigaltstack(nullptr, &Cur) == 0 && !(Cur.ss_flags & SS_DISABLE))
    return; // the program set its own
  void *Mem = mmap(nullptr, AltStackSize, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Mem == MAP_FAILED)
    return;
  stack_t S;
  std::memset(&S, 0, sizeof S);
  S.ss_sp = Mem;
  S.ss_size = AltStackSize;
  if (sigaltstack(&S, nullptr) != 0) {
    munmap(Mem, AltStackSize);
    return;
  }
  if (AltStackKeyReady.load() && syscall(SYS_gettid) != getpid())
    pthread_setspecific(AltStackKey, Mem);
}

void installFaultHandlers() {
  if (pthread_key_create(&AltStackKey, altStackDestructor) == 0)
    AltStackKeyReady.store(true);
  ensureAltStack();
  int Sigs[] = {Opts.handle_segv ? SIGSEGV : 0,
                Opts.handle_sigbus ? SIGBUS : 0};
  for (int Sig : Sigs) {
    if (!Sig)
      continue;
    struct sigaction A;
    std::memset(&A, 0, sizeof A);
    A.sa_sigaction = onFault;
    A.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&A.sa_mask);
    if (realSigaction(Sig, &A, &UserAct[Sig]) == 0)
      Owned[Sig] = true;
  }
}

} // namespace rt
} // namespace usm
