//===- Interceptors.cpp - the interposed allocation and free APIs
//----------===//
//
// Each wrapper is the per-signature part only: it forwards to the next
// definition of its symbol (dlsym RTLD_NEXT, cached) and passes its raw
// arguments, in order, to recordAlloc()/recordFree(). Which argument is the
// size, the device or the returned pointer, and which kind the allocator
// gives, comes from the allocator's row in catalog/usm_apis.def; a symbol
// whose row is missing is forwarded untouched.
//
// To add an API: its catalog row (done for the static checks already) and
// one wrapper here with the exact C signature.
//
// Bootstrap and re-entrancy: the guard never interposes malloc/calloc, so
// dlsym's own allocations cannot recurse into it. A thread-local depth
// counter makes nested calls (omp_alloc reaching llvm_omp_target_alloc_device
// through libomp's dlsym) record only once, at the outermost call.
//
//===----------------------------------------------------------------------===//
#include "Guard.h"

#include <cstring>
#include <dlfcn.h>
#include <sys/syscall.h>
#include <type_traits>
#include <unistd.h>

namespace usm {
namespace rt {

std::atomic<std::int64_t> OmpRequires{0};

namespace {

__thread int Depth __attribute__((tls_model("initial-exec"))) = 0;

struct Hook {
  const char *Sym;     ///< the dynamic symbol interposed
  const char *Catalog; ///< its row in catalog/usm_apis.def
  std::atomic<void *> Next{nullptr};
  std::atomic<const Api *> Row{nullptr};
  std::atomic<bool> Looked{false};
};

void *nextOf(Hook &H) {
  void *P = H.Next.load(std::memory_order_acquire);
  if (!P) {
    P = dlsym(RTLD_NEXT, H.Sym);
    H.Next.store(P, std::memory_order_release);
  }
  return P;
}

const Api *rowOf(Hook &H) {
  if (!H.Looked.load(std::memory_order_acquire)) {
    H.Row.store(findApi(H.Catalog), std::memory_order_relaxed);
    H.Looked.store(true, std::memory_order_release);
  }
  return H.Row.load(std::memory_order_relaxed);
}

struct Enter {
  bool Outer;
  Enter() {
    ensureInit();
    ensureAltStack();
    Outer = Depth++ == 0;
  }
  ~Enter() { --Depth; }
};

template <typename T> std::uintptr_t U(T V) {
  if constexpr (std::is_pointer_v<T>)
    return reinterpret_cast<std::uintptr_t>(V);
  else
    return static_cast<std::uintptr_t>(V);
}

//===-- devices: the current device for APIs without a device argument ----===//

Hook HCudaGetDevice{"cudaGetDevice", ""};
Hook HCuCtxGetDevice{"cuCtxGetDevice", ""};
Hook HHipGetDevice{"hipGetDevice", ""};
Hook HOmpDefaultDevice{"omp_get_default_device", ""};

std::intptr_t currentDevice(const Api *A) {
  int D = -1;
  Hook *H = nullptr;
  if (A->M == Model::CUDA)
    H = A->Name.substr(0, 2) == "cu" && A->Name.substr(0, 4) != "cuda"
            ? &HCuCtxGetDevice
            : &HCudaGetDevice;
  else if (A->M == Model::HIP)
    H = &HHipGetDevice;
  else if (A->M == Model::OpenMP) {
    if (auto *F = reinterpret_cast<int (*)()>(nextOf(HOmpDefaultDevice)))
      return F();
    return -1;
  }
  if (!H)
    return -1;
  if (auto *F = reinterpret_cast<int (*)(int *)>(nextOf(*H)))
    if (F(&D) != 0)
      D = -1;
  return D;
}

//===-- OpenMP allocator handles -> kinds, from the catalog's selectors
//----===//

struct HandleKind {
  std::uintptr_t Handle;
  Kind K;
};
HandleKind Handles[32];
std::atomic<int> NumHandles{-1};
std::atomic<int> HandlesLock{0};

/// LLVM's libomp (19) does not export its llvm_omp_target_*_mem_alloc
/// handles as data symbols: for C, omp.h makes them enumerators with fixed
/// values, which is what omp_alloc receives.
std::uintptr_t llvmHandleValue(std::string_view Name) {
  if (Name == "llvm_omp_target_host_mem_alloc")
    return 100;
  if (Name == "llvm_omp_target_shared_mem_alloc")
    return 101;
  if (Name == "llvm_omp_target_device_mem_alloc")
    return 102;
  return 0;
}

Kind kindOfAllocator(std::uintptr_t Handle) {
  if (NumHandles.load(std::memory_order_acquire) < 0) {
    while (HandlesLock.exchange(1, std::memory_order_acquire))
      ;
    if (NumHandles.load() < 0) {
      int N = 0;
      // libomp exports each predefined allocator handle as a constant data
      // symbol; its value is what omp_alloc receives.
      for (const Selector &S : selectors()) {
        if (S.M != Model::OpenMP || N == 32)
          continue;
        char Name[128];
        Out(Name, sizeof Name).s(S.Name);
        if (auto *V =
                static_cast<const std::uintptr_t *>(dlsym(RTLD_DEFAULT, Name)))
          Handles[N++] = {*V, S.K};
        else if (std::uintptr_t E = llvmHandleValue(S.Name))
          Handles[N++] = {E, S.K};
      }
      NumHandles.store(N, std::memory_order_release);
    }
    HandlesLock.store(0, std::memory_order_release);
  }
  for (int I = 0, N = NumHandles.load(); I < N; ++I)
    if (Handles[I].Handle == Handle)
      return Handles[I].K;
  return Kind::NotUSM; // user-defined allocators: not tracked
}

bool isUsmKind(Kind K) {
  return K == Kind::Device || K == Kind::Host || K == Kind::Shared;
}

void logAlloc(const Api *A, const Record &R) {
  char M[512];
  Out O(M, sizeof M);
  O.s("alloc ")
      .s(A->Name)
      .s(" ")
      .u(R.Size)
      .s(" bytes -> ")
      .hex(R.Base)
      .s(" kind=")
      .s(name(R.K))
      .s(" device=")
      .d(R.Device)
      .s(R.Emulated ? " emulated" : "")
      .s(" T")
      .d(R.ThreadIdx);
  logLine(M);
}

bool emulating(const Api *A, Kind K) {
  return Opts.emulate && A && A->M == Model::OpenMP && K == Kind::Device;
}

} // namespace

void recordAlloc(const Api *A, const std::uintptr_t *Args, std::uintptr_t Ret,
                 std::uintptr_t SizeOverride, Kind KindOverride,
                 bool Emulated) {
  if (!A || A->R != Role::Alloc)
    return;
  Record R;
  if (A->Ptr == RET)
    R.Base = Ret;
  else if (A->Ptr >= 0 && Args[A->Ptr])
    R.Base = *reinterpret_cast<const std::uintptr_t *>(Args[A->Ptr]);
  if (!R.Base)
    return;
  R.K = A->K == Kind::ByArg ? KindOverride : A->K;
  if (!isUsmKind(R.K))
    return;
  R.Size = SizeOverride ? SizeOverride : A->Size >= 0 ? Args[A->Size] : 0;
  R.Alloc = A;
  if (A->Dev >= 0) {
    R.Device = std::intptr_t(Args[A->Dev]);
    R.DeviceIsHandle = A->M == Model::LevelZero;
    if (!R.DeviceIsHandle)
      R.Device = static_cast<int>(R.Device); // an int argument
  } else {
    R.Device = currentDevice(A);
  }
  R.Emulated = Emulated;
  R.ThreadIdx = threadIndex();
  R.Tid = threadTid();
  R.NumPcs = captureStack(R.Pcs, Opts.malloc_context_size);
  recordInsert(R);
  if (Opts.verbosity >= 2)
    logAlloc(A, R);
}

namespace {
/// verbosity=2: one line per free, recorded or not, emulated or not.
void logFree(const Api *F, std::uintptr_t P, const Record *R) {
  if (Opts.verbosity < 2)
    return;
  char M[512];
  Out O(M, sizeof M);
  O.s("free ").s(F ? F->Name : std::string_view("?")).s(" ").hex(P);
  if (R)
    O.s(" ")
        .u(R->Size)
        .s(" bytes kind=")
        .s(name(R->K))
        .s(R->Emulated ? " emulated" : "");
  else
    O.s(" (not recorded)");
  O.s(" T").d(threadIndex());
  logLine(M);
}
} // namespace

namespace {
/// Keeps the freed allocation and this free's stack for double-free reports.
void noteFreed(const Api *F, const Record &R) {
  static __thread FreedRecord Fr __attribute__((tls_model("initial-exec")));
  copyRecord(Fr.R, R);
  Fr.Free = F;
  Fr.ThreadIdx = threadIndex();
  Fr.Tid = threadTid();
  Fr.NumPcs = captureStack(Fr.Pcs, Opts.malloc_context_size);
  freedPush(Fr);
}
} // namespace

void recordFree(const Api *F, const std::uintptr_t *Args) {
  if (!F || F->Ptr < 0 || !Args[F->Ptr])
    return;
  Record R;
  if (recordRemove(Args[F->Ptr], &R)) {
    logFree(F, R.Base, &R);
    noteFreed(F, R);
  } else {
    TheStats.FreeUnknown.fetch_add(1, std::memory_order_relaxed);
    logFree(F, Args[F->Ptr], nullptr);
  }
}

void emulatedFree(const Api *F, std::uintptr_t P) {
  Record R;
  if (recordRemove(P, &R)) {
    logFree(F, P, &R);
    noteFreed(F, R);
    emuRelease(R.Base, R.Size);
  } else {
    TheStats.FreeUnknown.fetch_add(1, std::memory_order_relaxed);
    logFree(F, P, nullptr);
  }
}

int realSigaction(int Sig, const struct sigaction *Act, struct sigaction *Old) {
  static Hook H{"sigaction", ""};
  auto *F = reinterpret_cast<int (*)(int, const struct sigaction *,
                                     struct sigaction *)>(nextOf(H));
  return F ? F(Sig, Act, Old) : -1;
}

} // namespace rt
} // namespace usm

using namespace usm;
using namespace usm::rt;

//===-- wrapper helpers
//-------------------------------------------------------===//

#define USM_HOOK(Sym, CatalogName) static Hook H_##Sym{#Sym, CatalogName};
#define USM_NEXT(Sym, Ret, ...)                                                \
  reinterpret_cast<Ret (*)(__VA_ARGS__)>(nextOf(H_##Sym))

namespace {
/// Error status for a forwarded call whose next definition is missing.
constexpr int NoNext = 999; // cudaErrorUnknown / CUDA_ERROR_UNKNOWN
/// Status of a free or copy the guard did not perform (a finding with
/// halt_on_error=0): cudaErrorInvalidValue, CUDA_ERROR_INVALID_VALUE,
/// hipErrorInvalidValue and a failed omp_target_memcpy are all 1.
constexpr int NotPerformed = 1;
constexpr unsigned ZeNotPerformed = 0x78000004; // ZE_RESULT_ERROR_INVALID_ARGUMENT
constexpr unsigned ZeNoNext = 0x7ffffffe; // ZE_RESULT_ERROR_UNKNOWN

/// Shared body of the OpenMP (size, device) -> pointer allocators.
void *ompSizeDevAlloc(Hook &H, std::size_t Size, int Dev) {
  Enter E;
  const Api *A = rowOf(H);
  std::uintptr_t Args[] = {Size, std::uintptr_t(Dev)};
  if (emulating(A, A ? A->K : Kind::None)) {
    void *P = emuAlloc(Size);
    if (E.Outer)
      recordAlloc(A, Args, U(P), 0, Kind::None, true);
    return P;
  }
  auto *F = reinterpret_cast<void *(*)(std::size_t, int)>(nextOf(H));
  void *P = F ? F(Size, Dev) : nullptr;
  if (E.Outer)
    recordAlloc(A, Args, U(P), 0, Kind::None, false);
  return P;
}

/// Shared body of the OpenMP (pointer, device) frees.
void ompPtrDevFree(Hook &H, void *P, int Dev) {
  Enter E;
  std::uintptr_t Args[] = {U(P), std::uintptr_t(Dev)};
  if (E.Outer && !checkFree(rowOf(H), Args))
    return; // a finding, halt_on_error=0: not performed
  if (Opts.emulate && emuOwns(U(P))) {
    emulatedFree(rowOf(H), U(P));
    return;
  }
  if (E.Outer)
    recordFree(rowOf(H), Args);
  if (auto *F = reinterpret_cast<void (*)(void *, int)>(nextOf(H)))
    F(P, Dev);
}

/// Emulation window around device activity (kernels, copies, mappings).
struct Window {
  bool On;
  Window() : On((ensureInit(), Opts.emulate)) {
    if (On)
      emuWindowEnter();
  }
  ~Window() {
    if (On)
      emuWindowExit();
  }
};

//===-- asynchronous copies: a window for the copy's own duration --------===//
//
// omp_target_memcpy_async, omp_target_memcpy_rect_async and
// omp_target_memset_async return before the copy runs: libomptarget creates
// a hidden helper task (__kmpc_omp_target_task_alloc, a call into libomp
// that the guard interposes) whose entry performs the copy later, on a
// helper thread, through libomptarget's internal (not interposable) copy
// routine. While one of those wrappers runs on this thread, the task entry
// handed to libomp is replaced by asyncTaskEntry, which opens the window
// around the original entry: the emulated device memory is accessible
// exactly while the runtime copies, on whichever thread and whenever the
// task runs (after its depend objects are satisfied).

using TaskEntry = std::int32_t (*)(std::int32_t, void *);

__thread int InAsyncCopy __attribute__((tls_model("initial-exec"))) = 0;

constexpr int MaxPendingTasks = 1024;
struct PendingTask {
  void *Task;
  TaskEntry Entry;
};
PendingTask Pending[MaxPendingTasks];
int NumPending = 0, NumReserved = 0;
std::atomic<int> PendingLock{0};

void lockPending() {
  while (PendingLock.exchange(1, std::memory_order_acquire))
    ;
}
void unlockPending() { PendingLock.store(0, std::memory_order_release); }

std::int32_t asyncTaskEntry(std::int32_t Gtid, void *Task) {
  TaskEntry Entry = nullptr;
  lockPending();
  for (int I = 0; I < NumPending; ++I)
    if (Pending[I].Task == Task) {
      Entry = Pending[I].Entry;
      Pending[I] = Pending[--NumPending];
      break;
    }
  unlockPending();
  if (!Entry)
    return 0; // cannot happen: the task was registered before it could run
  Window W;
  return Entry(Gtid, Task);
}

/// Marks this thread as inside an asynchronous copy entry point (emulation
/// only), so that the helper task libomptarget creates gets a window.
struct AsyncCopy {
  bool On;
  AsyncCopy() : On((ensureInit(), Opts.emulate)) {
    if (On)
      ++InAsyncCopy;
  }
  ~AsyncCopy() {
    if (On)
      --InAsyncCopy;
  }
};
} // namespace

//===-- OpenMP
//-------------------------------------------------------------------===//

USM_HOOK(omp_target_alloc, "omp_target_alloc")
USM_HOOK(omp_target_alloc_device, "omp_target_alloc_device")
USM_HOOK(omp_target_alloc_host, "omp_target_alloc_host")
USM_HOOK(omp_target_alloc_shared, "omp_target_alloc_shared")
USM_HOOK(llvm_omp_target_alloc_device, "llvm_omp_target_alloc_device")
USM_HOOK(llvm_omp_target_alloc_host, "llvm_omp_target_alloc_host")
USM_HOOK(llvm_omp_target_alloc_shared, "llvm_omp_target_alloc_shared")
USM_HOOK(omp_target_free, "omp_target_free")
USM_HOOK(llvm_omp_target_free_device, "llvm_omp_target_free_device")
USM_HOOK(llvm_omp_target_free_host, "llvm_omp_target_free_host")
USM_HOOK(llvm_omp_target_free_shared, "llvm_omp_target_free_shared")

USM_EXPORT void *omp_target_alloc(std::size_t S, int D) {
  return ompSizeDevAlloc(H_omp_target_alloc, S, D);
}
USM_EXPORT void *omp_target_alloc_device(std::size_t S, int D) {
  return ompSizeDevAlloc(H_omp_target_alloc_device, S, D);
}
USM_EXPORT void *omp_target_alloc_host(std::size_t S, int D) {
  return ompSizeDevAlloc(H_omp_target_alloc_host, S, D);
}
USM_EXPORT void *omp_target_alloc_shared(std::size_t S, int D) {
  return ompSizeDevAlloc(H_omp_target_alloc_shared, S, D);
}
USM_EXPORT void *llvm_omp_target_alloc_device(std::size_t S, int D) {
  return ompSizeDevAlloc(H_llvm_omp_target_alloc_device, S, D);
}
USM_EXPORT void *llvm_omp_target_alloc_host(std::size_t S, int D) {
  return ompSizeDevAlloc(H_llvm_omp_target_alloc_host, S, D);
}
USM_EXPORT void *llvm_omp_target_alloc_shared(std::size_t S, int D) {
  return ompSizeDevAlloc(H_llvm_omp_target_alloc_shared, S, D);
}
USM_EXPORT void omp_target_free(void *P, int D) {
  ompPtrDevFree(H_omp_target_free, P, D);
}
USM_EXPORT void llvm_omp_target_free_device(void *P, int D) {
  ompPtrDevFree(H_llvm_omp_target_free_device, P, D);
}
USM_EXPORT void llvm_omp_target_free_host(void *P, int D) {
  ompPtrDevFree(H_llvm_omp_target_free_host, P, D);
}
USM_EXPORT void llvm_omp_target_free_shared(void *P, int D) {
  ompPtrDevFree(H_llvm_omp_target_free_shared, P, D);
}

// omp_alloc and friends: the allocator handle (the last argument; omp_realloc
// has two) picks the kind through the catalog's selector rows.
USM_HOOK(omp_alloc, "omp_alloc")
USM_HOOK(omp_aligned_alloc, "omp_aligned_alloc")
USM_HOOK(omp_calloc, "omp_calloc")
USM_HOOK(omp_aligned_calloc, "omp_aligned_calloc")
USM_HOOK(omp_realloc, "omp_realloc")
USM_HOOK(omp_free, "omp_free")

namespace {
template <typename Call>
void *ompAllocatorAlloc(Hook &H, const std::uintptr_t *Args,
                        std::uintptr_t Size, std::uintptr_t Handle,
                        Call Forward) {
  Enter E;
  const Api *A = rowOf(H);
  Kind K = kindOfAllocator(Handle);
  if (emulating(A, K)) {
    void *P = emuAlloc(Size);
    if (E.Outer)
      recordAlloc(A, Args, U(P), Size, K, true);
    return P;
  }
  void *P = Forward();
  if (E.Outer)
    recordAlloc(A, Args, U(P), Size, K, false);
  return P;
}
} // namespace

USM_EXPORT void *omp_alloc(std::size_t S, std::uintptr_t Al) {
  std::uintptr_t Args[] = {S, Al};
  return ompAllocatorAlloc(H_omp_alloc, Args, S, Al, [&] {
    auto *F = USM_NEXT(omp_alloc, void *, std::size_t, std::uintptr_t);
    return F ? F(S, Al) : nullptr;
  });
}
USM_EXPORT void *omp_aligned_alloc(std::size_t Align, std::size_t S,
                                   std::uintptr_t Al) {
  std::uintptr_t Args[] = {Align, S, Al};
  return ompAllocatorAlloc(H_omp_aligned_alloc, Args, S, Al, [&] {
    auto *F = USM_NEXT(omp_aligned_alloc, void *, std::size_t, std::size_t,
                       std::uintptr_t);
    return F ? F(Align, S, Al) : nullptr;
  });
}
USM_EXPORT void *omp_calloc(std::size_t N, std::size_t S, std::uintptr_t Al) {
  std::uintptr_t Args[] = {N, S, Al};
  return ompAllocatorAlloc(H_omp_calloc, Args, N * S, Al, [&] {
    auto *F =
        USM_NEXT(omp_calloc, void *, std::size_t, std::size_t, std::uintptr_t);
    return F ? F(N, S, Al) : nullptr;
  });
}
USM_EXPORT void *omp_aligned_calloc(std::size_t Align, std::size_t N,
                                    std::size_t S, std::uintptr_t Al) {
  std::uintptr_t Args[] = {Align, N, S, Al};
  return ompAllocatorAlloc(H_omp_aligned_calloc, Args, N * S, Al, [&] {
    auto *F = USM_NEXT(omp_aligned_calloc, void *, std::size_t, std::size_t,
                       std::size_t, std::uintptr_t);
    return F ? F(Align, N, S, Al) : nullptr;
  });
}
namespace {
/// omp_realloc when emulation is involved: the old block is emulated, or the
/// new one must be. The guard then does what omp_realloc does (allocate,
/// copy the old contents inside a window, free the old block), so that the
/// pool's pages never reach libomp and both the allocation and the free are
/// recorded and logged. Returns false when the old block's size is unknown
/// (not recorded): the caller forwards to libomp instead.
bool emulatedRealloc(void *P, std::size_t S, std::uintptr_t Al,
                     std::uintptr_t FreeAl, const std::uintptr_t *Args,
                     void *&Result) {
  Enter E;
  bool OldEmu = P && emuOwns(U(P));
  Record Old;
  bool HaveOld = P && recordFind(U(P), Old) && Old.Base == U(P);
  if (P && !HaveOld && !OldEmu)
    return false;
  auto FreeOld = [&] {
    if (!P)
      return;
    if (OldEmu) {
      emulatedFree(rowOf(H_omp_free), U(P));
      return;
    }
    std::uintptr_t FreeArgs[] = {U(P), FreeAl};
    if (E.Outer)
      recordFree(rowOf(H_omp_free), FreeArgs);
    if (auto *F = USM_NEXT(omp_free, void, void *, std::uintptr_t))
      F(P, FreeAl);
  };
  Result = nullptr;
  if (!S) { // omp_realloc(ptr, 0, ...) frees ptr
    FreeOld();
    return true;
  }
  const Api *A = rowOf(H_omp_realloc);
  Kind K = kindOfAllocator(Al);
  bool NewEmu = emulating(A, K);
  if (NewEmu) {
    Result = emuAlloc(S);
  } else if (auto *F =
                 USM_NEXT(omp_alloc, void *, std::size_t, std::uintptr_t)) {
    Result = F(S, Al);
  }
  if (!Result) // the old block stays valid
    return true;
  if (E.Outer)
    recordAlloc(A, Args, U(Result), S, K, NewEmu);
  if (P && HaveOld) {
    Window W;
    std::memcpy(Result, P, Old.Size < S ? Old.Size : S);
  }
  FreeOld();
  return true;
}
} // namespace

USM_EXPORT void *omp_realloc(void *P, std::size_t S, std::uintptr_t Al,
                             std::uintptr_t FreeAl) {
  std::uintptr_t Args[] = {U(P), S, Al, FreeAl};
  ensureInit();
  if (Opts.emulate && ((P && emuOwns(U(P))) ||
                       emulating(rowOf(H_omp_realloc), kindOfAllocator(Al)))) {
    void *Result;
    if (emulatedRealloc(P, S, Al, FreeAl, Args, Result))
      return Result;
  }
  {
    Enter E;
    if (E.Outer && P && !(Opts.emulate && emuOwns(U(P)))) {
      std::uintptr_t FreeArgs[] = {U(P), FreeAl};
      recordFree(rowOf(H_omp_free), FreeArgs);
    }
  }
  auto *F = USM_NEXT(omp_realloc, void *, void *, std::size_t, std::uintptr_t,
                     std::uintptr_t);
  // Forwarded to libomp (no emulation for the new block either).
  Enter E;
  void *R = F ? F(P, S, Al, FreeAl) : nullptr;
  if (E.Outer)
    recordAlloc(rowOf(H_omp_realloc), Args, U(R), S, kindOfAllocator(Al),
                false);
  return R;
}
USM_EXPORT void omp_free(void *P, std::uintptr_t Al) {
  Enter E;
  std::uintptr_t Args[] = {U(P), Al};
  if (E.Outer && !checkFree(rowOf(H_omp_free), Args))
    return;
  if (Opts.emulate && emuOwns(U(P))) {
    emulatedFree(rowOf(H_omp_free), U(P));
    return;
  }
  if (E.Outer)
    recordFree(rowOf(H_omp_free), Args);
  if (auto *F = USM_NEXT(omp_free, void, void *, std::uintptr_t))
    F(P, Al);
}

// Device activity: kernel launches, copies, fills and data mappings. Only
// emulation needs them; otherwise they forward at the cost of one branch.
USM_HOOK(__tgt_target_kernel, "")
USM_HOOK(omp_target_memcpy, "omp_target_memcpy")
USM_HOOK(omp_target_memcpy_rect, "omp_target_memcpy_rect")
USM_HOOK(omp_target_memcpy_async, "omp_target_memcpy_async")
USM_HOOK(omp_target_memcpy_rect_async, "omp_target_memcpy_rect_async")
USM_HOOK(omp_target_memset, "omp_target_memset")
USM_HOOK(omp_target_memset_async, "omp_target_memset_async")
USM_HOOK(__tgt_target_data_begin_mapper, "")
USM_HOOK(__tgt_target_data_end_mapper, "")
USM_HOOK(__tgt_target_data_update_mapper, "")

namespace {
/// libomptarget's KernelArgsTy (LLVM 19, version 3): the leading fields,
/// stable since version 1.
struct KernelArgs {
  std::uint32_t Version, NumArgs;
  void **ArgBasePtrs, **ArgPtrs;
  std::int64_t *ArgSizes, *ArgTypes;
  void **ArgNames, **ArgMappers;
};
} // namespace

USM_EXPORT int __tgt_target_kernel(void *Loc, std::int64_t Dev,
                                   std::int32_t Teams, std::int32_t Threads,
                                   void *HostPtr, void *KArgs) {
  ensureInit();
  if (Opts.emulate && KArgs) {
    auto *K = static_cast<KernelArgs *>(KArgs);
    if (K->Version >= 1 && K->Version <= 3)
      checkKernelArgs(std::int32_t(K->NumArgs), K->ArgPtrs, K->ArgSizes,
                      K->ArgTypes, K->ArgNames);
  }
  Window W;
  auto *F = USM_NEXT(__tgt_target_kernel, int, void *, std::int64_t,
                     std::int32_t, std::int32_t, void *, void *);
  return F ? F(Loc, Dev, Teams, Threads, HostPtr, KArgs) : 1;
}
namespace {
/// The part of a rectangular copy's array that it touches: the offset of the
/// first element and the bytes up to the last one (row-major, dimension 0
/// outermost). Empty when the call is a query (null pointers) or malformed.
Span rectSpan(const void *P, std::size_t Elem, int Dims,
              const std::size_t *Vol, const std::size_t *Offs,
              const std::size_t *Extent) {
  if (!P || !Vol || !Offs || !Extent || Dims <= 0 || Dims > 64)
    return {};
  std::uintptr_t Lo = 0, Hi = 0, Stride = 1;
  for (int I = Dims - 1; I >= 0; --I) {
    if (!Vol[I])
      return {};
    Lo += Offs[I] * Stride;
    Hi += (Offs[I] + Vol[I] - 1) * Stride;
    Stride *= Extent[I];
  }
  return {U(P), Lo * Elem, (Hi - Lo + 1) * Elem};
}
bool checkOmpCopy(Hook &H, const std::uintptr_t *Args, Span D, Span S) {
  ensureInit();
  return Depth || checkCopy(rowOf(H), Args, D, S);
}
} // namespace

USM_EXPORT int omp_target_memcpy(void *Dst, const void *Src, std::size_t N,
                                 std::size_t DOff, std::size_t SOff, int DDev,
                                 int SDev) {
  std::uintptr_t Args[] = {U(Dst), U(Src),        N,
                           DOff,   SOff,          std::uintptr_t(DDev),
                           std::uintptr_t(SDev)};
  if (!checkOmpCopy(H_omp_target_memcpy, Args, {U(Dst), DOff, N},
                    {U(Src), SOff, N}))
    return NotPerformed;
  Window W;
  auto *F = USM_NEXT(omp_target_memcpy, int, void *, const void *, std::size_t,
                     std::size_t, std::size_t, int, int);
  return F ? F(Dst, Src, N, DOff, SOff, DDev, SDev) : 1;
}
USM_EXPORT int
omp_target_memcpy_rect(void *Dst, const void *Src, std::size_t Elem, int Dims,
                       const std::size_t *Vol, const std::size_t *DOffs,
                       const std::size_t *SOffs, const std::size_t *DDims,
                       const std::size_t *SDims, int DDev, int SDev) {
  std::uintptr_t Args[] = {U(Dst),   U(Src),   Elem,  std::uintptr_t(Dims),
                           U(Vol),   U(DOffs), U(SOffs), U(DDims),
                           U(SDims), std::uintptr_t(DDev), std::uintptr_t(SDev)};
  if (!checkOmpCopy(H_omp_target_memcpy_rect, Args,
                    rectSpan(Dst, Elem, Dims, Vol, DOffs, DDims),
                    rectSpan(Src, Elem, Dims, Vol, SOffs, SDims)))
    return NotPerformed;
  Window W;
  auto *F = USM_NEXT(omp_target_memcpy_rect, int, void *, const void *,
                     std::size_t, int, const std::size_t *, const std::size_t *,
                     const std::size_t *, const std::size_t *,
                     const std::size_t *, int, int);
  return F ? F(Dst, Src, Elem, Dims, Vol, DOffs, SOffs, DDims, SDims, DDev,
               SDev)
           : 1;
}
USM_EXPORT int omp_target_memcpy_async(void *Dst, const void *Src,
                                       std::size_t N, std::size_t DOff,
                                       std::size_t SOff, int DDev, int SDev,
                                       int DepCount, void *Deps) {
  std::uintptr_t Args[] = {U(Dst), U(Src), N, DOff, SOff, std::uintptr_t(DDev),
                           std::uintptr_t(SDev)};
  if (!checkOmpCopy(H_omp_target_memcpy_async, Args, {U(Dst), DOff, N},
                    {U(Src), SOff, N}))
    return NotPerformed;
  Window W;    // the launch (and the copy, when it runs inline)
  AsyncCopy A; // the copy, when it runs later on a helper thread
  auto *F =
      USM_NEXT(omp_target_memcpy_async, int, void *, const void *, std::size_t,
               std::size_t, std::size_t, int, int, int, void *);
  return F ? F(Dst, Src, N, DOff, SOff, DDev, SDev, DepCount, Deps) : 1;
}
USM_EXPORT int
omp_target_memcpy_rect_async(void *Dst, const void *Src, std::size_t Elem,
                             int Dims, const std::size_t *Vol,
                             const std::size_t *DOffs, const std::size_t *SOffs,
                             const std::size_t *DDims, const std::size_t *SDims,
                             int DDev, int SDev, int DepCount, void *Deps) {
  std::uintptr_t Args[] = {U(Dst),   U(Src),   Elem,  std::uintptr_t(Dims),
                           U(Vol),   U(DOffs), U(SOffs), U(DDims),
                           U(SDims), std::uintptr_t(DDev), std::uintptr_t(SDev)};
  if (!checkOmpCopy(H_omp_target_memcpy_rect_async, Args,
                    rectSpan(Dst, Elem, Dims, Vol, DOffs, DDims),
                    rectSpan(Src, Elem, Dims, Vol, SOffs, SDims)))
    return NotPerformed;
  Window W;
  AsyncCopy A;
  auto *F = USM_NEXT(omp_target_memcpy_rect_async, int, void *, const void *,
                     std::size_t, int, const std::size_t *, const std::size_t *,
                     const std::size_t *, const std::size_t *,
                     const std::size_t *, int, int, int, void *);
  return F ? F(Dst, Src, Elem, Dims, Vol, DOffs, SOffs, DDims, SDims, DDev,
               SDev, DepCount, Deps)
           : 1;
}
USM_EXPORT void *omp_target_memset(void *P, int V, std::size_t N, int Dev) {
  std::uintptr_t Args[] = {U(P), std::uintptr_t(V), N, std::uintptr_t(Dev)};
  if (!checkOmpCopy(H_omp_target_memset, Args, {U(P), 0, N}, {}))
    return nullptr;
  Window W;
  auto *F = USM_NEXT(omp_target_memset, void *, void *, int, std::size_t, int);
  return F ? F(P, V, N, Dev) : nullptr;
}
USM_EXPORT void *omp_target_memset_async(void *P, int V, std::size_t N, int Dev,
                                         int DepCount, void *Deps) {
  std::uintptr_t Args[] = {U(P), std::uintptr_t(V), N, std::uintptr_t(Dev)};
  if (!checkOmpCopy(H_omp_target_memset_async, Args, {U(P), 0, N}, {}))
    return nullptr;
  Window W;
  AsyncCopy A;
  auto *F = USM_NEXT(omp_target_memset_async, void *, void *, int, std::size_t,
                     int, int, void *);
  return F ? F(P, V, N, Dev, DepCount, Deps) : nullptr;
}

// `#pragma omp requires`: clang 19 puts the flags in an offload entry of the
// binary descriptor (entry flag OMP_REGISTER_REQUIRES, the OMP_REQ_* bits in
// its data field); older compilers call __tgt_register_requires.
USM_HOOK(__tgt_register_lib, "")
USM_HOOK(__tgt_register_requires, "")

namespace {
/// libomptarget's __tgt_offload_entry and __tgt_bin_desc (LLVM 19 layout).
struct OffloadEntry {
  void *Addr;
  char *Name;
  std::size_t Size;
  std::int32_t Flags;
  std::int32_t Data;
};
struct BinDesc {
  std::int32_t NumDeviceImages;
  void *DeviceImages;
  OffloadEntry *HostEntriesBegin, *HostEntriesEnd;
};
constexpr std::int32_t OmpRegisterRequires = 0x10;

void noteRequires(std::int64_t Flags, const char *Via) {
  if (Flags <= 1) // OMP_REQ_UNDEFINED, OMP_REQ_NONE
    return;
  std::int64_t Old = OmpRequires.fetch_or(Flags, std::memory_order_relaxed);
  if (Opts.verbosity >= 1 && (Flags & OmpReqUnifiedSharedMemory) &&
      !(Old & OmpReqUnifiedSharedMemory)) {
    char M[256];
    Out(M, sizeof M)
        .s("the program requires unified_shared_memory (")
        .s(Via)
        .c(')');
    logLine(M);
  }
}
} // namespace

USM_EXPORT void __tgt_register_lib(BinDesc *Desc) {
  ensureInit();
  if (Desc && Desc->HostEntriesBegin &&
      Desc->HostEntriesEnd > Desc->HostEntriesBegin)
    for (OffloadEntry *E = Desc->HostEntriesBegin; E < Desc->HostEntriesEnd;
         ++E)
      // A requires entry has no address and no size, and only OMP_REQ_*
      // bits (0x1f) as data; anything else is not this layout.
      if ((E->Flags & OmpRegisterRequires) && !E->Addr && !E->Size &&
          E->Data > 0 && E->Data < 0x20)
        noteRequires(E->Data, "offload entry in __tgt_register_lib");
  if (auto *F = USM_NEXT(__tgt_register_lib, void, BinDesc *))
    F(Desc);
}
USM_EXPORT void __tgt_register_requires(std::int64_t Flags) {
  ensureInit();
  noteRequires(Flags, "__tgt_register_requires");
  if (auto *F = USM_NEXT(__tgt_register_requires, void, std::int64_t))
    F(Flags);
}

// The helper task of an asynchronous copy (see asyncTaskEntry).
USM_HOOK(__kmpc_omp_target_task_alloc, "")

USM_EXPORT void *
__kmpc_omp_target_task_alloc(void *Loc, std::int32_t Gtid, std::int32_t Flags,
                             std::size_t TaskSize, std::size_t SharedsSize,
                             TaskEntry Entry, std::int64_t Dev) {
  auto *F =
      USM_NEXT(__kmpc_omp_target_task_alloc, void *, void *, std::int32_t,
               std::int32_t, std::size_t, std::size_t, TaskEntry, std::int64_t);
  if (!F)
    return nullptr;
  if (!InAsyncCopy || !Entry)
    return F(Loc, Gtid, Flags, TaskSize, SharedsSize, Entry, Dev);
  // Reserve the slot first: the task cannot run before this returns, but
  // other threads may register theirs meanwhile.
  lockPending();
  bool Room = NumPending + NumReserved < MaxPendingTasks;
  NumReserved += Room;
  unlockPending();
  if (!Room) // too many copies in flight: this one runs without a window
    return F(Loc, Gtid, Flags, TaskSize, SharedsSize, Entry, Dev);
  void *Task = F(Loc, Gtid, Flags, TaskSize, SharedsSize, asyncTaskEntry, Dev);
  lockPending();
  --NumReserved;
  if (Task)
    Pending[NumPending++] = {Task, Entry};
  unlockPending();
  return Task;
}

#define USM_DATA_MAPPER(Sym, IsEnd)                                            \
  USM_EXPORT void Sym(void *Loc, std::int64_t Dev, std::int32_t N,             \
                      void **Bases, void **Ptrs, std::int64_t *Sizes,          \
                      std::int64_t *Types, void **Names, void **Mappers) {     \
    Window W;                                                                  \
    auto *F =                                                                  \
        USM_NEXT(Sym, void, void *, std::int64_t, std::int32_t, void **,       \
                 void **, std::int64_t *, std::int64_t *, void **, void **);   \
    if (F)                                                                     \
      F(Loc, Dev, N, Bases, Ptrs, Sizes, Types, Names, Mappers);               \
    noteMappings(Dev, N, Ptrs, Sizes, Types, IsEnd);                          \
  }
USM_DATA_MAPPER(__tgt_target_data_begin_mapper, false)
USM_DATA_MAPPER(__tgt_target_data_end_mapper, true)
USM_DATA_MAPPER(__tgt_target_data_update_mapper, false)

//===-- CUDA runtime
//-----------------------------------------------------------===//

USM_HOOK(cudaMalloc, "cudaMalloc")
USM_HOOK(cudaMallocHost, "cudaMallocHost")
USM_HOOK(cudaHostAlloc, "cudaHostAlloc")
USM_HOOK(cudaMallocManaged, "cudaMallocManaged")
USM_HOOK(cudaMallocAsync, "cudaMallocAsync")
USM_HOOK(cudaMallocFromPoolAsync, "cudaMallocFromPoolAsync")
USM_HOOK(cudaMallocPitch, "cudaMallocPitch")
USM_HOOK(cudaFree, "cudaFree")
USM_HOOK(cudaFreeHost, "cudaFreeHost")
USM_HOOK(cudaFreeAsync, "cudaFreeAsync")

namespace {
/// Forward, then record on success (status 0 in every runtime here).
template <typename Call>
int allocThen(Hook &H, const std::uintptr_t *Args, std::uintptr_t SizeOv,
              Call Forward) {
  Enter E;
  int R = Forward();
  if (R == 0 && E.Outer) {
    const Api *A = rowOf(H);
    recordAlloc(A, Args, 0, SizeOv, Kind::None, false);
    if (A)
      resolveDriverQueries(A->M); // the driver is loaded by now
  }
  return R;
}
template <typename Call>
int freeThen(Hook &H, const std::uintptr_t *Args, Call Forward,
             int Skipped = NotPerformed) {
  Enter E;
  if (E.Outer) {
    if (!checkFree(rowOf(H), Args))
      return Skipped;
    recordFree(rowOf(H), Args);
  }
  return Forward();
}
} // namespace

// The CUDA and HIP runtimes share their allocator signatures: one macro per
// signature defines the exported wrapper (record, then forward).
#define USM_RT_ALLOC2(Sym)                                                     \
  USM_EXPORT int Sym(void **P, std::size_t S) {                                \
    std::uintptr_t Args[] = {U(P), S};                                         \
    return allocThen(H_##Sym, Args, 0, [&] {                                   \
      auto *F = USM_NEXT(Sym, int, void **, std::size_t);                      \
      return F ? F(P, S) : NoNext;                                             \
    });                                                                        \
  }
#define USM_RT_ALLOC3(Sym)                                                     \
  USM_EXPORT int Sym(void **P, std::size_t S, unsigned Fl) {                   \
    std::uintptr_t Args[] = {U(P), S, Fl};                                     \
    return allocThen(H_##Sym, Args, 0, [&] {                                   \
      auto *F = USM_NEXT(Sym, int, void **, std::size_t, unsigned);            \
      return F ? F(P, S, Fl) : NoNext;                                         \
    });                                                                        \
  }
#define USM_RT_ALLOC_STREAM(Sym)                                               \
  USM_EXPORT int Sym(void **P, std::size_t S, void *Stream) {                  \
    std::uintptr_t Args[] = {U(P), S, U(Stream)};                              \
    return allocThen(H_##Sym, Args, 0, [&] {                                   \
      auto *F = USM_NEXT(Sym, int, void **, std::size_t, void *);              \
      return F ? F(P, S, Stream) : NoNext;                                     \
    });                                                                        \
  }
#define USM_RT_ALLOC_POOL(Sym)                                                 \
  USM_EXPORT int Sym(void **P, std::size_t S, void *Pool, void *Stream) {      \
    std::uintptr_t Args[] = {U(P), S, U(Pool), U(Stream)};                     \
    return allocThen(H_##Sym, Args, 0, [&] {                                   \
      auto *F = USM_NEXT(Sym, int, void **, std::size_t, void *, void *);      \
      return F ? F(P, S, Pool, Stream) : NoNext;                               \
    });                                                                        \
  }
// Pitched allocations: the size is pitch * height, known after the call.
#define USM_RT_ALLOC_PITCH(Sym)                                                \
  USM_EXPORT int Sym(void **P, std::size_t *Pitch, std::size_t W,              \
                     std::size_t H) {                                          \
    std::uintptr_t Args[] = {U(P), U(Pitch), W, H};                            \
    Enter E;                                                                   \
    auto *F = USM_NEXT(Sym, int, void **, std::size_t *, std::size_t,          \
                       std::size_t);                                           \
    int R = F ? F(P, Pitch, W, H) : NoNext;                                    \
    if (R == 0 && E.Outer && Pitch)                                            \
      recordAlloc(rowOf(H_##Sym), Args, 0, *Pitch * H, Kind::None, false);     \
    return R;                                                                  \
  }
#define USM_RT_FREE1(Sym)                                                      \
  USM_EXPORT int Sym(void *P) {                                                \
    std::uintptr_t Args[] = {U(P)};                                            \
    return freeThen(H_##Sym, Args, [&] {                                       \
      auto *F = USM_NEXT(Sym, int, void *);                                    \
      return F ? F(P) : NoNext;                                                \
    });                                                                        \
  }
#define USM_RT_FREE_STREAM(Sym)                                                \
  USM_EXPORT int Sym(void *P, void *Stream) {                                  \
    std::uintptr_t Args[] = {U(P), U(Stream)};                                 \
    return freeThen(H_##Sym, Args, [&] {                                       \
      auto *F = USM_NEXT(Sym, int, void *, void *);                            \
      return F ? F(P, Stream) : NoNext;                                        \
    });                                                                        \
  }

// Copies (dst, src, bytes, kind[, stream]): checked, then forwarded.
#define USM_RT_MEMCPY(Sym)                                                     \
  USM_EXPORT int Sym(void *D, const void *S, std::size_t N, int K) {           \
    std::uintptr_t Args[] = {U(D), U(S), N, std::uintptr_t(K)};                \
    ensureInit();                                                              \
    if (!Depth && !checkCopy(rowOf(H_##Sym), Args, {U(D), 0, N}, {U(S), 0, N})) \
      return NotPerformed;                                                     \
    auto *F = USM_NEXT(Sym, int, void *, const void *, std::size_t, int);      \
    int R = F ? F(D, S, N, K) : NoNext;                                        \
    checkCudaStatus(#Sym, R); /* synchronous: a kernel's fault shows here */   \
    return R;                                                                  \
  }
#define USM_RT_MEMCPY_STREAM(Sym)                                              \
  USM_EXPORT int Sym(void *D, const void *S, std::size_t N, int K,             \
                     void *Stream) {                                           \
    std::uintptr_t Args[] = {U(D), U(S), N, std::uintptr_t(K), U(Stream)};     \
    ensureInit();                                                              \
    if (!Depth && !checkCopy(rowOf(H_##Sym), Args, {U(D), 0, N}, {U(S), 0, N})) \
      return NotPerformed;                                                     \
    auto *F =                                                                  \
        USM_NEXT(Sym, int, void *, const void *, std::size_t, int, void *);    \
    return F ? F(D, S, N, K, Stream) : NoNext;                                 \
  }

USM_HOOK(cudaMemcpy, "cudaMemcpy")
USM_HOOK(cudaMemcpyAsync, "cudaMemcpyAsync")
USM_RT_MEMCPY(cudaMemcpy)
USM_RT_MEMCPY_STREAM(cudaMemcpyAsync)

// Kernel launches (their pointer arguments, for an illegal-address error
// later) and the synchronising calls that return that error. Each launch is
// noted after it was forwarded: the runtime has then loaded the driver and
// made its context current, and the argument array is still the caller's.
USM_HOOK(cudaLaunchKernel, "")
USM_HOOK(cudaLaunchKernel_ptsz, "")
// CUDA 13's <<<>>> host stubs ask __cudaGetKernel once for a kernel handle
// and pass that handle, not the stub, to __cudaLaunchKernel (objdump of an
// nvcc 13.0 program; crt/host_runtime.h).
USM_HOOK(__cudaGetKernel, "")
USM_HOOK(cudaGetKernel, "") // the public spelling, same parameters
USM_HOOK(__cudaLaunchKernel, "")
USM_HOOK(__cudaLaunchKernel_ptsz, "")
USM_HOOK(cudaDeviceSynchronize, "")
USM_HOOK(cudaStreamSynchronize, "")
namespace {
struct Dim3 {
  unsigned X, Y, Z;
};
} // namespace
#define USM_CUDA_LAUNCH(Sym, ByHandle)                                         \
  USM_EXPORT int Sym(const void *Func, Dim3 Grid, Dim3 Block, void **Args,     \
                     std::size_t Shared, void *Stream) {                       \
    ensureInit();                                                              \
    auto *F = USM_NEXT(Sym, int, const void *, Dim3, Dim3, void **,            \
                       std::size_t, void *);                                   \
    int R = F ? F(Func, Grid, Block, Args, Shared, Stream) : NoNext;           \
    noteCudaLaunch(Func, Args, ByHandle);                                      \
    return R;                                                                  \
  }
USM_CUDA_LAUNCH(cudaLaunchKernel, false)
USM_CUDA_LAUNCH(cudaLaunchKernel_ptsz, false)
USM_CUDA_LAUNCH(__cudaLaunchKernel, true)
USM_CUDA_LAUNCH(__cudaLaunchKernel_ptsz, true)
#define USM_CUDA_GET_KERNEL(Sym)                                               \
  USM_EXPORT int Sym(void **Handle, const void *Stub) {                        \
    ensureInit();                                                              \
    auto *F = USM_NEXT(Sym, int, void **, const void *);                       \
    int R = F ? F(Handle, Stub) : NoNext;                                      \
    if (R == 0 && Handle)                                                      \
      noteCudaKernelHandle(*Handle, Stub);                                     \
    return R;                                                                  \
  }
USM_CUDA_GET_KERNEL(__cudaGetKernel)
USM_CUDA_GET_KERNEL(cudaGetKernel)
USM_EXPORT int cudaDeviceSynchronize() {
  auto *F = USM_NEXT(cudaDeviceSynchronize, int);
  int R = F ? F() : NoNext;
  checkCudaStatus("cudaDeviceSynchronize", R);
  return R;
}
USM_EXPORT int cudaStreamSynchronize(void *Stream) {
  auto *F = USM_NEXT(cudaStreamSynchronize, int, void *);
  int R = F ? F(Stream) : NoNext;
  checkCudaStatus("cudaStreamSynchronize", R);
  return R;
}

USM_RT_ALLOC2(cudaMalloc)
USM_RT_ALLOC2(cudaMallocHost)
USM_RT_ALLOC3(cudaHostAlloc)
USM_RT_ALLOC3(cudaMallocManaged)
USM_RT_ALLOC_STREAM(cudaMallocAsync)
USM_RT_ALLOC_POOL(cudaMallocFromPoolAsync)
USM_RT_ALLOC_PITCH(cudaMallocPitch)
USM_RT_FREE1(cudaFree)
USM_RT_FREE1(cudaFreeHost)
USM_RT_FREE_STREAM(cudaFreeAsync)

//===-- CUDA driver (cuda.h maps the documented names onto _v2 symbols)
//-----===//

USM_HOOK(cuMemAlloc_v2, "cuMemAlloc")
USM_HOOK(cuMemAllocHost_v2, "cuMemAllocHost")
USM_HOOK(cuMemHostAlloc, "cuMemHostAlloc")
USM_HOOK(cuMemAllocManaged, "cuMemAllocManaged")
USM_HOOK(cuMemAllocAsync, "cuMemAllocAsync")
USM_HOOK(cuMemAllocPitch_v2, "cuMemAllocPitch")
USM_HOOK(cuMemFree_v2, "cuMemFree")
USM_HOOK(cuMemFreeHost, "cuMemFreeHost")
USM_HOOK(cuMemFreeAsync, "cuMemFreeAsync")

using CUdeviceptr = unsigned long long;

USM_EXPORT int cuMemAlloc_v2(CUdeviceptr *P, std::size_t S) {
  std::uintptr_t Args[] = {U(P), S};
  return allocThen(H_cuMemAlloc_v2, Args, 0, [&] {
    auto *F = USM_NEXT(cuMemAlloc_v2, int, CUdeviceptr *, std::size_t);
    return F ? F(P, S) : NoNext;
  });
}
USM_EXPORT int cuMemAllocHost_v2(void **P, std::size_t S) {
  std::uintptr_t Args[] = {U(P), S};
  return allocThen(H_cuMemAllocHost_v2, Args, 0, [&] {
    auto *F = USM_NEXT(cuMemAllocHost_v2, int, void **, std::size_t);
    return F ? F(P, S) : NoNext;
  });
}
USM_EXPORT int cuMemHostAlloc(void **P, std::size_t S, unsigned Fl) {
  std::uintptr_t Args[] = {U(P), S, Fl};
  return allocThen(H_cuMemHostAlloc, Args, 0, [&] {
    auto *F = USM_NEXT(cuMemHostAlloc, int, void **, std::size_t, unsigned);
    return F ? F(P, S, Fl) : NoNext;
  });
}
USM_EXPORT int cuMemAllocManaged(CUdeviceptr *P, std::size_t S, unsigned Fl) {
  std::uintptr_t Args[] = {U(P), S, Fl};
  return allocThen(H_cuMemAllocManaged, Args, 0, [&] {
    auto *F =
        USM_NEXT(cuMemAllocManaged, int, CUdeviceptr *, std::size_t, unsigned);
    return F ? F(P, S, Fl) : NoNext;
  });
}
USM_EXPORT int cuMemAllocAsync(CUdeviceptr *P, std::size_t S, void *Stream) {
  std::uintptr_t Args[] = {U(P), S, U(Stream)};
  return allocThen(H_cuMemAllocAsync, Args, 0, [&] {
    auto *F =
        USM_NEXT(cuMemAllocAsync, int, CUdeviceptr *, std::size_t, void *);
    return F ? F(P, S, Stream) : NoNext;
  });
}
USM_EXPORT int cuMemAllocPitch_v2(CUdeviceptr *P, std::size_t *Pitch,
                                  std::size_t W, std::size_t H, unsigned El) {
  std::uintptr_t Args[] = {U(P), U(Pitch), W, H, El};
  Enter E;
  auto *F = USM_NEXT(cuMemAllocPitch_v2, int, CUdeviceptr *, std::size_t *,
                     std::size_t, std::size_t, unsigned);
  int R = F ? F(P, Pitch, W, H, El) : NoNext;
  if (R == 0 && E.Outer && Pitch)
    recordAlloc(rowOf(H_cuMemAllocPitch_v2), Args, 0, *Pitch * H, Kind::None,
                false);
  return R;
}
USM_EXPORT int cuMemFree_v2(CUdeviceptr P) {
  std::uintptr_t Args[] = {U(P)};
  return freeThen(H_cuMemFree_v2, Args, [&] {
    auto *F = USM_NEXT(cuMemFree_v2, int, CUdeviceptr);
    return F ? F(P) : NoNext;
  });
}
USM_EXPORT int cuMemFreeHost(void *P) {
  std::uintptr_t Args[] = {U(P)};
  return freeThen(H_cuMemFreeHost, Args, [&] {
    auto *F = USM_NEXT(cuMemFreeHost, int, void *);
    return F ? F(P) : NoNext;
  });
}
USM_EXPORT int cuMemFreeAsync(CUdeviceptr P, void *Stream) {
  std::uintptr_t Args[] = {U(P), U(Stream)};
  return freeThen(H_cuMemFreeAsync, Args, [&] {
    auto *F = USM_NEXT(cuMemFreeAsync, int, CUdeviceptr, void *);
    return F ? F(P, Stream) : NoNext;
  });
}

//===-- HIP
//---------------------------------------------------------------------===//

USM_HOOK(hipMalloc, "hipMalloc")
USM_HOOK(hipExtMallocWithFlags, "hipExtMallocWithFlags")
USM_HOOK(hipMallocAsync, "hipMallocAsync")
USM_HOOK(hipMallocFromPoolAsync, "hipMallocFromPoolAsync")
USM_HOOK(hipMallocPitch, "hipMallocPitch")
USM_HOOK(hipHostMalloc, "hipHostMalloc")
USM_HOOK(hipMallocHost, "hipMallocHost")
USM_HOOK(hipHostAlloc, "hipHostAlloc")
USM_HOOK(hipMallocManaged, "hipMallocManaged")
USM_HOOK(hipFree, "hipFree")
USM_HOOK(hipHostFree, "hipHostFree")
USM_HOOK(hipFreeHost, "hipFreeHost")
USM_HOOK(hipFreeAsync, "hipFreeAsync")

USM_RT_ALLOC2(hipMalloc)
USM_RT_ALLOC2(hipMallocHost)
USM_RT_ALLOC3(hipExtMallocWithFlags)
USM_RT_ALLOC3(hipHostMalloc)
USM_RT_ALLOC3(hipHostAlloc)
USM_RT_ALLOC3(hipMallocManaged)
USM_RT_ALLOC_STREAM(hipMallocAsync)
USM_RT_ALLOC_POOL(hipMallocFromPoolAsync)
USM_RT_ALLOC_PITCH(hipMallocPitch)
USM_RT_FREE1(hipFree)
USM_RT_FREE1(hipHostFree)
USM_RT_FREE1(hipFreeHost)
USM_RT_FREE_STREAM(hipFreeAsync)

USM_HOOK(hipMemcpy, "hipMemcpy")
USM_HOOK(hipMemcpyAsync, "hipMemcpyAsync")
USM_RT_MEMCPY(hipMemcpy)
USM_RT_MEMCPY_STREAM(hipMemcpyAsync)

//===-- Level Zero
//--------------------------------------------------------------===//

USM_HOOK(zeMemAllocDevice, "zeMemAllocDevice")
USM_HOOK(zeMemAllocHost, "zeMemAllocHost")
USM_HOOK(zeMemAllocShared, "zeMemAllocShared")
USM_HOOK(zeMemFree, "zeMemFree")

USM_EXPORT unsigned zeMemAllocDevice(void *Ctx, const void *Desc, std::size_t S,
                                     std::size_t Align, void *Dev, void **P) {
  std::uintptr_t Args[] = {U(Ctx), U(Desc), S, Align, U(Dev), U(P)};
  noteLevelZeroContext(Ctx);
  return unsigned(allocThen(H_zeMemAllocDevice, Args, 0, [&] {
    auto *F = USM_NEXT(zeMemAllocDevice, unsigned, void *, const void *,
                       std::size_t, std::size_t, void *, void **);
    return int(F ? F(Ctx, Desc, S, Align, Dev, P) : ZeNoNext);
  }));
}
USM_EXPORT unsigned zeMemAllocHost(void *Ctx, const void *Desc, std::size_t S,
                                   std::size_t Align, void **P) {
  std::uintptr_t Args[] = {U(Ctx), U(Desc), S, Align, U(P)};
  noteLevelZeroContext(Ctx);
  return unsigned(allocThen(H_zeMemAllocHost, Args, 0, [&] {
    auto *F = USM_NEXT(zeMemAllocHost, unsigned, void *, const void *,
                       std::size_t, std::size_t, void **);
    return int(F ? F(Ctx, Desc, S, Align, P) : ZeNoNext);
  }));
}
USM_EXPORT unsigned zeMemAllocShared(void *Ctx, const void *DDesc,
                                     const void *HDesc, std::size_t S,
                                     std::size_t Align, void *Dev, void **P) {
  std::uintptr_t Args[] = {U(Ctx), U(DDesc), U(HDesc), S, Align, U(Dev), U(P)};
  noteLevelZeroContext(Ctx);
  return unsigned(allocThen(H_zeMemAllocShared, Args, 0, [&] {
    auto *F = USM_NEXT(zeMemAllocShared, unsigned, void *, const void *,
                       const void *, std::size_t, std::size_t, void *, void **);
    return int(F ? F(Ctx, DDesc, HDesc, S, Align, Dev, P) : ZeNoNext);
  }));
}
USM_EXPORT unsigned zeMemFree(void *Ctx, void *P) {
  std::uintptr_t Args[] = {U(Ctx), U(P)};
  return unsigned(freeThen(
      H_zeMemFree, Args,
      [&] {
        auto *F = USM_NEXT(zeMemFree, unsigned, void *, void *);
        return int(F ? F(Ctx, P) : ZeNoNext);
      },
      int(ZeNotPerformed)));
}

//===-- signal handlers of the program
//----------------------------------------===//

USM_HOOK(signal, "")

USM_EXPORT int sigaction(int Sig, const struct sigaction *Act,
                         struct sigaction *Old) {
  ensureInit();
  if (guardOwnsSignal(Sig)) {
    setUserAction(Sig, Act, Old);
    return 0;
  }
  return realSigaction(Sig, Act, Old);
}

USM_EXPORT sighandler_t signal(int Sig, sighandler_t Handler) {
  ensureInit();
  if (guardOwnsSignal(Sig)) {
    struct sigaction A, Old;
    std::memset(&A, 0, sizeof A);
    std::memset(&Old, 0, sizeof Old);
    A.sa_handler = Handler;
    A.sa_flags = SA_RESTART; // glibc's signal() has BSD semantics
    setUserAction(Sig, &A, &Old);
    return Old.sa_handler;
  }
  auto *F = USM_NEXT(signal, sighandler_t, int, sighandler_t);
  return F ? F(Sig, Handler) : SIG_ERR;
}
