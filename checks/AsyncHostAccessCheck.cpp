//===- AsyncHostAccessCheck.cpp - usm-async-host-access -------------------===//
#include "AsyncHostAccessCheck.h"
#include "utils/FindingFacts.h"
#include "utils/KernelWrites.h"
#include "utils/StmtParents.h"
#include "utils/UsmApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/OpenMPKinds.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace clang::tidy::usm {

namespace {

/// The stream or queue an operation runs on, or a wait names.
struct QueueKey {
  enum Kind { None, Default, Var, Unknown } K = None;
  const ValueDecl *D = nullptr;
};

/// One asynchronous operation of the function.
struct Op {
  const Stmt *At = nullptr;
  ::usm::Model M = ::usm::Model::CUDA;
  QueueKey Q;
  std::string What; ///< how the message names it
  /// Host or shared allocations it writes, with the pointer that carries
  /// each into the operation.
  llvm::SmallDenseMap<const Expr *, const Expr *, 4> Sites;
  const ValueDecl *Event = nullptr; ///< SYCL: holds the returned event
  llvm::SmallVector<const ValueDecl *, 2> Depend; ///< OpenMP depend items
};

/// What ends pending operations.
struct Sync {
  enum Kind { All, Model, Queue, EventVar, EventOf, DependOn } K = All;
  ::usm::Model M = ::usm::Model::CUDA;
  QueueKey Q;                   ///< Queue
  const ValueDecl *D = nullptr; ///< EventVar
  int Of = -1;                  ///< EventOf: the operation waited on
  llvm::SmallVector<const ValueDecl *, 2> Depend; ///< DependOn
};

/// One relevant step inside a block, in element order.
struct Item {
  enum Kind { Access, Gen, Kill } K;
  unsigned Index; ///< into the access list, Ops or Syncs
};

const Expr *stripTemporaries(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && CE->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(CE))
      E = CE->getArg(0);
    else
      break;
  }
  return E;
}

/// The lambda a callable argument is: written in place, or a local
/// variable initialised with one.
const LambdaExpr *lambdaArg(const Expr *E) {
  E = stripTemporaries(E);
  if (const auto *LE = dyn_cast_or_null<LambdaExpr>(E))
    return LE;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getInit())
        return dyn_cast_or_null<LambdaExpr>(stripTemporaries(VD->getInit()));
  return nullptr;
}

QueueKey keyOf(const Expr *E) {
  QueueKey Q;
  if (!E || isa<CXXDefaultArgExpr>(E)) {
    Q.K = QueueKey::Default;
    return Q;
  }
  E = stripTemporaries(E);
  if (isa<CXXNullPtrLiteralExpr, GNUNullExpr>(E)) {
    Q.K = QueueKey::Default;
    return Q;
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    Q.K = IL->getValue() == 0 ? QueueKey::Default : QueueKey::Unknown;
    return Q;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    Q.K = QueueKey::Var;
    Q.D = DRE->getDecl();
    return Q;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E);
      ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
    Q.K = QueueKey::Var;
    Q.D = ME->getMemberDecl();
    return Q;
  }
  Q.K = QueueKey::Unknown;
  return Q;
}

/// The queue / stream argument of an operation or a wait.
QueueKey queueArg(const CallExpr &Call, int Index) {
  if (Index == ::usm::NA)
    return QueueKey{};
  if (Index == ::usm::OBJ) {
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(&Call))
      return keyOf(MC->getImplicitObjectArgument());
    QueueKey Q;
    Q.K = QueueKey::Unknown;
    return Q;
  }
  return keyOf(argAt(Call, Index));
}

/// The variables named in an OpenMP directive's depend clauses.
void dependVars(const OMPExecutableDirective &D,
                llvm::SmallVectorImpl<const ValueDecl *> &Out) {
  for (const auto *C : D.getClausesOfKind<OMPDependClause>())
    for (const Expr *E : C->varlists()) {
      std::vector<const Stmt *> Work{E};
      while (!Work.empty()) {
        const Stmt *S = Work.back();
        Work.pop_back();
        if (!S)
          continue;
        if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
          Out.push_back(DRE->getDecl());
          break; // the base of the item
        }
        for (const Stmt *Ch : S->children())
          Work.push_back(Ch);
      }
    }
}

bool hostUsm(const Origin &O) {
  return O.Site && (O.K == ::usm::Kind::Host || O.K == ::usm::Kind::Shared);
}

/// The waits to suggest for operations of model \p M: the first catalog
/// synchronisation of each scope (a taskwait for OpenMP).
std::string waitText(::usm::Model M) {
  if (M == ::usm::Model::OpenMP)
    return "'#pragma omp taskwait'";
  std::vector<std::string> Names;
  bool Seen[5] = {false, false, false, false, false};
  for (const ::usm::SyncCall &S : ::usm::syncCalls())
    if (S.M == M && S.Scope != ::usm::SyncScope::Blocking &&
        !Seen[static_cast<int>(S.Scope)]) {
      Seen[static_cast<int>(S.Scope)] = true;
      Names.push_back("'" + std::string(S.Name) + "'");
    }
  std::string T;
  for (size_t I = 0; I < Names.size(); ++I)
    T += (I == 0 ? "" : I + 1 == Names.size() ? " or " : ", ") + Names[I];
  return T;
}

/// TU-wide facts of the engine, indexed for the per-function runs.
struct Index {
  llvm::DenseMap<const Stmt *, llvm::SmallVector<const AsyncKernelArg *, 4>>
      Kernel;
  llvm::DenseMap<const CallExpr *, const CopyFact *> Copies;
  llvm::DenseMap<const Stmt *, llvm::SmallVector<const HostAccess *, 2>>
      Accesses;
};

class FunctionRun {
public:
  FunctionRun(ASTContext &Ctx, ProvenanceAnalysis &PA, const FunctionDecl *FD,
              const Index &Idx, KernelWrites &KW,
              llvm::DenseMap<const FunctionDecl *, int> &SyncMemo)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), PA(PA), FD(FD), Idx(Idx), KW(KW),
        SyncMemo(SyncMemo) {}

  using Report = std::function<void(const HostAccess &, const Op &,
                                    const Expr *Site, const Expr *Written)>;

  void run(const Report &R) {
    const ProvenanceAnalysis::FunctionCFG *FC = PA.cfgOf(FD);
    if (!FC)
      return;
    const CFG &G = *FC->G;
    Items.assign(G.getNumBlockIDs(), {});
    for (const CFGBlock *B : FC->Order)
      for (const CFGElement &E : *B)
        if (auto CS = E.getAs<CFGStmt>())
          element(CS->getStmt(), Items[B->getBlockID()]);
    if (Ops.empty())
      return;
    std::vector<llvm::BitVector> Kills;
    for (const Sync &S : Syncs)
      Kills.push_back(killsOf(S));

    // Gen/kill per block, then the union of pending operations at block
    // entries to a fixpoint in reverse post-order.
    unsigned N = Ops.size(), NB = G.getNumBlockIDs();
    std::vector<llvm::BitVector> Gen(NB, llvm::BitVector(N)),
        Kill(NB, llvm::BitVector(N)), In(NB, llvm::BitVector(N)),
        Out(NB, llvm::BitVector(N));
    for (const CFGBlock *B : FC->Order)
      for (const Item &I : Items[B->getBlockID()]) {
        unsigned Id = B->getBlockID();
        if (I.K == Item::Gen) {
          Gen[Id].set(I.Index);
          Kill[Id].reset(I.Index);
        } else if (I.K == Item::Kill) {
          Gen[Id].reset(Kills[I.Index]);
          Kill[Id] |= Kills[I.Index];
        }
      }
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (const CFGBlock *B : FC->Order) {
        unsigned Id = B->getBlockID();
        llvm::BitVector I(N);
        for (const CFGBlock::AdjacentBlock &P : B->preds())
          if (const CFGBlock *PB = P.getReachableBlock())
            I |= Out[PB->getBlockID()];
        llvm::BitVector O = I;
        O.reset(Kill[Id]);
        O |= Gen[Id];
        In[Id] = std::move(I);
        if (O != Out[Id]) {
          Out[Id] = std::move(O);
          Changed = true;
        }
      }
    }
    // Replay: the pending set at each access.
    for (const CFGBlock *B : FC->Order) {
      llvm::BitVector Cur = In[B->getBlockID()];
      for (const Item &I : Items[B->getBlockID()]) {
        if (I.K == Item::Gen)
          Cur.set(I.Index);
        else if (I.K == Item::Kill)
          Cur.reset(Kills[I.Index]);
        else if (Cur.any())
          check(*AccessList[I.Index], Cur, R);
      }
    }
  }

private:
  void element(const Stmt *St, std::vector<Item> &Out) {
    auto A = Idx.Accesses.find(St);
    if (A != Idx.Accesses.end())
      for (const HostAccess *H : A->second) {
        Out.push_back({Item::Access, static_cast<unsigned>(AccessList.size())});
        AccessList.push_back(H);
      }
    if (const auto *D = dyn_cast<OMPExecutableDirective>(St)) {
      directive(*D, Out);
      return;
    }
    if (const auto *K = dyn_cast<CUDAKernelCallExpr>(St)) {
      launch(*K, Out);
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *Dc : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(Dc))
          bindEvent(VD, VD->getInit());
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
      if (BO->getOpcode() == BO_Assign)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          bindEvent(DRE->getDecl(), BO->getRHS());
      return;
    }
    const auto *Call = dyn_cast<CallExpr>(St);
    if (!Call)
      return;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
      if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParenImpCasts()))
          bindEvent(DRE->getDecl(), OC->getArg(1));
    const FunctionDecl *Callee = directCallee(*Call);
    if (!Callee)
      return;
    if (const ::usm::AsyncOp *A = PA.asyncOpOf(*Callee)) {
      if (A->Queue != ::usm::GROUP)
        asyncCall(*Call, *Callee, *A, Out);
      return;
    }
    if (const ::usm::SyncCall *S = PA.syncOf(*Callee)) {
      syncCall(*Call, *S, Out);
      return;
    }
    if (const ::usm::EventRecord *ER = PA.eventRecordOf(*Callee)) {
      if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(
              stripTemporaries(argAt(*Call, ER->Event))))
        Recorded[DRE->getDecl()].push_back(keyOf(argAt(*Call, ER->Stream)));
      return;
    }
    if (maySync(Callee)) {
      Syncs.push_back(Sync{});
      Out.push_back({Item::Kill, static_cast<unsigned>(Syncs.size() - 1)});
    }
  }

  /// Might a call of user function \p F wait for device work on some path
  /// (its own body or its callees')? Computed once per function.
  bool maySync(const FunctionDecl *F) {
    const FunctionDecl *Def = F->getDefinition();
    if (!Def || !Def->getBody() ||
        SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
      return false;
    auto [It, New] = SyncMemo.try_emplace(Def, -1);
    if (!New)
      return It->second > 0;
    bool R = bodySyncs(Def->getBody());
    SyncMemo[Def] = R ? 1 : 0;
    return R;
  }

  bool bodySyncs(const Stmt *S) {
    if (!S)
      return false;
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      return bodySyncs(CS->getCapturedStmt());
    if (isa<OMPTaskwaitDirective, OMPBarrierDirective>(S))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *C = directCallee(*Call))
        if (PA.syncOf(*C) || (!PA.asyncOpOf(*C) && maySync(C)))
          return true;
    for (const Stmt *Ch : S->children())
      if (bodySyncs(Ch))
        return true;
    return false;
  }

  void bindEvent(const ValueDecl *V, const Expr *Init) {
    if (!Init)
      return;
    if (const auto *Call = dyn_cast_or_null<CallExpr>(stripTemporaries(Init))) {
      auto It = OpOfCall.find(Call);
      if (It != OpOfCall.end())
        Ops[It->second].Event = V;
    }
  }

  unsigned addOp(Op O, std::vector<Item> &Out) {
    Ops.push_back(std::move(O));
    Out.push_back({Item::Gen, static_cast<unsigned>(Ops.size() - 1)});
    return Ops.size() - 1;
  }

  void addSites(Op &O, const OriginSet &Origins, const Expr *Ptr) {
    for (const Origin &X : Origins)
      if (hostUsm(X))
        O.Sites.try_emplace(X.Site, Ptr);
  }

  /// The pointers a kernel anchored at \p Anchor writes (captures or
  /// references used in \p Body, or arguments whose parameters of
  /// \p Kernel are written, from argument \p First on).
  void kernelWrites(Op &O, const Stmt *Anchor, const Stmt *Body,
                    const FunctionDecl *Kernel, unsigned First) {
    auto It = Idx.Kernel.find(Anchor);
    if (It == Idx.Kernel.end())
      return;
    for (const AsyncKernelArg *KP : It->second) {
      bool Writes = false;
      if (KP->Var && Body)
        Writes = KW.of(Body).contains(KP->Var);
      else if (KP->Arg >= 0 && Kernel &&
               static_cast<unsigned>(KP->Arg) >= First)
        Writes = KW.writesParam(Kernel, KP->Arg - First);
      if (Writes)
        addSites(O, KP->Origins,
                 KP->Ptr ? KP->Ptr : static_cast<const Expr *>(nullptr));
    }
  }

  void directive(const OMPExecutableDirective &D, std::vector<Item> &Out) {
    // An OpenMP point that waits for every task before it.
    auto WaitAll = [&] {
      Sync S;
      S.K = Sync::Model;
      S.M = ::usm::Model::OpenMP;
      Syncs.push_back(S);
      Out.push_back({Item::Kill, static_cast<unsigned>(Syncs.size() - 1)});
    };
    if (isa<OMPTaskwaitDirective, OMPBarrierDirective>(D)) {
      WaitAll();
      return;
    }
    OpenMPDirectiveKind DK = D.getDirectiveKind();
    if (!isOpenMPTargetExecutionDirective(DK)) {
      // The end of a parallel region, of a taskgroup and of a worksharing
      // construct without nowait waits for the tasks created inside (the
      // directive's element follows the elements of its body).
      if (isOpenMPParallelDirective(DK) || DK == llvm::omp::OMPD_taskgroup ||
          (isOpenMPWorksharingDirective(DK) &&
           !D.hasClausesOfKind<OMPNowaitClause>()))
        WaitAll();
      return;
    }
    if (!D.hasAssociatedStmt())
      return;
    llvm::SmallVector<const ValueDecl *, 2> Dep;
    dependVars(D, Dep);
    if (!D.hasClausesOfKind<OMPNowaitClause>()) {
      // An undeferred target task waits for the tasks it depends on.
      if (!Dep.empty()) {
        Sync S;
        S.K = Sync::DependOn;
        S.Depend = Dep;
        Syncs.push_back(S);
        Out.push_back({Item::Kill, static_cast<unsigned>(Syncs.size() - 1)});
      }
      return;
    }
    Op O;
    O.At = &D;
    O.M = ::usm::Model::OpenMP;
    O.What = "the '#pragma omp " +
             std::string(getOpenMPDirectiveName(D.getDirectiveKind())) +
             " nowait' region";
    O.Depend = Dep;
    kernelWrites(O, &D, D.getAssociatedStmt(), nullptr, 0);
    if (!O.Sites.empty())
      addOp(std::move(O), Out);
  }

  void launch(const CUDAKernelCallExpr &K, std::vector<Item> &Out) {
    Op O;
    O.At = &K;
    O.M = Ctx.getLangOpts().HIP ? ::usm::Model::HIP : ::usm::Model::CUDA;
    if (const CallExpr *Cfg = K.getConfig())
      if (const FunctionDecl *CF = directCallee(*Cfg))
        if (const ::usm::LaunchConfig *LC = PA.launchConfigOf(*CF))
          O.Q = keyOf(argAt(*Cfg, LC->Stream));
    if (O.Q.K == QueueKey::None)
      O.Q.K = QueueKey::Default;
    const FunctionDecl *Kernel = directCallee(K);
    O.What = "the kernel launch '" +
             (Kernel ? Kernel->getNameAsString() : std::string("kernel")) +
             "<<<...>>>'";
    kernelWrites(O, &K, nullptr, Kernel, 0);
    if (!O.Sites.empty())
      addOp(std::move(O), Out);
  }

  void asyncCall(const CallExpr &Call, const FunctionDecl &Callee,
                 const ::usm::AsyncOp &A, std::vector<Item> &Out) {
    Op O;
    O.At = &Call;
    O.M = A.M;
    O.Q = queueArg(Call, A.Queue);
    O.What = "'" + catalogName(Callee) + "'";
    switch (A.Op) {
    case ::usm::AsyncKind::Launch:
      launcher(O, Call, Call);
      break;
    case ::usm::AsyncKind::Copy:
      copy(O, Call, A);
      break;
    case ::usm::AsyncKind::Submit:
      for (const Expr *Arg : Call.arguments())
        if (const LambdaExpr *CGF = lambdaArg(Arg))
          group(O, CGF->getBody());
      O.What = "the command group submitted with " + O.What;
      break;
    }
    if (O.Sites.empty())
      return;
    OpOfCall[&Call] = addOp(std::move(O), Out);
  }

  /// A launcher call: its kernel lambda, or a kernel function whose
  /// arguments are the call's last ones.
  void launcher(Op &O, const CallExpr &Call, const Stmt &Anchor) {
    for (const Expr *Arg : Call.arguments()) {
      if (const LambdaExpr *LE = lambdaArg(Arg)) {
        kernelWrites(O, LE, LE->getBody(), nullptr, 0);
        return;
      }
    }
    if (Call.getNumArgs() == 0)
      return;
    const Expr *K = Call.getArg(0)->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(K))
      K = UO->getSubExpr()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(K);
    const auto *Kernel = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
    if (!Kernel || Kernel->getNumParams() > Call.getNumArgs())
      return;
    kernelWrites(O, &Anchor, nullptr, Kernel,
                 Call.getNumArgs() - Kernel->getNumParams());
  }

  void copy(Op &O, const CallExpr &Call, const ::usm::AsyncOp &A) {
    auto It = Idx.Copies.find(&Call);
    if (It == Idx.Copies.end())
      return;
    const CopyFact &F = *It->second;
    if (A.Written == F.Api->Ptr)
      addSites(O, F.Dst, argAt(Call, A.Written));
    else if (A.Written == F.Api->Src)
      addSites(O, F.Src, argAt(Call, A.Written));
  }

  /// The kernels and copies of a SYCL command group.
  void group(Op &O, const Stmt *S) {
    if (!S)
      return;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *C = directCallee(*Call))
        if (const ::usm::AsyncOp *A = PA.asyncOpOf(*C))
          if (A->Queue == ::usm::GROUP) {
            if (A->Op == ::usm::AsyncKind::Launch)
              launcher(O, *Call, *Call);
            else if (A->Op == ::usm::AsyncKind::Copy)
              copy(O, *Call, *A);
          }
    if (isa<LambdaExpr>(S))
      return; // kernels' bodies: their own launchers are not ours
    for (const Stmt *Ch : S->children())
      group(O, Ch);
  }

  void syncCall(const CallExpr &Call, const ::usm::SyncCall &SC,
                std::vector<Item> &Out) {
    Sync S;
    S.M = SC.M;
    switch (SC.Scope) {
    case ::usm::SyncScope::Device:
    case ::usm::SyncScope::Blocking:
      S.K = Sync::Model;
      break;
    case ::usm::SyncScope::Stream:
    case ::usm::SyncScope::Queue:
      S.K = Sync::Queue;
      S.Q = queueArg(Call, SC.Arg);
      break;
    case ::usm::SyncScope::Event: {
      S.K = Sync::Model;
      const Expr *E = nullptr;
      if (SC.Arg == ::usm::OBJ) {
        if (const auto *MC = dyn_cast<CXXMemberCallExpr>(&Call))
          E = stripTemporaries(MC->getImplicitObjectArgument());
      } else {
        E = stripTemporaries(argAt(Call, SC.Arg));
      }
      if (const auto *C = dyn_cast_or_null<CallExpr>(E)) {
        auto It = OpOfCall.find(C);
        if (It != OpOfCall.end()) {
          S.K = Sync::EventOf;
          S.Of = It->second;
        }
      } else if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E)) {
        S.K = Sync::EventVar;
        S.D = DRE->getDecl();
      }
      break;
    }
    }
    Syncs.push_back(S);
    Out.push_back({Item::Kill, static_cast<unsigned>(Syncs.size() - 1)});
  }

  /// The operations \p S waits for.
  llvm::BitVector killsOf(const Sync &S) {
    unsigned N = Ops.size();
    llvm::BitVector K(N);
    auto OfModel = [&](::usm::Model M) {
      for (unsigned I = 0; I < N; ++I)
        if (Ops[I].M == M)
          K.set(I);
    };
    auto OnQueue = [&](::usm::Model M, const QueueKey &Q) {
      // The legacy default stream, or a stream the check cannot name,
      // waits for (or may be) every stream.
      if (Q.K != QueueKey::Var) {
        OfModel(M);
        return;
      }
      for (unsigned I = 0; I < N; ++I)
        if (Ops[I].M == M &&
            (Ops[I].Q.K == QueueKey::Unknown ||
             (Ops[I].Q.K == QueueKey::Var && Ops[I].Q.D == Q.D)))
          K.set(I);
    };
    switch (S.K) {
    case Sync::All:
      K.set();
      break;
    case Sync::Model:
      OfModel(S.M);
      break;
    case Sync::Queue:
      OnQueue(S.M, S.Q);
      break;
    case Sync::EventOf:
      K.set(S.Of);
      break;
    case Sync::EventVar: {
      bool Bound = false;
      for (unsigned I = 0; I < N; ++I)
        if (Ops[I].Event == S.D) {
          K.set(I);
          Bound = true;
        }
      auto R = Recorded.find(S.D);
      if (R != Recorded.end()) {
        for (const QueueKey &Q : R->second)
          OnQueue(S.M, Q);
        Bound = true;
      }
      if (!Bound) // an event from elsewhere: it may stand for anything
        OfModel(S.M);
      break;
    }
    case Sync::DependOn:
      for (unsigned I = 0; I < N; ++I)
        for (const ValueDecl *V : Ops[I].Depend)
          if (llvm::is_contained(S.Depend, V))
            K.set(I);
      break;
    }
    return K;
  }

  /// Is \p S inside a deferred OpenMP task ordered by depend clauses? It
  /// runs after the tasks it depends on.
  bool inDependentTask(const Stmt *S) {
    const StmtParents &PM = PA.parents(FD);
    for (const Stmt *P = PM.getParent(S); P; P = PM.getParent(P))
      if (const auto *D = dyn_cast<OMPExecutableDirective>(P))
        if (isOpenMPTaskingDirective(D->getDirectiveKind()) &&
            D->hasClausesOfKind<OMPDependClause>())
          return true;
    return false;
  }

  void check(const HostAccess &H, const llvm::BitVector &Pending,
             const Report &R) {
    for (int I = Pending.find_first(); I >= 0; I = Pending.find_next(I)) {
      const Op &O = Ops[I];
      for (const Origin &X : H.Origins) {
        auto It = O.Sites.find(X.Site);
        if (It == O.Sites.end())
          continue;
        if (inDependentTask(H.At))
          return;
        R(H, O, X.Site, It->second);
        return;
      }
    }
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  ProvenanceAnalysis &PA;
  const FunctionDecl *FD;
  const Index &Idx;
  KernelWrites &KW;
  llvm::DenseMap<const FunctionDecl *, int> &SyncMemo;

  std::vector<std::vector<Item>> Items;
  std::vector<const HostAccess *> AccessList;
  std::vector<Op> Ops;
  std::vector<Sync> Syncs;
  llvm::DenseMap<const CallExpr *, unsigned> OpOfCall;
  llvm::DenseMap<const ValueDecl *, std::vector<QueueKey>> Recorded;
};

} // namespace

void AsyncHostAccessCheck::analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) {
  if (!PA.hasAsync() || PA.hostUsmAccesses().empty())
    return;
  Index Idx;
  for (const AsyncKernelArg &K : PA.asyncKernelArgs())
    Idx.Kernel[K.Anchor].push_back(&K);
  for (const CopyFact &C : PA.copies())
    Idx.Copies[C.Call] = &C;
  for (const HostAccess &H : PA.hostUsmAccesses())
    Idx.Accesses[H.Element].push_back(&H);
  KernelWrites KW;
  llvm::DenseMap<const FunctionDecl *, int> SyncMemo;
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<const Expr *> Reported;
  for (const FunctionDecl *FD : PA.functions()) {
    if (!PA.hasHostUsmAccess(FD) || PA.isDeviceFunction(FD) || hasErrors(FD))
      continue;
    FunctionRun Run(Ctx, PA, FD, Idx, KW, SyncMemo);
    Run.run([&](const HostAccess &H, const Op &O, const Expr *Site,
                const Expr *Written) {
      if (!Reported.insert(H.At).second)
        return;
      const Origin *Alloc = nullptr;
      for (const Origin &X : H.Origins)
        if (X.Site == Site)
          Alloc = &X;
      std::string Ptr = writtenText(H.Pointer, Ctx);
      std::string Kind = Alloc ? kindFact(Alloc->K) : "USM";
      std::string Api = Alloc && Alloc->A ? std::string(Alloc->A->Name) : "";
      std::string Wait = waitText(O.M);
      std::string Queue;
      if (O.Q.K == QueueKey::Var && O.Q.D)
        Queue = " on '" + O.Q.D->getNameAsString() + "'";
      diag(H.At->getBeginLoc(),
           "host %0 of '%1' (USM %2 memory) while %3%4 may still be writing "
           "it: no %5 on some path between them; wait for it before the "
           "host touches the memory")
          << accessFact(H.AK) << Ptr << Kind << O.What << Queue << Wait;
      ::usm::FindingFacts F;
      F.Rule = "usm-async-host-access";
      F.Access = accessFact(H.AK);
      F.AccessExpr = Ptr;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(stripCasts(H.Pointer)))
        F.Pointer = DRE->getDecl()->getNameAsString();
      F.Model = std::string(::usm::name(O.M));
      F.Kind = Kind;
      if (Alloc && Alloc->A) {
        F.AllocSite = refOf(SM, Site->getBeginLoc());
        F.AllocLine = lineOf(SM, Site->getBeginLoc());
        F.AllocApi = Api;
        if (const auto *AC = dyn_cast<CallExpr>(Site))
          F.AllocSpelling = writtenCallee(*AC, Ctx);
        F.Steps =
            pointerSteps(Ctx, Site, Alloc->Fn, H.Pointer, H.At, H.Fn, "access");
      }
      ::usm::FactFix Fix;
      Fix.Id = "Wait";
      Fix.Title = "wait for the asynchronous operation before the host access";
      Fix.Code = Wait;
      Fix.NotOffered = "where to wait depends on the program's structure";
      F.Fixes.push_back(Fix);
      attachFacts(*this, H.At->getBeginLoc(), F);
      diag(O.At->getBeginLoc(), "%0 starts here and writes '%1' asynchronously",
           DiagnosticIDs::Note)
          << O.What << (Written ? writtenText(Written, Ctx) : Ptr);
      if (Alloc && Alloc->A)
        diag(Site->getBeginLoc(), "allocated as USM %0 memory by '%1' here",
             DiagnosticIDs::Note)
            << Kind << Api;
    });
  }
}

} // namespace clang::tidy::usm
