//===- Guard.h - internals of libusmcheck_rt.so, the runtime guard
//---------===//
//
// How the guard works (docs/runtime.md is the user manual):
//
//   Interceptors.cpp  one wrapper per catalog allocation/free API reached
//                     through a dynamic symbol; the wrapper forwards to the
//                     next definition (dlsym RTLD_NEXT) and hands the raw
//                     arguments to recordAlloc()/recordFree(), which read
//                     the kind, size and device argument positions from the
//                     catalog row (catalog/usm_apis.def): no API knowledge
//                     lives here. Also the emulation windows (kernel
//                     launches, copies, the helper tasks of asynchronous
//                     copies), the `requires` flags the program registers
//                     with libomptarget, and sigaction/signal.
//   Records.cpp       a fixed-size, sharded table of live allocations (kind,
//                     device, size, thread, raw allocation PCs), bounded
//                     memory, fork-safe; counters for the exit statistics.
//   Emulation.cpp     `--emulate`: a PROT_NONE page pool that serves OpenMP
//                     device allocations; opened only during kernels/copies.
//   FaultHandler.cpp  SIGSEGV/SIGBUS on an alternate stack: classify the
//                     address (records, then the CUDA / Level Zero / OpenMP
//                     runtimes), report, or chain to the program's handler.
//   Report.cpp        the sanitizer-style report, symbolized by a forked
//                     llvm-symbolizer; no malloc anywhere on this path. The
//                     same report as one JSON line when json_path is set.
//   GuardMain.cpp     start-up (options, handlers, LD_PRELOAD scrubbing),
//                     exit statistics.
//
// Everything on the crash path writes into static buffers through Out.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_RUNTIME_GUARD_H
#define USMCHECK_RUNTIME_GUARD_H

#include "Catalog.h"
#include "Decode.h"
#include "Options.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <signal.h>
#include <string_view>

#define USM_EXPORT extern "C" __attribute__((visibility("default")))

namespace usm {
namespace rt {

extern Options Opts;

/// Runs start-up once (options, handlers); safe to call from any wrapper.
void ensureInit();
bool initialized();

//===-- async-signal-safe text building ----------------------------------===//

struct Out {
  char *B;
  std::size_t Cap, Len = 0;
  Out(char *Buf, std::size_t C) : B(Buf), Cap(C) { B[0] = 0; }
  Out &s(const char *S);
  Out &s(std::string_view S);
  Out &c(char C);
  Out &u(std::uint64_t V);
  Out &d(std::int64_t V);
  Out &hex(std::uint64_t V); ///< 0x-prefixed
  Out &pad(std::size_t Col); ///< spaces up to column Col of the last line
  void writeTo(int Fd) const;
};

/// write() until done (EINTR-safe).
void writeAll(int Fd, const char *S, std::size_t N);
/// "==PID==usmcheck: MSG\n" where the reports go (log_path): start-up and
/// verbosity lines.
void logLine(const char *Msg);
/// The descriptor reports and verbosity lines go to: stderr, stdout, or
/// log_path.PID, opened once per process. When that file cannot be opened
/// it is stderr, and stderr gets one warning line saying so.
int logFd();
/// Start-up: checks that log_path can be written (without creating it).
void checkLogPath();
[[noreturn]] void fatalOptionError(const char *Msg);

//===-- stacks
//-------------------------------------------------------------===//

constexpr int MaxFrames = 64;

/// Captures return addresses of the caller's stack, skipping frames inside
/// the guard library. Returns the count (<= Max).
int captureStack(std::uintptr_t *Pcs, int Max);
bool inGuardLibrary(std::uintptr_t Pc);
int threadIndex(); ///< T0 is the main thread; others numbered on first use
int threadTid();   ///< gettid(), cached per thread

//===-- records
//------------------------------------------------------------===//

struct Record {
  std::uintptr_t Base = 0, Size = 0;
  const Api *Alloc = nullptr; ///< catalog row of the allocator
  Kind K = Kind::None;
  std::intptr_t Device = -1;
  bool DeviceIsHandle = false; ///< Level Zero: a ze_device_handle_t
  bool Emulated = false;
  int ThreadIdx = 0, Tid = 0;
  int NumPcs = 0;
  std::uintptr_t Pcs[MaxFrames];
};

/// Copies \p Src into \p Dst: the fields and only the \p Src.NumPcs stack
/// entries in use (a Record is mostly its 64-entry stack; the hot paths
/// copy records on every allocation and free).
inline void copyRecord(Record &Dst, const Record &Src) {
  Dst.Base = Src.Base;
  Dst.Size = Src.Size;
  Dst.Alloc = Src.Alloc;
  Dst.K = Src.K;
  Dst.Device = Src.Device;
  Dst.DeviceIsHandle = Src.DeviceIsHandle;
  Dst.Emulated = Src.Emulated;
  Dst.ThreadIdx = Src.ThreadIdx;
  Dst.Tid = Src.Tid;
  Dst.NumPcs = Src.NumPcs;
  for (int I = 0; I < Src.NumPcs; ++I)
    Dst.Pcs[I] = Src.Pcs[I];
}

struct Stats {
  std::atomic<std::uint64_t> Recorded{0}, Freed{0}, FreeUnknown{0}, Dropped{0},
      Live{0}, MaxLive{0};
};
extern Stats TheStats;

void recordsInit();
/// Inserts a record (copied); false if the table is full (counted dropped).
bool recordInsert(const Record &R);
/// Removes the record starting at \p Base into \p Out (if non-null).
bool recordRemove(std::uintptr_t Base, Record *Out);
/// Crash path: the live record containing \p Addr (copied into \p Out).
bool recordFind(std::uintptr_t Addr, Record &Out);
/// The live record starting at \p Base (a hash lookup; not removed).
bool recordGet(std::uintptr_t Base, Record &Out);
/// Calls \p Fn on a copy of every live record (exit-time leak report).
void recordsForEach(void (*Fn)(const Record &, void *), void *Ctx);

/// A freed allocation and the stack of its free, kept in a ring of the most
/// recent frees so that a second free can show both earlier stacks.
struct FreedRecord {
  Record R;
  const Api *Free = nullptr;
  int ThreadIdx = 0, Tid = 0;
  int NumPcs = 0;
  std::uintptr_t Pcs[MaxFrames];
};
void freedPush(const FreedRecord &F);
/// The most recent freed record that started at \p Base.
bool freedFind(std::uintptr_t Base, FreedRecord &Out);
void recordsLockAll();
void recordsUnlockAll();

/// The generic recording entry points used by every wrapper. \p Args are the
/// API's arguments in order (pointers and integers as uintptr_t); \p Ret is
/// the returned pointer (for RET allocators). \p SizeOverride / \p KindOverride
/// are for the few signatures whose size is computed (calloc-style, pitched)
/// or whose kind is an allocator handle (omp_alloc).
void recordAlloc(const Api *A, const std::uintptr_t *Args, std::uintptr_t Ret,
                 std::uintptr_t SizeOverride, Kind KindOverride, bool Emulated);
void recordFree(const Api *F, const std::uintptr_t *Args);

//===-- findings at API calls (ApiChecks.cpp)
//--------------------------------===//

/// Before a free: the right deallocator and device, a double free, a free
/// of memory never recorded. Reports a finding; returns false when the free
/// must not be performed (halt_on_error=0: the guard skips it and goes on).
bool checkFree(const Api *F, const std::uintptr_t *Args);
/// One side of a copy: the pointer argument, the offset added to it and the
/// bytes touched from there.
struct Span {
  std::uintptr_t Ptr = 0, Off = 0, Bytes = 0;
};
/// Before a copy or fill: ranges inside recorded allocations, device numbers
/// (OpenMP) and copy kinds (CUDA, HIP) consistent with the records. The
/// argument positions come from \p A's catalog row. Returns false when the
/// copy must not be performed (a finding with halt_on_error=0).
bool checkCopy(const Api *A, const std::uintptr_t *Args, Span Dst, Span Src);
/// An OpenMP kernel launch under --emulate: arguments passed by value as
/// pointers (is_device_ptr, has_device_addr, firstprivate: map type
/// TARGET_PARAM|LITERAL, 8 bytes) that point to host memory no record, no
/// emulated pool page and no runtime mapping covers: pageable memory a GPU
/// could not reach. \p Names are the clause names clang emits with -g (may
/// be null). Returns false when the launch must not run.
bool checkKernelArgs(std::int32_t NumArgs, void *const *Ptrs,
                     const std::int64_t *Sizes, const std::int64_t *Types,
                     void *const *Names);
/// target data mappings (begin/end): the device copies the OpenMP runtime
/// made (omp_get_mapped_ptr), which is_device_ptr may legally name.
void noteMappings(std::int64_t Dev, std::int32_t N, void *const *Ptrs,
                  const std::int64_t *Sizes, const std::int64_t *Types,
                  bool End);
/// CUDA runtime kernel launch, after it was forwarded: keeps the launch
/// stack and the 8-byte argument words (parameter table from the driver)
/// of the last launches. \p ByHandle: \p Func is a kernel handle
/// (__cudaLaunchKernel, CUDA 13's launch stubs), not a host stub.
void noteCudaLaunch(const void *Func, void **Args, bool ByHandle);
/// __cudaGetKernel gave the program kernel handle \p Handle for the host
/// stub \p Stub (the report symbolizes the stub).
void noteCudaKernelHandle(const void *Handle, const void *Stub);
/// A synchronising CUDA call returned \p Status: on an illegal-address
/// error, reports which recorded kernel arguments the device cannot reach.
void checkCudaStatus(const char *CallName, int Status);
/// At exit with detect_leaks=1: the live allocations, grouped by stack.
/// Returns true when leaks were reported.
bool reportLeaks();
/// The free of an emulated allocation at \p P: record, log, pages back.
void emulatedFree(const Api *F, std::uintptr_t P);

//===-- emulation
//------------------------------------------------------------===//

void *emuAlloc(std::size_t Size);
bool emuOwns(std::uintptr_t Addr);
/// Returns the pages of an emulated allocation [P, P+Size) to the pool.
void emuRelease(std::uintptr_t P, std::uintptr_t Size);
/// Device activity (kernel launch, copy): device memory becomes accessible.
void emuWindowEnter();
void emuWindowExit();
/// Suppressed emulated fault: keep [Base, Base+Size) host-accessible.
void emuExempt(std::uintptr_t Base, std::uintptr_t Size);
/// Whether \p Addr lies in an exempted (host-accessible) allocation; if so,
/// makes sure its pages are accessible.
bool emuExempted(std::uintptr_t Addr);
void emuLockForFork();
void emuUnlockAfterFork();

//===-- OpenMP requires directives
//--------------------------------------------===//

/// The OMP_REQ_* flags of `#pragma omp requires` as the program registered
/// them with libomptarget (__tgt_register_lib's offload entries, or
/// __tgt_register_requires from older compilers); 0 when none was seen.
extern std::atomic<std::int64_t> OmpRequires;
constexpr std::int64_t OmpReqUnifiedSharedMemory = 0x008;
inline bool requiresUnifiedSharedMemory() {
  return OmpRequires.load(std::memory_order_relaxed) &
         OmpReqUnifiedSharedMemory;
}

//===-- faults
//---------------------------------------------------------------===//

void installFaultHandlers();
/// sigaction/signal interposition: the program's handlers for the signals
/// the guard owns are kept here and called for faults that are not USM.
bool guardOwnsSignal(int Sig);
void setUserAction(int Sig, const struct sigaction *Act, struct sigaction *Old);
void ensureAltStack();
/// The libc sigaction (the guard's own sigaction is the interposer).
int realSigaction(int Sig, const struct sigaction *Act, struct sigaction *Old);
/// Learn the Level Zero context for driver queries (from zeMem* wrappers).
void noteLevelZeroContext(void *Ctx);
/// Pre-resolve driver query functions outside the crash path: one model's
/// (cheap once resolved; the allocation wrappers call it) or all.
void resolveDriverQueries(Model M);
void resolveDriverQueries();

/// What the handler found out about a fault, for the report.
struct Fault {
  std::uintptr_t Addr = 0, Pc = 0;
  bool Write = false;
  int AccessSize = 0; ///< 0: not decoded
  int Sig = 0;
  int ThreadIdx = 0, Tid = 0;
  int NumPcs = 0;
  std::uintptr_t Pcs[MaxFrames];
  bool HaveRecord = false;
  Record Rec;
  const char *ClassifiedBy = nullptr; ///< driver name when no record
  const char *DriverDetail = nullptr;
  Model DriverModel = Model::Host;
  Kind DriverKind = Kind::None;
  std::uintptr_t RangeBase = 0, RangeSize = 0;
  std::intptr_t DriverDevice = -1;
  /// The program requires unified_shared_memory (OpenMP allocation).
  bool RequiresUSM = false;
  /// Warning-level finding: the program goes on after the report.
  bool Warning = false;
};

/// Writes the report for \p F; returns false when a suppression matched.
bool reportFault(Fault &F);

/// Module path and load base of \p Pc (Report.cpp).
bool moduleOf(std::uintptr_t Pc, char *Path, std::size_t Cap,
              std::uintptr_t *Base);

/// Serialises reports (the fault handler's and the API checks'): the report
/// buffers are static.
void lockReports();
void unlockReports();

/// A stack shown in an API-call report.
struct StackRef {
  const char *Title = nullptr; ///< "freed by thread T0 (tid 1) here:"
  const std::uintptr_t *Pcs = nullptr;
  int NumPcs = 0;
};

/// A finding at an API call (not a fault), in the same report shape:
/// headline, the call's stack, the memory involved and its stacks, the
/// allocator, Why and Fix lines, SUMMARY.
struct ApiFinding {
  const char *Type = nullptr; ///< free-mismatch, double-free, ...
  char Headline[1024];
  StackRef Stacks[3]; ///< [0]: the call; then e.g. the first free
  int NumStacks = 0;
  int AllocStack = -1; ///< index in Stacks of the allocation stack, or -1
  char Region[1536];   ///< "0x.. is located ..." line(s), may be empty
  const Record *Alloc = nullptr; ///< the allocation, for the allocator line
  char Why[1536], Fix[1024];
  const char *Outcome = nullptr; ///< the line before ==CONTINUING
  bool Warning = false;          ///< WARNING, and the program goes on
  ApiFinding() { Headline[0] = Region[0] = Why[0] = Fix[0] = 0; }
};
/// Writes the report; returns false when a suppression matched.
bool reportApiFinding(ApiFinding &F, bool Halting);
/// One group of the leak report (the header before the first); false when a
/// leak: or alloc: suppression matched. Then the Why/Fix lines and SUMMARY
/// (reportLeakSummary); \p Why and \p Fix also go into each group's JSON
/// record.
bool reportLeakGroup(const Record &R, std::uint64_t Bytes, std::uint64_t Count,
                     bool &HeaderDone, const char *Why, const char *Fix);
void reportLeakSummary(std::uint64_t Bytes, std::uint64_t Count,
                       const char *Why, const char *Fix);

/// The CUDA driver's view of \p Addr (cuPointerGetAttribute): -1 when the
/// driver is not loaded, 0 when it does not know the address, 1 when it
/// does (\p K is then its kind).
int cudaDriverKind(std::uintptr_t Addr, Kind *K);
namespace kargs {
struct DriverView;
}
/// The CUDA driver's answers about \p Addr for the kernel-argument check
/// (memory type, managed, device pointer; the CUresults kept).
void cudaDriverView(std::uintptr_t Addr, kargs::DriverView &D);

} // namespace rt
} // namespace usm

#endif
