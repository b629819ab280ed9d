//===- ApiChecks.cpp - findings at interposed frees and copies; leaks
//------===//
//
// The fault handler catches what the host does to device memory; these
// checks catch what the program asks the runtime to do with it, before the
// runtime does it (some runtimes abort on a bad free without saying which):
//
//   free-mismatch       a free by a deallocator the allocator's catalog row
//                       does not list (Dealloc), or on another device
//   double-free         a free of an allocation freed before (the ring of
//                       recent frees keeps both earlier stacks)
//   bad-free            a free of an address inside an allocation, or of an
//                       address no recorded allocation starts at
//   copy-out-of-bounds  a copy or fill whose range leaves the recorded
//                       allocation its pointer lies in
//   copy-direction      a copy whose device numbers (OpenMP) or copy kind
//                       (CUDA, HIP) contradict the records
//   leak                at exit (detect_leaks=1): live allocations, grouped
//                       by allocation stack
//
// Argument positions and deallocators come from catalog/usm_apis.def, copy
// kinds from catalog/usm_selectors.def: no API is named here. After a
// finding the guard stops (halt_on_error=1, the default) or skips the faulty
// call and goes on.
//
//===----------------------------------------------------------------------===//
#include "Guard.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

namespace usm {
namespace rt {

namespace {

// Built under lockReports(): the finding and its titles are static.
ApiFinding TheFinding;
char Titles[3][256];
FreedRecord TheFreed;

[[noreturn]] void halt() {
  if (Opts.abort_on_error)
    abort();
  _exit(Opts.exitcode);
}

/// Reports \p F (under the report lock, already held); returns whether the
/// call may go ahead: true when a suppression matched or the finding is a
/// warning, false otherwise (the guard stops, or skips the call with
/// halt_on_error=0).
bool finish(ApiFinding &F) {
  bool Halting = Opts.halt_on_error && !F.Warning;
  bool Reported = reportApiFinding(F, Halting);
  if (Reported && Halting)
    halt();
  unlockReports();
  return !Reported || F.Warning;
}

const char *title(int I, std::string_view What, int ThreadIdx, int Tid) {
  Out(Titles[I], sizeof Titles[I])
      .s(What)
      .s(" by thread T")
      .d(ThreadIdx)
      .s(" (tid ")
      .d(Tid)
      .s(") here:");
  return Titles[I];
}

/// Starts a finding with the calling stack as its first stack.
ApiFinding &begin(const char *Type, const Api *Call,
                  std::uintptr_t *CallPcs) {
  int N = captureStack(CallPcs, MaxFrames);
  lockReports();
  ApiFinding &F = TheFinding;
  F = ApiFinding();
  F.Type = Type;
  char What[160];
  Out(What, sizeof What).s(Call->Name).s(" called");
  F.Stacks[0] = {title(0, What, threadIndex(), threadTid()), CallPcs, N};
  F.NumStacks = 1;
  return F;
}

void addAllocStack(ApiFinding &F, const Record &R, const char *What) {
  int I = F.NumStacks++;
  F.Stacks[I] = {title(I, What, R.ThreadIdx, R.Tid), R.Pcs, R.NumPcs};
  F.AllocStack = I;
  F.Alloc = &R;
}

void region(Out O, std::uintptr_t Addr, const Record &R) {
  O.hex(Addr).s(" is located ");
  if (Addr >= R.Base + R.Size && R.Size)
    O.u(Addr - R.Base - R.Size).s(" bytes past the end of the ");
  else
    O.u(Addr - R.Base).s(" bytes inside of the ");
  O.u(R.Size)
      .s("-byte region [")
      .hex(R.Base)
      .c(',')
      .hex(R.Base + R.Size)
      .s(")\n");
}

/// "a or b or c" from the catalog's "a|b|c".
void orList(Out &O, std::string_view List) {
  for (char C : List)
    C == '|' ? O.s(" or ") : O.c(C);
}

std::string_view firstOf(std::string_view List) {
  return List.substr(0, List.find('|'));
}

/// Every allocator whose memory \p F frees has a fixed kind (no allocator
/// handle deciding at run time), so the guard records all of it: a pointer
/// it never saw is not from those allocators.
bool ownsEveryAllocation(const Api *F) {
  bool Any = false;
  for (const Api &A : apis()) {
    if (A.R != Role::Alloc || A.M != F->M || !A.isFreedBy(F->Name))
      continue;
    if (A.K == Kind::ByArg)
      return false;
    Any = true;
  }
  return Any;
}

using InitialDeviceFn = int (*)();
int initialDevice() {
  static std::atomic<InitialDeviceFn> Fn{nullptr};
  InitialDeviceFn F = Fn.load(std::memory_order_relaxed);
  if (!F) {
    F = reinterpret_cast<InitialDeviceFn>(
        dlsym(RTLD_DEFAULT, "omp_get_initial_device"));
    Fn.store(F, std::memory_order_relaxed);
  }
  return F ? F() : -2;
}
/// OpenMP 5.2's omp_initial_device (-1) and the runtime's number for the
/// host name the same device.
bool isHost(std::intptr_t Dev) { return Dev == -1 || Dev == initialDevice(); }
bool sameDevice(std::intptr_t A, std::intptr_t B) {
  return A == B || (isHost(A) && isHost(B));
}
void deviceName(Out &O, std::intptr_t Dev) {
  O.d(Dev);
  if (isHost(Dev))
    O.s(" (the initial device: the host)");
}

} // namespace

//===-- frees
//------------------------------------------------------------------===//

bool checkFree(const Api *F, const std::uintptr_t *Args) {
  if (!F || F->Ptr < 0 || !initialized())
    return true;
  std::uintptr_t P = Args[F->Ptr];
  if (!P)
    return true;
  static __thread std::uintptr_t CallPcs[MaxFrames]
      __attribute__((tls_model("initial-exec")));
  static Record R; // used under the report lock only once a finding starts
  Record Live;
  if (recordGet(P, Live)) {
    bool Mismatch = Live.Alloc && !Live.Alloc->Dealloc.empty() &&
                    !Live.Alloc->isFreedBy(F->Name);
    bool WrongDev = !Mismatch && F->Dev >= 0 && F->M == Model::OpenMP &&
                    Live.Alloc && Live.Alloc->M == Model::OpenMP &&
                    !Live.DeviceIsHandle && Live.Device >= 0 &&
                    !sameDevice(static_cast<int>(Args[F->Dev]), Live.Device);
    if (!Mismatch && !WrongDev)
      return true;
    ApiFinding &A = begin("free-mismatch", F, CallPcs);
    R = Live;
    Out H(A.Headline, sizeof A.Headline);
    H.s(F->Name).s(" of ").hex(P).s(", a ").u(R.Size).c('-').s("byte ");
    H.s(name(R.K)).s(" allocation made by ").s(R.Alloc->Name);
    Out W(A.Why, sizeof A.Why), X(A.Fix, sizeof A.Fix);
    if (Mismatch) {
      H.s(", which ").s(F->Name).s(" does not free");
      W.s("memory from ").s(R.Alloc->Name).s(" is released only by ");
      orList(W, R.Alloc->Dealloc);
      W.s("; another deallocator may treat it as another kind of memory, "
          "fail, or abort the program inside the runtime.");
      X.s("free it with ").s(firstOf(R.Alloc->Dealloc)).s(" instead of ").s(
          F->Name);
      if (F->Dev >= 0 && R.Device >= 0 && !R.DeviceIsHandle)
        X.s(" (device ").d(R.Device).c(')');
      X.c('.');
    } else {
      H.s(": freed on device ");
      deviceName(H, static_cast<int>(Args[F->Dev]));
      H.s(", allocated on device ");
      deviceName(H, R.Device);
      W.s("memory is freed on the device it was allocated on; the runtime "
          "looks the pointer up on the device given, where it is not an "
          "allocation: the free fails, frees nothing or aborts.");
      X.s("pass device ").d(R.Device).s(" to ").s(F->Name).c('.');
    }
    region(Out(A.Region, sizeof A.Region), P, R);
    addAllocStack(A, R, "allocated");
    A.Outcome = "halt_on_error=0: the guard did not perform this free; the "
                "memory stays allocated (and recorded).";
    return finish(A);
  }
  if (recordFind(P, Live)) { // inside an allocation, not its start
    ApiFinding &A = begin("bad-free", F, CallPcs);
    R = Live;
    Out(A.Headline, sizeof A.Headline)
        .s(F->Name)
        .s(" of ")
        .hex(P)
        .s(", ")
        .u(P - R.Base)
        .s(" bytes inside a ")
        .u(R.Size)
        .s("-byte ")
        .s(name(R.K))
        .s(" allocation: not the address its allocator returned");
    region(Out(A.Region, sizeof A.Region), P, R);
    addAllocStack(A, R, "allocated");
    Out(A.Why, sizeof A.Why)
        .s("a free takes the address the allocator returned; an address "
           "inside the allocation is not an allocation to the runtime.");
    Out(A.Fix, sizeof A.Fix)
        .s("free ")
        .hex(R.Base)
        .s(", the pointer ")
        .s(R.Alloc ? R.Alloc->Name : std::string_view("the allocator"))
        .s(" returned.");
    A.Outcome = "halt_on_error=0: the guard did not perform this free.";
    return finish(A);
  }
  if (freedFind(P, TheFreed)) {
    ApiFinding &A = begin("double-free", F, CallPcs);
    const FreedRecord &Fr = TheFreed;
    Out(A.Headline, sizeof A.Headline)
        .s(F->Name)
        .s(" of ")
        .hex(P)
        .s(", a ")
        .u(Fr.R.Size)
        .s("-byte ")
        .s(name(Fr.R.K))
        .s(" allocation freed before");
    region(Out(A.Region, sizeof A.Region), P, Fr.R);
    char What[160];
    Out(What, sizeof What)
        .s("freed by ")
        .s(Fr.Free ? Fr.Free->Name : std::string_view("a free"));
    A.Stacks[1] = {nullptr, Fr.Pcs, Fr.NumPcs};
    Out(Titles[1], sizeof Titles[1])
        .s(What)
        .s(" in thread T")
        .d(Fr.ThreadIdx)
        .s(" (tid ")
        .d(Fr.Tid)
        .s(") here:");
    A.Stacks[1].Title = Titles[1];
    A.NumStacks = 2;
    addAllocStack(A, Fr.R, "previously allocated");
    Out(A.Why, sizeof A.Why)
        .s("the allocation was already freed (second stack); freeing it "
           "again may release memory the runtime has since handed to "
           "another allocation, or abort inside the runtime.");
    Out(A.Fix, sizeof A.Fix)
        .s("free each allocation once; clear the pointer after freeing it "
           "so that a second path does not free it again.");
    A.Outcome = "halt_on_error=0: the guard did not perform this free.";
    return finish(A);
  }
  // No record: fine when the free's allocators are not all recorded (an
  // allocator handle decides the kind), when records were dropped, or when
  // the CUDA driver knows the address (an allocator the guard does not
  // interpose).
  if (!ownsEveryAllocation(F) ||
      TheStats.Dropped.load(std::memory_order_relaxed))
    return true;
  Kind DK;
  if (F->M == Model::CUDA && cudaDriverKind(P, &DK) == 1)
    return true;
  ApiFinding &A = begin("bad-free", F, CallPcs);
  Out(A.Headline, sizeof A.Headline)
      .s(F->Name)
      .s(" of ")
      .hex(P)
      .s(", which is not memory this process allocated with a ")
      .s(name(F->M))
      .s(" allocator");
  Out W(A.Why, sizeof A.Why);
  W.s("the guard records every allocation that ").s(F->Name).s(" frees (");
  bool First = true;
  for (const Api &Al : apis())
    if (Al.R == Role::Alloc && Al.M == F->M && Al.isFreedBy(F->Name)) {
      W.s(First ? "" : ", ").s(Al.Name);
      First = false;
    }
  W.s("); none starts at this address and none was freed there in the last "
      "1,024 frees: it is host memory (malloc, the stack, a global), memory "
      "of another model, or freed long before.");
  Out(A.Fix, sizeof A.Fix)
      .s("free only what those allocators returned, with the deallocator "
         "that matches the allocator; release other memory with its own "
         "deallocator.");
  A.Outcome = "halt_on_error=0: the guard did not perform this free.";
  TheStats.FreeUnknown.fetch_add(1, std::memory_order_relaxed);
  return finish(A);
}

//===-- copies and fills
//-------------------------------------------------------===//

namespace {
struct Side {
  const char *Name; ///< "destination" / "source"
  Span S;
  int DevIdx;
  bool Have = false;
  Record R;
};
Side Sides[2]; // under the report lock once a finding starts
} // namespace

bool checkCopy(const Api *A, const std::uintptr_t *Args, Span Dst, Span Src) {
  if (!A || !initialized())
    return true;
  static __thread std::uintptr_t CallPcs[MaxFrames]
      __attribute__((tls_model("initial-exec")));
  Side L[2];
  L[0].Name = "destination";
  L[0].S = Dst;
  L[0].DevIdx = A->Dev;
  L[1].Name = "source";
  L[1].S = Src;
  L[1].DevIdx = A->SrcDev;
  for (Side &Sd : L)
    Sd.Have = Sd.S.Ptr && recordFind(Sd.S.Ptr, Sd.R);
  if (!L[0].Have && !L[1].Have)
    return true;

  // 1. ranges
  for (Side &Sd : L) {
    if (!Sd.Have || !Sd.R.Size)
      continue;
    std::uintptr_t Start = Sd.S.Ptr + Sd.S.Off, End = Start + Sd.S.Bytes;
    if (Start >= Sd.R.Base && End <= Sd.R.Base + Sd.R.Size && End >= Start)
      continue;
    ApiFinding &F = begin("copy-out-of-bounds", A, CallPcs);
    Side &S = Sides[0];
    S = Sd;
    Out H(F.Headline, sizeof F.Headline);
    H.s(A->Name)
        .c(' ')
        .s(A->R == Role::Fill ? "fills" : "copies")
        .c(' ')
        .u(S.S.Bytes)
        .s(" bytes ")
        .s(&Sd == &L[0] ? "to" : "from")
        .s(" [")
        .hex(Start)
        .c(',')
        .hex(End)
        .s(") (")
        .s(S.Name);
    if (S.S.Off)
      H.s(" + offset ").u(S.S.Off);
    H.s("), ");
    if (End > S.R.Base + S.R.Size)
      H.u(End - S.R.Base - S.R.Size).s(" bytes past the end of a ");
    else
      H.u(S.R.Base - Start).s(" bytes before the start of a ");
    H.u(S.R.Size).s("-byte ").s(name(S.R.K)).s(" allocation");
    region(Out(F.Region, sizeof F.Region), Start, S.R);
    addAllocStack(F, S.R, "allocated");
    Out(F.Why, sizeof F.Why)
        .s("a copy must stay inside the allocations it writes and reads; "
           "the bytes outside belong to other memory or to none, which the "
           "copy corrupts or faults on.");
    Out X(F.Fix, sizeof F.Fix);
    if (Start >= S.R.Base && Start < S.R.Base + S.R.Size)
      X.s("copy at most ")
          .u(S.R.Base + S.R.Size - Start)
          .s(" bytes at this ")
          .s(S.Name)
          .s(" offset, or allocate ")
          .u(End - S.R.Base)
          .s(" bytes.");
    else
      X.s("check the ").s(S.Name).s(" offset: the allocation is ").u(S.R.Size).s(
          " bytes.");
    F.Outcome = "halt_on_error=0: the guard did not perform this copy; the "
                "call returned an error.";
    return finish(F);
  }

  // 2. OpenMP device numbers against the devices of recorded device memory
  if (A->M == Model::OpenMP) {
    std::intptr_t Want[2], Given[2];
    bool Bad[2] = {false, false};
    for (int I = 0; I < 2; ++I) {
      Side &Sd = L[I];
      Given[I] = Want[I] =
          Sd.DevIdx >= 0 ? static_cast<int>(Args[Sd.DevIdx]) : -1;
      if (Sd.DevIdx < 0 || !Sd.Have || Sd.R.K != Kind::Device ||
          Sd.R.DeviceIsHandle || Sd.R.Device < 0 ||
          !Sd.R.Alloc || Sd.R.Alloc->M != Model::OpenMP)
        continue;
      if (!sameDevice(Given[I], Sd.R.Device)) {
        Bad[I] = true;
        Want[I] = Sd.R.Device;
      }
    }
    if (Bad[0] || Bad[1]) {
      int I = Bad[0] ? 0 : 1;
      // The other pointer unrecorded and given this allocation's device:
      // the two device arguments are swapped.
      bool Swapped = !Bad[1 - I] && !L[1 - I].Have && L[1 - I].DevIdx >= 0 &&
                     Given[1 - I] == L[I].R.Device;
      if (Swapped)
        Want[1 - I] = Given[I];
      ApiFinding &F = begin("copy-direction", A, CallPcs);
      Sides[0] = L[I];
      Side &S = Sides[0];
      Out H(F.Headline, sizeof F.Headline);
      H.s(A->Name).s(" with ").s(S.Name).s(" device ");
      deviceName(H, Given[I]);
      H.s(", but the ")
          .s(S.Name)
          .c(' ')
          .hex(S.S.Ptr)
          .s(" is device memory of device ")
          .d(S.R.Device);
      if (Bad[0] && Bad[1])
        H.s(" (and the source's device is wrong too)");
      else if (Swapped)
        H.s(" (the two device arguments look swapped)");
      region(Out(F.Region, sizeof F.Region), S.S.Ptr, S.R);
      addAllocStack(F, S.R, "allocated");
      Out(F.Why, sizeof F.Why)
          .s("the device arguments say where each pointer lives, the "
             "destination's first; with a wrong one the runtime reads or "
             "writes the address as memory of that device: it copies from "
             "or into the wrong memory, fails, or faults.");
      Out X(F.Fix, sizeof F.Fix);
      X.s("destination device ");
      deviceName(X, Want[0]);
      X.s(", source device ");
      deviceName(X, Want[1]);
      X.s(" (the devices the records give; other arguments unchanged).");
      F.Outcome = "halt_on_error=0: the guard did not perform this copy; the "
                  "call returned an error.";
      return finish(F);
    }
  }

  // 3. CUDA/HIP copy kinds against the records
  if (A->DirArg >= 0) {
    int Value = static_cast<int>(Args[A->DirArg]);
    const Direction *D = findDirectionByValue(A->M, Value);
    if (!D || D->D == Dir::Any)
      return true;
    bool HostSide[2] = {D->D == Dir::HostToHost || D->D == Dir::DeviceToHost,
                        D->D == Dir::HostToHost || D->D == Dir::HostToDevice};
    int Bad = -1;
    for (int I = 0; I < 2 && Bad < 0; ++I)
      if (L[I].Have && L[I].R.K == Kind::Device && HostSide[I])
        Bad = I;
    if (Bad < 0)
      return true;
    ApiFinding &F = begin("copy-direction", A, CallPcs);
    Sides[0] = L[Bad];
    Side &S = Sides[0];
    // Unrecorded memory is host memory unless the driver says otherwise:
    // the guard records every allocation made through the runtime.
    bool DevSide[2];
    for (int I = 0; I < 2; ++I) {
      Kind DK = Kind::Host;
      DevSide[I] = L[I].Have ? L[I].R.K == Kind::Device
                             : L[I].S.Ptr && cudaDriverKind(L[I].S.Ptr, &DK) == 1 &&
                                   DK == Kind::Device;
    }
    Dir Right = DevSide[1] ? (DevSide[0] ? Dir::DeviceToDevice
                                         : Dir::DeviceToHost)
                           : (DevSide[0] ? Dir::HostToDevice
                                         : Dir::HostToHost);
    Out(F.Headline, sizeof F.Headline)
        .s(A->Name)
        .s(" with kind ")
        .s(D->Name)
        .s(" (")
        .d(Value)
        .s("), but the ")
        .s(S.Name)
        .c(' ')
        .hex(S.S.Ptr)
        .s(" is device memory");
    region(Out(F.Region, sizeof F.Region), S.S.Ptr, S.R);
    addAllocStack(F, S.R, "allocated");
    Out(F.Why, sizeof F.Why)
        .s("the copy kind says which side is host memory; ")
        .s(D->Name)
        .s(" makes the ")
        .s(S.Name)
        .s(" a host address, so the copy reads or writes the wrong memory "
           "or fails.");
    Out X(F.Fix, sizeof F.Fix);
    const Direction *RD = findDirectionByDir(A->M, Right);
    const Direction *Def = findDirectionByDir(A->M, Dir::Any);
    X.s("use ").s(RD ? RD->Name : name(Right));
    if (Def)
      X.s(" (or ").s(Def->Name).s(", which takes the direction from the "
                                 "pointers under unified addressing)");
    X.c('.');
    F.Outcome = "halt_on_error=0: the guard did not perform this copy; the "
                "call returned an error.";
    return finish(F);
  }
  return true;
}

//===-- leaks at exit
//----------------------------------------------------------===//

namespace {
constexpr int MaxGroups = 256;
struct Group {
  Record R;
  std::uint64_t Bytes, Count;
};
Group Groups[MaxGroups];
int NumGroups;
std::uint64_t OtherBytes, OtherCount;

bool sameStack(const Record &A, const Record &B) {
  if (A.Alloc != B.Alloc || A.NumPcs != B.NumPcs || A.K != B.K)
    return false;
  for (int I = 0; I < A.NumPcs; ++I)
    if (A.Pcs[I] != B.Pcs[I])
      return false;
  return true;
}

void collect(const Record &R, void *) {
  for (int I = 0; I < NumGroups; ++I)
    if (sameStack(Groups[I].R, R)) {
      Groups[I].Bytes += R.Size;
      ++Groups[I].Count;
      return;
    }
  if (NumGroups == MaxGroups) {
    OtherBytes += R.Size;
    ++OtherCount;
    return;
  }
  Groups[NumGroups++] = {R, R.Size, 1};
}
} // namespace

bool reportLeaks() {
  NumGroups = 0;
  recordsForEach(collect, nullptr);
  if (!NumGroups)
    return false;
  // Largest first, as LeakSanitizer orders them.
  for (int I = 1; I < NumGroups; ++I)
    for (int J = I; J > 0 && Groups[J].Bytes > Groups[J - 1].Bytes; --J) {
      static Group T;
      T = Groups[J];
      Groups[J] = Groups[J - 1];
      Groups[J - 1] = T;
    }
  lockReports();
  bool Header = false;
  std::uint64_t Bytes = 0, Count = 0;
  for (int I = 0; I < NumGroups; ++I)
    if (reportLeakGroup(Groups[I].R, Groups[I].Bytes, Groups[I].Count,
                        Header)) {
      Bytes += Groups[I].Bytes;
      Count += Groups[I].Count;
    }
  if (Header) {
    Bytes += OtherBytes;
    Count += OtherCount;
    reportLeakSummary(
        Bytes, Count,
        "these USM allocations were still live when the program exited; "
        "device and pinned memory stays held until the process ends, so a "
        "program or library that allocates per call or per iteration runs "
        "out of it.",
        "free each allocation, on every path out of the code that owns it, "
        "with the deallocator named under its stack.");
  }
  unlockReports();
  return Header;
}

} // namespace rt
} // namespace usm
