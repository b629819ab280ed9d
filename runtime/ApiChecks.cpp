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
//   device-access-pageable
//                       a kernel handed a pointer to pageable host memory:
//                       at an OpenMP launch under --emulate (where the kernel
//                       cannot fault), and after a CUDA illegal-address error
//                       (which launch argument the device could not reach)
//
// Argument positions and deallocators come from catalog/usm_apis.def, copy
// kinds from catalog/usm_selectors.def: no API is named here. After a
// finding the guard stops (halt_on_error=1, the default) or skips the faulty
// call and goes on.
//
//===----------------------------------------------------------------------===//
#include "Guard.h"
#include "KernelArgs.h"

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
ApiFinding &begin(const char *Type, const Api *Call, std::uintptr_t *CallPcs) {
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
      X.s("free it with ")
          .s(firstOf(R.Alloc->Dealloc))
          .s(" instead of ")
          .s(F->Name);
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
      X.s("check the ")
          .s(S.Name)
          .s(" offset: the allocation is ")
          .u(S.R.Size)
          .s(" bytes.");
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
          Sd.R.DeviceIsHandle || Sd.R.Device < 0 || !Sd.R.Alloc ||
          Sd.R.Alloc->M != Model::OpenMP)
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
      DevSide[I] = L[I].Have
                       ? L[I].R.K == Kind::Device
                       : L[I].S.Ptr && cudaDriverKind(L[I].S.Ptr, &DK) == 1 &&
                             DK == Kind::Device;
    }
    Dir Right = DevSide[1]
                    ? (DevSide[0] ? Dir::DeviceToDevice : Dir::DeviceToHost)
                    : (DevSide[0] ? Dir::HostToDevice : Dir::HostToHost);
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

//===-- pointers handed to kernels
//--------------------------------------------===//

namespace {
/// Whether \p V lies in a mapped page of this process (mincore fails with
/// ENOMEM otherwise): a value that is no address is not a pointer.
bool hostMapped(std::uintptr_t V) {
  unsigned char Vec;
  return mincore(reinterpret_cast<void *>(V & ~std::uintptr_t(4095)), 1,
                 &Vec) == 0;
}

/// Where host memory at \p V lives, as far as the loader knows.
void whereIs(Out &O, std::uintptr_t V) {
  char Path[512];
  std::uintptr_t Base = 0;
  if (moduleOf(V, Path, sizeof Path, &Base))
    O.s("a global or static variable of ").s(Path);
  else
    O.s("the heap, a stack or an mmap");
}

/// "allocate it with X (device) or Y (shared)" for model \p M, from the
/// catalog: the first device allocator whose family has a shared member.
void allocatorAdvice(Out &O, Model M) {
  for (const Api &A : apis())
    if (A.M == M && A.R == Role::Alloc && A.K == Kind::Device)
      if (const Api *Sh = familyMember(A, Kind::Shared)) {
        O.s(A.Name).s(" (device memory) or ").s(Sh->Name).s(" (shared memory)");
        return;
      }
  O.s("a device or shared allocator");
}

constexpr std::int64_t MapTargetParam = 0x20, MapLiteral = 0x100;
constexpr std::int64_t MapPrivate = 0x80;

struct Mapping {
  std::uintptr_t Host, Dev, Size;
};
constexpr int MaxMappings = 1024;
Mapping Mappings[MaxMappings];
int NumMappings;
std::atomic<int> MapLock{0};
void lockMaps() {
  while (MapLock.exchange(1, std::memory_order_acquire))
    ;
}
void unlockMaps() { MapLock.store(0, std::memory_order_release); }

bool inMapping(std::uintptr_t V) {
  lockMaps();
  bool In = false;
  for (int I = 0; I < NumMappings && !In; ++I)
    In = V >= Mappings[I].Dev &&
         V < Mappings[I].Dev + (Mappings[I].Size ? Mappings[I].Size : 1);
  unlockMaps();
  return In;
}

using MappedPtrFn = void *(*)(const void *, int);
using IsPresentFn = int (*)(const void *, int);

/// "p (declared at file.c:5:11)" from clang's ";p;file.c;5;11;;".
void argName(Out &O, const void *Name) {
  const char *S = static_cast<const char *>(Name);
  if (!S || S[0] != ';') {
    O.s("(no name: built without -g)");
    return;
  }
  const char *F[5] = {};
  int N = 0;
  for (const char *P = S; *P && N < 5; ++P)
    if (*P == ';')
      F[N++] = P + 1;
  auto Field = [&](int I) {
    const char *E = I + 1 < N ? F[I + 1] - 1 : F[I] + std::strlen(F[I]);
    return std::string_view(F[I], std::size_t(E - F[I]));
  };
  if (N < 4) {
    O.s(S);
    return;
  }
  O.c('\'').s(Field(0)).s("' (declared at ").s(Field(1)).c(':').s(Field(2));
  if (N >= 5)
    O.c(':').s(Field(3));
  O.c(')');
}
} // namespace

void noteMappings(std::int64_t Dev, std::int32_t N, void *const *Ptrs,
                  const std::int64_t *Sizes, const std::int64_t *Types,
                  bool End) {
  if (!Opts.emulate || !Ptrs || !Sizes || !Types || N <= 0)
    return;
  static auto Mapped =
      reinterpret_cast<MappedPtrFn>(dlsym(RTLD_DEFAULT, "omp_get_mapped_ptr"));
  static auto Present = reinterpret_cast<IsPresentFn>(
      dlsym(RTLD_DEFAULT, "omp_target_is_present"));
  static auto Default = reinterpret_cast<int (*)()>(
      dlsym(RTLD_DEFAULT, "omp_get_default_device"));
  if (!Mapped || !Present || !Default)
    return;
  if (Dev < 0) // OFFLOAD_DEVICE_DEFAULT: the runtime's default device
    Dev = Default();
  for (int I = 0; I < N; ++I) {
    if ((Types[I] & (MapLiteral | MapPrivate)) || !Ptrs[I])
      continue;
    std::uintptr_t H = reinterpret_cast<std::uintptr_t>(Ptrs[I]);
    if (End) {
      if (Present(Ptrs[I], int(Dev)))
        continue;
      lockMaps();
      for (int K = 0; K < NumMappings; ++K)
        if (Mappings[K].Host == H)
          Mappings[K--] = Mappings[--NumMappings];
      unlockMaps();
      continue;
    }
    auto D = reinterpret_cast<std::uintptr_t>(Mapped(Ptrs[I], int(Dev)));
    if (!D || D == H)
      continue;
    lockMaps();
    int K = 0;
    while (K < NumMappings && Mappings[K].Host != H)
      ++K;
    if (K < MaxMappings) {
      Mappings[K] = {H, D, std::uintptr_t(Sizes[I] > 0 ? Sizes[I] : 0)};
      NumMappings += K == NumMappings;
    }
    unlockMaps();
  }
}

bool checkKernelArgs(std::int32_t NumArgs, void *const *Ptrs,
                     const std::int64_t *Sizes, const std::int64_t *Types,
                     void *const *Names) {
  if (!Opts.emulate || !initialized() || !Ptrs || !Sizes || !Types ||
      NumArgs <= 0)
    return true;
  int Bad[8], NB = 0;
  for (int I = 0; I < NumArgs && NB < 8; ++I) {
    if (Types[I] != (MapTargetParam | MapLiteral) || Sizes[I] != 8)
      continue;
    auto V = reinterpret_cast<std::uintptr_t>(Ptrs[I]);
    // Cheapest first: the emulated pool's range, the record starting at V
    // (a hash lookup: what a kernel usually gets), the records' scan, the
    // runtime's mappings, and the mincore syscall only for what is left.
    Record R;
    if (V < 65536 || emuOwns(V) || recordGet(V, R) || recordFind(V, R) ||
        inMapping(V) || !hostMapped(V))
      continue;
    Bad[NB++] = I;
  }
  if (!NB)
    return true;
  static __thread std::uintptr_t CallPcs[MaxFrames]
      __attribute__((tls_model("initial-exec")));
  int N = captureStack(CallPcs, MaxFrames);
  lockReports();
  ApiFinding &F = TheFinding;
  F = ApiFinding();
  F.Type = "device-access-pageable";
  F.Warning = requiresUnifiedSharedMemory() && !Opts.warnings_as_errors;
  F.Stacks[0] = {title(0, "kernel launched", threadIndex(), threadTid()),
                 CallPcs, N};
  F.NumStacks = 1;
  Out H(F.Headline, sizeof F.Headline);
  H.s("kernel argument ");
  argName(H, Names ? Names[Bad[0]] : nullptr);
  H.s(" = ")
      .hex(reinterpret_cast<std::uintptr_t>(Ptrs[Bad[0]]))
      .s(" is a pointer to host memory that no USM allocation contains");
  if (NB > 1)
    H.s(" (and ").d(NB - 1).s(" more argument").s(NB > 2 ? "s)" : ")");
  Out Rg(F.Region, sizeof F.Region);
  for (int K = 0; K < NB; ++K) {
    auto V = reinterpret_cast<std::uintptr_t>(Ptrs[Bad[K]]);
    Rg.s("  argument ").d(Bad[K]).c(' ');
    argName(Rg, Names ? Names[Bad[K]] : nullptr);
    Rg.s(" = ").hex(V).s(", passed by value (is_device_ptr, "
                         "has_device_addr or firstprivate): in ");
    whereIs(Rg, V);
    Rg.c('\n');
  }
  Out W(F.Why, sizeof F.Why);
  W.s("the kernel receives this address unchanged and dereferences it on "
      "the device; on a GPU without unified memory, pageable host memory "
      "(malloc, new, the stack, globals) is not accessible there and the "
      "kernel faults (an illegal address on CUDA). This CPU-only run "
      "executes the kernel on the host, where it cannot fault, so the guard "
      "checks the pointers at the launch: none of them is in a USM "
      "allocation, an emulated device page or a device copy the OpenMP "
      "runtime made for a map clause.");
  if (F.Warning)
    W.s(" The program declares `#pragma omp requires "
        "unified_shared_memory`: legal on systems with unified memory, so a "
        "warning (warnings_as_errors=1 makes it an error).");
  Out X(F.Fix, sizeof F.Fix);
  X.s("allocate it with ");
  allocatorAdvice(X, Model::OpenMP);
  X.s(", or map it (map(tofrom: ptr[0:n])) instead of passing the raw "
      "pointer.");
  F.Outcome = "halt_on_error=0: the kernel runs (on the host it can reach "
              "this memory).";
  bool Go = finish(F);
  (void)Go;
  return true; // continuing: the emulated kernel can run
}

//===-- CUDA: the kernel arguments behind an illegal-address error
//-------------===//

namespace {
constexpr int MaxLaunches = 8, MaxKArgs = 16, LaunchFrames = 16;
struct Launch {
  const void *Func;
  std::uintptr_t Stub; ///< host-side launch stub, 0 when unknown
  const char *Name;    ///< the driver's (mangled) kernel name, or null
  int ThreadIdx, Tid, NumPcs, NumArgs;
  std::uintptr_t Pcs[LaunchFrames];
  kargs::Slot Slots[MaxKArgs];
  std::uintptr_t Vals[MaxKArgs];
};
Launch Launches[MaxLaunches];
int LaunchNext, LaunchCount;
std::uint64_t LaunchesSeen, LaunchesKept;
std::atomic<int> LaunchLock{0};

struct FuncParams {
  const void *Func;
  std::uintptr_t Stub;
  const char *Name;
  int N; ///< -1: unknown (no parameter information from the driver)
  kargs::Slot Slots[MaxKArgs];
};
constexpr int MaxFuncs = 128;
FuncParams Funcs[MaxFuncs];
int NumFuncs;

/// Kernel handles the program got from __cudaGetKernel (CUDA 13's launch
/// stubs) and the stub each belongs to: a handle is what __cudaLaunchKernel
/// receives, not the stub.
struct KernelHandle {
  const void *Handle, *Stub;
};
KernelHandle Handles[MaxFuncs];
int NumHandles;

using GetFuncBySymbolFn = int (*)(void **, const void *);
using GetKernelFn = int (*)(void **, const void *);
using ParamInfoFn = int (*)(void *, std::size_t, std::size_t *, std::size_t *);
using GetNameFn = int (*)(const char **, void *);
using KernelGetFunctionFn = int (*)(void **, void *);
using CtxGetDeviceFn = int (*)(int *);
using DeviceGetAttributeFn = int (*)(int *, int, int);

void *cudaSym(const char *Name) {
  if (void *P = dlsym(RTLD_DEFAULT, Name))
    return P;
  void *H = dlopen("libcuda.so.1", RTLD_NOLOAD | RTLD_LAZY);
  if (!H)
    return nullptr;
  void *P = dlsym(H, Name);
  dlclose(H);
  return P;
}

/// verbosity=2: "==PID==usmcheck: kernel-args: ..." lines, built in a
/// per-thread buffer.
__thread char VLine[768] __attribute__((tls_model("initial-exec")));
Out vline() {
  Out O(VLine, sizeof VLine);
  O.s("kernel-args: ");
  return O;
}
void vlog(const Out &O) { logLine(O.B); }

struct DriverFns {
  GetFuncBySymbolFn BySym = nullptr;
  GetKernelFn GetKernel = nullptr;
  ParamInfoFn FuncInfo = nullptr, KernelInfo = nullptr;
  GetNameFn FuncName = nullptr, KernelName = nullptr;
  KernelGetFunctionFn KernelFunc = nullptr;
  bool Logged = false;
};
DriverFns Fns;

void resolveLaunchFns() {
  if (!Fns.BySym)
    Fns.BySym = reinterpret_cast<GetFuncBySymbolFn>(
        dlsym(RTLD_DEFAULT, "cudaGetFuncBySymbol"));
  if (!Fns.GetKernel)
    Fns.GetKernel = reinterpret_cast<GetKernelFn>(
        dlsym(RTLD_NEXT, "cudaGetKernel")); // the guard interposes it
  if (!Fns.FuncInfo)
    Fns.FuncInfo = reinterpret_cast<ParamInfoFn>(cudaSym("cuFuncGetParamInfo"));
  if (!Fns.KernelInfo)
    Fns.KernelInfo =
        reinterpret_cast<ParamInfoFn>(cudaSym("cuKernelGetParamInfo"));
  if (!Fns.FuncName)
    Fns.FuncName = reinterpret_cast<GetNameFn>(cudaSym("cuFuncGetName"));
  if (!Fns.KernelName)
    Fns.KernelName = reinterpret_cast<GetNameFn>(cudaSym("cuKernelGetName"));
  if (!Fns.KernelFunc)
    Fns.KernelFunc =
        reinterpret_cast<KernelGetFunctionFn>(cudaSym("cuKernelGetFunction"));
  if (Opts.verbosity >= 2 && !Fns.Logged) {
    Fns.Logged = true;
    Out O = vline();
    O.s("functions found: cudaGetFuncBySymbol=")
        .s(Fns.BySym ? "yes" : "no")
        .s(" cudaGetKernel=")
        .s(Fns.GetKernel ? "yes" : "no")
        .s(" cuFuncGetParamInfo=")
        .s(Fns.FuncInfo ? "yes" : "no")
        .s(" cuKernelGetParamInfo=")
        .s(Fns.KernelInfo ? "yes" : "no")
        .s(" cuKernelGetFunction=")
        .s(Fns.KernelFunc ? "yes" : "no")
        .s(" cuKernelGetName=")
        .s(Fns.KernelName ? "yes" : "no");
    vlog(O);
  }
}

const void *stubOfHandle(const void *H) {
  for (int I = 0; I < NumHandles; ++I)
    if (Handles[I].Handle == H)
      return Handles[I].Stub;
  return nullptr;
}

/// Fills \p P's slots from a parameter-info function; logs the outcome.
bool slotsFrom(FuncParams &P, ParamInfoFn Info, void *Obj, const char *How) {
  int Params = 0, FirstRc = 0;
  int N = kargs::pointerSlots(
      [&](std::size_t I, std::size_t *Off, std::size_t *Size) {
        return Info(Obj, I, Off, Size);
      },
      P.Slots, MaxKArgs, Params, FirstRc);
  if (Opts.verbosity >= 2) {
    Out O = vline();
    O.s(How).s("(").hex(reinterpret_cast<std::uintptr_t>(Obj)).s("): ");
    if (FirstRc)
      O.s("failed, CUresult ").d(FirstRc);
    else
      O.d(Params).s(" parameters, ").d(N).s(" 8-byte slots kept");
    vlog(O);
  }
  // A kernel without parameters answers the first query with an error too;
  // then there is nothing to keep, which is right either way.
  if (FirstRc && !Params)
    return false;
  P.N = N;
  return true;
}

/// The 8-byte argument slots of \p Func (cached; called under LaunchLock,
/// after the launch, when the runtime has made its context current).
/// \p ByHandle: the launch passed a kernel handle (__cudaLaunchKernel).
const FuncParams *paramsOf(const void *Func, bool ByHandle) {
  for (int I = 0; I < NumFuncs; ++I)
    if (Funcs[I].Func == Func)
      return &Funcs[I];
  if (NumFuncs == MaxFuncs) {
    if (Opts.verbosity >= 2) {
      Out O = vline();
      O.s("more than ")
          .d(MaxFuncs)
          .s(" kernels: launch of ")
          .hex(reinterpret_cast<std::uintptr_t>(Func))
          .s(" not kept");
      vlog(O);
    }
    return nullptr;
  }
  resolveLaunchFns();
  FuncParams &P = Funcs[NumFuncs++];
  P.Func = Func;
  P.N = -1;
  P.Name = nullptr;
  const void *Stub = stubOfHandle(Func);
  ByHandle = ByHandle || Stub;
  P.Stub = reinterpret_cast<std::uintptr_t>(ByHandle ? Stub : Func);
  if (Opts.verbosity >= 2) {
    Out O = vline();
    O.s("new kernel ")
        .hex(reinterpret_cast<std::uintptr_t>(Func))
        .s(ByHandle ? " (a kernel handle; its stub " : " (a host stub)");
    if (ByHandle) {
      if (Stub)
        O.hex(reinterpret_cast<std::uintptr_t>(Stub))
            .s(", from (__)cudaGetKernel)");
      else
        O.s("unknown: no (__)cudaGetKernel call returned it)");
    }
    vlog(O);
  }
  void *Handle = const_cast<void *>(Func);
  if (!ByHandle) {
    // A host stub: its CUfunction, else its CUkernel.
    void *CuFunc = nullptr;
    int Rc = Fns.BySym ? Fns.BySym(&CuFunc, Func) : -1;
    if (Opts.verbosity >= 2) {
      Out O = vline();
      O.s("cudaGetFuncBySymbol: ");
      if (Rc < 0)
        O.s("not found");
      else
        O.s("cudaError ")
            .d(Rc)
            .s(", function ")
            .hex(reinterpret_cast<std::uintptr_t>(CuFunc));
      vlog(O);
    }
    if (Rc == 0 && CuFunc) {
      if (Fns.FuncName)
        Fns.FuncName(&P.Name, CuFunc);
      if (Fns.FuncInfo &&
          slotsFrom(P, Fns.FuncInfo, CuFunc, "cuFuncGetParamInfo"))
        return &P;
    }
    Handle = nullptr;
    Rc = Fns.GetKernel ? Fns.GetKernel(&Handle, Func) : -1;
    if (Opts.verbosity >= 2) {
      Out O = vline();
      O.s("cudaGetKernel: ");
      if (Rc < 0)
        O.s("not found");
      else
        O.s("cudaError ")
            .d(Rc)
            .s(", kernel ")
            .hex(reinterpret_cast<std::uintptr_t>(Handle));
      vlog(O);
    }
    if (Rc != 0 || !Handle)
      return &P;
  }
  // A kernel handle (CUkernel and cudaKernel_t are the same type).
  if (!P.Name && Fns.KernelName)
    Fns.KernelName(&P.Name, Handle);
  if (Fns.KernelInfo &&
      slotsFrom(P, Fns.KernelInfo, Handle, "cuKernelGetParamInfo"))
    return &P;
  void *CuFunc = nullptr;
  int Rc = Fns.KernelFunc ? Fns.KernelFunc(&CuFunc, Handle) : -1;
  if (Opts.verbosity >= 2) {
    Out O = vline();
    O.s("cuKernelGetFunction: ");
    if (Rc < 0)
      O.s("not found");
    else
      O.s("CUresult ").d(Rc);
    vlog(O);
  }
  if (Rc == 0 && CuFunc && Fns.FuncInfo)
    slotsFrom(P, Fns.FuncInfo, CuFunc, "cuFuncGetParamInfo");
  if (P.N < 0 && Opts.verbosity >= 2) {
    Out O = vline();
    O.s("no parameter table for kernel ")
        .hex(reinterpret_cast<std::uintptr_t>(Func))
        .s(": its launches are not kept (needs CUDA 12.4 or later)");
    vlog(O);
  }
  return &P;
}

/// Whether the device of the launching context reaches pageable memory
/// (HMM/ATS): -1 unknown. Asked once, at the first kept launch.
int PageableAccess = -2;
void askPageableAccess() {
  if (PageableAccess != -2)
    return;
  PageableAccess = -1;
  auto GetDev = reinterpret_cast<CtxGetDeviceFn>(cudaSym("cuCtxGetDevice"));
  auto GetAttr =
      reinterpret_cast<DeviceGetAttributeFn>(cudaSym("cuDeviceGetAttribute"));
  constexpr int PageableMemoryAccess = 88; // CU_DEVICE_ATTRIBUTE_...
  int Dev = 0, V = 0;
  int Rc = -1;
  if (GetDev && GetAttr && GetDev(&Dev) == 0) {
    Rc = GetAttr(&V, PageableMemoryAccess, Dev);
    if (Rc == 0)
      PageableAccess = V != 0;
  }
  if (Opts.verbosity >= 2) {
    Out O = vline();
    O.s("device pageable memory access: ");
    if (PageableAccess < 0)
      O.s("unknown (CUresult ").d(Rc).c(')');
    else
      O.s(PageableAccess ? "yes (HMM/ATS)" : "no");
    vlog(O);
  }
}

std::atomic<bool> IllegalReported{false};
Launch Shown;
char ArgLines[1536];
std::uintptr_t StubPc;
char StubTitle[320];

void slotName(Out &O, kargs::Slot S) {
  O.s("argument ").d(S.Param);
  if (S.Byte)
    O.s(" (bytes ").d(S.Byte).c('-').d(S.Byte + 7).c(')');
}
} // namespace

void noteCudaKernelHandle(const void *Handle, const void *Stub) {
  if (!Handle || !Stub)
    return;
  while (LaunchLock.exchange(1, std::memory_order_acquire))
    ;
  if (!stubOfHandle(Handle) && NumHandles < MaxFuncs)
    Handles[NumHandles++] = {Handle, Stub};
  LaunchLock.store(0, std::memory_order_release);
}

void noteCudaLaunch(const void *Func, void **Args, bool ByHandle) {
  if (!Func)
    return;
  std::uintptr_t Pcs[LaunchFrames];
  int NP = captureStack(Pcs, LaunchFrames);
  while (LaunchLock.exchange(1, std::memory_order_acquire))
    ;
  ++LaunchesSeen;
  const FuncParams *P = paramsOf(Func, ByHandle);
  if (P && P->N >= 0 && (Args || P->N == 0)) {
    askPageableAccess();
    ++LaunchesKept;
    Launch &L = Launches[LaunchNext];
    LaunchNext = (LaunchNext + 1) % MaxLaunches;
    LaunchCount += LaunchCount < MaxLaunches;
    L.Func = Func;
    L.Stub = P->Stub;
    L.Name = P->Name;
    L.ThreadIdx = threadIndex();
    L.Tid = threadTid();
    L.NumPcs = NP;
    for (int I = 0; I < NP; ++I)
      L.Pcs[I] = Pcs[I];
    L.NumArgs = P->N;
    for (int I = 0; I < P->N; ++I) {
      L.Slots[I] = P->Slots[I];
      std::memcpy(&L.Vals[I],
                  static_cast<const char *>(Args[P->Slots[I].Param]) +
                      P->Slots[I].Byte,
                  8);
    }
    if (Opts.verbosity >= 2) {
      Out O = vline();
      O.s("launch ")
          .u(LaunchesSeen)
          .s(" of ")
          .hex(reinterpret_cast<std::uintptr_t>(Func))
          .s(" kept:");
      for (int I = 0; I < L.NumArgs; ++I) {
        O.c(' ');
        slotName(O, L.Slots[I]);
        O.c('=').hex(L.Vals[I]);
      }
      vlog(O);
    }
  } else if (Opts.verbosity >= 2) {
    Out O = vline();
    O.s("launch ")
        .u(LaunchesSeen)
        .s(" of ")
        .hex(reinterpret_cast<std::uintptr_t>(Func))
        .s(P ? (Args ? " not kept: no parameter table"
                     : " not kept: no argument array")
             : " not kept: kernel table full");
    vlog(O);
  }
  LaunchLock.store(0, std::memory_order_release);
}

void checkCudaStatus(const char *CallName, int Status) {
  constexpr int IllegalAddress = 700; // cudaErrorIllegalAddress
  if (Status == 0 || !initialized())
    return;
  if (Status != IllegalAddress) {
    if (Opts.verbosity >= 2) {
      Out O = vline();
      O.s(CallName)
          .s(" returned ")
          .d(Status)
          .s(", not 700 (cudaErrorIllegalAddress): nothing to check");
      vlog(O);
    }
    return;
  }
  if (IllegalReported.load()) {
    if (Opts.verbosity >= 2) {
      Out O = vline();
      O.s(CallName).s(" returned 700 again: already reported");
      vlog(O);
    }
    return;
  }
  // The most recent launch with an argument the device cannot reach.
  bool Found = false, AnyPageableNote = false;
  Out Lines(ArgLines, sizeof ArgLines);
  while (LaunchLock.exchange(1, std::memory_order_acquire))
    ;
  if (Opts.verbosity >= 2) {
    Out O = vline();
    O.s(CallName)
        .s(" returned 700; launches seen ")
        .u(LaunchesSeen)
        .s(", kept ")
        .u(LaunchesKept)
        .s(", checking the last ")
        .d(LaunchCount);
    vlog(O);
  }
  for (int K = 1; K <= LaunchCount && !Found; ++K) {
    const Launch &L = Launches[(LaunchNext - K + MaxLaunches) % MaxLaunches];
    for (int I = 0; I < L.NumArgs; ++I) {
      std::uintptr_t V = L.Vals[I];
      Record R;
      bool Rec = V >= 65536 && recordFind(V, R);
      bool Mapped = V >= 65536 && !Rec && hostMapped(V);
      kargs::DriverView D;
      if (V >= 65536 && !Rec)
        cudaDriverView(V, D);
      kargs::Verdict Vd = kargs::classifyArg(V, Rec, Mapped, D);
      if (Opts.verbosity >= 2) {
        Out O = vline();
        O.s("launch -").d(K).c(' ');
        slotName(O, L.Slots[I]);
        O.c('=')
            .hex(V)
            .s(": record=")
            .s(Rec ? "yes" : "no")
            .s(" mapped=")
            .s(Mapped ? "yes" : "no")
            .s(" driver rc=")
            .d(D.Rc)
            .s(" type=")
            .u(D.MemType)
            .s(" managed=")
            .d(D.Managed)
            .s(" devptr rc=")
            .d(D.DevPtrRc)
            .s(" -> ")
            .s(kargs::verdictName(Vd));
        vlog(O);
      }
      if (!kargs::suspect(Vd))
        continue;
      if (!Found)
        Shown = L;
      Found = true;
      Lines.s("  ");
      slotName(Lines, L.Slots[I]);
      Lines.s(" = ").hex(V).s(": ");
      switch (Vd) {
      case kargs::Verdict::HostNoDevicePtr:
        Lines.s("the CUDA driver calls it host memory without a device "
                "address (cuPointerGetAttribute) and it is in no USM "
                "allocation: host memory in ");
        break;
      case kargs::Verdict::QueryFailed:
        Lines
            .s("the CUDA driver could not be asked (cuPointerGetAttribute "
               "returned ")
            .d(D.Rc)
            .s(" after the fault) and it is in no USM allocation: host "
               "memory in ");
        break;
      case kargs::Verdict::NoDriver:
        Lines.s("in no USM allocation (no CUDA driver loaded to ask): host "
                "memory in ");
        break;
      default:
        Lines.s("unknown to the CUDA driver (cuPointerGetAttribute fails) "
                "and in no USM allocation: host memory in ");
      }
      whereIs(Lines, V);
      Lines.c('\n');
      AnyPageableNote = PageableAccess == 1;
    }
  }
  LaunchLock.store(0, std::memory_order_release);
  if (!Found) {
    if (Opts.verbosity >= 2) {
      Out O = vline();
      O.s(LaunchCount ? "no kept argument is host memory the device cannot "
                        "reach: no report"
                      : "no launch kept: no report");
      vlog(O);
    }
    return;
  }
  if (IllegalReported.exchange(true))
    return;
  static __thread std::uintptr_t CallPcs[MaxFrames]
      __attribute__((tls_model("initial-exec")));
  int N = captureStack(CallPcs, MaxFrames);
  lockReports();
  ApiFinding &F = TheFinding;
  F = ApiFinding();
  F.Type = "device-access-pageable";
  char What[160];
  Out(What, sizeof What).s(CallName).s(" returned error 700, called");
  F.Stacks[0] = {title(0, What, threadIndex(), threadTid()), CallPcs, N};
  F.Stacks[1] = {title(1, "the kernel launched", Shown.ThreadIdx, Shown.Tid),
                 Shown.Pcs, Shown.NumPcs};
  F.NumStacks = 2;
  Out ST(StubTitle, sizeof StubTitle);
  if (Shown.Stub) {
    ST.s("the kernel (its host-side launch stub");
    if (Shown.Name)
      ST.s("; on the device ").s(Shown.Name);
    ST.s("):");
    StubPc = Shown.Stub + 1;
    F.Stacks[2] = {StubTitle, &StubPc, 1};
    F.NumStacks = 3;
  }
  Out(F.Headline, sizeof F.Headline)
      .s(CallName)
      .s(" returned cudaErrorIllegalAddress (700); the last kernel launch "
         "with such arguments received a pointer to memory the device "
         "cannot access");
  Out Rg(F.Region, sizeof F.Region);
  if (!Shown.Stub && Shown.Name)
    Rg.s("  kernel ").s(Shown.Name).c('\n');
  Rg.s(ArgLines);
  Out W(F.Why, sizeof F.Why);
  W.s("an illegal address is a kernel access to memory the device cannot "
      "reach; pageable host memory (malloc, new, the stack, globals) is "
      "such memory on a GPU without unified memory (no HMM/ATS). The "
      "arguments listed are the 8-byte words of the launch's parameters "
      "(parameter table from the CUDA driver) that point into host memory "
      "no USM allocation and no driver allocation contains.");
  if (AnyPageableNote)
    W.s(" This device reports pageable memory access (HMM/ATS), so such a "
        "pointer may be valid here: check the kernel's indices too.");
  Out X(F.Fix, sizeof F.Fix);
  X.s("allocate it with ");
  allocatorAdvice(X, Model::CUDA);
  X.s(" and copy the data there, or allocate pinned host memory the device "
      "can reach.");
  F.Outcome = "halt_on_error=0: the error goes back to the program.";
  finish(F);
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
  static const char *const Why =
      "these USM allocations were still live when the program exited; "
      "device and pinned memory stays held until the process ends, so a "
      "program or library that allocates per call or per iteration runs "
      "out of it.";
  static const char *const Fix =
      "free each allocation, on every path out of the code that owns it, "
      "with the deallocator named under its stack.";
  lockReports();
  bool Header = false;
  std::uint64_t Bytes = 0, Count = 0;
  for (int I = 0; I < NumGroups; ++I)
    if (reportLeakGroup(Groups[I].R, Groups[I].Bytes, Groups[I].Count, Header,
                        Why, Fix)) {
      Bytes += Groups[I].Bytes;
      Count += Groups[I].Count;
    }
  if (Header) {
    Bytes += OtherBytes;
    Count += OtherCount;
    reportLeakSummary(Bytes, Count, Why, Fix);
  }
  unlockReports();
  return Header;
}

} // namespace rt
} // namespace usm
