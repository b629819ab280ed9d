#include "AllocOrigins.h"
#include "UsmApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::usm {

std::optional<AllocOrigin> originOfAllocExpr(const Expr *E) {
  E = stripCasts(E);
  if (!E)
    return std::nullopt;
  if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
    const FunctionDecl *Op = New->getOperatorNew();
    if (!Op)
      return std::nullopt;
    const ::usm::Api *A = ::usm::findApi(catalogName(*Op));
    if (!A)
      return std::nullopt;
    return AllocOrigin{New, A, A->K};
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const ::usm::Api *A = apiForCall(*Call);
    if (A && A->R == ::usm::Role::Alloc && A->Ptr == ::usm::RET)
      return AllocOrigin{Call, A, allocationKind(*Call, *A)};
  }
  return std::nullopt;
}

namespace {

/// Collects every definition of one variable in a body.
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
public:
  explicit DefinitionCollector(const VarDecl *V) : V(V) {}

  bool Unknown = false;
  std::vector<AllocOrigin> Origins;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && refersToV(BO->getLHS())) {
      if (BO->getOpcode() != BO_Assign)
        return true; // p += n keeps the allocation
      addDefinition(BO->getRHS());
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf && refersToV(UO->getSubExpr()))
      AddressTaken.push_back(UO);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const ::usm::Api *A = apiForCall(*Call);
    if (!A || A->R != ::usm::Role::Alloc || A->Ptr < 0)
      return true;
    const Expr *Out = argAt(*Call, A->Ptr);
    if (!Out)
      return true;
    Out = stripCasts(Out);
    if (const auto *UO = dyn_cast<UnaryOperator>(Out))
      if (UO->getOpcode() == UO_AddrOf && refersToV(UO->getSubExpr())) {
        OutParams.push_back(UO);
        Origins.push_back({Call, A, allocationKind(*Call, *A)});
      }
    return true;
  }

  void finish() {
    // &p used anywhere other than as an allocator's out-parameter escapes.
    for (const UnaryOperator *UO : AddressTaken)
      if (std::find(OutParams.begin(), OutParams.end(), UO) == OutParams.end())
        Unknown = true;
  }

  void addDefinition(const Expr *RHS) {
    if (auto O = originOfAllocExpr(RHS)) {
      Origins.push_back(*O);
      return;
    }
    const Expr *S = stripCasts(RHS);
    // p = nullptr / NULL / 0 does not create memory to free.
    if (S && S->isNullPointerConstant(V->getASTContext(),
                                      Expr::NPC_ValueDependentIsNotNull))
      return;
    Unknown = true;
  }

private:
  bool refersToV(const Expr *E) const {
    E = E ? E->IgnoreParenImpCasts() : nullptr;
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
    return DRE && DRE->getDecl() == V;
  }

  const VarDecl *V;
  std::vector<const UnaryOperator *> AddressTaken, OutParams;
};

} // namespace

std::optional<std::vector<AllocOrigin>>
allocOriginsOf(const Expr *E, const Stmt *Body, ASTContext &Ctx) {
  E = stripCasts(E);
  if (!E || !Body)
    return std::nullopt;
  if (auto O = originOfAllocExpr(E))
    return std::vector<AllocOrigin>{*O};
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || V->getType()->isReferenceType())
    return std::nullopt;
  DefinitionCollector Collector(V);
  if (V->getInit())
    Collector.addDefinition(V->getInit());
  Collector.TraverseStmt(const_cast<Stmt *>(Body));
  Collector.finish();
  if (Collector.Unknown || Collector.Origins.empty())
    return std::nullopt;
  return Collector.Origins;
}

} // namespace clang::tidy::usm
