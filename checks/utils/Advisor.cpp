//===- Advisor.cpp - facts for the performance advisor checks -------------===//
#include "Advisor.h"
#include "StmtParents.h"
#include "UsmApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"

#include <cstdlib>

namespace clang::tidy::usm {
namespace {

const VarDecl *varOf(const Expr *E) {
  E = stripCasts(E);
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

struct Refs : RecursiveASTVisitor<Refs> {
  std::set<const VarDecl *> Vars;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      Vars.insert(V);
    return true;
  }
  bool shouldVisitLambdaBody() const { return true; }
};

struct Walker : RecursiveASTVisitor<Walker> {
  ProvenanceAnalysis &PA;
  /// The last allocation of each kind each pointer variable received.
  std::map<std::pair<const VarDecl *, ::usm::Kind>, AdvisedPointer> Ptrs;
  struct Kernel {
    const Stmt *Anchor;
    SourceRange Range;
    std::set<const VarDecl *> Uses;
  };
  std::vector<Kernel> Kernels;
  std::vector<std::pair<const VarDecl *, const Expr *>> Derefs;
  std::set<const VarDecl *> Advised;

  explicit Walker(ProvenanceAnalysis &PA) : PA(PA) {}
  bool shouldVisitLambdaBody() const { return true; }

  void allocated(const VarDecl *V, const Expr *Init) {
    const auto *Call = dyn_cast_or_null<CallExpr>(stripCasts(Init));
    if (!V || !Call)
      return;
    const ::usm::Api *A = apiForCall(*Call);
    if (!A || A->R != ::usm::Role::Alloc || A->Ptr != ::usm::RET)
      return;
    if (auto K = allocationKind(*Call, *A))
      Ptrs[{V, *K}] = AdvisedPointer{V, Call, A, {}, {}, false};
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasInit())
      allocated(V, V->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      allocated(varOf(B->getLHS()), B->getRHS());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const ::usm::Api *A = apiForCall(*C);
    if (!A)
      return true;
    if (A->R == ::usm::Role::Alloc && A->Ptr != ::usm::RET) {
      // Out-parameter allocators: cudaMallocManaged(&p, ...).
      if (const auto *UO =
              dyn_cast_or_null<UnaryOperator>(stripCasts(argAt(*C, A->Ptr))))
        if (UO->getOpcode() == UO_AddrOf)
          if (const VarDecl *V = varOf(UO->getSubExpr())) {
            if (auto K = allocationKind(*C, *A))
              Ptrs[{V, *K}] = AdvisedPointer{V, C, A, {}, {}, false};
          }
    }
    if (A->R == ::usm::Role::Prefetch || A->R == ::usm::Role::Advise) {
      Refs R;
      R.TraverseStmt(const_cast<Expr *>(argAt(*C, A->Ptr)));
      Advised.insert(R.Vars.begin(), R.Vars.end());
    }
    return true;
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
      return true;
    Refs R;
    R.TraverseStmt(D);
    // The directive's own range is the pragma line; the kernel is the
    // statement it governs too.
    SourceRange Range(D->getBeginLoc(), D->hasAssociatedStmt()
                                            ? D->getAssociatedStmt()->getEndLoc()
                                            : D->getEndLoc());
    Kernels.push_back({D, Range, R.Vars});
    return true;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    Refs R;
    for (const Expr *Arg : E->arguments())
      R.TraverseStmt(const_cast<Expr *>(Arg));
    Kernels.push_back({E, SourceRange(), R.Vars});
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    if (!PA.isDeviceFunction(LE->getCallOperator()))
      return true;
    Kernel K{LE, LE->getSourceRange(), {}};
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable())
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          K.Uses.insert(V);
    Kernels.push_back(K);
    return true;
  }
  void deref(const Expr *At, const Expr *Base) {
    if (const VarDecl *V = varOf(Base))
      Derefs.push_back({V, At});
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    deref(E, E->getBase());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref)
      deref(U, U->getSubExpr());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (M->isArrow())
      deref(M, M->getBase());
    return true;
  }
};

bool inside(const SourceManager &SM, SourceRange R, SourceLocation L) {
  if (R.isInvalid() || L.isInvalid())
    return false;
  return !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(L),
                                       SM.getExpansionLoc(R.getBegin())) &&
         !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()),
                                       SM.getExpansionLoc(L));
}

} // namespace

namespace {
/// The pointers of each function, by kind: both advisor checks ask, the
/// function is walked once (kept with the TU's analysis).
using AdvisedByKind = std::map<::usm::Kind, std::vector<AdvisedPointer>>;
using AdvisedCache = std::map<const FunctionDecl *, AdvisedByKind>;
const char AdvisedKey = 0;

AdvisedByKind walk(ProvenanceAnalysis &PA, const FunctionDecl *FD) {
  Walker W(PA);
  W.TraverseStmt(FD->getBody());
  AdvisedByKind Out;
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  for (auto &[VK, P] : W.Ptrs) {
    const VarDecl *V = VK.first;
    for (const auto &Kn : W.Kernels)
      if (Kn.Uses.count(V))
        P.Kernels.push_back(Kn.Anchor);
    if (P.Kernels.empty())
      continue;
    for (const auto &[DV, At] : W.Derefs) {
      if (DV != V)
        continue;
      bool InKernel = false;
      for (const auto &Kn : W.Kernels)
        InKernel |= inside(SM, Kn.Range, At->getBeginLoc());
      if (!InKernel)
        P.HostDerefs.push_back(At);
    }
    P.PrefetchedOrAdvised = W.Advised.count(V) != 0;
    Out[VK.second].push_back(P);
  }
  return Out;
}
} // namespace

std::vector<AdvisedPointer> advisedPointers(ProvenanceAnalysis &PA,
                                            const FunctionDecl *FD,
                                            ::usm::Kind K) {
  std::shared_ptr<void> &Slot = PA.derived(&AdvisedKey);
  if (!Slot)
    Slot = std::make_shared<AdvisedCache>();
  AdvisedCache &Cache = *static_cast<AdvisedCache *>(Slot.get());
  auto It = Cache.find(FD);
  if (It == Cache.end())
    It = Cache.emplace(FD, walk(PA, FD)).first;
  auto KIt = It->second.find(K);
  return KIt == It->second.end() ? std::vector<AdvisedPointer>()
                                 : KIt->second;
}

std::vector<const Stmt *> enclosingLoops(ProvenanceAnalysis &PA,
                                         const Stmt *S,
                                         const FunctionDecl *FD) {
  std::vector<const Stmt *> Loops;
  const StmtParents &PM = PA.parents(FD);
  for (const Stmt *Cur = PM.getParent(S); Cur; Cur = PM.getParent(Cur))
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Cur) &&
        !Cur->getBeginLoc().isMacroID()) // do { ... } while (0) in macros
      Loops.push_back(Cur);
  return Loops;
}

const std::map<std::string, std::string> &benchSummary() {
  static const std::map<std::string, std::string> Summary = [] {
    std::map<std::string, std::string> M;
    const char *Env = std::getenv("USMCHECK_BENCH_SUMMARY");
    std::string S = Env ? Env : "";
    size_t Pos = 0;
    while (Pos < S.size()) {
      size_t End = S.find(';', Pos);
      if (End == std::string::npos)
        End = S.size();
      std::string Item = S.substr(Pos, End - Pos);
      size_t Eq = Item.find('=');
      if (Eq != std::string::npos)
        M[Item.substr(0, Eq)] = Item.substr(Eq + 1);
      Pos = End + 1;
    }
    return M;
  }();
  return Summary;
}

std::vector<const FunctionDecl *> advisedFunctions(ProvenanceAnalysis &PA) {
  std::vector<const FunctionDecl *> Out;
  for (const FunctionDecl *FD : PA.functions()) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
        MD && MD->getParent()->isLambda())
      continue;
    if (!PA.isDeviceFunction(FD))
      Out.push_back(FD);
  }
  return Out;
}

} // namespace clang::tidy::usm
