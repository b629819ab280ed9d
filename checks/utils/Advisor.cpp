//===- Advisor.cpp - facts for the performance advisor checks -------------===//
#include "Advisor.h"
#include "EngineSupport.h"
#include "StmtParents.h"
#include "UsmApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cstdlib>

namespace clang::tidy::usm {
namespace {

const VarDecl *varOf(const Expr *E) {
  E = stripCasts(E);
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// A set of variables, built by appending and made a set (sorted,
/// duplicate-free) once it is complete.
using VarSet = std::vector<const VarDecl *>;
void finish(VarSet &Vars) {
  llvm::sort(Vars);
  Vars.erase(std::unique(Vars.begin(), Vars.end()), Vars.end());
}

/// Appends the variables referenced at or below \p S: a range of the index
/// when \p S is a statement of the body, else (a clause expression) a walk.
void varsBelow(const Stmt *S, const StmtParents &PM, VarSet &Out) {
  if (!S)
    return;
  auto Take = [&](const Stmt *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.push_back(V);
  };
  int I = PM.indexOf(S);
  if (I >= 0) {
    // The declarations from the index: the references are not read.
    auto [B, E] = PM.referenceSpan(I, PM.subtreeEnd(I));
    llvm::ArrayRef<const ValueDecl *> Decls = PM.referenceDecls();
    for (unsigned K = B; K < E; ++K)
      if (const auto *V = dyn_cast_or_null<VarDecl>(Decls[K]))
        Out.push_back(V);
    return;
  }
  std::vector<const Stmt *> Stack{S};
  while (!Stack.empty()) {
    const Stmt *Cur = Stack.back();
    Stack.pop_back();
    Take(Cur);
    for (const Stmt *C : Cur->children())
      if (C)
        Stack.push_back(C);
  }
}

/// The facts of one function, read off the engine's index of its body in
/// one flat pass (no walk of its own).
struct Walker {
  ProvenanceAnalysis &PA;
  const StmtParents &PM;
  /// The last allocation of each kind each pointer variable received.
  std::map<std::pair<const VarDecl *, ::usm::Kind>, AdvisedPointer> Ptrs;
  struct Kernel {
    const Stmt *Anchor;
    VarSet Uses; ///< finish()ed when the kernel is complete
  };
  std::vector<Kernel> Kernels;
  /// Host dereferences (outside every kernel body) per variable.
  llvm::DenseMap<const VarDecl *, std::vector<const Expr *>> HostDerefs;
  VarSet Advised; ///< finish()ed after run()

  Walker(ProvenanceAnalysis &PA, const StmtParents &PM) : PA(PA), PM(PM) {}

  void allocated(const VarDecl *V, const Expr *Init) {
    const auto *Call = dyn_cast_or_null<CallExpr>(stripCasts(Init));
    if (!V || !Call)
      return;
    const ::usm::Api *A = PA.apiOf(*Call);
    if (!A || A->R != ::usm::Role::Alloc || A->Ptr != ::usm::RET)
      return;
    if (auto K = PA.allocationKindOf(*Call, *A))
      Ptrs[{V, *K}] = AdvisedPointer{V, Call, A, {}, {}, false};
  }
  void call(const CallExpr *C) {
    const ::usm::Api *A = PA.apiOf(*C);
    if (!A)
      return;
    if (A->R == ::usm::Role::Alloc && A->Ptr != ::usm::RET) {
      // Out-parameter allocators: cudaMallocManaged(&p, ...).
      if (const auto *UO =
              dyn_cast_or_null<UnaryOperator>(stripCasts(argAt(*C, A->Ptr))))
        if (UO->getOpcode() == UO_AddrOf)
          if (const VarDecl *V = varOf(UO->getSubExpr())) {
            if (auto K = PA.allocationKindOf(*C, *A))
              Ptrs[{V, *K}] = AdvisedPointer{V, C, A, {}, {}, false};
          }
    }
    if (A->R == ::usm::Role::Prefetch || A->R == ::usm::Role::Advise)
      varsBelow(argAt(*C, A->Ptr), PM, Advised);
  }
  /// A kernel whose body is the subtree at preorder position I: derefs
  /// below it are not host dereferences.
  void kernelBody(unsigned I) { Open.push_back(PM.subtreeEnd(I)); }
  void deref(const Expr *At, const Expr *Base) {
    if (!Open.empty())
      return;
    if (const VarDecl *V = varOf(Base))
      HostDerefs[V].push_back(At);
  }

  void run(const Stmt *Body) {
    // The classes read below, tested on the index before a node is read;
    // dereferences count in host code only.
    static const ClassSet Read =
        ClassSet::of<DeclStmt, BinaryOperator, CallExpr,
                     OMPExecutableDirective, LambdaExpr, ArraySubscriptExpr,
                     UnaryOperator, MemberExpr>();
    static const ClassSet ReadInKernel =
        ClassSet::of<DeclStmt, BinaryOperator, CallExpr,
                     OMPExecutableDirective, LambdaExpr>();
    llvm::ArrayRef<const Stmt *> All = PM.preorder();
    for (std::uint32_t I : PM.actors()) { // every class read is an actor's
      while (!Open.empty() && I >= Open.back())
        Open.pop_back();
      if (!PM.is(I, Open.empty() ? Read : ReadInKernel))
        continue;
      // Of the operators, only assignments and (host) dereferences count.
      if ((PM.isBinaryOperator(I) && !PM.isBinary(I, BO_Assign)) ||
          (PM.classAt(I) == Stmt::UnaryOperatorClass &&
           !PM.isUnary(I, UO_Deref)))
        continue;
      const Stmt *S = All[I];
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D); V && V->hasInit())
            allocated(V, V->getInit());
      } else if (const auto *B = dyn_cast<BinaryOperator>(S)) {
        if (B->getOpcode() == BO_Assign)
          allocated(varOf(B->getLHS()), B->getRHS());
      } else if (const auto *K = dyn_cast<CUDAKernelCallExpr>(S)) {
        call(K);
        Kernel Kn{K, {}};
        for (const Expr *Arg : K->arguments())
          varsBelow(Arg, PM, Kn.Uses);
        finish(Kn.Uses);
        Kernels.push_back(std::move(Kn));
      } else if (const auto *C = dyn_cast<CallExpr>(S)) {
        call(C);
      } else if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
        if (!isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
          continue;
        Kernel Kn{D, {}};
        varsBelow(D, PM, Kn.Uses);
        for (const OMPClause *Cl : D->clauses())
          for (const Stmt *Child : const_cast<OMPClause *>(Cl)->children())
            varsBelow(Child, PM, Kn.Uses);
        finish(Kn.Uses);
        Kernels.push_back(std::move(Kn));
        kernelBody(I);
      } else if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
        if (!PA.isDeviceFunction(LE->getCallOperator()))
          continue;
        Kernel Kn{LE, {}};
        for (const LambdaCapture &Cap : LE->captures())
          if (Cap.capturesVariable())
            if (const auto *V = dyn_cast<VarDecl>(Cap.getCapturedVar()))
              Kn.Uses.push_back(V);
        finish(Kn.Uses);
        Kernels.push_back(std::move(Kn));
        kernelBody(I);
      } else if (const auto *E = dyn_cast<ArraySubscriptExpr>(S)) {
        deref(E, E->getBase());
      } else if (const auto *U = dyn_cast<UnaryOperator>(S)) {
        if (U->getOpcode() == UO_Deref)
          deref(U, U->getSubExpr());
      } else if (const auto *M = dyn_cast<MemberExpr>(S)) {
        if (M->isArrow())
          deref(M, M->getBase());
      }
    }
  }

private:
  std::vector<unsigned> Open; ///< ends of the kernel bodies around
};

} // namespace

namespace {
/// The pointers of each function, by kind: both advisor checks ask, the
/// function is read once (kept with the TU's analysis).
using AdvisedByKind = std::map<::usm::Kind, std::vector<AdvisedPointer>>;
using AdvisedCache = std::map<const FunctionDecl *, AdvisedByKind>;
const char AdvisedKey = 0;

/// Is the statement at position \p P of the index a loop that
/// enclosingLoops() counts (not one a macro expands to, such as
/// do { ... } while (0))?
bool countedLoop(const StmtParents &PM, unsigned P) {
  return PM.is(P, engine::loopClasses()) &&
         !PM.at(P)->getBeginLoc().isMacroID();
}

/// Is a statement of the body indexed by \p PM that may be a kernel (a
/// directive, a call, a lambda) inside a loop that enclosingLoops() counts?
/// The index's classes and parents only: no node but the loops' is read.
bool kernelMayRepeat(const StmtParents &PM) {
  static const ClassSet Kernels =
      ClassSet::of<OMPExecutableDirective, CUDAKernelCallExpr, LambdaExpr>();
  for (std::uint32_t I : PM.actors()) {
    if (!PM.is(I, Kernels))
      continue;
    for (unsigned P = PM.parentIndex(I); P != StmtParents::None;
         P = PM.parentIndex(P))
      if (countedLoop(PM, P))
        return true;
  }
  return false;
}

AdvisedByKind walk(ProvenanceAnalysis &PA, const FunctionDecl *FD) {
  const StmtParents &PM = PA.parents(FD);
  // Both advisor checks report a pointer only for a kernel that a loop of
  // FD repeats: a function without one is not walked.
  if (!kernelMayRepeat(PM))
    return {};
  Walker W(PA, PM);
  W.run(FD->getBody());
  finish(W.Advised);
  AdvisedByKind Out;
  // The kernels of each variable, in kernel order (one pass over the
  // kernels, not one per pointer).
  llvm::DenseMap<const VarDecl *, std::vector<const Stmt *>> KernelsOf;
  for (const auto &Kn : W.Kernels)
    for (const VarDecl *V : Kn.Uses)
      KernelsOf[V].push_back(Kn.Anchor);
  for (auto &[VK, P] : W.Ptrs) {
    const VarDecl *V = VK.first;
    auto K = KernelsOf.find(V);
    if (K == KernelsOf.end())
      continue;
    P.Kernels = K->second;
    auto D = W.HostDerefs.find(V);
    if (D != W.HostDerefs.end())
      P.HostDerefs = D->second;
    P.PrefetchedOrAdvised =
        std::binary_search(W.Advised.begin(), W.Advised.end(), V);
    Out[VK.second].push_back(P);
  }
  return Out;
}
} // namespace

const std::vector<AdvisedPointer> &advisedPointers(ProvenanceAnalysis &PA,
                                                   const FunctionDecl *FD,
                                                   ::usm::Kind K) {
  static const std::vector<AdvisedPointer> None;
  std::shared_ptr<void> &Slot = PA.derived(&AdvisedKey);
  if (!Slot)
    Slot = std::make_shared<AdvisedCache>();
  AdvisedCache &Cache = *static_cast<AdvisedCache *>(Slot.get());
  auto It = Cache.find(FD);
  if (It == Cache.end())
    It = Cache.emplace(FD, walk(PA, FD)).first;
  auto KIt = It->second.find(K);
  return KIt == It->second.end() ? None : KIt->second;
}

std::vector<const Stmt *> enclosingLoops(ProvenanceAnalysis &PA,
                                         const Stmt *S,
                                         const FunctionDecl *FD) {
  std::vector<const Stmt *> Loops;
  const StmtParents &PM = PA.parents(FD);
  int I = PM.indexOf(S);
  if (I < 0)
    return Loops;
  for (unsigned P = PM.parentIndex(I); P != StmtParents::None;
       P = PM.parentIndex(P))
    if (countedLoop(PM, P))
      Loops.push_back(PM.at(P));
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
