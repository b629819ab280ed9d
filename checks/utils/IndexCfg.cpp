//===- IndexCfg.cpp - a body's CFG built from its index --------------------===//
//
// The algorithm is clang 19's CFGBuilder (clang/lib/Analysis/CFG.cpp), cut
// down to the options the engine builds with (no destructors, scopes,
// lifetimes, loop exits, exception edges, construction contexts or static
// initialiser branches) and to the constructs of IndexCfg.h. It runs
// backwards, as clang's does: the successor of a block is built before the
// block, and a block's elements are appended last to first (CFGBlock keeps
// them reversed). Every visit below mirrors the clang visit of the same
// name; where clang's needs something this one does not do, the build is
// abandoned (Unsupported) and the caller builds clang's CFG.
//
//===----------------------------------------------------------------------===//
#include "IndexCfg.h"
#include "StmtParents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/Type.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/SaveAndRestore.h"

#include <bitset>
#include <optional>
#include <utility>
#include <vector>

namespace clang::tidy::usm {
namespace {

constexpr unsigned NoPos = StmtParents::None;

/// A statement and its position in the index, or NoPos for one the index
/// does not hold (an OpenMP clause's expression and what is below it).
struct Node {
  Stmt *S = nullptr;
  unsigned P = NoPos;
};

/// True, false or unknown, as clang's builder decides a condition.
class TryResult {
  int X = -1;

public:
  TryResult() = default;
  TryResult(bool B) : X(B ? 1 : 0) {}
  bool isTrue() const { return X == 1; }
  bool isFalse() const { return X == 0; }
  bool isKnown() const { return X >= 0; }
};

/// The classes this builder visits as clang's does, but CallExpr itself
/// (supported()): its C++ and CUDA subclasses are listed, the others
/// (user-defined literals) are left to clang's.
const ClassSet SupportedClasses = ClassSet::of<
    CompoundStmt, DeclStmt, NullStmt, IfStmt, ForStmt, WhileStmt, DoStmt,
    BreakStmt, ContinueStmt, ReturnStmt, CapturedStmt, OMPExecutableDirective,
    DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral,
    StringLiteral, ImplicitCastExpr, CStyleCastExpr, ParenExpr, BinaryOperator,
    UnaryOperator, ArraySubscriptExpr, MemberExpr, ConditionalOperator,
    UnaryExprOrTypeTraitExpr, InitListExpr, ImplicitValueInitExpr,
    ConstantExpr,
    // C++ and CUDA, as clang's visits them
    CXXThisExpr, CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, GNUNullExpr,
    CXXStaticCastExpr, CXXReinterpretCastExpr, CXXConstCastExpr,
    SubstNonTypeTemplateParmExpr, CompoundLiteralExpr, CXXDefaultArgExpr,
    CUDAKernelCallExpr, MaterializeTemporaryExpr, ExprWithCleanups,
    CXXMemberCallExpr, CXXOperatorCallExpr, CXXConstructExpr,
    CXXFunctionalCastExpr, CXXBindTemporaryExpr, CXXScalarValueInitExpr,
    ArraySectionExpr>();

bool supported(Stmt::StmtClass C) {
  return C == Stmt::CallExprClass || SupportedClasses.contains(C);
}

const ClassSet DirectiveClasses = ClassSet::of<OMPExecutableDirective>();

/// The classes whose visit outside an always-add context appends nothing
/// but the node (when its class is always added) and visits its operands
/// in no always-add context either.
const ClassSet QuietCandidates = ClassSet::of<
    DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral,
    StringLiteral, ImplicitCastExpr, CStyleCastExpr, ParenExpr, ConstantExpr,
    InitListExpr, ImplicitValueInitExpr, CXXThisExpr, CXXBoolLiteralExpr,
    CXXNullPtrLiteralExpr, GNUNullExpr, CXXStaticCastExpr,
    CXXReinterpretCastExpr, CXXConstCastExpr, SubstNonTypeTemplateParmExpr,
    CompoundLiteralExpr, CXXDefaultArgExpr, MaterializeTemporaryExpr,
    CXXFunctionalCastExpr, CXXBindTemporaryExpr, CXXScalarValueInitExpr,
    ArraySectionExpr>();

// The helpers of clang's tryEvaluateBool (CFG.cpp), for the conditions.

bool isIntegerLiteralConstantExpr(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getCastKind() != CK_IntegralCast)
      return false;
    E = CE->getSubExpr();
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Minus)
      return false;
    E = UO->getSubExpr();
  }
  return isa<IntegerLiteral>(E);
}

const Expr *tryTransformToIntOrEnumConstant(const Expr *E) {
  E = E->IgnoreParens();
  if (isIntegerLiteralConstantExpr(E))
    return E;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return isa<EnumConstantDecl>(DR->getDecl()) ? DR : nullptr;
  return nullptr;
}

class Builder {
public:
  Builder(const StmtParents &Index, ASTContext &Ctx,
          const CFG::BuildOptions &Opts)
      : Index(Index), Ctx(Ctx), Opts(Opts) {
    for (unsigned C = 1; C < AlwaysAddClasses.size(); ++C) {
      auto Class = static_cast<Stmt::StmtClass>(C);
      Stmt Probe(Class);
      AlwaysAddClasses[C] = Opts.alwaysAdd(&Probe);
      QuietClasses[C] = QuietCandidates.contains(Class) && !AlwaysAddClasses[C];
    }
  }

  std::unique_ptr<CFG> build(const Decl *D, Stmt *Body) {
    // Options whose work this builder does not do.
    if (Opts.forcedBlkExprs || Opts.Observer || Opts.AddEHEdges ||
        Opts.AddImplicitDtors || Opts.AddLifetime || Opts.AddLoopExit ||
        Opts.AddTemporaryDtors || Opts.AddScopes ||
        Opts.AddStaticInitBranches || Opts.AddRichCXXConstructors ||
        Opts.AddCXXDefaultInitExprInAggregates)
      return nullptr;
    if (!Body || isa_and_nonnull<CXXConstructorDecl>(D) || Index.shared() ||
        Index.preorder().empty() || Index.at(0) != Body)
      return nullptr;
    // A class the visits below do not know: clang's builder, at once.
    // Children come after their parent in preorder, so one pass from the
    // end settles each subtree's Quiet before its parent reads it.
    unsigned Size = Index.preorder().size();
    Quiet.assign(Size, 1);
    for (unsigned I = Size; I-- > 0;) {
      Stmt::StmtClass C = Index.classAt(I);
      if (!supported(C))
        return nullptr;
      if (!(Quiet[I] &= QuietClasses[C]) && I)
        Quiet[Index.parentIndex(I)] = 0;
    }
    G = std::make_unique<CFG>();
    Succ = createBlock(); // the exit: the first block created
    Block = nullptr;
    CFGBlock *B = addStmt(Node{Body, 0});
    if (Unsupported || BadCFG)
      return nullptr;
    if (B)
      Succ = B;
    G->setEntry(createBlock());
    return std::move(G);
  }

private:
  const StmtParents &Index;
  ASTContext &Ctx;
  const CFG::BuildOptions &Opts;
  std::bitset<256> AlwaysAddClasses;
  /// QuietCandidates that these options do not always add.
  std::bitset<256> QuietClasses;
  /// Per position: is the subtree there made of QuietClasses only? Its
  /// visit outside an always-add context then adds nothing to the CFG and
  /// returns the current block; visit() answers that without the walk.
  std::vector<char> Quiet;
  std::unique_ptr<CFG> G;
  CFGBlock *Block = nullptr; ///< the block being filled (backwards)
  CFGBlock *Succ = nullptr;  ///< the block after it
  CFGBlock *BreakTarget = nullptr, *ContinueTarget = nullptr;
  bool BadCFG = false;      ///< clang's builder would give up as well
  bool Unsupported = false; ///< a construct left to clang's builder
  struct CalleeFacts {
    bool NoReturn;
    unsigned Builtin;
  };
  llvm::DenseMap<const FunctionDecl *, CalleeFacts> Callees;

  // The node's class, children and operator: from the index where it has
  // the node.
  Stmt::StmtClass classOf(Node N) const {
    return N.P != NoPos ? Index.classAt(N.P) : N.S->getStmtClass();
  }
  void children(Node N, llvm::SmallVectorImpl<Node> &Out) const {
    if (N.P != NoPos) {
      for (unsigned C = N.P + 1, E = Index.subtreeEnd(N.P); C < E;
           C = Index.subtreeEnd(C))
        Out.push_back({const_cast<Stmt *>(Index.at(C)), C});
      return;
    }
    for (Stmt *C : N.S->children())
      if (C)
        Out.push_back({C, NoPos});
  }
  /// The child of \p Parent that is \p S.
  Node childOf(Node Parent, const Stmt *S) {
    if (Parent.P == NoPos || !S)
      return {const_cast<Stmt *>(S), NoPos};
    for (unsigned C = Parent.P + 1, E = Index.subtreeEnd(Parent.P); C < E;
         C = Index.subtreeEnd(C))
      if (Index.at(C) == S)
        return {const_cast<Stmt *>(S), C};
    Unsupported = true; // not where the index has it
    return {const_cast<Stmt *>(S), NoPos};
  }
  /// The first child (the operand of parentheses, a cast, a unary operator).
  Node firstChild(Node N) const {
    if (N.P != NoPos)
      return {const_cast<Stmt *>(Index.at(N.P + 1)), N.P + 1};
    return {*N.S->child_begin(), NoPos};
  }
  /// Expr::IgnoreParens() on the node: parentheses only (the other forms
  /// it looks through are classes left to clang's builder).
  Node ignoreParens(Node N) {
    for (;;) {
      Stmt::StmtClass C = classOf(N);
      if (C == Stmt::ParenExprClass) {
        N = firstChild(N);
        continue;
      }
      if (C == Stmt::UnaryOperatorClass &&
          (N.P != NoPos ? Index.opAt(N.P)
                        : unsigned(cast<UnaryOperator>(N.S)->getOpcode())) ==
              unsigned(UO_Extension))
        Unsupported = true;
      return N;
    }
  }

  CFGBlock *createBlock(bool AddSuccessor = true) {
    CFGBlock *B = G->createBlock();
    if (AddSuccessor && Succ)
      addSuccessor(B, Succ);
    return B;
  }
  CFGBlock *createNoReturnBlock() {
    CFGBlock *B = createBlock(false);
    B->setHasNoReturnElement();
    B->addSuccessor(CFGBlock::AdjacentBlock(&G->getExit(), Succ),
                    G->getBumpVectorContext());
    return B;
  }
  void autoCreateBlock() {
    if (!Block)
      Block = createBlock();
  }
  void addSuccessor(CFGBlock *B, CFGBlock *S, bool IsReachable = true) {
    B->addSuccessor(CFGBlock::AdjacentBlock(S, IsReachable),
                    G->getBumpVectorContext());
  }
  void appendStmt(CFGBlock *B, Stmt *S) {
    B->appendStmt(S, G->getBumpVectorContext());
  }
  bool alwaysAdd(Node N, bool AlwaysAdd) const {
    return AlwaysAdd || AlwaysAddClasses[classOf(N)];
  }
  /// Appends \p N to the current block when the context or its class asks.
  void appendIfAdded(Node N, bool AlwaysAdd) {
    if (alwaysAdd(N, AlwaysAdd)) {
      autoCreateBlock();
      appendStmt(Block, N.S);
    }
  }

  CFGBlock *addStmt(Node N) { return visit(N, /*AlwaysAdd=*/true); }

  CFGBlock *visit(Node N, bool AlwaysAdd = false) {
    if (Unsupported)
      return nullptr;
    if (!N.S) {
      BadCFG = true;
      return nullptr;
    }
    if (!AlwaysAdd && N.P != NoPos && Quiet[N.P])
      return Block;
    N = ignoreParens(N); // a no-op on statements
    Stmt::StmtClass C = classOf(N);
    if (Unsupported || !supported(C)) {
      Unsupported = true;
      return nullptr;
    }
    if (DirectiveClasses.contains(C)) {
      if (!Ctx.getLangOpts().OpenMP) {
        Unsupported = true;
        return nullptr;
      }
      return visitDirective(N, AlwaysAdd);
    }
    switch (C) {
    default:
      return visitStmt(N, AlwaysAdd);
    case Stmt::ImplicitValueInitExprClass:
      if (Opts.OmitImplicitValueInitializers)
        return Block;
      return visitStmt(N, AlwaysAdd);
    case Stmt::BinaryOperatorClass:
      return visitBinaryOperator(N, AlwaysAdd);
    case Stmt::BreakStmtClass:
      return visitJump(N, BreakTarget);
    case Stmt::ContinueStmtClass:
      return visitJump(N, ContinueTarget);
    case Stmt::CallExprClass:
    case Stmt::CXXMemberCallExprClass:
    case Stmt::CXXOperatorCallExprClass:
      return visitCall(N);
    case Stmt::ExprWithCleanupsClass:
      // Clang's VisitExprWithCleanups: the operand in the same context.
      return visit(firstChild(N), AlwaysAdd);
    case Stmt::CXXConstructExprClass:
    case Stmt::CXXTemporaryObjectExprClass:
      // Clang's VisitCXXConstructExpr (a statement element without
      // construction contexts), then the arguments.
      autoCreateBlock();
      appendStmt(Block, N.S);
      return visitChildren(N);
    case Stmt::CompoundStmtClass:
      return visitCompound(N);
    case Stmt::ConditionalOperatorClass:
      return visitConditional(N, AlwaysAdd);
    case Stmt::DeclStmtClass:
      return visitDeclStmt(N);
    case Stmt::DoStmtClass:
      return visitDo(N);
    case Stmt::ForStmtClass:
      return visitFor(N);
    case Stmt::WhileStmtClass:
      return visitWhile(N);
    case Stmt::IfStmtClass:
      return visitIf(N);
    case Stmt::ReturnStmtClass:
      return visitReturn(N);
    case Stmt::ImplicitCastExprClass:
    case Stmt::MemberExprClass:
    case Stmt::UnaryOperatorClass:
    case Stmt::CXXFunctionalCastExprClass:
    case Stmt::CXXBindTemporaryExprClass:
      // Clang's VisitImplicitCastExpr, VisitMemberExpr, VisitUnaryOperator,
      // VisitCXXFunctionalCastExpr, VisitCXXBindTemporaryExpr: the node,
      // then its one operand (a member access's base) in no always-add
      // context.
      appendIfAdded(N, AlwaysAdd);
      return visit(firstChild(N));
    case Stmt::ConstantExprClass:
      return visit(firstChild(N));
    case Stmt::NullStmtClass:
      return Block;
    case Stmt::UnaryExprOrTypeTraitExprClass:
      return visitTrait(N, AlwaysAdd);
    case Stmt::CapturedStmtClass:
      // Only as the associated statement of a directive (visitDirective).
      Unsupported = true;
      return nullptr;
    }
  }

  CFGBlock *visitStmt(Node N, bool AlwaysAdd) {
    appendIfAdded(N, AlwaysAdd);
    return visitChildren(N);
  }

  CFGBlock *visitChildren(Node N) {
    CFGBlock *B = Block;
    llvm::SmallVector<Node, 8> Kids;
    children(N, Kids);
    for (const Node &K : llvm::reverse(Kids)) {
      // What visit(K) would do: nothing, and return the current block.
      if (K.P != NoPos && Quiet[K.P]) {
        if (Block)
          B = Block;
        continue;
      }
      if (CFGBlock *R = visit(K))
        B = R;
    }
    return B;
  }

  CFGBlock *visitCompound(Node N) {
    CFGBlock *Last = Block;
    llvm::SmallVector<Node, 16> Kids;
    children(N, Kids);
    for (const Node &K : llvm::reverse(Kids)) {
      if (CFGBlock *NewBlock = visit(K, /*AlwaysAdd=*/true))
        Last = NewBlock;
      if (BadCFG || Unsupported)
        return nullptr;
    }
    return Last;
  }

  BinaryOperatorKind opcodeOf(Node N) const {
    return N.P != NoPos ? static_cast<BinaryOperatorKind>(Index.opAt(N.P))
                        : cast<BinaryOperator>(N.S)->getOpcode();
  }
  bool isLogical(Node N) const {
    return classOf(N) == Stmt::BinaryOperatorClass &&
           BinaryOperator::isLogicalOp(opcodeOf(N));
  }

  CFGBlock *visitBinaryOperator(Node N, bool AlwaysAdd) {
    BinaryOperatorKind Op = opcodeOf(N);
    if (BinaryOperator::isLogicalOp(Op))
      return visitLogicalOperator(N);
    llvm::SmallVector<Node, 2> Kids;
    children(N, Kids);
    if (Kids.size() != 2) {
      Unsupported = true;
      return nullptr;
    }
    if (Op == BO_Comma) {
      autoCreateBlock();
      appendStmt(Block, N.S);
      addStmt(Kids[1]);
      return addStmt(Kids[0]);
    }
    if (Op == BO_Assign) {
      appendIfAdded(N, AlwaysAdd);
      visit(Kids[0]);
      return visit(Kids[1]);
    }
    appendIfAdded(N, AlwaysAdd);
    CFGBlock *RBlock = visit(Kids[1]);
    CFGBlock *LBlock = visit(Kids[0]);
    return LBlock ? LBlock : RBlock;
  }

  CFGBlock *visitLogicalOperator(Node N) {
    CFGBlock *Confluence = Block ? Block : createBlock();
    appendStmt(Confluence, N.S);
    if (BadCFG)
      return nullptr;
    return visitLogicalOperator(N, nullptr, Confluence, Confluence).first;
  }

  /// Clang's VisitLogicalOperator(B, Term, TrueBlock, FalseBlock): the
  /// blocks of a chain of && and || whose value decides \p Term.
  std::pair<CFGBlock *, CFGBlock *>
  visitLogicalOperator(Node N, Stmt *Term, CFGBlock *TrueBlock,
                       CFGBlock *FalseBlock) {
    auto *B = cast<BinaryOperator>(N.S);
    llvm::SmallVector<Node, 2> Kids;
    children(N, Kids);
    if (Kids.size() != 2) {
      Unsupported = true;
      return {nullptr, nullptr};
    }
    Node RHS = ignoreParens(Kids[1]);
    CFGBlock *RHSBlock, *ExitBlock;
    if (isLogical(RHS)) {
      std::tie(RHSBlock, ExitBlock) =
          visitLogicalOperator(RHS, Term, TrueBlock, FalseBlock);
    } else {
      ExitBlock = RHSBlock = createBlock(false);
      TryResult KnownVal = tryEvaluateBool(cast<Expr>(RHS.S));
      if (!KnownVal.isKnown())
        KnownVal = tryEvaluateBool(B);
      if (!Term) {
        addSuccessor(RHSBlock, TrueBlock);
      } else {
        RHSBlock->setTerminator(Term);
        addSuccessor(RHSBlock, TrueBlock, !KnownVal.isFalse());
        addSuccessor(RHSBlock, FalseBlock, !KnownVal.isTrue());
      }
      Block = RHSBlock;
      RHSBlock = addStmt(RHS);
    }
    if (BadCFG || Unsupported)
      return {nullptr, nullptr};

    Node LHS = ignoreParens(Kids[0]);
    if (isLogical(LHS)) {
      if (B->getOpcode() == BO_LOr)
        FalseBlock = RHSBlock;
      else
        TrueBlock = RHSBlock;
      return visitLogicalOperator(LHS, B, TrueBlock, FalseBlock);
    }
    CFGBlock *LHSBlock = createBlock(false);
    LHSBlock->setTerminator(B);
    Block = LHSBlock;
    CFGBlock *EntryLHSBlock = addStmt(LHS);
    if (BadCFG || Unsupported)
      return {nullptr, nullptr};
    TryResult KnownVal = tryEvaluateBool(cast<Expr>(LHS.S));
    if (B->getOpcode() == BO_LOr) {
      addSuccessor(LHSBlock, TrueBlock, !KnownVal.isFalse());
      addSuccessor(LHSBlock, RHSBlock, !KnownVal.isTrue());
    } else {
      addSuccessor(LHSBlock, RHSBlock, !KnownVal.isFalse());
      addSuccessor(LHSBlock, FalseBlock, !KnownVal.isTrue());
    }
    return {EntryLHSBlock, ExitBlock};
  }

  CFGBlock *visitJump(Node N, CFGBlock *Target) {
    if (BadCFG)
      return nullptr;
    Block = createBlock(false);
    Block->setTerminator(N.S);
    if (Target)
      addSuccessor(Block, Target);
    else
      BadCFG = true;
    return Block;
  }

  CFGBlock *visitCall(Node N) {
    auto *C = cast<CallExpr>(N.S);
    QualType CalleeType = C->getCallee()->getType();
    if (CalleeType == Ctx.BoundMemberTy) {
      QualType Bound = Expr::findBoundMemberType(C->getCallee());
      if (!Bound.isNull())
        CalleeType = Bound;
    }
    bool NoReturn = getFunctionExtInfo(*CalleeType).getNoReturn();
    if (const FunctionDecl *FD = C->getDirectCallee()) {
      auto [It, New] = Callees.try_emplace(FD);
      if (New)
        It->second = {FD->isNoReturn(), FD->getBuiltinID()};
      const CalleeFacts &F = It->second;
      if (F.Builtin == Builtin::BI__builtin_object_size ||
          F.Builtin == Builtin::BI__builtin_dynamic_object_size) {
        Unsupported = true; // clang's omits the arguments
        return nullptr;
      }
      if (F.NoReturn || (F.Builtin == Builtin::BI__builtin_assume &&
                         C->isBuiltinAssumeFalse(Ctx)))
        NoReturn = true;
    }
    if (!NoReturn) {
      autoCreateBlock();
      appendStmt(Block, C);
      return visitChildren(N);
    }
    if (Block) {
      Succ = Block;
      if (BadCFG)
        return nullptr;
    }
    Block = createNoReturnBlock();
    appendStmt(Block, C);
    return visitChildren(N);
  }

  CFGBlock *visitConditional(Node N, bool AlwaysAdd) {
    auto *C = cast<ConditionalOperator>(N.S);
    llvm::SmallVector<Node, 3> Kids; // condition, true, false
    children(N, Kids);
    if (Kids.size() != 3) {
      Unsupported = true;
      return nullptr;
    }
    CFGBlock *Confluence = Block ? Block : createBlock();
    appendStmt(Confluence, C);
    if (BadCFG)
      return nullptr;
    Succ = Confluence;
    Block = nullptr;
    CFGBlock *LHSBlock = visit(Kids[1], /*AlwaysAdd=*/true);
    if (BadCFG || Unsupported)
      return nullptr;
    Block = nullptr;
    Succ = Confluence;
    CFGBlock *RHSBlock = visit(Kids[2], /*AlwaysAdd=*/true);
    if (BadCFG || Unsupported)
      return nullptr;
    Node Cond = ignoreParens(Kids[0]);
    if (isLogical(Cond))
      return visitLogicalOperator(Cond, C, LHSBlock, RHSBlock).first;
    Block = createBlock(false);
    TryResult KnownVal = tryEvaluateBool(C->getCond());
    addSuccessor(Block, LHSBlock, !KnownVal.isFalse());
    addSuccessor(Block, RHSBlock, !KnownVal.isTrue());
    Block->setTerminator(C);
    return addStmt(Kids[0]);
  }

  CFGBlock *visitDeclStmt(Node N) {
    auto *DS = cast<DeclStmt>(N.S);
    if (isa<LabelDecl>(*DS->decl_begin()))
      return Block;
    if (DS->isSingleDecl())
      return visitDeclSubExpr(DS, N);
    CFGBlock *B = nullptr;
    for (auto I = DS->decl_rbegin(), E = DS->decl_rend(); I != E; ++I) {
      Decl *D = *I;
      SourceLocation End = D->getLocation();
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (const Expr *Init = VD->getInit())
          End = Init->getSourceRange().getEnd();
      auto *Single = new (Ctx) DeclStmt(DeclGroupRef(D), D->getLocation(), End);
      G->addSyntheticDeclStmt(Single, DS);
      B = visitDeclSubExpr(Single, N);
    }
    return B;
  }

  /// One declaration: \p DS is the statement appended (a synthetic one for
  /// each declaration of a group), \p Parent the node whose children hold
  /// the initialiser.
  CFGBlock *visitDeclSubExpr(DeclStmt *DS, Node Parent) {
    Decl *D = DS->getSingleDecl();
    if (const auto *TND = dyn_cast<TypedefNameDecl>(D)) {
      if (TND->getUnderlyingType()->isVariablyModifiedType())
        Unsupported = true; // clang's visits the VLA's size expressions
      return Block;
    }
    auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      return Block;
    Expr *Init = VD->getInit();
    if (isa<DecompositionDecl>(VD) ||
        VD->getType()->isVariablyModifiedType() ||
        isa_and_nonnull<ArrayInitLoopExpr>(Init)) {
      Unsupported = true;
      return nullptr;
    }
    autoCreateBlock();
    appendStmt(Block, DS);
    CFGBlock *Last = Block;
    if (Init) {
      Node In = childOf(Parent, Init);
      // Temporaries: clang's goes to the operand of the cleanups directly.
      if (isa<ExprWithCleanups>(Init))
        In = firstChild(In);
      if (CFGBlock *NewBlock = visit(In))
        Last = NewBlock;
    }
    return Last;
  }

  CFGBlock *visitIf(Node N) {
    auto *I = cast<IfStmt>(N.S);
    if (I->getInit() || I->getConditionVariable() || I->isConsteval()) {
      Unsupported = true;
      return nullptr;
    }
    if (Block) {
      Succ = Block;
      if (BadCFG)
        return nullptr;
    }
    CFGBlock *ElseBlock = Succ;
    if (Stmt *Else = I->getElse()) {
      llvm::SaveAndRestore SaveSucc(Succ);
      Block = nullptr;
      ElseBlock = addStmt(childOf(N, Else));
      if (!ElseBlock)
        ElseBlock = SaveSucc.get();
      else if (Block && BadCFG)
        return nullptr;
    }
    CFGBlock *ThenBlock;
    {
      llvm::SaveAndRestore SaveSucc(Succ);
      Block = nullptr;
      ThenBlock = addStmt(childOf(N, I->getThen()));
      if (!ThenBlock) {
        ThenBlock = createBlock(false);
        addSuccessor(ThenBlock, SaveSucc.get());
      } else if (Block && BadCFG) {
        return nullptr;
      }
    }
    if (Unsupported)
      return nullptr;
    Node Cond = ignoreParens(childOf(N, I->getCond()));
    if (isLogical(Cond))
      return visitLogicalOperator(Cond, I, ThenBlock, ElseBlock).first;
    Block = createBlock(false);
    Block->setTerminator(I);
    TryResult KnownVal = tryEvaluateBool(I->getCond());
    addSuccessor(Block, ThenBlock, !KnownVal.isFalse());
    addSuccessor(Block, ElseBlock, !KnownVal.isTrue());
    return addStmt(childOf(N, I->getCond()));
  }

  CFGBlock *visitReturn(Node N) {
    Block = createBlock(false);
    addSuccessor(Block, &G->getExit());
    appendStmt(Block, N.S);
    if (Expr *Value = cast<ReturnStmt>(N.S)->getRetValue())
      return visit(childOf(N, Value), /*AlwaysAdd=*/true);
    return Block;
  }

  /// Where a loop leaves to (clang's LoopSuccessor): the block being
  /// filled after the loop (no longer filled when \p Clear, as clang's
  /// `while` has it), or its successor; null when the build stops.
  CFGBlock *loopSuccessor(bool Clear) {
    if (!Block)
      return Succ;
    if (BadCFG)
      return nullptr;
    CFGBlock *After = Block;
    if (Clear)
      Block = nullptr;
    return After;
  }

  /// The blocks of the condition \p C of the loop \p Loop (at \p N; null
  /// in a `for` without one: always true), branching to \p Body or
  /// \p After, as clang's `for` and `while` build them; returns the block
  /// that is entered first, or null when the build stops.
  CFGBlock *loopCondition(Node N, Stmt *Loop, Expr *C, CFGBlock *Body,
                          CFGBlock *After) {
    Node Cond = C ? ignoreParens(childOf(N, C)) : Node{};
    if (C && isLogical(Cond)) {
      CFGBlock *Entry = visitLogicalOperator(Cond, Loop, Body, After).first;
      return BadCFG || Unsupported ? nullptr : Entry;
    }
    CFGBlock *Exit = createBlock(false), *Entry = Exit;
    Exit->setTerminator(Loop);
    TryResult KnownVal(true);
    if (C) {
      Block = Exit;
      Entry = addStmt(childOf(N, C));
      if (BadCFG || Unsupported || !Entry)
        return nullptr;
      KnownVal = tryEvaluateBool(C);
    }
    addSuccessor(Exit, KnownVal.isFalse() ? nullptr : Body);
    addSuccessor(Exit, KnownVal.isTrue() ? nullptr : After);
    return Entry;
  }

  CFGBlock *visitFor(Node N) {
    auto *F = cast<ForStmt>(N.S);
    if (F->getConditionVariable()) {
      Unsupported = true;
      return nullptr;
    }
    CFGBlock *LoopSuccessor = loopSuccessor(/*Clear=*/false);
    if (!LoopSuccessor)
      return nullptr;
    llvm::SaveAndRestore SaveBreak(BreakTarget);
    BreakTarget = LoopSuccessor;
    CFGBlock *BodyBlock, *TransitionBlock;
    {
      llvm::SaveAndRestore SaveBlock(Block), SaveSucc(Succ);
      llvm::SaveAndRestore SaveContinue(ContinueTarget);
      Block = Succ = TransitionBlock = createBlock(false);
      TransitionBlock->setLoopTarget(F);
      if (Stmt *Inc = F->getInc())
        Succ = addStmt(childOf(N, Inc));
      if (Block) {
        if (BadCFG)
          return nullptr;
        Block = nullptr;
      }
      ContinueTarget = Succ;
      ContinueTarget->setLoopTarget(F);
      BodyBlock = addStmt(childOf(N, F->getBody()));
      if (!BodyBlock)
        BodyBlock = ContinueTarget;
      else if (BadCFG)
        return nullptr;
    }
    if (Unsupported)
      return nullptr;
    CFGBlock *EntryCondition =
        loopCondition(N, F, F->getCond(), BodyBlock, LoopSuccessor);
    if (!EntryCondition)
      return nullptr;
    addSuccessor(TransitionBlock, EntryCondition);
    Succ = EntryCondition;
    if (Stmt *Init = F->getInit()) {
      Block = createBlock();
      return addStmt(childOf(N, Init));
    }
    Block = nullptr;
    Succ = EntryCondition;
    return EntryCondition;
  }

  CFGBlock *visitWhile(Node N) {
    auto *W = cast<WhileStmt>(N.S);
    if (W->getConditionVariable()) {
      Unsupported = true;
      return nullptr;
    }
    CFGBlock *LoopSuccessor = loopSuccessor(/*Clear=*/true);
    if (!LoopSuccessor)
      return nullptr;
    CFGBlock *BodyBlock, *TransitionBlock;
    {
      llvm::SaveAndRestore SaveBlock(Block), SaveSucc(Succ);
      llvm::SaveAndRestore SaveContinue(ContinueTarget),
          SaveBreak(BreakTarget);
      Succ = TransitionBlock = createBlock(false);
      TransitionBlock->setLoopTarget(W);
      ContinueTarget = Succ;
      BreakTarget = LoopSuccessor;
      BodyBlock = addStmt(childOf(N, W->getBody()));
      if (!BodyBlock)
        BodyBlock = ContinueTarget;
      else if (Block && BadCFG)
        return nullptr;
    }
    if (Unsupported)
      return nullptr;
    CFGBlock *EntryCondition =
        loopCondition(N, W, W->getCond(), BodyBlock, LoopSuccessor);
    if (!EntryCondition)
      return nullptr;
    addSuccessor(TransitionBlock, EntryCondition);
    Block = nullptr;
    Succ = EntryCondition;
    return EntryCondition;
  }

  CFGBlock *visitDo(Node N) {
    auto *D = cast<DoStmt>(N.S);
    CFGBlock *LoopSuccessor = loopSuccessor(/*Clear=*/false);
    if (!LoopSuccessor)
      return nullptr;
    CFGBlock *ExitCondition = createBlock(false);
    CFGBlock *EntryCondition = ExitCondition;
    ExitCondition->setTerminator(D);
    if (Stmt *C = D->getCond()) {
      Block = ExitCondition;
      EntryCondition = addStmt(childOf(N, C));
      if (Block && BadCFG)
        return nullptr;
    }
    Succ = EntryCondition;
    TryResult KnownVal = tryEvaluateBool(D->getCond());
    CFGBlock *BodyBlock;
    {
      llvm::SaveAndRestore SaveBlock(Block), SaveSucc(Succ);
      llvm::SaveAndRestore SaveContinue(ContinueTarget),
          SaveBreak(BreakTarget);
      ContinueTarget = EntryCondition;
      BreakTarget = LoopSuccessor;
      Block = nullptr;
      BodyBlock = addStmt(childOf(N, D->getBody()));
      if (!BodyBlock)
        BodyBlock = EntryCondition;
      else if (Block && BadCFG)
        return nullptr;
      Block = nullptr;
      Succ = BodyBlock;
      CFGBlock *LoopBack = createBlock();
      LoopBack->setLoopTarget(D);
      if (!KnownVal.isFalse())
        addSuccessor(ExitCondition, LoopBack);
      else
        addSuccessor(ExitCondition, nullptr);
    }
    if (Unsupported)
      return nullptr;
    addSuccessor(ExitCondition, KnownVal.isTrue() ? nullptr : LoopSuccessor);
    Block = nullptr;
    Succ = BodyBlock;
    return BodyBlock;
  }

  CFGBlock *visitTrait(Node N, bool AlwaysAdd) {
    appendIfAdded(N, AlwaysAdd);
    auto *E = cast<UnaryExprOrTypeTraitExpr>(N.S);
    // Clang's visits no operand, but a VLA's size expressions.
    if (E->getKind() == UETT_SizeOf && E->isArgumentType() &&
        E->getArgumentType()->isVariablyModifiedType())
      Unsupported = true;
    return Block;
  }

  CFGBlock *visitDirective(Node N, bool AlwaysAdd) {
    auto *D = cast<OMPExecutableDirective>(N.S);
    appendIfAdded(N, AlwaysAdd);
    CFGBlock *B = Block;
    // The clause expressions are not in the index: visited through the AST.
    llvm::SmallVector<Stmt *, 8> Used(
        OMPExecutableDirective::used_clauses_children(D->clauses()));
    for (Stmt *S : llvm::reverse(Used))
      if (CFGBlock *R = visit(Node{S, NoPos}))
        B = R;
    if (!D->isStandaloneDirective()) {
      Stmt *Raw = D->getRawStmt();
      // In the index the associated statement is the directive's child,
      // and a captured statement's is its last child.
      Node R = {D->getAssociatedStmt(), NoPos};
      if (N.P != NoPos && N.P + 1 < Index.subtreeEnd(N.P)) {
        R.P = N.P + 1;
        while (Index.classAt(R.P) == Stmt::CapturedStmtClass) {
          unsigned Last = NoPos;
          for (unsigned C = R.P + 1, E = Index.subtreeEnd(R.P); C < E;
               C = Index.subtreeEnd(C))
            Last = C;
          if (Last == NoPos)
            break;
          R.P = Last;
        }
        R.S = const_cast<Stmt *>(Index.at(R.P));
      }
      if (R.S != Raw) {
        Unsupported = true;
        return nullptr;
      }
      if (CFGBlock *RB = addStmt(R))
        B = RB;
    }
    return B;
  }

  // Clang's tryEvaluateBool and its checks for comparisons whose value the
  // operands decide.
  TryResult tryEvaluateBool(Expr *S) {
    if (!S || !Opts.PruneTriviallyFalseEdges || S->isTypeDependent() ||
        S->isValueDependent())
      return {};
    if (auto *Bop = dyn_cast<BinaryOperator>(S)) {
      if (!Bop->isLogicalOp() && !Bop->isEqualityOp() &&
          (Bop->getOpcode() == BO_Mul || Bop->getOpcode() == BO_And)) {
        Expr::EvalResult R;
        if (Bop->getLHS()->EvaluateAsInt(R, Ctx) &&
            !R.Val.getInt().getBoolValue())
          return TryResult(false);
        if (Bop->getRHS()->EvaluateAsInt(R, Ctx) &&
            !R.Val.getInt().getBoolValue())
          return TryResult(false);
      }
    }
    return evaluateAsBooleanCondition(S);
  }

  TryResult evaluateAsBooleanCondition(Expr *E) {
    if (auto *Bop = dyn_cast<BinaryOperator>(E)) {
      if (Bop->isLogicalOp()) {
        TryResult LHS = tryEvaluateBool(Bop->getLHS());
        if (LHS.isKnown()) {
          if (LHS.isTrue() == (Bop->getOpcode() == BO_LOr))
            return LHS.isTrue();
          TryResult RHS = tryEvaluateBool(Bop->getRHS());
          if (RHS.isKnown()) {
            if (Bop->getOpcode() == BO_LOr)
              return LHS.isTrue() || RHS.isTrue();
            return LHS.isTrue() && RHS.isTrue();
          }
        } else {
          TryResult RHS = tryEvaluateBool(Bop->getRHS());
          if (RHS.isKnown()) {
            if (RHS.isTrue() == (Bop->getOpcode() == BO_LOr))
              return RHS.isTrue();
          } else {
            TryResult R = checkLogic(Bop);
            if (R.isKnown())
              return R;
          }
        }
        return {};
      }
      TryResult R;
      if (Bop->isEqualityOp())
        R = checkEquality(Bop);
      else if (Bop->isRelationalOp())
        R = checkRelational(Bop);
      else if (Bop->getOpcode() == BO_Or)
        R = checkBitwiseOr(Bop);
      if (R.isKnown())
        return R;
    }
    bool Result;
    if (E->EvaluateAsBooleanCondition(Result, Ctx))
      return Result;
    return {};
  }

  /// Clang's checkIncorrectLogicOperator, in part: `x && !x` and
  /// `!x || x` are decided here; two comparisons of one operand with
  /// constants (`x > 0 && x < 10`), which clang's decides by the ranges
  /// they admit, leave the body to clang's builder; anything else is
  /// unknown, as it is for clang's.
  TryResult checkLogic(const BinaryOperator *B) {
    const Expr *LHSExpr = B->getLHS()->IgnoreParens();
    const Expr *RHSExpr = B->getRHS()->IgnoreParens();
    auto Negated = [&](const Expr *E1, const Expr *E2) {
      if (const auto *Negate = dyn_cast<UnaryOperator>(E1))
        if (Negate->getOpcode() == UO_LNot &&
            Expr::isSameComparisonOperand(Negate->getSubExpr(), E2))
          return TryResult(B->getOpcode() == BO_LOr);
      return TryResult();
    };
    TryResult R = Negated(LHSExpr, RHSExpr);
    if (R.isKnown())
      return R;
    R = Negated(RHSExpr, LHSExpr);
    if (R.isKnown())
      return R;
    const auto *LHS = dyn_cast<BinaryOperator>(LHSExpr);
    const auto *RHS = dyn_cast<BinaryOperator>(RHSExpr);
    if (!LHS || !RHS || !LHS->isComparisonOp() || !RHS->isComparisonOp())
      return {};
    const Expr *Operand1 = comparedWithConstant(LHS);
    const Expr *Operand2 = comparedWithConstant(RHS);
    if (Operand1 && Operand2 &&
        Expr::isSameComparisonOperand(Operand1, Operand2))
      Unsupported = true;
    return {};
  }

  /// Clang's tryNormalizeBinaryOperator: the operand a comparison compares
  /// with an integer literal or an enumerator, or null.
  static const Expr *comparedWithConstant(const BinaryOperator *B) {
    if (tryTransformToIntOrEnumConstant(B->getRHS()))
      return B->getLHS();
    if (tryTransformToIntOrEnumConstant(B->getLHS()))
      return B->getRHS();
    return nullptr;
  }

  TryResult checkRelational(const BinaryOperator *B) {
    const Expr *LHSExpr = B->getLHS()->IgnoreParens();
    const Expr *RHSExpr = B->getRHS()->IgnoreParens();
    const auto *IntLiteral = dyn_cast<IntegerLiteral>(LHSExpr);
    const Expr *BoolExpr = RHSExpr;
    bool IntFirst = true;
    if (!IntLiteral) {
      IntLiteral = dyn_cast<IntegerLiteral>(RHSExpr);
      BoolExpr = LHSExpr;
      IntFirst = false;
    }
    if (!IntLiteral || !BoolExpr->isKnownToHaveBooleanValue())
      return {};
    llvm::APInt IntValue = IntLiteral->getValue();
    if (IntValue == 1 || IntValue == 0)
      return {};
    bool IntLarger = IntLiteral->getType()->isUnsignedIntegerType() ||
                     !IntValue.isNegative();
    BinaryOperatorKind Bok = B->getOpcode();
    if (Bok == BO_GT || Bok == BO_GE)
      return TryResult(IntFirst == IntLarger);
    return TryResult(IntFirst != IntLarger);
  }

  std::optional<llvm::APInt> integerLiteralValue(const Expr *E) {
    if (const auto *UnOp = dyn_cast<UnaryOperator>(E->IgnoreParens())) {
      const Expr *Sub = UnOp->getSubExpr()->IgnoreParens();
      if (const auto *IntLiteral = dyn_cast<IntegerLiteral>(Sub)) {
        llvm::APInt Value = IntLiteral->getValue();
        switch (UnOp->getOpcode()) {
        case UO_Plus:
          return Value;
        case UO_Minus:
          return -Value;
        case UO_Not:
          return ~Value;
        case UO_LNot:
          return llvm::APInt(Ctx.getTypeSize(Ctx.IntTy), !Value);
        default:
          return std::nullopt;
        }
      }
    } else if (const auto *IntLiteral =
                   dyn_cast<IntegerLiteral>(E->IgnoreParens())) {
      return IntLiteral->getValue();
    }
    return std::nullopt;
  }

  TryResult checkEquality(const BinaryOperator *B) {
    const Expr *LHSExpr = B->getLHS()->IgnoreParens();
    const Expr *RHSExpr = B->getRHS()->IgnoreParens();
    std::optional<llvm::APInt> IntLiteral1 = integerLiteralValue(LHSExpr);
    const Expr *BoolExpr = RHSExpr;
    if (!IntLiteral1) {
      IntLiteral1 = integerLiteralValue(RHSExpr);
      BoolExpr = LHSExpr;
    }
    if (!IntLiteral1)
      return {};
    const auto *BitOp = dyn_cast<BinaryOperator>(BoolExpr);
    if (BitOp &&
        (BitOp->getOpcode() == BO_And || BitOp->getOpcode() == BO_Or)) {
      const Expr *LHSExpr2 = BitOp->getLHS()->IgnoreParens();
      const Expr *RHSExpr2 = BitOp->getRHS()->IgnoreParens();
      std::optional<llvm::APInt> IntLiteral2 = integerLiteralValue(LHSExpr2);
      if (!IntLiteral2)
        IntLiteral2 = integerLiteralValue(RHSExpr2);
      if (!IntLiteral2)
        return {};
      if ((BitOp->getOpcode() == BO_And &&
           (*IntLiteral2 & *IntLiteral1) != *IntLiteral1) ||
          (BitOp->getOpcode() == BO_Or &&
           (*IntLiteral2 | *IntLiteral1) != *IntLiteral1))
        return TryResult(B->getOpcode() != BO_EQ);
    } else if (BoolExpr->isKnownToHaveBooleanValue()) {
      if (*IntLiteral1 == 1 || *IntLiteral1 == 0)
        return {};
      return TryResult(B->getOpcode() != BO_EQ);
    }
    return {};
  }

  TryResult checkBitwiseOr(const BinaryOperator *B) {
    const Expr *LHSConstant =
        tryTransformToIntOrEnumConstant(B->getLHS()->IgnoreParenImpCasts());
    const Expr *RHSConstant =
        tryTransformToIntOrEnumConstant(B->getRHS()->IgnoreParenImpCasts());
    if ((LHSConstant && RHSConstant) || (!LHSConstant && !RHSConstant))
      return {};
    const Expr *Constant = LHSConstant ? LHSConstant : RHSConstant;
    Expr::EvalResult Result;
    if (!Constant->EvaluateAsInt(Result, Ctx))
      return {};
    if (Result.Val.getInt() == 0)
      return {};
    return TryResult(true);
  }
};

} // namespace

CFG::BuildOptions engineCfgOptions() {
  CFG::BuildOptions Opts;
  // Elements for the expressions the transfer functions and the observers
  // act on (statements are elements anyway); literals, references, casts
  // and parentheses are read through their parents.
  for (Stmt::StmtClass C :
       {Stmt::BinaryOperatorClass, Stmt::CompoundAssignOperatorClass,
        Stmt::UnaryOperatorClass, Stmt::ArraySubscriptExprClass,
        Stmt::MemberExprClass, Stmt::CallExprClass,
        Stmt::CXXMemberCallExprClass, Stmt::CXXOperatorCallExprClass,
        Stmt::CUDAKernelCallExprClass, Stmt::CXXConstructExprClass,
        Stmt::CXXTemporaryObjectExprClass, Stmt::LambdaExprClass,
        Stmt::CXXDeleteExprClass})
    Opts.setAlwaysAdd(C);
  Opts.AddInitializers = true;
  Opts.AddCXXDefaultInitExprInCtors = true;
  return Opts;
}

std::unique_ptr<CFG> buildCfgFromIndex(const Decl *D, Stmt *Body,
                                       const StmtParents &Index,
                                       ASTContext &Ctx,
                                       const CFG::BuildOptions &Opts) {
  return Builder(Index, Ctx, Opts).build(D, Body);
}

} // namespace clang::tidy::usm
