//===- KernelPointers.cpp - what a kernel does with the pointers it receives
//---===//
#include "KernelPointers.h"
#include "StmtParents.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtCXX.h"

#include <vector>

namespace clang::tidy::usm {

namespace {

/// The variable a clause item names: `p`, `p[0:n]`, `p[i]`, `a` (arrays).
const VarDecl *itemVar(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySectionExpr>(E))
      E = AS->getBase();
    else if (const auto *SE = dyn_cast<ArraySubscriptExpr>(E))
      E = SE->getBase();
    else
      break;
  }
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

template <typename ClauseT> bool names(const OMPClause *C, const VarDecl *VD) {
  const auto *L = dyn_cast<ClauseT>(C);
  if (!L)
    return false;
  for (const Expr *E : L->varlists())
    if (itemVar(E) == VD)
      return true;
  return false;
}

/// The variable whose value \p E is, through casts and pointer arithmetic.
const VarDecl *baseVar(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
        return nullptr;
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                   : BO->getRHS();
      continue;
    }
    break;
  }
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

} // namespace

OmpClauses clausesNaming(const OMPExecutableDirective &D, const VarDecl *VD) {
  OmpClauses R;
  for (const OMPClause *C : D.clauses()) {
    R.DevicePtr |= names<OMPIsDevicePtrClause>(C, VD);
    R.DeviceAddr |= names<OMPHasDeviceAddrClause>(C, VD);
    R.Map |= names<OMPMapClause>(C, VD);
    R.UseDevice |= names<OMPUseDevicePtrClause>(C, VD) ||
                   names<OMPUseDeviceAddrClause>(C, VD);
  }
  return R;
}

const Expr *firstDereference(const Stmt *Body, const VarDecl *VD) {
  if (!Body || !VD)
    return nullptr;
  // Pre-order, with an explicit stack: the first dereference in the source.
  std::vector<const Stmt *> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.back();
    Stack.pop_back();
    if (!S)
      continue;
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
      Stack.push_back(CS->getCapturedStmt());
      continue;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      if (baseVar(AS->getBase()) == VD)
        return AS;
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->getOpcode() == UO_Deref && baseVar(UO->getSubExpr()) == VD)
        return UO;
    } else if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      if (ME->isArrow() && baseVar(ME->getBase()) == VD)
        return ME;
    }
    const auto Children = S->children();
    std::vector<const Stmt *> Kids(Children.begin(), Children.end());
    for (auto It = Kids.rbegin(); It != Kids.rend(); ++It)
      Stack.push_back(*It);
  }
  return nullptr;
}

const Stmt *kernelBody(const Stmt *Anchor) {
  if (const auto *D = dyn_cast_or_null<OMPExecutableDirective>(Anchor))
    return D->hasAssociatedStmt() ? D->getAssociatedStmt() : nullptr;
  if (const auto *LE = dyn_cast_or_null<LambdaExpr>(Anchor))
    return LE->getBody();
  return nullptr;
}

bool KernelPointerQueries::deviceAddressInScope(const OMPExecutableDirective *D,
                                                const VarDecl *VD,
                                                const FunctionDecl *FD) {
  const StmtParents &Parents = PA.parents(FD);
  for (const Stmt *S = Parents.getParent(D); S; S = Parents.getParent(S))
    if (const auto *Outer = dyn_cast<OMPExecutableDirective>(S))
      if (clausesNaming(*Outer, VD).UseDevice)
        return true;
  return false;
}

bool KernelPointerQueries::mappedInFunction(const FunctionDecl *FD,
                                            const VarDecl *VD) {
  auto [It, New] = Mapped.try_emplace(FD);
  if (New && FD->getBody()) {
    std::vector<const Stmt *> Stack{FD->getBody()};
    while (!Stack.empty()) {
      const Stmt *S = Stack.back();
      Stack.pop_back();
      if (!S)
        continue;
      if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
        OpenMPDirectiveKind K = D->getDirectiveKind();
        if (K == llvm::omp::OMPD_target_data ||
            K == llvm::omp::OMPD_target_enter_data)
          for (const OMPClause *C : D->clauses())
            if (const auto *M = dyn_cast<OMPMapClause>(C))
              for (const Expr *E : M->varlists())
                if (const VarDecl *V = itemVar(E))
                  It->second.insert(V);
      }
      for (const Stmt *C : S->children())
        Stack.push_back(C);
    }
  }
  return It->second.count(VD) != 0;
}

} // namespace clang::tidy::usm
