//===- Provenance.h - which allocation may a pointer hold, where?
//----------===//
//
// A flow-sensitive, interprocedural (within one translation unit) may-analysis
// of pointer provenance, plus device-context detection and host-access
// classification. usm-host-access-device is its first client; other checks
// can reuse the results.
//
// How it works
//   1. A collector walks the user code of the TU (system headers are skipped)
//      and records: function definitions, call sites, kernel launchers and the
//      lambdas/functors they receive (DeviceContext.def), lambdas and calls
//      inside OpenMP target regions, `requires unified_shared_memory`.
//   2. Every function body gets a clang::CFG (built once). A worklist
//      dataflow in reverse post-order keeps one State per CFG block (its
//      exit): for each tracked location (variable, struct field per base
//      variable, element of an array of pointers or tuple) the set of Origins
//      it may hold (Lattice.h). An Origin is an allocation of the catalog
//      (site, API row, kind, symbolic device), "the value parameter i had on
//      entry" (for summaries), or Unknown. The analysis never invents a
//      device pointer: quiet on code it does not understand.
//   3. Summaries tie functions together: what a function returns, what it
//      stores through out-parameters, which parameters it dereferences on the
//      host, what fields and globals are assigned anywhere in the TU, and the
//      state of captured variables where a lambda is created. The functions
//      are analysed three times, so summaries travel through three call
//      levels; a final pass records host accesses and device uses.
//
// Extending it: a new way of moving a pointer is a case in eval() (reading)
// or assign() (writing) in Transfer.cpp; a new kind of host access is a case
// in observe(); new kernel launchers are rows in DeviceContext.def; host
// library functions are rows in catalog/host_access.def. docs/engine.md maps
// the files: Lattice.h (values), Collect.cpp (the TU walk), Transfer.cpp
// (transfer functions, solver), Summaries.h, EngineQueries.cpp (queries).
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_PROVENANCE_H
#define USMCHECK_CHECKS_UTILS_PROVENANCE_H

#include "Async.h"
#include "Catalog.h"
#include "Lattice.h"
#include "PointerHash.h"
#include "Lifetime.h"
#include "Placement.h"
#include "Summaries.h"
#include "UsmApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace clang {
class CFG;
class CFGBlock;
} // namespace clang

namespace clang::tidy::usm {

class ClassSet;
class StmtParents;

/// One place where host code touches memory through a pointer that may hold
/// device memory.
struct HostAccess {
  const Expr *At = nullptr;         ///< reported expression
  const Expr *Pointer = nullptr;    ///< the pointer expression accessed
  const FunctionDecl *Fn = nullptr; ///< host function containing At
  AccessKind AK = AccessKind::Read;
  OriginSet Origins;                 ///< all origins of the pointer there
  const FunctionDecl *Via = nullptr; ///< library/user function that accesses
  const Expr *ViaAt = nullptr;       ///< user function: its own access
  bool ViaLibrary = false;
  const Stmt *Element = nullptr; ///< the CFG element of Fn that contains At
};

/// A pointer handed to a kernel in host code: an argument of a CUDA/HIP
/// launch or of a launcher call (Arg >= 0), a variable captured by a SYCL
/// kernel lambda or referenced in an OpenMP target region (Var), and what
/// reaches it there. Recorded only when the TU starts asynchronous work
/// (hasAsync()). (usm-async-host-access; KernelPointer below is the
/// same question with must answers, for the pageable-memory rules.)
struct AsyncKernelArg {
  const Stmt *Anchor = nullptr; ///< launch, launcher call, lambda, directive
  const FunctionDecl *Fn = nullptr;
  const Expr *Ptr = nullptr;      ///< the argument or reference
  const ValueDecl *Var = nullptr; ///< captured / referenced variable
  int Arg = -1;                   ///< argument index of a launch
  OriginSet Origins;
};

/// A kernel that uses an allocation (OpenMP target region, CUDA/HIP launch,
/// SYCL kernel lambda).
struct DeviceUse {
  const Stmt *Anchor = nullptr; ///< directive, launch or lambda expression
  const FunctionDecl *Fn = nullptr;
  /// The pointer expression (a kernel argument, a reference in a target
  /// region) or, for a lambda, null with Var the captured variable.
  const Expr *Ptr = nullptr;
  const ValueDecl *Var = nullptr;
};

/// A pointer handed to a kernel, with what it holds there: a variable
/// referenced in an OpenMP target region, a variable captured by a device
/// lambda, or a pointer argument of a CUDA/HIP launch or of a kernel
/// launcher (DeviceContext.def). One per kernel and variable (launches: per
/// argument). Recorded in the final round, only in TUs that launch kernels.
struct KernelPointer {
  const Stmt *Anchor = nullptr;     ///< directive, launch or lambda expression
  const FunctionDecl *Fn = nullptr; ///< host function containing Anchor
  /// The first reference in the region (OpenMP), the launch argument
  /// (CUDA/HIP, launchers); null for a lambda capture.
  const Expr *Pointer = nullptr;
  /// The variable referenced or captured (launch arguments: the variable the
  /// argument is, when it is one); null otherwise.
  const VarDecl *Var = nullptr;
  OriginSet Origins; ///< what the pointer may hold at Anchor
  /// The pointer holds memory of Origins on every path (FreeFact::Known's
  /// rule: a local that does not escape, or an allocation call).
  bool Known = false;
  /// Var is an array (its own storage, automatic or static): the kernel
  /// receives its address (launch argument that decays, or an OpenMP
  /// region's reference to it). Origins are empty then.
  bool Array = false;
};

/// A deallocation (catalog free call or delete-expression) and the
/// allocations that reach its pointer.
struct FreeFact {
  const Expr *Free = nullptr;          ///< CallExpr or CXXDeleteExpr
  const ::usm::Api *FreeApi = nullptr; ///< catalog row of the deallocator
  const FunctionDecl *Fn = nullptr;    ///< function containing Free
  OriginSet Origins;                   ///< allocations that may reach it
  /// True when the pointer holds memory of Origins on every path: it is a
  /// local variable whose address does not escape (or an allocation
  /// expression), and no path brings a parameter or an untraced value.
  bool Known = false;
  /// Set when the deallocation happens elsewhere: Via is the call (or the
  /// smart pointer's construction) in Fn that hands the pointer to a helper
  /// (or deleter) whose summary frees it; Through are the helper's frees of
  /// that parameter (Free/FreeApi are the first of them).
  const Expr *Via = nullptr;
  FreeSites Through;
  /// Set when the freed pointer is a field (a destructor's `cudaFree(p)`):
  /// Origins are then every store to the field in the TU.
  const FieldDecl *Field = nullptr;
  /// The deallocations this fact stands for: Through, or the free itself.
  FreeSites sites() const {
    return Via ? Through : FreeSites{FreeSite{Free, FreeApi, Fn}};
  }
};

/// A catalog copy or fill in host code (usm_apis.def rows of role Copy or
/// Fill) and what reaches its pointer and device arguments there.
struct CopyFact {
  const CallExpr *Call = nullptr;
  const ::usm::Api *Api = nullptr;  ///< catalog row of the copy or fill
  const FunctionDecl *Fn = nullptr; ///< function containing Call
  /// Origins of the destination (the row's Ptr) and source (Src) pointers.
  OriginSet Dst, Src;
  /// The pointer holds memory of its origins on every path (as
  /// FreeFact::Known): its base is a local variable whose address does not
  /// escape, or an allocation call; pointer arithmetic keeps the origins.
  bool DstKnown = false, SrcKnown = false;
  /// Values of the destination / source device-number arguments (Dev and
  /// SrcDev columns): the initial device, a parameter, or empty (unknown).
  OriginSet DstDev, SrcDev;
};

class ProvenanceAnalysis {
public:
  explicit ProvenanceAnalysis(ASTContext &Ctx);
  ~ProvenanceAnalysis();

  /// The analysis of \p Ctx's translation unit that every check shares
  /// (created on first use; run() it before asking).
  static ProvenanceAnalysis &forTU(ASTContext &Ctx);
  /// Drops the shared analysis of \p Ctx (at the end of the TU).
  static void release(const ASTContext &Ctx);
  /// Called by a process that ends with the translation unit it analyses
  /// (usmcheck's worker): release() then leaves the analysis to the end of
  /// the process instead of taking its maps apart, as clang leaves its AST
  /// (-disable-free). On a 28,000-line TU the teardown read about 200,000
  /// cache lines that nothing else needed (cachegrind, bench/engine).
  static void leaveToProcessExit();

  /// Analyses the translation unit (once; later calls do nothing). Cheap
  /// when the TU neither allocates device memory nor frees USM memory: then
  /// nothing beyond the collector runs.
  void run();

  /// Every catalog deallocation in host code, in CFG order per function,
  /// then every hand-over of a pointer to a helper, destructor or deleter
  /// that frees it (FreeFact::Via), and frees of fields (FreeFact::Field).
  const std::vector<FreeFact> &frees() const { return FreeFacts; }
  /// What the summaries say about deallocations across functions.
  const Summaries &summaries() const { return Sum; }
  const FreeFact *freeFact(const Expr *Free) const;
  /// Every catalog copy and fill in host code, in CFG order per function.
  const std::vector<CopyFact> &copies() const { return CopyFacts; }

  const std::vector<HostAccess> &hostAccesses() const { return Accesses; }
  /// Host accesses through pointers that may hold host or shared USM
  /// memory (Origins: those allocations only), in CFG order per function.
  /// Recorded only when the TU starts asynchronous work (hasAsync()).
  const std::vector<HostAccess> &hostUsmAccesses() const { return UsmAccesses; }
  /// Does \p FD hold one of hostUsmAccesses()?
  bool hasHostUsmAccess(const FunctionDecl *FD) const {
    return UsmAccessFns.contains(FD);
  }
  /// Pointers handed to kernels (recorded only when hasAsync()).
  const std::vector<AsyncKernelArg> &asyncKernelArgs() const {
    return KernelPtrs;
  }
  /// Does the TU start work that runs on after the host moves on: a
  /// CUDA/HIP launch, a kernel launcher call, a usm_async.def operation, an
  /// OpenMP target region with nowait?
  bool hasAsync() const { return HasAsync; }
  /// The catalog's asynchronous-operation, synchronisation, event-record
  /// and launch-configuration rows (usm_async.def) of \p FD, or nullptr.
  const ::usm::AsyncOp *asyncOpOf(const FunctionDecl &FD) {
    return calleeInfo(FD).Async;
  }
  const ::usm::SyncCall *syncOf(const FunctionDecl &FD) {
    return calleeInfo(FD).Sync;
  }
  const ::usm::EventRecord *eventRecordOf(const FunctionDecl &FD) {
    return calleeInfo(FD).Record;
  }
  const ::usm::LaunchConfig *launchConfigOf(const FunctionDecl &FD) {
    return calleeInfo(FD).Config;
  }
  /// Double frees, uses after free and leaks (Lifetime.h), in CFG order
  /// per function.
  /// The functions with a body in user code (not in system headers, not
  /// dependent), in the order of the TU.
  const std::vector<const FunctionDecl *> &functions() const {
    return Functions;
  }
  /// Facts a check utility derives from this analysis and several checks
  /// share (utils/Advisor.cpp): one slot per key (the address of a
  /// variable of the utility), released with the analysis.
  std::shared_ptr<void> &derived(const void *Key) { return Derived[Key]; }
  const std::vector<LifetimeFinding> &lifetimeFindings() const {
    return LifeFindings;
  }
  const std::vector<DeviceUse> &deviceUses(const Expr *Site) const;
  /// Every pointer handed to a kernel (KernelPointer), in CFG order per
  /// function; empty unless the TU launches a kernel and allocates host
  /// memory, uses arrays in kernels or allocates USM memory.
  const std::vector<KernelPointer> &kernelPointers() const {
    return KernelPointers;
  }
  /// Was the allocation \p Site registered for device access (page-locked
  /// and mapped: DeviceContext.def USM_HOST_REGISTER) anywhere in the TU?
  bool registered(const Expr *Site) const {
    return Site && RegisteredSites.contains(Site);
  }
  /// The allocations that have device uses, in the order of their first
  /// use (deterministic), with their origin.
  const std::vector<Origin> &usedAllocations() const { return UseSites; }

  //--- placement (Placement.h, Placement.cpp) ---------------------------------
  /// The TU contains a multi-device construct: a device-selection call, a
  /// sub-device creation, a device clause, a constant device argument, a
  /// SYCL allocation against a queue or device (DeviceContext.def). The
  /// placement queries answer "unknown" otherwise, at no cost.
  bool hasMultiDevice() const { return HasMultiDevice; }
  /// A call that enables peer access somewhere in the TU.
  bool peerAccessVisible() const { return HasPeerAccess; }
  /// Did the pointer of device use \p U hold allocation \p Site only, on
  /// every path (no other allocation, parameter or unknown value)? Known
  /// only when hasMultiDevice().
  bool deviceUseMust(const Expr *Site, const DeviceUse &U) const;
  /// Where allocation \p O was made.
  Placement allocPlacement(const Origin &O);
  /// Where the kernel of \p U runs.
  Placement usePlacement(const DeviceUse &U);
  /// Where copy \p F runs, for its destination or (\p Source) its source
  /// pointer (copies that name device numbers have one per pointer).
  Placement copyPlacement(const CopyFact &F, bool Source);

  /// True for kernels, device functions, declare-target functions and
  /// functions called only from device code.
  bool isDeviceFunction(const FunctionDecl *FD);
  bool requiresUnifiedSharedMemory() const { return RequiresUSM != nullptr; }
  const Decl *requiresDecl() const { return RequiresUSM; }

  /// Statement parents inside the body of \p FD (built on demand).
  const StmtParents &parents(const FunctionDecl *FD);
  /// The innermost loop statement of \p FD enclosing \p S, or nullptr.
  const Stmt *enclosingLoop(const Stmt *S, const FunctionDecl *FD);
  /// The same for the statement at preorder position \p Position of
  /// parents(FD) (a pass that walks the index has the position at hand).
  const Stmt *enclosingLoopAt(const FunctionDecl *FD, unsigned Position);
  /// Does a loop of \p FD (or of a function that created the lambda \p FD
  /// belongs to) repeat \p S?
  bool repeated(const Stmt *S, const FunctionDecl *FD);
  /// Is the device use \p U inside loop \p Loop of function \p FD?
  bool insideLoop(const DeviceUse &U, const Stmt *Loop, const FunctionDecl *FD);
  /// The branch condition that must hold for \p S to run, and which way.
  const Expr *guardingCondition(const Stmt *S, const FunctionDecl *FD,
                                bool &WhenTrue);

  using Key = Location;
  using State = LocationMap;

  /// The CFG of a body, built once and kept for every round; released after
  /// the body's final round unless a check will walk it (analyzeFunction),
  /// and built again if one asks for it after all.
  struct FunctionCFG {
    std::unique_ptr<CFG> G;
    std::vector<const CFGBlock *> Order; ///< reachable blocks, RPO
    std::vector<unsigned> Rank;          ///< block id -> index in Order
  };
  /// The CFG the engine analysed \p FD with (built on demand, the same CFG
  /// every time), or nullptr.
  const FunctionCFG *cfgOf(const FunctionDecl *FD);
  /// The lambda expression whose call operator is \p FD, or nullptr.
  const LambdaExpr *lambdaOf(const FunctionDecl *FD) const;

  /// The catalog row of a call's direct callee (apiForCall, memoised per
  /// callee for the TU).
  const ::usm::Api *apiOf(const CallExpr &Call) {
    const FunctionDecl *FD = directCallee(Call);
    return FD ? calleeInfo(*FD).Api : nullptr;
  }
  ASTContext &context() const { return Ctx; }
  /// selectorKind() and allocationKind() (UsmApi.h), memoised per
  /// referenced declaration: a selector's kind is looked up by its printed
  /// qualified name, and the transfer functions ask about the same
  /// allocator handle at every allocation.
  std::optional<::usm::Kind> selectorOf(const Expr *E);
  std::optional<::usm::Kind> allocationKindOf(const CallExpr &Call,
                                              const ::usm::Api &A);

private:
  class Collector;
  class FunctionRun;
  friend class Collector;
  friend class FunctionRun;

  void collect();                                           ///< Collect.cpp
  /// Does what the collector has seen so far make run() analyse the
  /// functions (allocations, frees, copies, kernels given pageable memory)?
  bool willAnalyze() const {
    return HasDeviceAlloc || HasFree || HasCopy || HasUsmAlloc ||
           (HasKernel && HasPageable);
  }
  void analyzeFunction(const FunctionDecl *FD, bool Final); ///< Transfer.cpp
  void resolveFieldFrees(); ///< FreeSummary.cpp
  struct PlacementCache;    ///< Placement.cpp
  friend struct PlacementCache;
  PlacementCache &places();
  /// Works out the per-function facts the placement queries read (the
  /// collector, while \p FD's body is in the core's cache).
  void placementFacts(const FunctionDecl *FD);
  /// Will the placement queries walk \p FD's CFG (a function that selects
  /// a device, in a TU that places on several)? Placement.cpp.
  bool placementReadsCfg(const FunctionDecl *FD);
  std::unique_ptr<PlacementCache> Places;

  std::map<const FunctionDecl *, FunctionCFG> CFGs;

  ASTContext &Ctx;
  std::vector<const FunctionDecl *> Functions;
  std::set<const FunctionDecl *> FunctionSet;
  std::map<const CXXRecordDecl *, const LambdaExpr *> Lambdas;
  std::map<const FunctionDecl *,
           std::vector<std::pair<const CallExpr *, const FunctionDecl *>>>
      CallSites;
  llvm::DenseSet<const CallExpr *, MixedPtrInfo<const CallExpr>> DeviceCalls;
  llvm::DenseSet<const LambdaExpr *> DeviceLambdas;
  llvm::DenseSet<const CXXRecordDecl *> DeviceRecords;
  /// The statement classes the transfer functions observe (accesses,
  /// device uses: FunctionRun::observe()). Only statements of these classes
  /// are ever looked up in Ignored and DeviceStmts, so the sets hold only
  /// them: a few entries per target region instead of every node of its
  /// clauses and body, and a lookup that stays in the core's cache.
  static const ClassSet &observedClasses();
  /// OpenMP clause expressions (of the observed classes).
  llvm::DenseSet<const Stmt *, MixedPtrInfo<const Stmt>> Ignored;
  /// Statements inside OpenMP target regions (of the observed classes).
  llvm::DenseSet<const Stmt *, MixedPtrInfo<const Stmt>> DeviceStmts;
  /// A lambda's call operator -> the function whose body index holds its
  /// statements (the body the collector read them in).
  llvm::DenseMap<const FunctionDecl *, const FunctionDecl *> BodyIndexOf;
  /// Functions whose body can add to a summary (pointer parameters or
  /// result, stores to fields or globals, lambdas, constructors); the others
  /// run only in the final round.
  llvm::DenseSet<const FunctionDecl *> Contributors;
  const Decl *RequiresUSM = nullptr;
  bool HasDeviceAlloc = false;
  bool HasFree = false;
  bool HasCopy = false; ///< a catalog copy or fill (CopyFacts)
  /// Catalog deallocations and copies or fills in the TU: the facts
  /// vectors are sized from them before the rounds (growing them copied
  /// each fact about once more and left the old buffers' pages behind).
  unsigned FreeCalls = 0, CopyCalls = 0;
  /// References in OpenMP target regions (KernelPointers, likewise).
  unsigned KernelRefs = 0;
  bool HasUsmAlloc = false; ///< any USM allocation (leaks)
  bool HasAsync = false;    ///< asynchronous work (hasAsync())
  bool HasKernel = false;   ///< a target region, launch or launcher call
  /// Something a kernel could receive without the device reaching it: a
  /// plain host allocation (malloc, new, container storage) or an array
  /// decaying into a launch / named in an OpenMP clause.
  bool HasPageable = false;
  bool HasMultiDevice = false; ///< Placement.h
  bool HasPeerAccess = false;
  bool Ran = false;

  bool addressEscapes(const FunctionDecl *FD, const VarDecl *VD);
  /// &v of each function (and of the functions enclosing a lambda), and the
  /// &v that are out-parameters of catalog allocators (those do not escape).
  std::map<const FunctionDecl *, std::vector<const UnaryOperator *>> AddrTaken;
  llvm::DenseSet<const Expr *, MixedPtrInfo<const Expr>> AllocOut;
  std::map<const FunctionDecl *, std::set<const VarDecl *>> Escapes;

  /// What the catalog says about a callee, worked out once per function
  /// (catalog names are printed and looked up only then).
  struct CalleeInfo {
    const ::usm::Api *Api = nullptr;
    bool Launcher = false;
    int RegisterArg = -1; ///< DeviceContext.def USM_HOST_REGISTER
    bool MultiDevice = false; ///< a DeviceContext.def placement call
    bool Peer = false;        ///< enables peer access
    std::vector<const ::usm::HostAccess *> Accesses;
    const ::usm::AsyncOp *Async = nullptr;
    const ::usm::SyncCall *Sync = nullptr;
    const ::usm::EventRecord *Record = nullptr;
    const ::usm::LaunchConfig *Config = nullptr;
  };
  /// Memoised per callee; the passes ask several times about the same
  /// call in a row, so the last answer is kept at hand.
  const CalleeInfo &calleeInfo(const FunctionDecl &FD) {
    if (&FD == LastCallee)
      return *LastCalleeInfo;
    return calleeInfoSlow(FD);
  }
  const CalleeInfo &calleeInfoSlow(const FunctionDecl &FD);
  llvm::DenseMap<const FunctionDecl *, CalleeInfo *,
                 MixedPtrInfo<const FunctionDecl>>
      Callees;
  std::deque<CalleeInfo> CalleeInfos; ///< stable addresses for Callees
  llvm::DenseMap<const ValueDecl *, std::optional<::usm::Kind>> Selectors;
  const FunctionDecl *LastCallee = nullptr;
  const CalleeInfo *LastCalleeInfo = nullptr;
  std::vector<FreeFact> FreeFacts;
  std::map<const Expr *, size_t> FreeIndex;
  std::vector<CopyFact> CopyFacts;
  llvm::DenseSet<const CallExpr *> CopySeen;

  std::map<const FunctionDecl *, int> DeviceMemo; ///< -1 in progress
  std::map<const FunctionDecl *, std::unique_ptr<StmtParents>> Parents;
  /// The loop statements of a body (loopClasses()) in preorder: where
  /// each starts and ends in the body's index, the innermost one around
  /// it, and whether it is a loop (isLoop(), worked out when first asked).
  /// enclosingLoop() finds the loops around a statement with a binary
  /// search instead of a walk up its ancestors, which read the index at
  /// random once per level (bench/engine: the lifetime rules ask for every
  /// allocation).
  struct LoopTable {
    std::vector<unsigned> Start, End;
    std::vector<int> Outer; ///< index into Start of the loop around, or -1
    std::vector<signed char> Loop; ///< isLoop(): -1 not yet known, 0, 1
  };
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<LoopTable>> Loops;

  Summaries Sum; ///< Summaries.h

  std::vector<HostAccess> Accesses;
  llvm::DenseSet<std::pair<const Expr *, const Expr *>> AccessSeen;
  std::vector<HostAccess> UsmAccesses;
  llvm::DenseSet<std::pair<const Expr *, const Expr *>> UsmAccessSeen;
  /// The functions of UsmAccesses (hasHostUsmAccess(); analyzeFunction
  /// keeps their CFGs in TUs with asynchronous work: usm-async-host-access
  /// walks them).
  llvm::DenseSet<const FunctionDecl *> UsmAccessFns;
  std::vector<AsyncKernelArg> KernelPtrs;
  llvm::DenseSet<std::pair<const Stmt *, const void *>> KernelPtrSeen;
  std::map<const Expr *, std::vector<DeviceUse>> Uses;
  llvm::DenseSet<std::pair<const Expr *, const Stmt *>> UseSeen;
  std::vector<KernelPointer> KernelPointers;
  llvm::DenseSet<std::pair<const Stmt *, const void *>> KernelPointerSeen;
  llvm::DenseSet<const Expr *, MixedPtrInfo<const Expr>> RegisteredSites;
  std::vector<Origin> UseSites;
  /// Final round, hasMultiDevice() only: (site, anchor) -> the pointer held
  /// that allocation only.
  llvm::DenseMap<std::pair<const Expr *, const Stmt *>, bool> UseMust;

  std::vector<LifetimeFinding> LifeFindings;
  std::map<const void *, std::shared_ptr<void>> Derived;
  llvm::DenseSet<std::tuple<int, const void *, const void *>> LifeSeen;
};

} // namespace clang::tidy::usm

#endif
