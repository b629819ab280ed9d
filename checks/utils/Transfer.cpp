//===- Transfer.cpp - the dataflow: transfer functions and the solver -----===//
#include "AllocSize.h"
#include "EngineSupport.h"
#include "IndexCfg.h"
#include "Profile.h"
#include "Provenance.h"
#include "StmtParents.h"
#include "UsmApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"

#include <algorithm>
#include <climits>
#include <mutex>
#include <queue>
#include <string_view>

namespace clang::tidy::usm {

using namespace engine;

//===----------------------------------------------------------------------===//
// FunctionRun: the dataflow over one function body.
//===----------------------------------------------------------------------===//

/// Hashing of locations for the id table.
struct KeyInfo {
  using Key = ProvenanceAnalysis::Key;
  static Key getEmptyKey() {
    return Key{llvm::DenseMapInfo<const Decl *>::getEmptyKey(), nullptr};
  }
  static Key getTombstoneKey() {
    return Key{llvm::DenseMapInfo<const Decl *>::getTombstoneKey(), nullptr};
  }
  /// Every get() and set() hashes its location: a multiply-xor mix of the
  /// fields (llvm::hash_combine cost about 3% of the analysis, callgrind).
  static unsigned getHashValue(const Key &K) {
    auto P = [](const void *X) {
      return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(X));
    };
    std::uint64_t H = P(K.Base) * 0x9E3779B97F4A7C15ull;
    H ^= P(K.Field) * 0xC2B2AE3D27D4EB4Full;
    H ^= (static_cast<std::uint64_t>(K.Index) * 2 + (K.Elem ? 1 : 0)) *
         0x165667B19E3779F9ull;
    H ^= P(K.Life) * 0x27D4EB2F165667C5ull;
    return static_cast<unsigned>(H >> 32) ^ static_cast<unsigned>(H);
  }
  static bool isEqual(const Key &A, const Key &B) { return A == B; }
};

/// The state of one program point: a persistent map (see Lattice.h).
struct FlowState {
  const StateNode *Root = nullptr;
};

/// The classes FunctionRun::observe() acts on.
static const ClassSet ObservedClasses =
    ClassSet::of<OMPExecutableDirective, LambdaExpr, ArraySubscriptExpr,
                 UnaryOperator, MemberExpr, CXXConstructExpr, CallExpr>();

const ClassSet &ProvenanceAnalysis::observedClasses() {
  return ObservedClasses;
}

class ProvenanceAnalysis::FunctionRun {
public:
  FunctionRun(ProvenanceAnalysis &P, const FunctionDecl *FD, bool Final)
      : P(P), FD(FD), Final(Final), States(Pool) {}

  /// A block is re-evaluated at most this often; the lattice is finite, so
  /// the bound only cuts off pathological loops.
  static constexpr unsigned MaxVisitsPerBlock = 16;

  void run() {
    const FunctionCFG *FC = P.cfgOf(FD);
    if (!FC)
      return;
    const CFG &G = *FC->G;
    // Room for the locations from the start: the table otherwise doubles
    // about ten times in a long function, rehashing every entry each time.
    // (One location per six references in bench/engine's kernels, long
    // and short.)
    Ids.reserve(P.parents(FD).references().size() / 6);
    Device = P.isDeviceFunction(FD);
    DeclareTarget = FD->hasAttr<OMPDeclareTargetDeclAttr>();

    FlowState Entry;
    for (unsigned I = 0; I < FD->getNumParams(); ++I) {
      const ParmVarDecl *PD = FD->getParamDecl(I);
      if (isPointerLike(PD->getType()) || isScalar(PD->getType()))
        set(Entry, Key{PD, nullptr, false},
            {Origin{nullptr, nullptr, ::usm::Kind::None, FD,
                    static_cast<int>(I)}});
    }
    lifeEntry(Entry);
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->getParent()->isLambda()) {
        auto It = P.Sum.LambdaSnaps.find(MD->getParent());
        if (It != P.Sum.LambdaSnaps.end())
          for (const auto &[K, O] : It->second)
            set(Entry, K, O);
      }

    // Worklist in reverse post-order: one state per block (its exit); the
    // states inside a block are recomputed from its entry when needed.
    const std::vector<const CFGBlock *> &Order = FC->Order;
    // A block whose rank no back edge spans (rank of target <= its rank <=
    // rank of source) is outside every cycle: when the worklist (lowest
    // rank first) reaches it, every block before it is stable and nothing
    // after it can reach back, so it is visited once, with its final input.
    // It records on that visit and is not replayed.
    std::vector<char> Looped(Order.size(), 0);
    {
      std::vector<int> Span(Order.size() + 1, 0);
      for (unsigned I = 0; I < Order.size(); ++I)
        for (const CFGBlock::AdjacentBlock &Succ : Order[I]->succs())
          if (const CFGBlock *SB = Succ.getReachableBlock()) {
            unsigned R = FC->Rank[SB->getBlockID()];
            if (R <= I) {
              ++Span[R];
              --Span[I + 1];
            }
          }
      int Open = 0;
      for (unsigned I = 0; I < Order.size(); ++I) {
        Open += Span[I];
        Looped[I] = Open > 0;
      }
    }
    Out.assign(G.getNumBlockIDs(), FlowState{});
    HasOut.assign(G.getNumBlockIDs(), false);
    std::vector<unsigned> Visits(Order.size(), 0);
    std::vector<char> Queued(Order.size(), 0);
    std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
        Work;
    if (!Order.empty()) {
      Work.push(0);
      Queued[0] = 1;
    }
    while (!Work.empty()) {
      unsigned I = Work.top();
      Work.pop();
      Queued[I] = 0;
      if (Visits[I]++ >= MaxVisitsPerBlock)
        continue;
      const CFGBlock *B = Order[I];
      // Every state kept so far (exits, the entry) is immutable from here.
      States.freeze();
      FlowState S = inState(*B, G.getEntry(), Entry);
      bool Once = !Looped[I];
      for (const CFGElement &E : *B)
        transfer(E, S, /*Record=*/Once);
      if (Once)
        leave(*B, G.getExit(), S);
      unsigned Id = B->getBlockID();
      if (HasOut[Id] && StateFactory::equal(Out[Id].Root, S.Root))
        continue;
      Out[Id] = S;
      HasOut[Id] = true;
      for (const CFGBlock::AdjacentBlock &Succ : B->succs())
        if (const CFGBlock *SB = Succ.getReachableBlock()) {
          unsigned R = FC->Rank[SB->getBlockID()];
          if (R < Order.size() && !Queued[R]) {
            Queued[R] = 1;
            Work.push(R);
          }
        }
    }
    // Final replay of the blocks in cycles: record summaries, accesses and
    // device uses.
    for (unsigned I = 0; I < Order.size(); ++I) {
      if (!Looped[I])
        continue;
      const CFGBlock *B = Order[I];
      States.freeze();
      FlowState S = inState(*B, G.getEntry(), Entry);
      for (const CFGElement &E : *B)
        transfer(E, S, /*Record=*/true);
      leave(*B, G.getExit(), S);
    }
    lifeFallOff();
    // Double frees and uses after free, recorded as blocks were visited;
    // an allocation found to have several live instances later in the
    // walk (lifeReportable) voids them.
    for (PendingLife &L : Pending)
      if (llvm::none_of(L.Keys,
                        [&](const void *K) { return LifeMulti.count(K); }))
        lifeFinding(std::move(L.F), L.At, L.K);
  }

private:
  /// After the recording visit of \p B: what leaves the function there.
  /// (The exit block is missing from the order when every path ends in a
  /// noreturn call; then no reference parameter is written back.)
  void leave(const CFGBlock &B, const CFGBlock &Exit, const FlowState &S) {
    if (&B == &Exit) {
      recordReferenceParams(S);
      lifeAtExit(S);
    } else {
      lifeBeforeExit(B, Exit, S);
    }
  }

  FlowState inState(const CFGBlock &B, const CFGBlock &EntryBlock,
                    const FlowState &Entry) {
    if (&B == &EntryBlock)
      return Entry;
    FlowState S;
    bool First = true;
    for (const CFGBlock::AdjacentBlock &Pred : B.preds()) {
      const CFGBlock *PB = Pred.getReachableBlock();
      if (!PB || !HasOut[PB->getBlockID()])
        continue;
      FlowState O = Out[PB->getBlockID()];
      refineEdge(*PB, B, O);
      lifeRefineEdge(*PB, B, O);
      S.Root = First ? O.Root : States.join(S.Root, O.Root);
      First = false;
    }
    return S;
  }

  //--- kind queries on branch edges -----------------------------------------

  /// A branch on a run-time kind query: on which edges (0: true, 1: false)
  /// the pointer at K is known not to be device memory.
  struct Guard {
    Key K;
    bool NotDevice[2] = {false, false};
  };

  /// The pointer a query's answer is about, when \p E holds that answer: the
  /// query call itself, a variable it was stored in, or a field of the
  /// struct it filled.
  const Expr *answerSource(const Expr *E) {
    E = stripCasts(E);
    if (!E)
      return nullptr;
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const ::usm::Api *A = P.apiOf(*Call);
      const ::usm::Query *Q = A ? ::usm::findQuery(A->Name) : nullptr;
      if (Q && Q->Answer == ::usm::RET && Q->TrueMeans == ::usm::Kind::None)
        return argAt(*Call, A->Ptr);
      return nullptr;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      if (!ME->isArrow())
        E = stripCasts(ME->getBase());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        auto It = QueryVars.find(VD);
        if (It != QueryVars.end())
          if (const ::usm::Api *A = P.apiOf(*It->second))
            return argAt(*It->second, A->Ptr);
      }
    return nullptr;
  }

  /// A boolean query call (omp_target_is_accessible): its pointer and the
  /// kind a true answer means.
  const Expr *booleanQuery(const Expr *E, ::usm::Kind &K) {
    const auto *Call = dyn_cast_or_null<CallExpr>(stripCasts(E));
    const ::usm::Api *A = Call ? P.apiOf(*Call) : nullptr;
    const ::usm::Query *Q = A ? ::usm::findQuery(A->Name) : nullptr;
    if (!Q || Q->TrueMeans == ::usm::Kind::None)
      return nullptr;
    K = Q->TrueMeans;
    return argAt(*Call, A->Ptr);
  }

  bool parseGuard(const Expr *C, bool Negated, Guard &G) {
    C = C->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(C);
        UO && UO->getOpcode() == UO_LNot)
      return parseGuard(UO->getSubExpr(), !Negated, G);
    const Expr *Ptr = nullptr;
    ::usm::Kind K = ::usm::Kind::None;
    bool IsK = true; // the true edge means "the pointer is K"
    if (const auto *BO = dyn_cast<BinaryOperator>(C);
        BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)) {
      const Expr *L = BO->getLHS(), *R = BO->getRHS();
      const ::usm::QueryAnswer *Ans = queryAnswerOf(R);
      const Expr *Src = L;
      if (!Ans) {
        Ans = queryAnswerOf(L);
        Src = R;
      }
      if (Ans) {
        Ptr = answerSource(Src);
        K = Ans->K;
      } else {
        // query(...) == 0 / != 0
        const Expr *Zero = R, *Q = L;
        if (!isNull(stripCasts(Zero)))
          std::swap(Zero, Q);
        if (isNull(stripCasts(Zero))) {
          Ptr = booleanQuery(Q, K);
          IsK = false; // == 0: the true edge means "not K"
        }
      }
      if (BO->getOpcode() == BO_NE)
        IsK = !IsK;
    } else {
      Ptr = booleanQuery(C, K);
    }
    if (!Ptr)
      return false;
    if (Negated)
      IsK = !IsK;
    if (!keyOf(stripCasts(Ptr), G.K))
      return false;
    bool NotDevIfK = K != ::usm::Kind::Device;
    bool NotDevIfNotK = K == ::usm::Kind::Device;
    G.NotDevice[0] = IsK ? NotDevIfK : NotDevIfNotK;
    G.NotDevice[1] = IsK ? NotDevIfNotK : NotDevIfK;
    return G.NotDevice[0] || G.NotDevice[1];
  }

  /// The condition block \p B branches on (the last block of `a || b` /
  /// `a && b` in a condition branches on b), or null.
  static const Expr *branchCondition(const CFGBlock &B) {
    const Stmt *Term = B.getTerminatorStmt();
    const Expr *C = dyn_cast_or_null<Expr>(B.getTerminatorCondition());
    if (Term && !isa<BinaryOperator>(Term)) {
      while (const auto *L = dyn_cast_or_null<BinaryOperator>(
                 C ? C->IgnoreParens() : nullptr)) {
        if (!L->isLogicalOp())
          break;
        C = L->getRHS();
      }
    }
    return C;
  }

  const Guard *guardOf(const CFGBlock &B) {
    auto [It, New] = Guards.try_emplace(B.getBlockID());
    if (New) {
      It->second.second = false;
      const Expr *C = branchCondition(B);
      if (C)
        It->second.second = parseGuard(C, false, It->second.first);
    }
    return It->second.second ? &It->second.first : nullptr;
  }

  /// The state that flows from \p From into \p To: where a kind query
  /// said the pointer is not device memory, its device origins (and the
  /// parameter it was) do not flow there.
  void refineEdge(const CFGBlock &From, const CFGBlock &To, FlowState &S) {
    if (From.succ_size() != 2 || !From.getTerminatorStmt())
      return;
    const CFGBlock *T = From.succ_begin()->getReachableBlock();
    const CFGBlock *F = (From.succ_begin() + 1)->getReachableBlock();
    int Edge = (&To == T && &To != F) ? 0 : (&To == F && &To != T) ? 1 : -1;
    if (Edge < 0)
      return;
    const Guard *G = guardOf(From);
    if (!G || !G->NotDevice[Edge])
      return;
    OriginSet Kept;
    for (const Origin &O : lookup(G->K, S))
      if (!O.isDevice() && !O.isParam())
        Kept.push_back(O);
    set(S, G->K, std::move(Kept));
  }

  //--- the state ------------------------------------------------------------

  std::uint32_t idOf(const Key &K) {
    auto [It, New] = Ids.try_emplace(K, static_cast<std::uint32_t>(Ids.size()));
    if (New && K.Elem)
      ElemIds[K.Base].push_back({K.Index, It->second});
    return It->second;
  }
  /// The value bound to \p K, or nullptr.
  const OriginSet *get(const FlowState &S, const Key &K) const {
    auto It = Ids.find(K);
    return It == Ids.end() ? nullptr : States.lookup(S.Root, It->second);
  }
  /// Updates in place where the state's nodes were made since the last
  /// States.freeze() (StateFactory::assign): each block starts with one,
  /// and a copy of the working state that is kept or refined takes one.
  void set(FlowState &S, const Key &K, OriginSet O) {
    States.assign(S.Root, idOf(K), Pool.intern(std::move(O)));
  }
  void weak(FlowState &S, const Key &K, const OriginSet &O) {
    States.assignJoin(S.Root, idOf(K), Pool.intern(O));
  }

  //--- reading values -------------------------------------------------------

  OriginSet lookup(const Key &K, const FlowState &S) {
    if (const OriginSet *V = get(S, K))
      return *V;
    if (K.Elem) {
      // arr[i] with i unknown, or arr[c] never stored at c: any element.
      OriginSet Any;
      auto Elems = ElemIds.find(K.Base);
      if (Elems != ElemIds.end())
        for (const auto &[Index, Id] : Elems->second)
          if (K.Index < 0 || Index < 0)
            if (const OriginSet *V = States.lookup(S.Root, Id))
              mergeOrigins(Any, *V);
      return Any;
    }
    if (K.Field) {
      // The pointer field of a struct that an allocator filled as a whole
      // (cudaMalloc3D's cudaPitchedPtr).
      if (K.Base) {
        const OriginSet *Whole = get(S, Key{K.Base, nullptr, false});
        if (Whole && informative(*Whole))
          return *Whole;
      }
      auto F = P.Sum.Fields.find(K.Field);
      return F != P.Sum.Fields.end() ? unambiguous(F->second) : OriginSet{};
    }
    if (const auto *VD = dyn_cast_or_null<VarDecl>(K.Base))
      if (VD->hasGlobalStorage() && !VD->isStaticLocal() && !K.Elem) {
        auto G = P.Sum.Globals.find(VD);
        return G != P.Sum.Globals.end() ? unambiguous(G->second) : OriginSet{};
      }
    return {};
  }

  /// A TU-wide summary (all stores to a field or global) says which memory
  /// *some* object holds. Only when every store agrees does it say anything
  /// about this object; mixed summaries are unknown (quiet).
  static OriginSet unambiguous(const OriginSet &Summary) {
    const Origin *First = nullptr;
    for (const Origin &O : Summary) {
      if (!O.Site || O.K == ::usm::Kind::ByArg)
        continue;
      if (!First)
        First = &O;
      else if (O.K != First->K)
        return {};
    }
    return Summary;
  }

  /// The tracked location an lvalue expression names, if any.
  bool keyOf(const Expr *E, Key &K) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        K = Key{VD, nullptr, false};
        return true;
      }
      return false;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *FDl = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!FDl)
        return false;
      const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
      const Decl *BaseD = nullptr;
      if (const auto *BR = dyn_cast<DeclRefExpr>(Base))
        BaseD = BR->getDecl();
      K = Key{BaseD, FDl, false};
      return true;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
      if (const auto *BR = dyn_cast<DeclRefExpr>(Base))
        if (BR->getType()->isArrayType()) {
          K = Key{BR->getDecl(), nullptr, true};
          Expr::EvalResult R;
          if (!AS->getIdx()->isValueDependent() &&
              !neverConstant(AS->getIdx()) &&
              AS->getIdx()->EvaluateAsInt(R, P.Ctx))
            K.Index = static_cast<long>(R.Val.getInt().getExtValue());
          return true;
        }
    }
    return false;
  }

  OriginSet substitute(const OriginSet &In, const CallExpr *Call,
                       const FlowState &S) {
    OriginSet Result;
    const FunctionDecl *Callee = directCallee(*Call);
    if (Callee && Callee->getDefinition())
      Callee = Callee->getDefinition();
    for (const Origin &O : In) {
      if (O.Param < 0) {
        Origin X = O;
        if (X.Site && X.ArgParam >= 0 && X.ArgFn == Callee) {
          unsigned I = static_cast<unsigned>(X.ArgParam);
          if (I < Call->getNumArgs() && !isa<CXXOperatorCallExpr>(Call))
            resolveKindArg(X, scalarValue(Call->getArg(I), S),
                           X.A && X.A->K != ::usm::Kind::ByArg);
          else
            X.ArgParam = -1, X.ArgFn = nullptr;
        }
        mergeOrigins(Result, {X});
        continue;
      }
      if (static_cast<unsigned>(O.Param) < Call->getNumArgs() &&
          !isa<CXXOperatorCallExpr>(Call))
        mergeOrigins(Result, eval(Call->getArg(O.Param), S));
    }
    return Result;
  }

  const FunctionDecl *userCallee(const CallExpr *Call) {
    const FunctionDecl *Callee = directCallee(*Call);
    if (!Callee)
      return nullptr;
    const FunctionDecl *Def = Callee->getDefinition();
    if (!Def || !P.FunctionSet.count(Def))
      return nullptr;
    return Def;
  }

  OriginSet eval(const Expr *E, const FlowState &S) {
    E = ignoreTemporaries(E);
    if (!E)
      return {};
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      if (const ::usm::Api *A = P.apiOf(*Call)) {
        if (A->R == ::usm::Role::Alloc && A->Ptr == ::usm::RET) {
          // Container storage (std::vector::data()) is plain host memory
          // only with the allocator the catalog says so of.
          if (isa<CXXMemberCallExpr>(Call)) {
            const ::usm::Api *Alloc = containerAllocator(*Call);
            if (!Alloc || Alloc->K != A->K)
              return {Origin::unknown()};
          }
          // A kind that cannot be told stays ByArg: the allocation is
          // known (for frees), its kind is not (never device).
          return {allocOrigin(Call, A, S)};
        }
        return {};
      }
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call)) {
        // Smart pointer operator-> yields the held pointer.
        if (OC->getOperator() == OO_Arrow && OC->getNumArgs() >= 1)
          return eval(OC->getArg(0), S);
        return {};
      }
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
        // get()-like accessors of pointer-holding objects.
        if (MC->getNumArgs() == 0 && MC->getType()->isPointerType() &&
            MC->getImplicitObjectArgument()) {
          OriginSet O = eval(MC->getImplicitObjectArgument(), S);
          if (informative(O))
            return O;
        }
      }
      if (const FunctionDecl *Callee = userCallee(Call)) {
        auto It = P.Sum.Returns.find(Callee);
        if (It != P.Sum.Returns.end())
          return substitute(It->second, Call, S);
        return {};
      }
      Key K;
      if (Call->getType()->isPointerType() && elementKey(Call, K))
        if (const OriginSet *V = get(S, K))
          return *V;
      return {};
    }
    if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
      if (const FunctionDecl *Op = New->getOperatorNew())
        if (const ::usm::Api *A = ::usm::findApi(catalogName(*Op)))
          return {Origin{New, A, A->K, FD, -1}};
      return {};
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      Key K;
      if (keyOf(DRE, K))
        return lookup(K, S);
      return {};
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      // p->array decays to an address inside *p.
      if (ME->isArrow() && ME->getType()->isArrayType())
        return eval(ME->getBase(), S);
      Key K;
      if (keyOf(ME, K))
        return lookup(K, S);
      return {};
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!AS->getType()->isPointerType())
        return {};
      Key K;
      if (keyOf(AS, K))
        return lookup(K, S);
      return {};
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      switch (BO->getOpcode()) {
      case BO_Add:
      case BO_Sub:
        if (BO->getLHS()->getType()->isPointerType())
          return eval(BO->getLHS(), S);
        if (BO->getRHS()->getType()->isPointerType())
          return eval(BO->getRHS(), S);
        return {};
      case BO_Comma:
      case BO_Assign:
        return eval(BO->getRHS(), S);
      case BO_AddAssign:
      case BO_SubAssign:
        return eval(BO->getLHS(), S);
      default:
        return {};
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      const Expr *Sub = UO->getSubExpr()->IgnoreParenImpCasts();
      switch (UO->getOpcode()) {
      case UO_AddrOf:
        if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub))
          if (!AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
            return eval(AS->getBase(), S);
        if (const auto *D = dyn_cast<UnaryOperator>(Sub))
          if (D->getOpcode() == UO_Deref)
            return eval(D->getSubExpr(), S);
        if (const auto *ME = dyn_cast<MemberExpr>(Sub))
          if (ME->isArrow())
            return eval(ME->getBase(), S);
        return {};
      case UO_PreInc:
      case UO_PreDec:
      case UO_PostInc:
      case UO_PostDec:
        return eval(UO->getSubExpr(), S);
      default:
        return {};
      }
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      OriginSet O = valueOf(CO->getTrueExpr(), S);
      mergeOrigins(O, valueOf(CO->getFalseExpr(), S));
      return O;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      // An object constructed from a pointer holds it (unique_ptr,
      // shared_ptr, with or without a deleter); a [first, last) pair of the
      // same pointer type is a range copy, not ownership.
      if (CE->getNumArgs() >= 1 && CE->getArg(0)->getType()->isPointerType()) {
        if (CE->getNumArgs() >= 2 &&
            CE->getArg(1)->getType().getCanonicalType() ==
                CE->getArg(0)->getType().getCanonicalType())
          return {};
        return eval(CE->getArg(0), S);
      }
      // Copy/move construction of a tracked object.
      if (CE->getNumArgs() == 1 && CE->getConstructor() &&
          CE->getConstructor()->isCopyOrMoveConstructor())
        return eval(CE->getArg(0), S);
      return {};
    }
    if (const auto *IL = dyn_cast<InitListExpr>(E)) {
      if (IL->getNumInits() == 1 && IL->getType()->isPointerType())
        return eval(IL->getInit(0), S);
      return {};
    }
    return {};
  }

  /// The value of a device number, allocator handle or memory space.
  OriginSet scalarValue(const Expr *E, const FlowState &S) {
    E = stripCasts(E);
    if (!E)
      return {};
    if (auto K = P.selectorOf(E))
      return {Origin::selector(*K)};
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      Key K;
      if (keyOf(DRE, K))
        if (const OriginSet *V = get(S, K))
          return *V;
      return {};
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      Key K;
      if (keyOf(ME, K))
        if (const OriginSet *V = get(S, K))
          return *V;
      return {};
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      if (isInitialDeviceCall(*Call))
        return {Origin::initialDevice()};
      // omp_init_allocator(memspace, ...): the memory space picks the kind.
      if (const ::usm::Api *A = P.apiOf(*Call))
        if (A->R == ::usm::Role::Allocator && A->K == ::usm::Kind::ByArg)
          for (const Expr *Arg : Call->arguments()) {
            OriginSet V = scalarValue(Arg, S);
            if (V.size() == 1 && V[0].isSelector())
              return V;
          }
    }
    return {};
  }

  /// Sets \p O's kind from \p V, the value of the argument that decides it
  /// (a device number when \p DeviceNumber, else a kind selector); a value
  /// that is a parameter of this function leaves the kind to the callers.
  static void resolveKindArg(Origin &O, const OriginSet &V, bool DeviceNumber) {
    O.ArgParam = -1;
    O.ArgFn = nullptr;
    if (V.empty())
      return;
    if (V.size() == 1 && V[0].isParam()) {
      O.ArgParam = V[0].Param;
      O.ArgFn = V[0].Fn;
      return;
    }
    if (DeviceNumber) {
      bool All = true;
      for (const Origin &X : V)
        All &= X.isInitialDevice();
      if (All)
        O.K = ::usm::Kind::Host; // the initial device is the host
      return;
    }
    std::optional<::usm::Kind> K;
    for (const Origin &X : V) {
      if (!X.isSelector() || (K && *K != X.K))
        return;
      K = X.K;
    }
    if (K)
      O.K = *K;
  }

  /// The origin an allocation call creates here: its kind from the catalog,
  /// from constant arguments, or from what the state says its device /
  /// allocator argument holds.
  Origin allocOrigin(const CallExpr *Call, const ::usm::Api *A,
                     const FlowState &S) {
    Origin O{Call, A, ::usm::Kind::ByArg, FD, -1};
    if (auto K = P.allocationKindOf(*Call, *A))
      O.K = *K;
    if (A->K == ::usm::Kind::ByArg) {
      if (O.K != ::usm::Kind::ByArg)
        return O;
      // The allocator handle is the last argument whose value is known.
      for (unsigned I = Call->getNumArgs(); I-- > 0;) {
        const Expr *Arg = Call->getArg(I);
        if (!isScalar(Arg->getType()))
          continue;
        OriginSet V = scalarValue(Arg, S);
        if (V.empty())
          continue;
        resolveKindArg(O, V, /*DeviceNumber=*/false);
        break;
      }
      return O;
    }
    if (hasInitialDevice(A->M) && A->Dev >= 0)
      if (const Expr *DevE = argAt(*Call, A->Dev))
        resolveKindArg(O, scalarValue(DevE, S), /*DeviceNumber=*/true);
    return O;
  }

  /// Stores a scalar value; values the engine knows nothing about are
  /// stored only to replace an earlier known value.
  void assignScalar(const Expr *LHS, const OriginSet &V, FlowState &S) {
    Key K;
    if (!keyOf(LHS, K))
      return;
    if (V.empty() && !Ids.count(K))
      return;
    set(S, K, V.empty() ? OriginSet{Origin::unknown()} : V);
  }

  //--- record values (structs, std::pair, std::tuple) ------------------------

  using Slot = std::pair<const FieldDecl *, long>; ///< field, or element
  using Slots = std::vector<std::pair<Slot, OriginSet>>;

  static Key keyOfSlot(const Decl *Base, const Slot &Sl) {
    return Sl.first ? Key{Base, Sl.first, false}
                    : Key{Base, nullptr, true, Sl.second};
  }

  /// Field/element values of a record built from \p Args in order: the
  /// fields of the record, or, for a tuple-like record without own fields,
  /// its elements.
  void slotsFromArgs(const RecordDecl *RD, llvm::ArrayRef<const Expr *> Args,
                     const FlowState &S, Slots &Out) {
    std::vector<const FieldDecl *> Fs(RD->field_begin(), RD->field_end());
    if (Fs.empty()) {
      for (unsigned I = 0; I < Args.size(); ++I)
        if (Args[I]->getType()->isPointerType())
          Out.push_back({{nullptr, static_cast<long>(I)}, eval(Args[I], S)});
      return;
    }
    if (Fs.size() < Args.size())
      return;
    for (unsigned I = 0; I < Args.size(); ++I)
      if (Fs[I]->getType()->isPointerType() &&
          Args[I]->getType()->isPointerType())
        Out.push_back({{Fs[I], -1}, eval(Args[I], S)});
  }

  /// The pointer fields (or tuple elements) of the record value \p E.
  bool recordValue(const Expr *E, const FlowState &S, Slots &Out) {
    E = ignoreTemporaries(E);
    if (!E)
      return false;
    if (const auto *CL = dyn_cast<CompoundLiteralExpr>(E))
      return recordValue(CL->getInitializer(), S, Out);
    const RecordDecl *RD = E->getType()->getAsRecordDecl();
    if (!RD || RD->isUnion())
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const Decl *VD = DRE->getDecl();
      for (const FieldDecl *F : RD->fields())
        if (F->getType()->isPointerType())
          if (const OriginSet *V = get(S, Key{VD, F, false}))
            Out.push_back({{F, -1}, *V});
      auto Elems = ElemIds.find(VD);
      if (Elems != ElemIds.end())
        for (const auto &[Index, Id] : Elems->second)
          if (Index >= 0)
            if (const OriginSet *V = States.lookup(S.Root, Id))
              Out.push_back({{nullptr, Index}, *V});
      return true;
    }
    if (const auto *IL = dyn_cast<InitListExpr>(E)) {
      if (!IL->isSemanticForm() && IL->getSemanticForm())
        IL = IL->getSemanticForm();
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        if (F->getType()->isPointerType())
          Out.push_back(
              {{F, -1},
               I < IL->getNumInits() ? eval(IL->getInit(I), S) : OriginSet{}});
        ++I;
      }
      return true;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      if (!Ctor)
        return false;
      if (CE->getNumArgs() == 1 && Ctor->isCopyOrMoveConstructor())
        return recordValue(CE->getArg(0), S, Out);
      // A library constructor that stores its arguments in order
      // (std::pair, std::tuple); user constructors have their own
      // summaries (member initialisers).
      const FunctionDecl *Def = Ctor->getDefinition();
      if (Def && P.FunctionSet.count(Def))
        return false;
      std::vector<const Expr *> Args(CE->arg_begin(), CE->arg_end());
      slotsFromArgs(RD, Args, S, Out);
      return true;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      if (const FunctionDecl *Callee = userCallee(Call)) {
        auto It = P.Sum.ReturnSlots.find(Callee);
        if (It == P.Sum.ReturnSlots.end())
          return false;
        for (const auto &[Sl, O] : It->second)
          Out.push_back({Sl, substitute(O, Call, S)});
        return true;
      }
      // A library function that builds a record from its arguments
      // (std::make_pair, std::make_tuple).
      const FunctionDecl *Callee = directCallee(*Call);
      if (Callee && !isa<CXXMemberCallExpr>(Call) &&
          !isa<CXXOperatorCallExpr>(Call) && !P.apiOf(*Call) &&
          Callee->getTemplateSpecializationArgs()) {
        std::vector<const Expr *> Args(Call->arg_begin(), Call->arg_end());
        slotsFromArgs(RD, Args, S, Out);
        return true;
      }
    }
    return false;
  }

  /// Stores a record value into the variable \p VD.
  void assignRecord(const Decl *VD, const Expr *Init, FlowState &S) {
    Slots Sl;
    if (!recordValue(Init, S, Sl))
      return;
    for (auto &[Slot, O] : Sl)
      set(S, keyOfSlot(VD, Slot), std::move(O));
  }

  /// std::get<I>(t): element (or field) I of a local record.
  bool elementKey(const CallExpr *Call, Key &K) {
    const FunctionDecl *Callee = directCallee(*Call);
    if (!Callee || Call->getNumArgs() != 1 || isa<CXXMemberCallExpr>(Call))
      return false;
    const TemplateArgumentList *TA = Callee->getTemplateSpecializationArgs();
    if (!TA || TA->size() < 1 ||
        TA->get(0).getKind() != TemplateArgument::Integral)
      return false;
    long I = static_cast<long>(TA->get(0).getAsIntegral().getExtValue());
    const auto *DRE = dyn_cast<DeclRefExpr>(stripCasts(Call->getArg(0)));
    if (!DRE)
      return false;
    const RecordDecl *RD =
        DRE->getType().getNonReferenceType()->getAsRecordDecl();
    if (!RD)
      return false;
    std::vector<const FieldDecl *> Fs(RD->field_begin(), RD->field_end());
    if (Fs.empty()) {
      K = Key{DRE->getDecl(), nullptr, true, I};
      return true;
    }
    if (I < 0 || static_cast<size_t>(I) >= Fs.size())
      return false;
    K = Key{DRE->getDecl(), Fs[I], false};
    return true;
  }

  /// eval() for a value that is stored: what eval() cannot trace (other
  /// than a null pointer) is Unknown, so that "must" questions see it.
  OriginSet valueOf(const Expr *E, const FlowState &S) {
    OriginSet O = eval(E, S);
    if (!O.empty())
      return O;
    const Expr *Stripped = stripCasts(E);
    if (!Stripped || Stripped->isValueDependent() || isNull(Stripped))
      return O;
    if (!Stripped->getType()->isPointerType())
      return O;
    return {Origin::unknown()};
  }

  /// Does \p O say anything beyond "unknown"?
  static bool informative(const OriginSet &O) {
    for (const Origin &X : O)
      if (!X.isUnknown() && X.K != ::usm::Kind::ByArg)
        return true;
    return false;
  }

  //--- writing values -------------------------------------------------------

  void assign(const Expr *LHS, const OriginSet &O, FlowState &S, bool Record) {
    LHS = LHS->IgnoreParens();
    Key K;
    if (keyOf(LHS, K)) {
      if (K.Elem && K.Index < 0)
        weak(S, K, O); // unknown element: weak update
      else
        set(S, K, O);
      if (Record && K.Field) {
        mergeOrigins(P.Sum.Fields[K.Field], withoutParams(O));
        noteFieldStore(K.Field, O);
      }
      if (Record && !K.Field)
        if (const auto *VD = dyn_cast<VarDecl>(K.Base))
          if (VD->hasGlobalStorage() && !VD->isStaticLocal())
            mergeOrigins(P.Sum.Globals[VD], withoutParams(O));
      return;
    }
    // *out = value, where out is a parameter: an out-parameter summary.
    if (const auto *UO = dyn_cast<UnaryOperator>(LHS))
      if (UO->getOpcode() == UO_Deref && Record)
        for (const Origin &PO : eval(UO->getSubExpr(), S))
          if (PO.Param >= 0 && PO.Fn == FD)
            mergeOrigins(P.Sum.OutParams[{FD, static_cast<unsigned>(PO.Param)}],
                         withoutParams(O));
  }

  static OriginSet withoutParams(const OriginSet &O) {
    OriginSet R;
    for (const Origin &X : O)
      if (X.Param < 0)
        R.push_back(X);
    return R;
  }

  void recordReferenceParams(const FlowState &S) {
    for (unsigned I = 0; I < FD->getNumParams(); ++I) {
      const ParmVarDecl *PD = FD->getParamDecl(I);
      if (!PD->getType()->isReferenceType() ||
          !PD->getType().getNonReferenceType()->isPointerType())
        continue;
      if (const OriginSet *V = get(S, Key{PD, nullptr, false}))
        mergeOrigins(P.Sum.OutParams[{FD, I}], withoutParams(*V));
    }
  }

  //--- transfer -------------------------------------------------------------

  /// Is \p St (of an observed class) inside an OpenMP target region
  /// (Collector::markDeviceBody)?
  bool isDeviceStmt(const Stmt *St) {
    return !P.DeviceStmts.empty() && P.DeviceStmts.count(St);
  }

  void transfer(const CFGElement &E, FlowState &S, bool Record) {
    Recording = Record;
    if (auto Init = E.getAs<CFGInitializer>()) {
      const CXXCtorInitializer *CI = Init->getInitializer();
      if (FieldDecl *F = CI->getMember()) {
        OriginSet O = eval(CI->getInit(), S);
        lifeEscape(O, S); // a member outlives the constructor
        set(S, Key{nullptr, F, false}, O);
        if (Record) {
          mergeOrigins(P.Sum.Fields[F], withoutParams(O));
          noteFieldStore(F, O);
        }
      }
      return;
    }
    auto CS = E.getAs<CFGStmt>();
    if (!CS)
      return;
    const Stmt *St = CS->getStmt();
    Element = St;
    // Operators other than assignments and dereferences change nothing
    // here and are no access: most of a body's operators, skipped before
    // the lookups below.
    if (const auto *BO = dyn_cast<BinaryOperator>(St);
        BO && BO->getOpcode() != BO_Assign)
      return;
    if (const auto *UO = dyn_cast<UnaryOperator>(St);
        UO && UO->getOpcode() != UO_Deref)
      return;
    // observe() acts on ObservedClasses only: the others skip the two
    // lookups below (clause expressions, device statements), whose tables
    // are read at random and miss the cache on long functions and large
    // translation units.
    if (Record && ObservedClasses.contains(St->getStmtClass()) &&
        !P.Ignored.count(St) && !isDeviceStmt(St))
      observe(St, S);
    if (Record)
      recordFree(St, S);
    if (Record && Final)
      recordCopy(St, S);
    if (const auto *Call = dyn_cast<CallExpr>(St))
      lifeCall(Call, S);
    else if (const auto *Del = dyn_cast<CXXDeleteExpr>(St))
      lifeFree(Del, Del->getArgument(), S);
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(St))
      for (const Expr *Arg : CE->arguments())
        if (Arg->getType()->isPointerType())
          lifeEscapeExpr(Arg, S); // an owner (unique_ptr, a user RAII class)

    if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          if (!VD->getInit())
            continue;
          if (isPointerLike(VD->getType())) {
            Key K{VD, nullptr, false};
            lifeDeclStore(VD, VD->getInit(), S);
            set(S, K, valueOf(VD->getInit(), S));
            initAggregate(VD, VD->getInit(), S);
            if (VD->getType()->isRecordType())
              assignRecord(VD, VD->getInit(), S);
          } else if (isScalar(VD->getType())) {
            noteQueryAnswer(VD, VD->getInit());
            OriginSet V = scalarValue(VD->getInit(), S);
            if (!V.empty())
              set(S, Key{VD, nullptr, false}, std::move(V));
            lifeStatus(nullptr, VD, VD->getInit(), S);
          }
        }
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
      if (BO->getOpcode() != BO_Assign)
        return;
      QualType T = BO->getLHS()->getType();
      if (isPointerLike(T)) {
        lifeStore(BO->getLHS(), BO->getRHS(), S);
        assign(BO->getLHS(), valueOf(BO->getRHS(), S), S, Record);
        if (T->isRecordType())
          if (const auto *DRE =
                  dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
            assignRecord(DRE->getDecl(), BO->getRHS(), S);
      } else if (isScalar(T)) {
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
            noteQueryAnswer(VD, BO->getRHS());
        assignScalar(BO->getLHS(), scalarValue(BO->getRHS(), S), S);
        lifeStatus(BO->getLHS(), nullptr, BO->getRHS(), S);
      }
      return;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(St)) {
      if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
        lifeStore(OC->getArg(0), OC->getArg(1), S);
        assign(OC->getArg(0), valueOf(OC->getArg(1), S), S, Record);
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParenImpCasts()))
          if (DRE->getType()->isRecordType())
            assignRecord(DRE->getDecl(), OC->getArg(1), S);
      }
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(St)) {
      transferCall(Call, S, Record);
      return;
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(St)) {
      lifeLambda(LE, S);
      State Snap;
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable())
          if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar())) {
            Key K{VD, nullptr, false};
            OriginSet O = lookup(K, S);
            if (informative(O))
              Snap[K] = withoutParams(O);
          }
      State &Dst = P.Sum.LambdaSnaps[LE->getLambdaClass()];
      for (const auto &[K, O] : Snap)
        mergeOrigins(Dst[K], O);
      return;
    }
    if (const auto *RS = dyn_cast<ReturnStmt>(St)) {
      lifeReturn(RS->getRetValue(), S);
      if (Record && RS->getRetValue()) {
        mergeOrigins(P.Sum.Returns[FD], eval(RS->getRetValue(), S));
        Slots Sl;
        if (RS->getRetValue()->getType()->isRecordType() &&
            recordValue(RS->getRetValue(), S, Sl))
          for (const auto &[Slot, O] : Sl)
            mergeOrigins(P.Sum.ReturnSlots[FD][Slot], O);
      }
      return;
    }
  }

  /// `T v = {...}` / `T v{...}`: the fields of a local aggregate (or the
  /// elements of an array of pointers) get exactly the listed values, so
  /// the TU-wide field summary does not apply to them.
  void initAggregate(const VarDecl *VD, const Expr *Init, FlowState &S) {
    const auto *IL = dyn_cast<InitListExpr>(ignoreTemporaries(Init));
    if (!IL)
      return;
    if (IL->isSemanticForm() && IL->getType()->isArrayType()) {
      for (unsigned I = 0; I < IL->getNumInits(); ++I) {
        OriginSet O = eval(IL->getInit(I), S);
        set(S, Key{VD, nullptr, true, static_cast<long>(I)}, O);
        weak(S, Key{VD, nullptr, true, -1}, O);
      }
      return;
    }
    const RecordDecl *RD = IL->getType()->getAsRecordDecl();
    if (!RD)
      return;
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (F->getType()->isPointerType()) {
        OriginSet O =
            I < IL->getNumInits() ? eval(IL->getInit(I), S) : OriginSet{};
        noteFieldStore(F, O);
        set(S, Key{VD, F, false}, std::move(O));
      }
      else if (isScalar(F->getType()) && I < IL->getNumInits()) {
        OriginSet V = scalarValue(IL->getInit(I), S);
        if (!V.empty())
          set(S, Key{VD, F, false}, std::move(V));
      }
      ++I;
    }
  }

  /// \p VD receives the answer of a kind query (`t = get_pointer_type(p)`).
  void noteQueryAnswer(const VarDecl *VD, const Expr *Init) {
    const auto *Call = dyn_cast_or_null<CallExpr>(stripCasts(Init));
    const ::usm::Api *A = Call ? P.apiOf(*Call) : nullptr;
    const ::usm::Query *Q = A ? ::usm::findQuery(A->Name) : nullptr;
    if (Q && Q->Answer == ::usm::RET)
      QueryVars[VD] = Call;
  }

  void transferCall(const CallExpr *Call, FlowState &S, bool Record) {
    if (const ::usm::Api *A = P.apiOf(*Call)) {
      // A kind query that answers through an out-parameter.
      if (const ::usm::Query *Q = ::usm::findQuery(A->Name);
          Q && Q->Answer >= 0)
        if (const Expr *Out = argAt(*Call, Q->Answer))
          if (const auto *UO = dyn_cast<UnaryOperator>(stripCasts(Out));
              UO && UO->getOpcode() == UO_AddrOf)
            if (const auto *DRE = dyn_cast<DeclRefExpr>(
                    UO->getSubExpr()->IgnoreParenImpCasts()))
              if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
                QueryVars[VD] = Call;
      if (A->R != ::usm::Role::Alloc || A->Ptr < 0)
        return;
      const Expr *Out = argAt(*Call, A->Ptr);
      if (!Out)
        return;
      OriginSet O{allocOrigin(Call, A, S)};
      Out = stripCasts(Out);
      if (const auto *UO = dyn_cast<UnaryOperator>(Out);
          UO && UO->getOpcode() == UO_AddrOf) {
        assign(UO->getSubExpr(), O, S, Record);
        return;
      }
      if (Record)
        for (const Origin &PO : eval(Out, S))
          if (PO.Param >= 0 && PO.Fn == FD)
            mergeOrigins(P.Sum.OutParams[{FD, static_cast<unsigned>(PO.Param)}],
                         O);
      return;
    }
    const FunctionDecl *Callee = userCallee(Call);
    if (isa<CXXOperatorCallExpr>(Call))
      return;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = stripCasts(Call->getArg(I));
      const auto *UO = dyn_cast<UnaryOperator>(Arg);
      bool AddrOf = UO && UO->getOpcode() == UO_AddrOf;
      bool ByRef = Callee && I < Callee->getNumParams() &&
                   Callee->getParamDecl(I)->getType()->isReferenceType() &&
                   !Callee->getParamDecl(I)
                        ->getType()
                        .getNonReferenceType()
                        .isConstQualified();
      if (!AddrOf && !ByRef)
        continue;
      const Expr *Target = AddrOf ? UO->getSubExpr() : Arg;
      Key K;
      if (!keyOf(Target, K) || !isPointerLike(Target->getType()))
        continue;
      if (Callee) {
        auto It = P.Sum.OutParams.find({Callee, I});
        if (It != P.Sum.OutParams.end()) {
          assign(Target, substitute(It->second, Call, S), S, Record);
          continue;
        }
        // A user function that may store through it but has no summary
        // entry stores nothing we know of: keep the value.
        continue;
      }
      // An unknown function receives the address: the value is unknown.
      if (AddrOf) {
        set(S, K, {Origin::unknown()});
        if (Record && K.Field)
          noteFieldStore(K.Field, {Origin::unknown()});
      }
    }
  }

  //--- frees -----------------------------------------------------------------

  /// A catalog deallocation (call or delete-expression): which allocations
  /// reach its pointer on every path, when that is known.
  void recordFree(const Stmt *St, const FlowState &S) {
    const ::usm::Api *FreeApi = nullptr;
    const Expr *Ptr = nullptr;
    if (const auto *Call = dyn_cast<CallExpr>(St)) {
      const ::usm::Api *A = P.apiOf(*Call);
      if (!A || A->R != ::usm::Role::Free) {
        if (!A)
          recordHandOver(St, S);
        return;
      }
      FreeApi = A;
      Ptr = argAt(*Call, A->Ptr);
    } else if (const auto *Del = dyn_cast<CXXDeleteExpr>(St)) {
      if (!Del->getOperatorDelete())
        return;
      FreeApi = ::usm::findApi(catalogName(*Del->getOperatorDelete()));
      Ptr = Del->getArgument();
    }
    if (!FreeApi || !Ptr) {
      recordHandOver(St, S);
      return;
    }
    recordFreeSummary(cast<Expr>(St), FreeApi, Ptr, S);
    if (!Final)
      return;
    FreeFact F;
    F.Free = cast<Expr>(St);
    F.FreeApi = FreeApi;
    F.Fn = FD;
    if (const auto *ME = dyn_cast<MemberExpr>(stripCasts(Ptr)))
      F.Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const Expr *E = stripCasts(Ptr);
    bool Eligible = isa<CXXNewExpr>(E);
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const ::usm::Api *A = P.apiOf(*Call))
        Eligible = A->R == ::usm::Role::Alloc && A->Ptr == ::usm::RET;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Eligible = VD->isLocalVarDecl() && !VD->getType()->isReferenceType() &&
                   !P.addressEscapes(FD, VD);
    // The origins are kept either way (a parameter's origins say that the
    // callers' hand-overs cover this free); only eligible ones are must.
    F.Origins = eval(E, S);
    if (Eligible) {
      F.Known = !F.Origins.empty();
      for (const Origin &O : F.Origins)
        F.Known &= O.Site != nullptr;
    }
    if (P.FreeIndex.try_emplace(F.Free, P.FreeFacts.size()).second)
      P.FreeFacts.push_back(std::move(F));
  }

  //--- frees across functions (the ParamFrees/FieldFrees summaries) --------

  /// A free of something that came from outside this function: a parameter
  /// (for callers), a field or a global (for whoever stored into it).
  void recordFreeSummary(const Expr *Free, const ::usm::Api *FreeApi,
                         const Expr *Ptr, const FlowState &S) {
    FreeSite FS{Free, FreeApi, FD};
    const Expr *E = stripCasts(Ptr);
    // (A field of a parameter's object is a field free, below.)
    if (!isa<MemberExpr>(E))
      for (const Origin &O : eval(Ptr, S))
        if (O.isParam() && O.Fn == FD)
          P.Sum.ParamFrees[{FD, static_cast<unsigned>(O.Param)}].insert(FS);
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
        P.Sum.FieldFrees[F].insert(FS);
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasGlobalStorage() && !VD->isStaticLocal())
          P.Sum.GlobalFrees[VD].insert(FS);
    }
  }

  /// Is \p E a pointer whose origins are must-facts here (see FreeFact)?
  bool mustEligible(const Expr *E) {
    E = stripCasts(E);
    if (isa<CXXNewExpr>(E))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const ::usm::Api *A = P.apiOf(*Call))
        return A->R == ::usm::Role::Alloc && A->Ptr == ::usm::RET;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        return VD->isLocalVarDecl() && !VD->getType()->isReferenceType() &&
               !P.addressEscapes(FD, VD);
    return false;
  }

  /// The frees a deleter performs on its argument: a catalog free function
  /// named directly (`&cudaFree`), or a callable (functor, lambda) whose
  /// call operator frees its first parameter.
  FreeSites deleterFrees(const Expr *Deleter, QualType DeleterType) {
    if (Deleter) {
      const Expr *E = stripCasts(Deleter);
      if (const auto *UO = dyn_cast<UnaryOperator>(E);
          UO && UO->getOpcode() == UO_AddrOf)
        E = stripCasts(UO->getSubExpr());
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        if (const auto *Fn = dyn_cast<FunctionDecl>(DRE->getDecl())) {
          if (const ::usm::Api *A = P.calleeInfo(*Fn).Api;
              A && A->R == ::usm::Role::Free && A->Ptr == 0)
            return {FreeSite{DRE, A, FD}};
          if (const FunctionDecl *Def = Fn->getDefinition()) {
            auto It = P.Sum.ParamFrees.find({Def, 0});
            if (It != P.Sum.ParamFrees.end())
              return It->second;
          }
          return {};
        }
      DeleterType = E->getType();
    }
    const CXXRecordDecl *RD = DeleterType.isNull()
                                  ? nullptr
                                  : DeleterType->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition())
      return {};
    for (const CXXMethodDecl *M : RD->methods())
      if (M->getOverloadedOperator() == OO_Call && M->getNumParams() >= 1)
        if (const FunctionDecl *Def = M->getDefinition()) {
          auto It = P.Sum.ParamFrees.find({Def, 0});
          if (It != P.Sum.ParamFrees.end())
            return It->second;
        }
    return {};
  }

  /// A statement that hands a pointer to code that frees it: a call of a
  /// function whose summary frees that parameter, or the construction of an
  /// owner from a pointer and a deleter that frees it.
  void recordHandOver(const Stmt *St, const FlowState &S) {
    std::vector<std::pair<const Expr *, FreeSites>> Handed;
    if (const auto *Call = dyn_cast<CallExpr>(St)) {
      const FunctionDecl *Def = userCallee(Call);
      if (!Def || isa<CXXOperatorCallExpr>(Call))
        return;
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        auto It = P.Sum.ParamFrees.find({Def, I});
        if (It != P.Sum.ParamFrees.end())
          Handed.push_back({Call->getArg(I), It->second});
      }
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(St)) {
      if (CE->getNumArgs() < 1 || !CE->getArg(0)->getType()->isPointerType())
        return;
      FreeSites Sites;
      if (CE->getNumArgs() >= 2)
        Sites = deleterFrees(CE->getArg(1), QualType());
      else if (const auto *Spec =
                   dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                       CE->getType()->getAsCXXRecordDecl())) {
        // The deleter is a template argument after the element type.
        const TemplateArgumentList &Args = Spec->getTemplateArgs();
        for (unsigned I = 1; I < Args.size() && Sites.empty(); ++I)
          if (Args[I].getKind() == TemplateArgument::Type)
            Sites = deleterFrees(nullptr, Args[I].getAsType());
      }
      if (!Sites.empty())
        Handed.push_back({CE->getArg(0), Sites});
    }
    for (auto &[Arg, Sites] : Handed) {
      OriginSet O = eval(Arg, S);
      // Through a helper of a helper: this function frees its parameter too.
      for (const Origin &X : O)
        if (X.isParam() && X.Fn == FD)
          P.Sum.ParamFrees[{FD, static_cast<unsigned>(X.Param)}].insert(
              Sites.begin(), Sites.end());
      if (!Final)
        continue;
      FreeFact F;
      F.Via = cast<Expr>(St);
      F.Through = Sites;
      F.Free = Sites.begin()->Free;
      F.FreeApi = Sites.begin()->FreeApi;
      F.Fn = FD;
      F.Origins = O;
      if (mustEligible(Arg)) {
        F.Known = !O.empty();
        for (const Origin &X : O)
          F.Known &= X.Site != nullptr;
      }
      P.FreeFacts.push_back(std::move(F));
    }
  }

  /// Every value stored into field \p F, for field frees (parameters and
  /// untraced values count as Unknown).
  void noteFieldStore(const FieldDecl *F, const OriginSet &O) {
    OriginSet V;
    for (const Origin &X : O)
      V.push_back(X.Site ? X : Origin::unknown());
    if (O.empty())
      return; // a null pointer: nothing to release
    std::sort(V.begin(), V.end());
    V.erase(std::unique(V.begin(), V.end()), V.end());
    mergeOrigins(P.Sum.FieldStores[F], V);
  }

  //--- copies and fills ---------------------------------------------------------

  /// Origins of a copy's pointer argument, and whether they hold on every
  /// path (the eligibility rule of recordFree, through pointer arithmetic).
  OriginSet copyPointer(const Expr *Arg, const FlowState &S, bool &Known) {
    Known = false;
    if (!Arg || !Arg->getType()->isPointerType())
      return {};
    OriginSet O = eval(Arg, S);
    const Expr *E = pointerBase(Arg);
    bool Eligible = false;
    if (const auto *Call = dyn_cast_or_null<CallExpr>(E))
      if (const ::usm::Api *A = P.apiOf(*Call))
        Eligible = A->R == ::usm::Role::Alloc && A->Ptr == ::usm::RET;
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Eligible = VD->isLocalVarDecl() && !VD->getType()->isReferenceType() &&
                   VD->getType()->isPointerType() && !P.addressEscapes(FD, VD);
    if (Eligible) {
      Known = !O.empty();
      for (const Origin &X : O)
        Known &= X.Site != nullptr;
    }
    return O;
  }

  void recordCopy(const Stmt *St, const FlowState &S) {
    const auto *Call = dyn_cast<CallExpr>(St);
    const ::usm::Api *A = Call ? P.apiOf(*Call) : nullptr;
    if (!A || (A->R != ::usm::Role::Copy && A->R != ::usm::Role::Fill))
      return;
    if (Device || DeclareTarget || !P.CopySeen.insert(Call).second)
      return;
    CopyFact F;
    F.Call = Call;
    F.Api = A;
    F.Fn = FD;
    F.Dst = copyPointer(argAt(*Call, A->Ptr), S, F.DstKnown);
    if (A->R == ::usm::Role::Copy)
      F.Src = copyPointer(argAt(*Call, A->Src), S, F.SrcKnown);
    if (const Expr *D = argAt(*Call, A->Dev))
      F.DstDev = scalarValue(D, S);
    if (const Expr *D = argAt(*Call, A->SrcDev))
      F.SrcDev = scalarValue(D, S);
    P.CopyFacts.push_back(std::move(F));
  }

  //--- observing accesses and device uses -----------------------------------

  AccessKind useOf(const Expr *L) {
    const StmtParents &PM = P.parents(FD);
    const Stmt *Cur = L;
    while (const Stmt *Par = PM.getParent(Cur)) {
      if (isa<ParenExpr>(Par)) {
        Cur = Par;
        continue;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(Par)) {
        if (!ME->isArrow() && ME->getBase()->IgnoreParens() == Cur) {
          if (isa<CXXMethodDecl>(ME->getMemberDecl()))
            return AccessKind::Read;
          Cur = Par;
          continue;
        }
        return AccessKind::None;
      }
      if (const auto *IC = dyn_cast<ImplicitCastExpr>(Par)) {
        switch (IC->getCastKind()) {
        case CK_LValueToRValue:
          return AccessKind::Read;
        case CK_NoOp:
          Cur = Par;
          continue;
        case CK_ArrayToPointerDecay: {
          // p[i].arr[j]: the element access is the subscript above.
          const Stmt *Up = PM.getParent(Par);
          if (const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(Up))
            if (AS->getBase()->IgnoreParenImpCasts() ==
                cast<Expr>(Cur)->IgnoreParens()) {
              Cur = Up;
              continue;
            }
          return AccessKind::None;
        }
        default:
          return AccessKind::None;
        }
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(Par)) {
        if (BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == Cur)
          return BO->getOpcode() == BO_Assign ? AccessKind::Write
                                              : AccessKind::ReadWrite;
        return AccessKind::None;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(Par)) {
        if (UO->isIncrementDecrementOp())
          return AccessKind::ReadWrite;
        return AccessKind::None;
      }
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Par)) {
        // Assignment operators of class-typed elements.
        if (OC->isAssignmentOp() && OC->getNumArgs() >= 1 &&
            OC->getArg(0)->IgnoreParens() == Cur)
          return OC->getOperator() == OO_Equal ? AccessKind::Write
                                               : AccessKind::ReadWrite;
        return AccessKind::Read;
      }
      if (isa<CXXConstructExpr>(Par))
        return AccessKind::Read;
      return AccessKind::None;
    }
    return AccessKind::None;
  }

  /// A dereference at \p At of \p Ptr: how it uses the memory is worked
  /// out (from the parents) only when the pointer may hold device memory or
  /// a parameter.
  void derefAccess(const Expr *At, const Expr *Ptr, FlowState &S) {
    lifeUse(At, Ptr, S, LifetimeUse::Host);
    bool Relevant = false;
    for (const Origin &O : eval(Ptr, S))
      Relevant |= O.isDevice() || (O.isParam() && O.Fn == FD) ||
                  (P.HasAsync && hostUsm(O));
    if (Relevant)
      access(At, Ptr, useOf(At), S);
  }

  void access(const Expr *At, const Expr *Ptr, AccessKind AK, FlowState &S,
              const FunctionDecl *Via = nullptr, const Expr *ViaAt = nullptr,
              bool ViaLibrary = false) {
    if (AK == AccessKind::None)
      return;
    if (ViaLibrary)
      lifeUse(At, Ptr, S, LifetimeUse::Host);
    OriginSet O = eval(Ptr, S);
    bool AnyDevice = false;
    for (const Origin &X : O) {
      if (X.Param >= 0 && X.Fn == FD && !Device) {
        auto Key = std::make_pair(FD, static_cast<unsigned>(X.Param));
        if (!P.Sum.Derefs.count(Key))
          P.Sum.Derefs[Key] = Deref{ViaAt ? ViaAt : At, AK};
      }
      AnyDevice |= X.isDevice();
    }
    if (P.HasAsync && Final && !Device && !DeclareTarget)
      recordUsmAccess(At, Ptr, AK, O, Via, ViaAt, ViaLibrary);
    if (!AnyDevice || Device || DeclareTarget || !Final)
      return;
    if (!P.AccessSeen.insert({At, Ptr}).second)
      return;
    HostAccess H;
    H.At = At;
    H.Pointer = Ptr;
    H.Fn = FD;
    H.AK = AK;
    for (const Origin &X : O)
      if (!X.isUnknown() && X.K != ::usm::Kind::ByArg)
        H.Origins.push_back(X);
    H.Via = Via;
    H.ViaAt = ViaAt;
    H.ViaLibrary = ViaLibrary;
    P.Accesses.push_back(std::move(H));
  }

  /// Host or shared USM memory: what the host may touch while a kernel or
  /// an asynchronous copy still writes it.
  static bool hostUsm(const Origin &O) {
    return O.Site && (O.K == ::usm::Kind::Host || O.K == ::usm::Kind::Shared);
  }

  void recordUsmAccess(const Expr *At, const Expr *Ptr, AccessKind AK,
                       const OriginSet &O, const FunctionDecl *Via,
                       const Expr *ViaAt, bool ViaLibrary) {
    HostAccess H;
    for (const Origin &X : O)
      if (hostUsm(X))
        H.Origins.push_back(X);
    if (H.Origins.empty() || !P.UsmAccessSeen.insert({At, Ptr}).second)
      return;
    H.At = At;
    H.Pointer = Ptr;
    H.Fn = FD;
    H.AK = AK;
    H.Via = Via;
    H.ViaAt = ViaAt;
    H.ViaLibrary = ViaLibrary;
    H.Element = Element;
    P.UsmAccesses.push_back(std::move(H));
    P.UsmAccessFns.insert(FD);
  }

  /// A pointer handed to a kernel (KernelPointer), when the TU starts
  /// asynchronous work.
  void recordKernelPointer(const Stmt *Anchor, const Expr *Ptr,
                           const ValueDecl *Var, int Arg, const OriginSet &O) {
    if (!P.HasAsync || !Final || Device || O.empty())
      return;
    const void *Id = Var ? static_cast<const void *>(Var) : Ptr;
    if (!P.KernelPtrSeen.insert({Anchor, Id}).second)
      return;
    AsyncKernelArg K;
    K.Anchor = Anchor;
    K.Fn = FD;
    K.Ptr = Ptr;
    K.Var = Var;
    K.Arg = Arg;
    K.Origins = O;
    P.KernelPtrs.push_back(std::move(K));
  }

  static AccessKind fromCatalog(::usm::Access A) {
    switch (A) {
    case ::usm::Access::Read:
      return AccessKind::Read;
    case ::usm::Access::Write:
      return AccessKind::Write;
    default:
      return AccessKind::ReadWrite;
    }
  }

  void libraryCall(const Expr *At, const FunctionDecl &Callee,
                   llvm::ArrayRef<const Expr *> Args, FlowState &S) {
    for (const ::usm::HostAccess *Row : P.calleeInfo(Callee).Accesses) {
      const ::usm::HostAccess &HA = *Row;
      if (HA.A == ::usm::Access::Format) {
        formatCall(At, Callee, Args, HA.Arg, S);
        continue;
      }
      if (HA.Arg >= 0 && static_cast<size_t>(HA.Arg) < Args.size())
        access(Args[HA.Arg], Args[HA.Arg], fromCatalog(HA.A), S, &Callee,
               nullptr, true);
    }
  }

  /// printf/scanf families: %s reads (printf) and every conversion of scanf
  /// writes through its pointer; %n writes; %p only prints the value.
  void formatCall(const Expr *At, const FunctionDecl &Callee,
                  llvm::ArrayRef<const Expr *> Args, int FormatIdx,
                  FlowState &S) {
    if (FormatIdx < 0 || static_cast<size_t>(FormatIdx) >= Args.size())
      return;
    const auto *Lit =
        dyn_cast<StringLiteral>(Args[FormatIdx]->IgnoreParenImpCasts());
    if (!Lit || Lit->getCharByteWidth() != 1)
      return;
    bool Scan = false;
    if (const auto *FA = Callee.getAttr<FormatAttr>())
      Scan = FA->getType() && FA->getType()->getName().contains("scanf");
    StringRef F = Lit->getString();
    size_t ArgI = FormatIdx + 1;
    for (size_t I = 0; I < F.size(); ++I) {
      if (F[I] != '%')
        continue;
      ++I;
      if (I < F.size() && F[I] == '%')
        continue;
      bool Suppressed = false;
      while (I < F.size() && strchr("-+ #0'*123456789.hlLqjzt", F[I])) {
        if (F[I] == '*') {
          if (Scan)
            Suppressed = true;
          else
            ++ArgI; // width/precision argument
        }
        ++I;
      }
      if (I >= F.size())
        break;
      char C = F[I];
      if (C == '[')
        while (I < F.size() && F[I] != ']')
          ++I;
      if (Suppressed)
        continue;
      size_t This = ArgI++;
      if (This >= Args.size())
        break;
      AccessKind AK = AccessKind::None;
      if (Scan)
        AK = AccessKind::Write;
      else if (C == 's')
        AK = AccessKind::Read;
      else if (C == 'n')
        AK = AccessKind::Write;
      if (AK != AccessKind::None && Args[This]->getType()->isPointerType())
        access(Args[This], Args[This], AK, S, &Callee, nullptr, true);
    }
  }

  /// Records what a kernel receives (KernelPointer): \p Ptr a launch
  /// argument or a reference in a region, or (Ptr null) the capture of
  /// \p VD by a device lambda.
  void kernelPointer(const Stmt *Anchor, const Expr *Ptr, const VarDecl *VD,
                     const FlowState &S) {
    if (!Final || Device || DeclareTarget || !P.HasKernel ||
        !(P.HasPageable || P.HasDeviceAlloc))
      return;
    if (Ptr && !VD)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(stripCasts(Ptr)))
        VD = dyn_cast<VarDecl>(DRE->getDecl());
    // One fact per kernel and variable; a launch: one per argument.
    const void *Seen = VD && !isa<CallExpr>(Anchor)
                           ? static_cast<const void *>(VD)
                           : static_cast<const void *>(Ptr);
    if (!P.KernelPointerSeen.insert({Anchor, Seen}).second)
      return;
    KernelPointer K;
    K.Anchor = Anchor;
    K.Fn = FD;
    K.Pointer = Ptr;
    K.Var = VD;
    if (Ptr && decayedArray(Ptr)) {
      K.Array = true;
    } else if (Ptr) {
      K.Origins = copyPointer(Ptr, S, K.Known);
    } else if (VD && VD->getType()->isArrayType()) {
      K.Array = true;
    } else if (VD && VD->getType()->isPointerType()) {
      K.Origins = lookup(Key{VD, nullptr, false}, S);
      bool Eligible = VD->isLocalVarDecl() &&
                      !VD->getType()->isReferenceType() &&
                      !P.addressEscapes(FD, VD);
      K.Known = Eligible && !K.Origins.empty();
      for (const Origin &O : K.Origins)
        K.Known &= O.Site != nullptr;
    } else {
      return;
    }
    P.KernelPointers.push_back(std::move(K));
  }

  void deviceUse(const Stmt *Anchor, const Expr *Ptr, FlowState &S,
                 int Arg = -1) {
    kernelPointer(Anchor, Ptr, nullptr, S);
    OriginSet O = eval(Ptr, S);
    if (!Device && !DeclareTarget) // lifeUse(Ptr, Ptr, ...), evaluated once
      lifeUseValue(Ptr->getExprLoc(), Ptr, O, S, LifetimeUse::Kernel, nullptr,
                   nullptr, Ptr);
    recordUses(Anchor, O, Ptr, nullptr);
    const ValueDecl *Var = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Ptr))
      Var = Arg < 0 ? DRE->getDecl() : nullptr;
    recordKernelPointer(Anchor, Ptr, Var, Arg, O);
  }

  /// Records that the kernel at \p Anchor uses the allocations of \p O
  /// (through \p Ptr, or the captured \p Var); with multi-device
  /// constructs in the TU, also whether the pointer held one allocation
  /// only (Placement.h).
  void recordUses(const Stmt *Anchor, const OriginSet &O, const Expr *Ptr,
                  const ValueDecl *Var) {
    for (const Origin &X : O)
      if (X.Site && P.UseSeen.insert({X.Site, Anchor}).second) {
        std::vector<DeviceUse> &V = P.Uses[X.Site];
        if (V.empty())
          P.UseSites.push_back(X);
        V.push_back(DeviceUse{Anchor, FD, Ptr, Var});
      }
    if (!Final || !P.HasMultiDevice)
      return;
    bool Must = O.size() == 1 && O[0].Site;
    for (const Origin &X : O)
      if (X.Site) {
        auto [It, New] = P.UseMust.try_emplace({X.Site, Anchor}, Must);
        if (!New)
          It->second = It->second && Must;
      }
  }

  void collectRefs(const Stmt *St, std::vector<const DeclRefExpr *> &Out) {
    if (!St)
      return;
    if (const auto *CS = dyn_cast<CapturedStmt>(St)) {
      collectRefs(CS->getCapturedStmt(), Out);
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
      Out.push_back(DRE);
    for (const Stmt *C : St->children())
      collectRefs(C, Out);
  }

  /// Accesses, kernels and library calls at \p St (one of ObservedClasses;
  /// a change here that acts on another class adds it there).
  void observe(const Stmt *St, FlowState &S) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(St)) {
      if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()) &&
          D->hasAssociatedStmt()) {
        std::vector<const DeclRefExpr *> Refs;
        collectRefs(D->getAssociatedStmt(), Refs);
        for (const DeclRefExpr *R : Refs) {
          if (R->getType()->isPointerType())
            deviceUse(D, R, S);
          else if (decayedArray(R))
            kernelPointer(D, R, nullptr, S);
        }
      }
      return;
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(St)) {
      if (P.isDeviceFunction(LE->getCallOperator()))
        for (const LambdaCapture &C : LE->captures())
          if (C.capturesVariable())
            if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar())) {
              kernelPointer(LE, nullptr, VD, S);
              OriginSet Held = lookup(Key{VD, nullptr, false}, S);
              lifeUseValue(C.getLocation(), LE, Held, S, LifetimeUse::Kernel,
                           nullptr, nullptr, LE);
              recordUses(LE, Held, nullptr, VD);
              recordKernelPointer(LE, nullptr, VD, -1, Held);
            }
      return;
    }
    if (const auto *K = dyn_cast<CUDAKernelCallExpr>(St)) {
      for (unsigned I = 0; I < K->getNumArgs(); ++I)
        deviceUse(K, K->getArg(I), S, static_cast<int>(I));
      return;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(St)) {
      const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
      if (Base->getType()->isArrayType()) {
        const auto *ME = dyn_cast<MemberExpr>(Base);
        if (!ME || !ME->isArrow())
          return;
      }
      derefAccess(AS, AS->getBase(), S);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(St)) {
      if (UO->getOpcode() == UO_Deref &&
          !UO->getSubExpr()->getType()->isFunctionPointerType())
        derefAccess(UO, UO->getSubExpr(), S);
      return;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(St)) {
      if (ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()) &&
          !ME->getType()->isArrayType())
        derefAccess(ME, ME->getBase(), S);
      return;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(St)) {
      if (const CXXConstructorDecl *Ctor = CE->getConstructor()) {
        std::vector<const Expr *> Args(CE->arg_begin(), CE->arg_end());
        libraryCall(CE, *Ctor, Args, S);
      }
      return;
    }
    const auto *Call = dyn_cast<CallExpr>(St);
    if (!Call || isa<CUDAKernelCallExpr>(Call))
      return;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call)) {
      // Element access through a pointer-holding object (unique_ptr<T[]>).
      if ((OC->getOperator() == OO_Subscript ||
           (OC->getOperator() == OO_Star && OC->getNumArgs() == 1)) &&
          OC->getArg(0)->getType()->isRecordType())
        derefAccess(OC, OC->getArg(0), S);
      return;
    }
    const FunctionDecl *Callee = directCallee(*Call);
    // Memory registered for device access (page-locked and mapped).
    if (Callee && Final && P.calleeInfo(*Callee).RegisterArg >= 0)
      if (const Expr *Reg = argAt(*Call, P.calleeInfo(*Callee).RegisterArg))
        for (const Origin &O : eval(Reg, S))
          if (O.Site)
            P.RegisteredSites.insert(O.Site);
    if (const ::usm::Api *A = Callee ? P.apiOf(*Call) : nullptr) {
      // Copies, fills, prefetches and advice use the memory they name.
      if (A->R == ::usm::Role::Copy || A->R == ::usm::Role::Fill ||
          A->R == ::usm::Role::Prefetch || A->R == ::usm::Role::Advise) {
        if (const Expr *Dst = argAt(*Call, A->Ptr))
          lifeUse(Dst, Dst, S, LifetimeUse::Copy);
        if (const Expr *Src = argAt(*Call, A->Src))
          lifeUse(Src, Src, S, LifetimeUse::Copy);
      }
      return;
    }
    if (!Callee)
      return;
    if (P.calleeInfo(*Callee).Launcher) {
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if (Call->getArg(I)->getType()->isPointerType())
          deviceUse(Call, Call->getArg(I), S, static_cast<int>(I));
      return;
    }
    // Member calls keep the object out of arguments(), so indices match
    // the callee's parameters.
    std::vector<const Expr *> Args;
    for (const Expr *A : Call->arguments())
      Args.push_back(A);
    libraryCall(Call, *Callee, Args, S);
    if (const FunctionDecl *Def = userCallee(Call)) {
      for (unsigned I = 0; I < Args.size(); ++I) {
        auto It = P.Sum.Derefs.find({Def, I});
        if (It == P.Sum.Derefs.end())
          continue;
        access(Args[I], Args[I], It->second.AK, S, Def, It->second.At, false);
      }
    }
  }

  //--- lifetime (Lifetime.h): live / freed / escaped per allocation --------
  //
  // Kept apart from the provenance transfer functions above: those call the
  // hooks below (lifeCall, lifeStore, lifeReturn, lifeUse, lifeEscape,
  // lifeRefineEdge, lifeEntry, lifeAtExit, lifeBeforeExit) and nothing here
  // changes what a pointer may hold.

  static Key lifeLoc(const void *K) {
    Key L;
    L.Life = K;
    return L;
  }
  OriginSet lifeOf(const void *K, const FlowState &S) const {
    const OriginSet *V = get(S, lifeLoc(K));
    return V ? *V : OriginSet{};
  }
  void setLife(FlowState &S, const void *K, const OriginSet &V) {
    set(S, lifeLoc(K), V);
  }
  void addMarker(FlowState &S, const void *K, const Origin &M) {
    OriginSet V = lifeOf(K, S);
    if (mergeOrigins(V, {M}))
      setLife(S, K, V);
  }

  /// The lifetime slot of \p O in this function, or null when its lifetime
  /// is not followed here (memory allocated elsewhere and reached through
  /// a field, a global or a capture).
  const void *lifeKey(const Origin &O) const {
    if (O.Site && O.Param == -1) {
      if (O.Fn == FD || LifeCreated.count(O.Site))
        return O.Site;
      return nullptr;
    }
    if (O.isParam() && O.Fn == FD &&
        static_cast<unsigned>(O.Param) < FD->getNumParams())
      return FD->getParamDecl(O.Param);
    return nullptr;
  }

  /// Are "freed on every path" facts about \p K trustworthy? Not when the
  /// allocation can have several live instances here (it runs in a loop,
  /// or two calls of one helper return it), and not for plain host memory.
  bool lifeReportable(const void *K, const Origin &O) {
    if (LifeMulti.count(K))
      return false;
    if (!O.Site)
      return true;
    if (O.K == ::usm::Kind::NotUSM)
      return false;
    auto [It, New] = LifeRepeated.try_emplace(K, false);
    if (New) {
      const Stmt *At = O.Site;
      auto C = LifeCreated.find(O.Site);
      if (O.Fn != FD && C != LifeCreated.end())
        At = C->second.first;
      It->second = P.repeated(At, FD);
    }
    return !It->second;
  }

  const ::usm::Api *freeApiOf(const Origin &M) {
    const Expr *E = M.FreedAt ? M.FreedAt : M.Site;
    if (const auto *Call = dyn_cast_or_null<CallExpr>(E))
      return P.apiOf(*Call);
    return nullptr;
  }

  bool isLocalVar(const Decl *D) {
    const auto *VD = dyn_cast_or_null<VarDecl>(D);
    return VD && !VD->hasGlobalStorage() &&
           !VD->getType()->isReferenceType() && !P.addressEscapes(FD, VD);
  }

  /// A new execution of the allocation \p K (created by \p Call here).
  void lifeCreate(const void *K, const Origin &O, const Expr *Call,
                  FlowState &S, bool Unsure) {
    JustCreated = K;
    JustCreatedCall = Call;
    JustCreatedPrev = lifeOf(K, S);
    OriginSet L{lifetime::marker(lifetime::Live)};
    if (Unsure)
      mergeOrigins(L, {lifetime::marker(lifetime::Unsure)});
    setLife(S, K, L);
    if (LifeOrigin.try_emplace(K, O).second)
      LifeKeys.push_back(K);
  }

  /// An allocation made in a callee that the caller now owns.
  void lifeCreateForeign(const Expr *Site, const Origin &O,
                         const CallExpr *Call, FlowState &S) {
    auto [It, New] = LifeCreated.try_emplace(
        Site, std::make_pair(Call, directCallee(*Call)));
    if (!New && It->second.first != Call)
      LifeMulti.insert(Site);
    lifeCreate(Site, O, Call, S, false);
  }

  /// Allocations of \p V that nothing but the pointer being handed out
  /// holds: live, not escaped, not released, not unsure.
  std::vector<const Expr *> freshSites(const OriginSet &V,
                                       const FlowState &S) {
    std::vector<const Expr *> R;
    for (const Origin &O : V) {
      const void *K = lifeKey(O);
      if (!K || !O.Site)
        continue;
      OriginSet L = lifeOf(K, S);
      if (lifetime::has(L, lifetime::Live) &&
          !lifetime::has(L, lifetime::Escaped) &&
          !lifetime::has(L, lifetime::Freed) &&
          !lifetime::has(L, lifetime::Unsure))
        R.push_back(O.Site);
    }
    return R;
  }

  /// Ownership of the memory in \p V leaves this function.
  void lifeEscape(const OriginSet &V, FlowState &S) {
    for (const Origin &O : V) {
      if (O.isParam() && O.Fn == FD && Recording)
        P.Sum.EscapesParam.insert({FD, static_cast<unsigned>(O.Param)});
      if (const void *K = lifeKey(O))
        addMarker(S, K, lifetime::marker(lifetime::Escaped));
    }
  }

  void lifeEscapeExpr(const Expr *E, FlowState &S) {
    if (!E)
      return;
    E = stripCasts(E);
    if (!E)
      return;
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_AddrOf &&
        UO->getSubExpr()->getType()->isPointerType())
      E = UO->getSubExpr();
    if (E->getType()->isPointerType() || E->getType()->isRecordType())
      lifeEscape(eval(E, S), S);
  }

  void lifeFinding(LifetimeFinding F, const void *At, const void *K) {
    if (!P.LifeSeen.insert({static_cast<int>(F.Issue), At, K}).second)
      return;
    F.Fn = FD;
    P.LifeFindings.push_back(std::move(F));
  }

  /// Fills the allocation facts of a finding about slot \p K.
  void describe(LifetimeFinding &F, const void *K, const Origin &O) {
    if (!O.Site)
      return;
    F.Alloc = O.Site;
    F.AllocApi = O.A;
    F.K = O.K;
    auto C = LifeCreated.find(O.Site);
    if (C != LifeCreated.end()) {
      F.Created = C->second.first;
      F.Creator = C->second.second;
    }
  }

  /// Double free or use after free: every allocation \p V may hold was
  /// released on every path to here.
  bool lifeMustFreed(const OriginSet &V, const FlowState &S, Origin &Freed,
                     Origin &Alloc, const void *&AllocKey) {
    if (V.empty())
      return false;
    bool First = true;
    MustKeys.clear();
    for (const Origin &O : V) {
      const void *K = lifeKey(O);
      if (!K || !lifeReportable(K, O))
        return false;
      MustKeys.push_back(K);
      OriginSet L = lifeOf(K, S);
      const Origin *F = lifetime::mustFreed(L);
      if (!F)
        return false;
      if (!O.Site) {
        // A parameter: only when a USM deallocation released it.
        const ::usm::Api *A = freeApiOf(*F);
        if (!A || A->M == ::usm::Model::Host)
          return false;
      }
      if (First) {
        Freed = *F;
        Alloc = O;
        AllocKey = K;
        First = false;
      }
    }
    return true;
  }

  /// The memory of \p V is used at \p Loc.
  void lifeUseValue(SourceLocation Loc, const void *At, const OriginSet &V,
                    FlowState &S, LifetimeUse U,
                    const FunctionDecl *Helper = nullptr,
                    const Expr *Inside = nullptr, const Expr *AtExpr = nullptr) {
    if (Device || DeclareTarget || V.empty())
      return;
    if (Recording)
      for (const Origin &O : V)
        if (O.isParam() && O.Fn == FD)
          P.Sum.UsesParam.try_emplace({FD, static_cast<unsigned>(O.Param)},
                                      Inside ? Inside : AtExpr);
    // Findings come from the replay only: its states are the fixpoint's;
    // a state of an earlier visit may lack the paths that keep the memory
    // alive.
    if (!Final || !Recording)
      return;
    Origin Freed, Alloc;
    const void *K = nullptr;
    if (!lifeMustFreed(V, S, Freed, Alloc, K))
      return;
    LifetimeFinding F;
    F.Issue = LifetimeIssue::UseAfterFree;
    F.Loc = Loc;
    describe(F, K, Alloc);
    F.FreedAt = Freed.Site;
    F.FreedInside = Freed.FreedAt;
    F.Use = U;
    F.Helper = Helper;
    F.UseInside = Inside;
    Pending.push_back({std::move(F), At, K, MustKeys});
  }

  void lifeUse(const Expr *At, const Expr *Ptr, FlowState &S, LifetimeUse U,
               const FunctionDecl *Helper = nullptr,
               const Expr *Inside = nullptr) {
    if (Device || DeclareTarget || !Ptr)
      return;
    lifeUseValue(At->getExprLoc(), At, eval(Ptr, S), S, U, Helper, Inside, At);
  }

  /// A release of the memory \p Ptr points to at \p At (a deallocation, or
  /// a call of a helper whose own deallocation is \p Inner).
  void lifeFree(const Expr *At, const Expr *Ptr, FlowState &S,
                const Expr *Inner = nullptr) {
    if (!Ptr)
      return;
    OriginSet V = eval(Ptr, S);
    if (V.empty())
      return;
    Origin Freed, Alloc;
    const void *K = nullptr;
    if (Final && Recording && !Device && !DeclareTarget &&
        lifeMustFreed(V, S, Freed, Alloc, K)) {
      LifetimeFinding F;
      F.Issue = LifetimeIssue::DoubleFree;
      F.Loc = At->getBeginLoc();
      describe(F, K, Alloc);
      F.FreedAt = Freed.Site;
      F.FreedInside = Freed.FreedAt;
      Pending.push_back({std::move(F), At, K, MustKeys});
    }
    Origin M = lifetime::marker(lifetime::Freed, At, Inner);
    for (const Origin &O : V)
      if (const void *LK = lifeKey(O)) {
        if (V.size() == 1)
          setLife(S, LK, {M});
        else
          addMarker(S, LK, M);
      }
  }

  /// Is the value of \p E thrown away (an expression statement)?
  bool discarded(const Expr *E) {
    const StmtParents &PM = P.parents(FD);
    const Stmt *Cur = E;
    while (const Stmt *Par = PM.getParent(Cur)) {
      if (isa<ParenExpr>(Par) || isa<ImplicitCastExpr>(Par) ||
          isa<ExprWithCleanups>(Par)) {
        Cur = Par;
        continue;
      }
      if (const auto *CE = dyn_cast<CStyleCastExpr>(Par)) {
        if (CE->getType()->isVoidType())
          return true;
        Cur = Par;
        continue;
      }
      if (isa<CompoundStmt>(Par) || isa<LabelStmt>(Par) ||
          isa<AttributedStmt>(Par) || isa<SwitchCase>(Par))
        return true;
      if (const auto *If = dyn_cast<IfStmt>(Par))
        return If->getThen() == Cur || If->getElse() == Cur;
      if (const auto *For = dyn_cast<ForStmt>(Par))
        return For->getBody() == Cur || For->getInc() == Cur;
      if (const auto *W = dyn_cast<WhileStmt>(Par))
        return W->getBody() == Cur;
      if (const auto *D = dyn_cast<DoStmt>(Par))
        return D->getBody() == Cur;
      return false;
    }
    return true;
  }

  /// A call about to be transferred: allocations, releases, escapes and
  /// helper summaries.
  void lifeCall(const CallExpr *Call, FlowState &S) {
    if (const ::usm::Api *A = P.apiOf(*Call)) {
      if (A->R == ::usm::Role::Free) {
        lifeFree(Call, argAt(*Call, A->Ptr), S);
        return;
      }
      if (A->R == ::usm::Role::Associate) {
        for (const Expr *Arg : Call->arguments())
          lifeEscapeExpr(Arg, S);
        return;
      }
      if (A->R != ::usm::Role::Alloc)
        return;
      const Expr *Out = A->Ptr >= 0 ? argAt(*Call, A->Ptr) : nullptr;
      if (Out)
        Out = stripCasts(Out);
      // An allocator that receives a pointer (a reallocation) takes it
      // over.
      for (const Expr *Arg : Call->arguments())
        if (stripCasts(Arg) != Out && Arg->getType()->isPointerType())
          lifeEscape(eval(Arg, S), S);
      Origin O = allocOrigin(Call, A, S);
      lifeCreate(Call, O, Call, S, Out && !discarded(Call));
      if (!Out)
        return; // the value is stored by the enclosing statement
      const auto *UO = dyn_cast<UnaryOperator>(Out);
      if (UO && UO->getOpcode() == UO_AddrOf) {
        lifeStoreTo(UO->getSubExpr(), {O}, /*Creation=*/true, S);
        return;
      }
      // cudaMalloc(out, n) with out a parameter: stored for the caller.
      if (Recording)
        for (const Origin &PO : eval(Out, S))
          if (PO.isParam() && PO.Fn == FD)
            P.Sum.FreshOut[{FD, static_cast<unsigned>(PO.Param)}].insert(Call);
      lifeEscape({O}, S);
      return;
    }
    if (isa<CXXOperatorCallExpr>(Call)) {
      for (const Expr *Arg : Call->arguments())
        if (!Arg->getType()->isRecordType())
          lifeEscapeExpr(Arg, S);
      return;
    }
    const FunctionDecl *Callee = directCallee(*Call);
    if (isa<CUDAKernelCallExpr>(Call) ||
        (Callee && P.calleeInfo(*Callee).Launcher))
      return; // kernels use their arguments (observe), they do not keep them
    if (Callee && !P.calleeInfo(*Callee).Accesses.empty())
      return; // host library functions with known accesses (observe)
    const FunctionDecl *Def = userCallee(Call);
    if (!Def) {
      // Unknown body: whatever it receives may be kept.
      for (const Expr *Arg : Call->arguments())
        lifeEscapeExpr(Arg, S);
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
        lifeEscapeExpr(MC->getImplicitObjectArgument(), S);
      return;
    }
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      Summaries::ParamKey PK{Def, I};
      auto Use = P.Sum.UsesParam.find(PK);
      if (Use != P.Sum.UsesParam.end())
        lifeUse(Arg, Arg, S, LifetimeUse::Helper, Def, Use->second);
      auto Fr = P.Sum.FreesParam.find(PK);
      if (Fr != P.Sum.FreesParam.end())
        lifeFree(Call, Arg, S, Fr->second);
      else if (P.Sum.EscapesParam.count(PK))
        lifeEscapeExpr(Arg, S);
      // Allocations the callee stores through this out-parameter.
      auto FO = P.Sum.FreshOut.find(PK);
      if (FO != P.Sum.FreshOut.end()) {
        const Expr *Target = stripCasts(Arg);
        if (const auto *UO = dyn_cast<UnaryOperator>(Target);
            UO && UO->getOpcode() == UO_AddrOf)
          Target = UO->getSubExpr();
        OriginSet New;
        auto OP = P.Sum.OutParams.find(PK);
        if (OP != P.Sum.OutParams.end())
          New = substitute(OP->second, Call, S);
        for (const Origin &O : New)
          if (O.Site && FO->second.count(O.Site))
            lifeCreateForeign(O.Site, O, Call, S);
        lifeStoreTo(Target, New, /*Creation=*/true, S);
      }
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      if (const Expr *Obj = MC->getImplicitObjectArgument())
        if (Obj->getType()->isPointerType())
          lifeEscapeExpr(Obj, S);
    auto FR = P.Sum.FreshReturns.find(Def);
    if (FR != P.Sum.FreshReturns.end())
      for (const Origin &O : eval(Call, S))
        if (O.Site && FR->second.count(O.Site))
          lifeCreateForeign(O.Site, O, Call, S);
  }

  /// The value \p V (of \p RHS, when known) is stored into \p LHS.
  void lifeStoreTo(const Expr *LHS, const OriginSet &V, bool Creation,
                   FlowState &S) {
    Key K;
    bool Have = keyOf(LHS, K);
    if (!Have || K.Field || K.Elem || !isLocalVar(K.Base)) {
      // Stored where it outlives the statement: a field, a global, an
      // element, through a pointer, or a reference parameter.
      const Expr *L = LHS->IgnoreParenImpCasts();
      int OutParam = -1;
      if (const auto *UO = dyn_cast<UnaryOperator>(L);
          UO && UO->getOpcode() == UO_Deref)
        for (const Origin &PO : eval(UO->getSubExpr(), S))
          if (PO.isParam() && PO.Fn == FD)
            OutParam = PO.Param;
      if (Have && !K.Field && !K.Elem)
        if (const auto *PD = dyn_cast_or_null<ParmVarDecl>(K.Base))
          if (PD->getType()->isReferenceType())
            OutParam = PD->getFunctionScopeIndex();
      if (OutParam >= 0 && Recording)
        for (const Expr *Site : freshSites(V, S))
          P.Sum.FreshOut[{FD, static_cast<unsigned>(OutParam)}].insert(Site);
      lifeEscape(V, S);
      return;
    }
    lifeOverwrite(LHS->getBeginLoc(), LHS, K, V, Creation, S);
    lifeAlias(V, Creation, S);
  }

  void lifeAlias(const OriginSet &V, bool Creation, FlowState &S) {
    for (const Origin &O : V)
      if (const void *LK = lifeKey(O))
        if (!(Creation && LK == JustCreated))
          addMarker(S, LK, lifetime::marker(lifetime::Aliased));
  }

  /// `T *p = init;`
  void lifeDeclStore(const VarDecl *VD, const Expr *Init, FlowState &S) {
    OriginSet V = eval(Init, S);
    if (!isLocalVar(VD)) {
      lifeEscape(V, S);
      return;
    }
    const Expr *R = stripCasts(ignoreTemporaries(Init));
    bool Creation = R && R == JustCreatedCall;
    // A declaration in a loop body replaces last iteration's pointer.
    lifeOverwrite(VD->getLocation(), VD, Key{VD, nullptr, false}, V, Creation,
                  S);
    lifeAlias(V, Creation, S);
  }

  void lifeStore(const Expr *LHS, const Expr *RHS, FlowState &S) {
    const Expr *R = stripCasts(ignoreTemporaries(RHS));
    lifeStoreTo(LHS, eval(RHS, S), R && R == JustCreatedCall, S);
  }

  /// The only pointer to a live allocation is overwritten: a leak.
  void lifeOverwrite(SourceLocation Loc, const void *At, const Key &K,
                     const OriginSet &New, bool Creation, FlowState &S) {
    if (Device || DeclareTarget)
      return;
    const OriginSet *Old = get(S, K);
    if (!Old || Old->size() != 1)
      return;
    const Origin &O = (*Old)[0];
    const void *LK = lifeKey(O);
    if (!LK || !O.Site || O.K == ::usm::Kind::NotUSM)
      return;
    bool Renewed = Creation && LK == JustCreated;
    if (!Renewed)
      for (const Origin &X : New)
        if (lifeKey(X) == LK)
          return; // still held (p = p + 1)
    OriginSet L = Renewed ? JustCreatedPrev : lifeOf(LK, S);
    if (L.size() != 1 || L[0].Param != lifetime::Live)
      return;
    // Reported once, here, not again where the function returns.
    if (!Renewed)
      addMarker(S, LK, lifetime::marker(lifetime::Escaped));
    if (!Final || !Recording)
      return;
    LifetimeFinding F;
    F.Issue = LifetimeIssue::Leak;
    F.Loc = Loc;
    F.Overwritten = true;
    describe(F, LK, O);
    lifeFinding(std::move(F), At, LK);
  }

  /// A returned value escapes to the caller; a fresh allocation becomes
  /// the caller's.
  void lifeReturn(const Expr *E, FlowState &S) {
    if (!E)
      return;
    OriginSet V = eval(E, S);
    Slots Sl;
    if (E->getType()->isRecordType() && recordValue(E, S, Sl))
      for (const auto &[Slot, O] : Sl)
        mergeOrigins(V, O);
    if (Recording && E->getType()->isPointerType())
      for (const Expr *Site : freshSites(V, S))
        P.Sum.FreshReturns[FD].insert(Site);
    lifeEscape(V, S);
  }

  /// A lambda created here: a host lambda may run later or elsewhere, so
  /// what it captures escapes; a kernel lambda uses it now (observe).
  void lifeLambda(const LambdaExpr *LE, FlowState &S) {
    if (P.isDeviceFunction(LE->getCallOperator()))
      return;
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable())
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          lifeEscape(lookup(Key{VD, nullptr, false}, S), S);
  }

  void lifeEntry(FlowState &Entry) {
    for (unsigned I = 0; I < FD->getNumParams(); ++I) {
      const ParmVarDecl *PD = FD->getParamDecl(I);
      if (PD->getType().getNonReferenceType()->isPointerType()) {
        setLife(Entry, PD, {lifetime::marker(lifetime::Live)});
        HasPointerParam = true;
      }
    }
  }

  /// The state at the exit block: which parameters were released on every
  /// path (a summary for the callers).
  void lifeAtExit(const FlowState &S) {
    if (!Recording || Device)
      return;
    for (unsigned I = 0; I < FD->getNumParams(); ++I) {
      const ParmVarDecl *PD = FD->getParamDecl(I);
      if (!PD->getType().getNonReferenceType()->isPointerType())
        continue;
      OriginSet L = lifeOf(PD, S);
      if (const Origin *F = lifetime::mustFreed(L))
        P.Sum.FreesParam.try_emplace({FD, I}, F->FreedAt ? F->FreedAt : F->Site);
    }
  }

  /// Block \p B leaves the function: allocations still live on every path
  /// to here, never released, escaped or aliased, leak.
  void lifeBeforeExit(const CFGBlock &B, const CFGBlock &Exit,
                      const FlowState &S) {
    if (!Final || Device || DeclareTarget || FD->isMain() || LifeKeys.empty())
      return;
    bool Leaves = false;
    for (const CFGBlock::AdjacentBlock &Succ : B.succs())
      Leaves |= Succ.getReachableBlock() == &Exit;
    if (!Leaves)
      return;
    // exit(), abort() and other noreturn calls end the program, and a
    // throw hands the memory to the handlers' cleanup.
    if (B.hasNoReturnElement() ||
        isa_and_nonnull<CXXThrowExpr>(B.getTerminatorStmt()))
      return;
    const Stmt *Ret = nullptr;
    for (auto It = B.rbegin(); It != B.rend(); ++It)
      if (auto CS = It->getAs<CFGStmt>()) {
        Ret = dyn_cast<ReturnStmt>(CS->getStmt());
        if (isa<CXXThrowExpr>(CS->getStmt()))
          return;
        break;
      }
    // `if (p) free(p);` as the last statement: the null edge leads out.
    States.freeze(); // Out is refined below, S is kept
    FlowState Out = S;
    lifeRefineEdge(B, Exit, Out);
    if (!Ret) {
      // Falling off the end, possibly from several branches: judged on
      // their join (lifeFallOff), so that `if (c) alloc; ... if (c) free;`
      // stays quiet. Explicit returns are judged one by one.
      FallOff.Root = HasFallOff ? States.join(FallOff.Root, Out.Root) : Out.Root;
      HasFallOff = true;
      return;
    }
    lifeLeaksAt(Ret->getBeginLoc(), Ret, Out);
  }

  void lifeFallOff() {
    if (HasFallOff)
      lifeLeaksAt(FD->getBody()->getEndLoc(), FD, FallOff);
  }

  void lifeLeaksAt(SourceLocation Loc, const void *At, const FlowState &Out) {
    for (const void *K : LifeKeys) {
      OriginSet L = lifeOf(K, Out);
      if (L.size() != 1 || L[0].Param != lifetime::Live)
        continue;
      const Origin &O = LifeOrigin.find(K)->second;
      if (O.K == ::usm::Kind::NotUSM)
        continue;
      LifetimeFinding F;
      F.Issue = LifetimeIssue::Leak;
      F.Loc = Loc;
      describe(F, K, O);
      lifeFinding(std::move(F), At, K);
    }
  }

  /// Branches on a pointer being null, or on an allocation's status: on
  /// the edge where the allocation did not happen its slot is emptied; on
  /// the edge where its status said success it is no longer unsure.
  struct LifeBranch {
    const Expr *Ptr = nullptr;    ///< pointer tested against null
    const Expr *Status = nullptr; ///< allocation call or status variable
    int NoAlloc = -1;             ///< edge (0 true, 1 false) without it
    /// A predicate the engine cannot read (`if (is_null(p)) return;`):
    /// on both edges the memory of its pointer arguments may be absent.
    const CallExpr *Tested = nullptr;
  };

  /// A null pointer constant (never constant expressions are not asked).
  bool isNull(const Expr *E) {
    return !neverConstant(E) &&
           E->isNullPointerConstant(P.Ctx, Expr::NPC_ValueDependentIsNotNull);
  }

  bool isZero(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (E->isValueDependent() || neverConstant(E))
      return false;
    if (E->isNullPointerConstant(P.Ctx, Expr::NPC_ValueDependentIsNotNull))
      return true;
    Expr::EvalResult R;
    return E->getType()->isIntegralOrEnumerationType() &&
           E->EvaluateAsInt(R, P.Ctx) && R.Val.getInt() == 0;
  }

  bool parseLifeBranch(const Expr *C, bool Negated, LifeBranch &B) {
    C = C->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(C);
        UO && UO->getOpcode() == UO_LNot)
      return parseLifeBranch(UO->getSubExpr(), !Negated, B);
    if (const auto *BO = dyn_cast<BinaryOperator>(C);
        BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)) {
      const Expr *X = nullptr;
      if (isZero(BO->getRHS()))
        X = BO->getLHS();
      else if (isZero(BO->getLHS()))
        X = BO->getRHS();
      if (!X)
        return false;
      return parseLifeBranch(X, BO->getOpcode() == BO_EQ ? !Negated : Negated,
                             B);
    }
    // C is "non-zero" on the true edge (unless negated).
    if (C->getType()->isPointerType()) {
      Key K;
      if (!keyOf(C, K))
        return false;
      B.Ptr = C;
      B.NoAlloc = Negated ? 0 : 1; // null: the false edge of `p`
      return true;
    }
    if (!C->getType()->isIntegralOrEnumerationType())
      return false;
    if (const auto *Call = dyn_cast<CallExpr>(C)) {
      const ::usm::Api *A = P.apiOf(*Call);
      if (!A) {
        for (const Expr *Arg : Call->arguments())
          if (Arg->getType()->isPointerType()) {
            B.Tested = Call;
            return true;
          }
        return false;
      }
      if (A->R != ::usm::Role::Alloc || A->Ptr < 0)
        return false;
    } else if (!isa<DeclRefExpr>(C)) {
      return false;
    }
    B.Status = C;
    B.NoAlloc = Negated ? 1 : 0; // a non-zero status is a failure
    return true;
  }

  const LifeBranch *lifeBranchOf(const CFGBlock &B) {
    auto [It, New] = LifeBranches.try_emplace(B.getBlockID());
    if (New) {
      It->second.second = false;
      const Expr *C = branchCondition(B);
      if (C)
        It->second.second = parseLifeBranch(C, false, It->second.first);
    }
    return It->second.second ? &It->second.first : nullptr;
  }

  void lifeRefineEdge(const CFGBlock &From, const CFGBlock &To, FlowState &S) {
    if (From.succ_size() != 2 || !From.getTerminatorStmt() ||
        (LifeKeys.empty() && !HasPointerParam))
      return;
    const CFGBlock *T = From.succ_begin()->getReachableBlock();
    const CFGBlock *F = (From.succ_begin() + 1)->getReachableBlock();
    int Edge = (&To == T && &To != F) ? 0 : (&To == F && &To != T) ? 1 : -1;
    if (Edge < 0)
      return;
    const LifeBranch *B = lifeBranchOf(From);
    if (!B)
      return;
    if (B->Tested) {
      for (const Expr *Arg : B->Tested->arguments())
        if (Arg->getType()->isPointerType())
          for (const Origin &O : eval(Arg, S))
            if (const void *K = lifeKey(O))
              if (O.Site)
                addMarker(S, K, lifetime::marker(lifetime::Unsure));
      return;
    }
    if (B->Ptr) {
      if (Edge != B->NoAlloc)
        return;
      OriginSet V = eval(B->Ptr, S);
      if (V.size() == 1)
        if (const void *K = lifeKey(V[0]))
          setLife(S, K, {});
      return;
    }
    const void *K = nullptr;
    if (isa<CallExpr>(B->Status)) {
      K = B->Status;
    } else {
      Key SK;
      if (keyOf(B->Status, SK))
        if (const OriginSet *V = get(S, SK))
          if (V->size() == 1 && (*V)[0].Param == lifetime::Status)
            K = (*V)[0].Site;
    }
    if (!K || !LifeOrigin.count(K))
      return;
    if (Edge == B->NoAlloc) {
      setLife(S, K, {});
      return;
    }
    OriginSet L = lifeOf(K, S);
    OriginSet Kept;
    for (const Origin &M : L)
      if (M.Param != lifetime::Unsure)
        Kept.push_back(M);
    if (Kept.size() != L.size())
      setLife(S, K, Kept);
  }

  /// `status = allocation(&p, ...)`: the variable holds that allocation's
  /// status (for branches on it).
  void lifeStatus(const Expr *LHS, const VarDecl *VD, const Expr *RHS,
                  FlowState &S) {
    const auto *Call = dyn_cast_or_null<CallExpr>(stripCasts(RHS));
    const ::usm::Api *A = Call ? P.apiOf(*Call) : nullptr;
    if (!A || A->R != ::usm::Role::Alloc || A->Ptr < 0)
      return;
    Key K;
    if (VD)
      K = Key{VD, nullptr, false};
    else if (!keyOf(LHS, K))
      return;
    set(S, K, {lifetime::marker(lifetime::Status, Call)});
  }

  ProvenanceAnalysis &P;
  const FunctionDecl *FD;
  bool Final;
  bool Device = false;
  bool DeclareTarget = false;
  OriginSetPool Pool;
  StateFactory States;
  llvm::DenseMap<Key, std::uint32_t, KeyInfo> Ids;
  /// Ids of the element locations of each array (constant index or -1).
  std::map<const Decl *, std::vector<std::pair<long, std::uint32_t>>> ElemIds;
  std::vector<FlowState> Out; ///< per block id: the state at its exit
  std::vector<bool> HasOut;
  /// Variables that hold a kind query's answer, and the query call.
  std::map<const VarDecl *, const CallExpr *> QueryVars;
  std::map<unsigned, std::pair<Guard, bool>> Guards; ///< per block id

  // Lifetime (Lifetime.h).
  bool Recording = false; ///< the replay that records summaries
  const Stmt *Element = nullptr;         ///< the CFG element being transferred
  const void *JustCreated = nullptr;     ///< the last allocation executed
  const Expr *JustCreatedCall = nullptr; ///< ... by this call
  OriginSet JustCreatedPrev;             ///< its slot before that
  /// Allocations made in callees that this function owns: the call that
  /// returned them, and the callee.
  llvm::DenseMap<const Expr *, std::pair<const Expr *, const FunctionDecl *>>
      LifeCreated;
  /// The slots the last lifeMustFreed() judged (all reportable then).
  llvm::SmallVector<const void *, 2> MustKeys;
  struct PendingLife {
    LifetimeFinding F;
    const void *At;
    const void *K;
    llvm::SmallVector<const void *, 2> Keys;
  };
  std::vector<PendingLife> Pending;
  llvm::DenseSet<const void *> LifeMulti;           ///< several instances
  llvm::DenseMap<const void *, bool> LifeRepeated;  ///< created in a loop
  llvm::DenseMap<const void *, Origin> LifeOrigin;  ///< slot -> allocation
  std::vector<const void *> LifeKeys;               ///< slots, in order
  bool HasPointerParam = false;
  FlowState FallOff; ///< where the body's end leads out (joined)
  bool HasFallOff = false;
  std::map<unsigned, std::pair<LifeBranch, bool>> LifeBranches; ///< per block
};

//===----------------------------------------------------------------------===//
// ProvenanceAnalysis
//===----------------------------------------------------------------------===//

// The constructor and destructor are in Placement.cpp, where the placement
// cache's type is complete.

void ProvenanceAnalysis::run() {
  if (Ran)
    return;
  Ran = true;
  collect();
  if (!willAnalyze())
    return;
  FreeFacts.reserve(FreeCalls);
  CopyFacts.reserve(CopyCalls);
  KernelPointers.reserve(KernelRefs);
  profile::Scope Time(profile::Dataflow);
  // Three rounds let summaries cross three call levels; the last one
  // records accesses.
  for (int Round = 0; Round < 3; ++Round)
    for (const FunctionDecl *FD : Functions)
      if (Round == 2 || Contributors.contains(FD))
        analyzeFunction(FD, Round == 2);
  resolveFieldFrees();
}

/// Blocks reachable from the entry, in reverse post-order. (Unreachable
/// successors are null in a clang::CFG, which llvm's RPO iterator does not
/// expect.) The depth-first walk takes a block's successors last to first:
/// clang lists a loop's body before its exit, so the body is finished
/// first and comes right after the loop's header in the order, before the
/// code after the loop. A back edge then spans its loop only, which keeps
/// the blocks outside loops out of the replay (FunctionRun::run).
static std::vector<const CFGBlock *> reversePostOrder(const CFG &G) {
  std::vector<const CFGBlock *> Order;
  std::vector<char> Seen(G.getNumBlockIDs(), 0);
  std::vector<
      std::pair<const CFGBlock *, CFGBlock::const_succ_reverse_iterator>>
      Stack;
  auto Push = [&](const CFGBlock *B) {
    if (B && !Seen[B->getBlockID()]) {
      Seen[B->getBlockID()] = 1;
      Stack.push_back({B, B->succ_rbegin()});
    }
  };
  Push(&G.getEntry());
  while (!Stack.empty()) {
    const CFGBlock *B = Stack.back().first;
    if (Stack.back().second != B->succ_rend()) {
      const CFGBlock *Next = Stack.back().second->getReachableBlock();
      ++Stack.back().second;
      Push(Next);
      continue;
    }
    Order.push_back(B);
    Stack.pop_back();
  }
  std::reverse(Order.begin(), Order.end());
  return Order;
}

const ProvenanceAnalysis::FunctionCFG *
ProvenanceAnalysis::cfgOf(const FunctionDecl *FD) {
  auto [It, New] = CFGs.try_emplace(FD);
  if (!New)
    return It->second.G ? &It->second : nullptr;
  Stmt *Body = FD->getBody();
  if (!Body)
    return nullptr;
  static const CFG::BuildOptions Opts = engineCfgOptions();
  FunctionCFG &FC = It->second;
  profile::Scope Time(profile::Cfg);
  // From the body's index where the builder knows every construct of the
  // body (IndexCfg.h): the same CFG, without a second walk of the AST.
  FC.G = buildCfgFromIndex(FD, Body, parents(FD), Ctx, Opts);
  if (!FC.G)
    FC.G = CFG::buildCFG(FD, Body, &Ctx, Opts);
  if (!FC.G)
    return nullptr;
  FC.Order = reversePostOrder(*FC.G);
  FC.Rank.assign(FC.G->getNumBlockIDs(), UINT_MAX);
  for (unsigned I = 0; I < FC.Order.size(); ++I)
    FC.Rank[FC.Order[I]->getBlockID()] = I;
  return &FC;
}

void ProvenanceAnalysis::analyzeFunction(const FunctionDecl *FD, bool Final) {
  // CUDA device code never runs on the host: nothing to summarise either.
  if (isCudaDevice(FD))
    return;
  {
    FunctionRun R(*this, FD, Final);
    R.run();
  }
  // After the last round, only two checks walk a CFG again: the placement
  // queries, in the functions that select a device, and
  // usm-async-host-access, in the functions with host accesses to USM in
  // TUs with asynchronous work. Those CFGs are kept (built twice, they
  // would cost more than they hold); the others' memory goes back to the
  // allocator now, for the next function's CFG. Kept, the CFGs of a TU were
  // a fifth of the pages the analysis added (bench/engine, long 56k).
  // (cfgOf() would build a released one again: the same CFG.)
  if (Final && !placementReadsCfg(FD) &&
      !(HasAsync && hasHostUsmAccess(FD)))
    CFGs.erase(FD);
}

} // namespace clang::tidy::usm
