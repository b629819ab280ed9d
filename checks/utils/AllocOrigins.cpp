#include "AllocOrigins.h"
#include "UsmApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
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

  /// One definition: its origin (or none when unknown) and where it is.
  struct Def {
    std::optional<AllocOrigin> Origin;
    const Stmt *At;
  };
  std::vector<Def> Defs;
  bool Escapes = false;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && refersToV(BO->getLHS())) {
      if (BO->getOpcode() != BO_Assign)
        return true; // p += n keeps the allocation
      addDefinition(BO->getRHS(), BO);
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
        Defs.push_back({AllocOrigin{Call, A, allocationKind(*Call, *A)}, Call});
      }
    return true;
  }

  void finish() {
    // &p used anywhere other than as an allocator's out-parameter escapes.
    for (const UnaryOperator *UO : AddressTaken)
      if (std::find(OutParams.begin(), OutParams.end(), UO) == OutParams.end())
        Escapes = true;
  }

  void addDefinition(const Expr *RHS, const Stmt *At) {
    if (auto O = originOfAllocExpr(RHS)) {
      Defs.push_back({*O, At});
      return;
    }
    const Expr *S = stripCasts(RHS);
    // p = nullptr / NULL / 0 does not create memory to free.
    if (S && S->isNullPointerConstant(V->getASTContext(),
                                      Expr::NPC_ValueDependentIsNotNull))
      return;
    Defs.push_back({std::nullopt, At});
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

/// The statement that directly contains \p S in a CompoundStmt, if every
/// step from \p S up to \p Stop is unconditional (no if/loop/switch/?:).
/// Returns the chain of enclosing compound statements.
std::vector<const Stmt *> enclosingBlocks(const Stmt *S, ASTContext &Ctx,
                                          std::vector<const Stmt *> *Loops) {
  std::vector<const Stmt *> Blocks;
  DynTypedNode Node = DynTypedNode::create(*S);
  for (int Depth = 0; Depth < 256; ++Depth) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      break;
    Node = Parents[0];
    const Stmt *P = Node.get<Stmt>();
    if (!P)
      break;
    if (isa<CompoundStmt>(P))
      Blocks.push_back(P);
    if (Loops && (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) ||
                  isa<CXXForRangeStmt>(P)))
      Loops->push_back(P);
  }
  return Blocks;
}

/// True if \p Def's statement is a direct child of one of \p Blocks
/// (it then runs whenever the use in that block runs, before it).
bool runsUnconditionallyBefore(const Stmt *Def, ASTContext &Ctx,
                               const std::vector<const Stmt *> &Blocks) {
  DynTypedNode Node = DynTypedNode::create(*Def);
  for (int Depth = 0; Depth < 256; ++Depth) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P) {
      // A variable's initialiser: continue from its DeclStmt.
      if (!Parents[0].get<Decl>())
        return false;
      Node = Parents[0];
      continue;
    }
    if (isa<CompoundStmt>(P))
      return std::find(Blocks.begin(), Blocks.end(), P) != Blocks.end();
    if (isa<IfStmt>(P) || isa<ForStmt>(P) || isa<WhileStmt>(P) ||
        isa<DoStmt>(P) || isa<SwitchStmt>(P) || isa<ConditionalOperator>(P) ||
        isa<BinaryConditionalOperator>(P) || isa<CXXForRangeStmt>(P) ||
        isa<CaseStmt>(P) || isa<DefaultStmt>(P) || isa<LambdaExpr>(P))
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      if (BO->isLogicalOp())
        return false;
    Node = Parents[0];
  }
  return false;
}

bool inside(const Stmt *Inner, const Stmt *Outer, const SourceManager &SM) {
  SourceRange O = Outer->getSourceRange();
  SourceLocation L = Inner->getBeginLoc();
  return !SM.isBeforeInTranslationUnit(L, O.getBegin()) &&
         !SM.isBeforeInTranslationUnit(O.getEnd(), L);
}

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
    Collector.addDefinition(V->getInit(), V->getInit());
  Collector.TraverseStmt(const_cast<Stmt *>(Body));
  Collector.finish();
  if (Collector.Escapes)
    return std::nullopt;

  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const Stmt *> Loops;
  std::vector<const Stmt *> Blocks = enclosingBlocks(E, Ctx, &Loops);
  auto Before = [&](const Stmt *S) {
    return SM.isBeforeInTranslationUnit(S->getBeginLoc(), E->getBeginLoc());
  };
  // The last definition that always runs before the use kills the earlier
  // ones.
  size_t First = 0;
  for (size_t I = 0; I < Collector.Defs.size(); ++I)
    if (Before(Collector.Defs[I].At) &&
        runsUnconditionallyBefore(Collector.Defs[I].At, Ctx, Blocks))
      First = I;
  std::vector<AllocOrigin> Origins;
  for (size_t I = First; I < Collector.Defs.size(); ++I) {
    const auto &D = Collector.Defs[I];
    bool Reaches = Before(D.At);
    for (const Stmt *Loop : Loops)
      Reaches |= inside(D.At, Loop, SM);
    if (!Reaches)
      continue;
    if (!D.Origin)
      return std::nullopt;
    Origins.push_back(*D.Origin);
  }
  if (Origins.empty())
    return std::nullopt;
  return Origins;
}

} // namespace clang::tidy::usm
