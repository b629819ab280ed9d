//===- KernelWrites.cpp - which pointers a kernel body writes through -----===//
#include "KernelWrites.h"
#include "UsmApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <vector>

namespace clang::tidy::usm {

namespace {

bool pointsToNonConst(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    return !PT->getPointeeType().isConstQualified();
  return false;
}

class Walker {
public:
  llvm::DenseSet<const ValueDecl *> Written;
  /// local pointer -> the variables it was copied from
  llvm::DenseMap<const ValueDecl *, std::vector<const ValueDecl *>> Alias;

  void visit(const Stmt *S) {
    if (!S)
      return;
    // An OpenMP region's children are its captures; the code is inside.
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
      visit(CS->getCapturedStmt());
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        markElement(BO->getLHS());
        assignPointer(BO->getLHS(), BO->getRHS());
      }
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp())
        markElement(UO->getSubExpr());
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      if ((OC->isAssignmentOp() || OC->getOperator() == OO_PlusPlus ||
           OC->getOperator() == OO_MinusMinus) &&
          OC->getNumArgs() >= 1)
        markElement(OC->getArg(0));
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      if (const CXXMethodDecl *M = MC->getMethodDecl())
        if (!M->isConst())
          markElement(MC->getImplicitObjectArgument());
      callArgs(MC);
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      callArgs(Call);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (const Expr *Init = VD->getInit()) {
            QualType T = VD->getType();
            if (T->isReferenceType() &&
                !T.getNonReferenceType().isConstQualified())
              markElement(Init);
            else if (T->isPointerType())
              if (const ValueDecl *From = base(Init))
                Alias[VD].push_back(From);
          }
    } else if (const auto *IL = dyn_cast<InitListExpr>(S)) {
      for (const Expr *E : IL->inits())
        if (E && pointsToNonConst(E->getType()))
          markPointer(E); // stored in an aggregate: escapes
    }
    for (const Stmt *C : S->children())
      visit(C);
  }

  void finish() {
    std::vector<const ValueDecl *> Work(Written.begin(), Written.end());
    while (!Work.empty()) {
      const ValueDecl *V = Work.back();
      Work.pop_back();
      auto It = Alias.find(V);
      if (It == Alias.end())
        continue;
      for (const ValueDecl *From : It->second)
        if (Written.insert(From).second)
          Work.push_back(From);
    }
  }

private:
  static const Expr *strip(const Expr *E) {
    return E ? E->IgnoreParenCasts() : nullptr;
  }

  /// The variable a pointer expression is based on (p, p + k, &p[i]).
  const ValueDecl *base(const Expr *E) {
    E = strip(E);
    if (!E)
      return nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      if (BO->isAdditiveOp())
        return base(BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                             : BO->getRHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_AddrOf)
        return elementBase(UO->getSubExpr());
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->isArrow() ? base(ME->getBase()) : elementBase(ME->getBase());
    return nullptr;
  }

  /// The variable whose memory an lvalue element lives in (p[i], *p, p->f),
  /// or the variable itself for a plain local.
  const ValueDecl *elementBase(const Expr *E) {
    E = strip(E);
    if (!E)
      return nullptr;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return AS->getBase()->getType()->isPointerType()
                 ? base(AS->getBase())
                 : elementBase(AS->getBase());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_Deref)
        return base(UO->getSubExpr());
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->isArrow() ? base(ME->getBase()) : elementBase(ME->getBase());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    return nullptr;
  }

  void markElement(const Expr *E) {
    E = strip(E);
    if (!E || isa<DeclRefExpr>(E)) // a plain variable: not through memory
      return;
    if (const ValueDecl *V = elementBase(E))
      Written.insert(V);
  }

  void markPointer(const Expr *E) {
    if (const ValueDecl *V = base(E))
      Written.insert(V);
  }

  /// `q = p + k`: a local copy (aliases); anything else stores p away.
  void assignPointer(const Expr *LHS, const Expr *RHS) {
    if (!pointsToNonConst(RHS->getType()))
      return;
    const ValueDecl *From = base(RHS);
    if (!From)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(LHS)))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->hasLocalStorage()) {
          Alias[VD].push_back(From);
          return;
        }
    Written.insert(From);
  }

  void callArgs(const CallExpr *Call) {
    const FunctionDecl *FD = directCallee(*Call);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *A = Call->getArg(I);
      QualType PT;
      if (FD && I < FD->getNumParams())
        PT = FD->getParamDecl(I)->getType();
      if (pointsToNonConst(A->getType()) &&
          (PT.isNull() || !PT->isPointerType() || pointsToNonConst(PT)))
        markPointer(A);
      else if (!PT.isNull() && PT->isReferenceType() &&
               !PT.getNonReferenceType().isConstQualified())
        markElement(A);
    }
  }
};

} // namespace

const llvm::DenseSet<const ValueDecl *> &KernelWrites::of(const Stmt *Body) {
  auto [It, New] = Memo.try_emplace(Body);
  if (New) {
    Walker W;
    W.visit(Body);
    W.finish();
    It->second = std::move(W.Written);
  }
  return It->second;
}

bool KernelWrites::writesParam(const FunctionDecl *K, unsigned I) {
  if (!K || I >= K->getNumParams())
    return true;
  const ParmVarDecl *P = K->getParamDecl(I);
  if (!pointsToNonConst(P->getType()))
    return false;
  const FunctionDecl *Def = K->getDefinition();
  if (!Def || !Def->getBody())
    return true;
  return of(Def->getBody()).contains(Def->getParamDecl(I));
}

} // namespace clang::tidy::usm
