//===- Collect.cpp - one walk over the user code of the TU
//-----------------===//
#include "EngineSupport.h"
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
// Collector: one walk over the user code of the TU.
//===----------------------------------------------------------------------===//

class ProvenanceAnalysis::Collector
    : public RecursiveASTVisitor<ProvenanceAnalysis::Collector> {
public:
  Collector(ProvenanceAnalysis &P) : P(P), SM(P.Ctx.getSourceManager()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (!isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD)
      Stack.push_back(FD);
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    if (FD)
      Stack.pop_back();
    return R;
  }

  bool TraverseLambdaExpr(LambdaExpr *LE) {
    Stack.push_back(LE->getCallOperator());
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(LE);
    Stack.pop_back();
    return R;
  }

  /// A function body is read off the engine's index of it (StmtParents,
  /// built here once and kept for the queries) in one flat pass, instead of
  /// the visitor's walk; every other statement (initialisers of globals,
  /// default arguments, constructor initialisers) goes through the visitor.
  bool TraverseStmt(Stmt *S, DataRecursionQueue *Queue = nullptr) {
    if (S && !Queue && !Stack.empty() && S == Stack.back()->getBody()) {
      body(Stack.back());
      return true;
    }
    return RecursiveASTVisitor::TraverseStmt(S, Queue);
  }

  void body(const FunctionDecl *FD) {
    const StmtParents &PM = P.parents(FD);
    const StmtParents *Outer = Index;
    bool OuterPlaces = Places;
    Index = &PM;
    Places = false;
    llvm::ArrayRef<const Stmt *> All = PM.preorder();
    // Lambdas open at this position: the end of each one's subtree (its
    // call operator is on Stack meanwhile, as the visitor's walk has it).
    std::vector<unsigned> Lambdas;
    // The classes visit() and this loop read, tested on the index before
    // a node is read; only the index's actors can be one of them.
    static const ClassSet Read =
        ClassSet::of<BinaryOperator, UnaryOperator, CallExpr, LambdaExpr,
                     CXXNewExpr, OMPExecutableDirective, DeclStmt>();
    for (std::uint32_t I : PM.actors()) {
      while (!Lambdas.empty() && I >= Lambdas.back()) {
        Lambdas.pop_back();
        Stack.pop_back();
      }
      if (!PM.is(I, Read))
        continue;
      // Of the operators, visit() reads assignments and & only.
      if ((PM.isBinaryOperator(I) && !PM.isAssignment(I)) ||
          (PM.classAt(I) == Stmt::UnaryOperatorClass &&
           !PM.isUnary(I, UO_AddrOf)))
        continue;
      auto *S = const_cast<Stmt *>(All[I]);
      if (auto *LE = dyn_cast<LambdaExpr>(S)) {
        Stack.push_back(LE->getCallOperator());
        Lambdas.push_back(PM.subtreeEnd(I));
        // Its statements are marked on this index (markDeviceBody).
        P.BodyIndexOf[LE->getCallOperator()] = FD;
      }
      visit(S);
      if (auto *DS = dyn_cast<DeclStmt>(S)) {
        // Local classes and functions: their own bodies, their own pass.
        for (Decl *D : DS->decls())
          if (!isa<VarDecl>(D))
            TraverseDecl(D);
      } else if (auto *D = dyn_cast<OMPExecutableDirective>(S)) {
        // Clause expressions are not statements of the body.
        for (OMPClause *C : D->clauses())
          for (Stmt *Child : C->children())
            visitTree(Child);
      }
    }
    for (; !Lambdas.empty(); Lambdas.pop_back())
      Stack.pop_back();
    Index = Outer;
    // The CFG is built by the body's first round, not here: the final round
    // releases it, and the next body's CFG reuses its memory. (Built here,
    // while this walk had the body's nodes in the cache, every CFG of the
    // TU was held at once: about 7% more time for the engine's passes and
    // 1,800 more fresh pages on bench/engine's long 56k.)
    // The placement facts of a body that places something (a catalog call
    // with a device argument, a kernel) are read here, while the body is in
    // the cache, when the TU is known to place on several devices by now:
    // the placement queries read them later (Placement.cpp).
    if (Places && P.HasMultiDevice && P.FunctionSet.count(FD))
      P.placementFacts(FD);
    Places = OuterPlaces;
  }

  /// What the visitor's WalkUpFrom would call for \p S.
  void visit(Stmt *S) {
    if (auto *BO = dyn_cast<BinaryOperator>(S))
      VisitBinaryOperator(BO);
    else if (auto *UO = dyn_cast<UnaryOperator>(S))
      VisitUnaryOperator(UO);
    else if (auto *Call = dyn_cast<CallExpr>(S)) {
      if (auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
        VisitCXXOperatorCallExpr(OC);
      VisitCallExpr(Call);
    } else if (auto *LE = dyn_cast<LambdaExpr>(S))
      VisitLambdaExpr(LE);
    else if (auto *NE = dyn_cast<CXXNewExpr>(S))
      VisitCXXNewExpr(NE);
    else if (auto *D = dyn_cast<OMPExecutableDirective>(S))
      VisitOMPExecutableDirective(D);
  }
  void visitTree(Stmt *Root) {
    std::vector<Stmt *> Work{Root};
    while (!Work.empty()) {
      Stmt *S = Work.back();
      Work.pop_back();
      if (!S)
        continue;
      visit(S);
      for (Stmt *Child : S->children())
        Work.push_back(Child);
    }
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
        !FD->isInvalidDecl()) {
      add(FD);
      bool Contributes =
          isa<CXXConstructorDecl>(FD) || isPointerLike(FD->getReturnType());
      for (const ParmVarDecl *PD : FD->parameters())
        Contributes |= isPointerLike(PD->getType());
      if (Contributes)
        P.Contributors.insert(FD);
    }
    return true;
  }

  /// Stores that reach TU-wide summaries: fields and globals.
  void noteStore(const Expr *LHS) {
    if (Stack.empty())
      return;
    LHS = LHS->IgnoreParenImpCasts();
    if (!isPointerLike(LHS->getType()))
      return;
    bool Summary = isa<MemberExpr>(LHS);
    const Expr *Base = LHS;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(LHS))
      Base = AS->getBase()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Summary = VD->hasGlobalStorage();
    if (Summary)
      P.Contributors.insert(Stack.back());
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      noteStore(BO->getLHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->isAssignmentOp() && OC->getNumArgs() >= 1)
      noteStore(OC->getArg(0));
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf) {
      noteStore(UO->getSubExpr());
      if (isa<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
        for (const FunctionDecl *F : Stack)
          P.AddrTaken[F].push_back(UO);
    }
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *LE) {
    P.Lambdas[LE->getLambdaClass()] = LE;
    if (!Stack.empty())
      P.Contributors.insert(Stack.back());
    P.Contributors.insert(LE->getCallOperator());
    const FunctionDecl *Op = LE->getCallOperator();
    if (Op && Op->hasBody() && !Op->isDependentContext())
      add(Op);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = directCallee(*Call);
    if (!Callee)
      return true;
    if (!Stack.empty())
      P.CallSites[Callee->getDefinition() ? Callee->getDefinition() : Callee]
          .push_back({Call, Stack.back()});
    if (Callee->getBuiltinID()) {
      // malloc, calloc, realloc, aligned_alloc, free, memcpy and memset are
      // library builtins.
      if (const ::usm::Api *A = P.apiOf(*Call)) {
        P.HasPageable |=
            A->R == ::usm::Role::Alloc && A->K == ::usm::Kind::NotUSM;
        countFact(*A);
      }
      return true;
    }
    if (isa<CUDAKernelCallExpr>(Call) || P.calleeInfo(*Callee).Async)
      P.HasAsync = true;
    if (isa<CUDAKernelCallExpr>(Call)) {
      P.HasKernel = true;
      Places = true;
      for (const Expr *Arg : Call->arguments())
        P.HasPageable |= decayedArray(Arg) != nullptr;
      return true;
    }
    if (const ::usm::Api *A = P.apiOf(*Call)) {
      if (A->R == ::usm::Role::Alloc && A->K == ::usm::Kind::NotUSM)
        P.HasPageable = true;
      if (A->R == ::usm::Role::Alloc &&
          (A->K == ::usm::Kind::Device || A->K == ::usm::Kind::ByArg))
        P.HasDeviceAlloc = true;
      if (A->R == ::usm::Role::Alloc && A->K != ::usm::Kind::NotUSM)
        P.HasUsmAlloc = true;
      if (A->R == ::usm::Role::Free)
        P.HasFree = true;
      if (A->R == ::usm::Role::Copy || A->R == ::usm::Role::Fill)
        P.HasCopy = true;
      countFact(*A);
      Places |= A->Dev >= 0;
      if (!P.HasMultiDevice && A->Dev >= 0)
        P.HasMultiDevice = placesByArgument(*Call, *A);
      if (A->R == ::usm::Role::Alloc && A->Ptr >= 0)
        if (const Expr *Out = argAt(*Call, A->Ptr))
          P.AllocOut.insert(stripCasts(Out));
      return true;
    }
    const CalleeInfo &CI = P.calleeInfo(*Callee);
    P.HasMultiDevice |= CI.MultiDevice;
    P.HasPeerAccess |= CI.Peer;
    if (CI.Launcher) {
      P.HasKernel = true;
      Places = true;
      for (const Expr *Arg : Call->arguments()) {
        QualType T = Arg->getType().getNonReferenceType();
        if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl())
          P.DeviceRecords.insert(RD);
        P.HasPageable |= decayedArray(Arg) != nullptr;
      }
    }
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr *) {
    P.HasPageable = true;
    return true;
  }

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses())
      for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
        ignoreAll(Child);
    if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()) &&
        D->hasAssociatedStmt()) {
      P.HasKernel = true;
      Places = true;
      markDeviceBody(D->getAssociatedStmt());
      // An array handed over as a device address.
      for (const OMPClause *C : D->clauses())
        if (isa<OMPIsDevicePtrClause>(C) || isa<OMPHasDeviceAddrClause>(C))
          for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
            if (const auto *E = dyn_cast_or_null<Expr>(Child))
              if (E->IgnoreParenImpCasts()->getType()->isArrayType())
                P.HasPageable = true;
      if (D->hasClausesOfKind<OMPNowaitClause>())
        P.HasAsync = true;
    }
    if (D->getSingleClause<OMPDeviceClause>())
      P.HasMultiDevice = true;
    return true;
  }

  bool VisitOMPRequiresDecl(OMPRequiresDecl *D) {
    for (const OMPClause *C : D->clauselists())
      if (isa<OMPUnifiedSharedMemoryClause>(C))
        P.RequiresUSM = D;
    return true;
  }

private:
  /// A call the final round may record a FreeFact or a CopyFact for.
  void countFact(const ::usm::Api &A) {
    P.FreeCalls += A.R == ::usm::Role::Free;
    P.CopyCalls += A.R == ::usm::Role::Copy || A.R == ::usm::Role::Fill;
  }

  void add(const FunctionDecl *FD) {
    if (P.FunctionSet.insert(FD).second)
      P.Functions.push_back(FD);
  }
  void ignoreAll(const Stmt *S) {
    if (!S)
      return;
    if (ProvenanceAnalysis::observedClasses().contains(S->getStmtClass()))
      P.Ignored.insert(S);
    for (const Stmt *C : S->children())
      ignoreAll(C);
  }
  /// markDevice() over a range of the index when \p S is in the body being
  /// read (the same statements, read from the index: a CapturedStmt's
  /// capture initialisers, numbered before its captured statement, are
  /// skipped).
  void markDeviceBody(const Stmt *S) {
    int I = Index && S ? Index->indexOf(S) : -1;
    if (I < 0)
      return markDevice(S);
    llvm::ArrayRef<const Stmt *> All = Index->preorder();
    // At most one KernelPointer per reference in the region.
    auto [RefsBegin, RefsEnd] =
        Index->referenceSpan(I, Index->subtreeEnd(I));
    P.KernelRefs += RefsEnd - RefsBegin;
    // Classes from the index: only these nodes are read. (A static outside
    // the loop: a guarded static inside it is tested on every node.)
    static const ClassSet Read =
        ClassSet::of<CapturedStmt, CallExpr, LambdaExpr>();
    const ClassSet &Observed = ProvenanceAnalysis::observedClasses();
    for (unsigned J = I, End = Index->subtreeEnd(I); J < End; ++J) {
      if (Index->is(J, Observed))
        P.DeviceStmts.insert(All[J]);
      if (!Index->is(J, Read))
        continue;
      const Stmt *Cur = All[J];
      if (const auto *CS = dyn_cast<CapturedStmt>(Cur)) {
        int K = Index->indexOf(CS->getCapturedStmt());
        if (K <= static_cast<int>(J) || static_cast<unsigned>(K) >= End) {
          markDevice(CS->getCapturedStmt()); // indexed elsewhere
          J = Index->subtreeEnd(J) - 1;
        } else {
          J = K - 1;
        }
        continue;
      }
      if (const auto *Call = dyn_cast<CallExpr>(Cur))
        P.DeviceCalls.insert(Call);
      else if (const auto *LE = dyn_cast<LambdaExpr>(Cur))
        P.DeviceLambdas.insert(LE);
    }
  }
  void markDevice(const Stmt *S) {
    if (!S)
      return;
    if (ProvenanceAnalysis::observedClasses().contains(S->getStmtClass()))
      P.DeviceStmts.insert(S);
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
      markDevice(CS->getCapturedStmt());
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(S))
      P.DeviceCalls.insert(Call);
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      P.DeviceLambdas.insert(LE);
      markDevice(LE->getBody());
    }
    for (const Stmt *C : S->children())
      markDevice(C);
  }

  ProvenanceAnalysis &P;
  SourceManager &SM;
  std::vector<const FunctionDecl *> Stack;
  /// The index of the body being read, if any.
  const StmtParents *Index = nullptr;
  /// The body being read places something (body()).
  bool Places = false;
};

void ProvenanceAnalysis::collect() {
  profile::Scope Time(profile::Collect);
  Collector C(*this);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace clang::tidy::usm
