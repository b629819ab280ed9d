//===- StmtParents.cpp - the statements of a function body, indexed -------===//
#include "StmtParents.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>

namespace clang::tidy::usm {

static_assert(Stmt::lastStmtConstant < 256,
              "statement classes no longer fit the index's byte per node");
static_assert(CK_HLSLArrayRValue < 256 && BO_Comma < 256 && UO_Coawait < 256,
              "operators no longer fit the index's byte per node");

/// Cache lines requested below a subtree's root by walk() (a kilobyte).
static constexpr int PrefetchLines = 16;

const ClassSet StmtParents::CastClasses = ClassSet::of<CastExpr>();
const ClassSet StmtParents::BinaryClasses = ClassSet::of<BinaryOperator>();
const ClassSet StmtParents::ActorClasses =
    ClassSet::of<DeclStmt, ReturnStmt, CallExpr, LambdaExpr, CXXNewExpr,
                 OMPExecutableDirective, CapturedStmt, ArraySubscriptExpr,
                 MemberExpr>();
const ClassSet StmtParents::LoopClasses =
    ClassSet::of<DoStmt, ForStmt, WhileStmt, CXXForRangeStmt>();

void StmtParents::grow(std::size_t Capacity) {
  Slots.assign(Capacity, 0);
  setCapacity(Capacity);
  for (std::uint32_t I = 0; I < Order.size(); ++I) {
    std::uint32_t H = home(Order[I]);
    while (Slots[H])
      H = (H + 1) & Mask;
    Slots[H] = I + 1;
  }
}

bool StmtParents::insert(const Stmt *S, std::uint32_t Index) {
  if (4 * (static_cast<std::size_t>(Index) + 1) > 3 * Slots.size())
    grow(std::max<std::size_t>(64, 2 * Slots.size()));
  std::uint32_t H = home(S);
  for (; Slots[H]; H = (H + 1) & Mask)
    if (Order[Slots[H] - 1] == S)
      return false;
  Slots[H] = Index + 1;
  return true;
}

StmtParents::StmtParents(const Stmt *Root, unsigned SizeHint) {
  if (!Root)
    return;
  // Growing the vectors as the walk goes costs about a third of the walk
  // (callgrind, bench/engine): size them from the caller's estimate.
  if (SizeHint) {
    Order.reserve(SizeHint);
    Nodes.reserve(SizeHint);
    Tags.reserve(SizeHint);
    // About one statement in four is a declaration reference (bench/engine:
    // 28%).
    References.reserve(SizeHint / 3);
    ReferenceDecls.reserve(SizeHint / 3);
  }
  // A statement is reached twice only through an OpaqueValueExpr's source
  // (the same expression is a child elsewhere too). Bodies without one,
  // nearly all, are walked without a lookup per statement and hashed
  // afterwards; the table's build notices any other sharing. Either way
  // the index is the one the careful walk builds.
  if (!walk</*Dedupe=*/false>(Root) || !hashAll()) {
    Shared = true;
    Order.clear();
    Nodes.clear();
    Tags.clear();
    Actors.clear();
    References.clear();
    Loops.clear();
    ReferenceDecls.clear();
    Slots.assign(llvm::NextPowerOf2(
                     4 * static_cast<std::uint64_t>(std::max(SizeHint, 48u)) /
                     3),
                 0);
    setCapacity(Slots.size());
    walk</*Dedupe=*/true>(Root);
  }
  // Subtree extents: in preorder a subtree is contiguous, so a node's end
  // is the largest end among its children (visited after it).
  for (std::uint32_t I = static_cast<std::uint32_t>(Nodes.size()); I-- > 1;)
    if (Nodes[I].Parent != None && Nodes[Nodes[I].Parent].End < Nodes[I].End)
      Nodes[Nodes[I].Parent].End = Nodes[I].End;
}

bool StmtParents::hashAll() {
  Slots.assign(
      llvm::NextPowerOf2(4 * static_cast<std::uint64_t>(Order.size()) / 3),
      0);
  setCapacity(Slots.size());
  for (std::uint32_t I = 0; I < Order.size(); ++I) {
    std::uint32_t H = home(Order[I]);
    for (; Slots[H]; H = (H + 1) & Mask)
      if (Order[Slots[H] - 1] == Order[I])
        return false; // reached twice
    Slots[H] = I + 1;
  }
  return true;
}

template <bool Dedupe> bool StmtParents::walk(const Stmt *Root) {
  // Depth-first with an explicit stack: each entry is a statement and the
  // preorder position of its parent. Children are pushed last to first so
  // that they are numbered in source order. With Dedupe, a statement
  // reachable twice is indexed the first time it is reached; without, the
  // walk gives up at the first OpaqueValueExpr with a source.
  llvm::SmallVector<std::pair<const Stmt *, std::uint32_t>, 64> Stack;
  Stack.push_back({Root, None});
  // The parser allocates a node after its children, from one bump
  // allocator: a subtree lies just below its root in memory, and the walk
  // reads it downwards. When the walk moves up to a new subtree, the
  // kilobyte below its root is requested at once, and while it goes down,
  // the line a kilobyte ahead, so that the nodes come from memory in
  // parallel instead of one cache miss after another. (The walk is the
  // first pass over a body since it was parsed; on long functions its
  // loads missed the cache. 24% less time for the walk on bench/engine's
  // long 56k, docs/engine.md.) Addresses only: nothing is read there.
  std::uintptr_t Previous = 0;
  auto Push = [&](const Stmt *Child, std::uint32_t Parent) {
    if (Child)
      Stack.push_back({Child, Parent});
  };
  while (!Stack.empty()) {
    auto [S, Parent] = Stack.pop_back_val();
    auto At = reinterpret_cast<std::uintptr_t>(S);
    if (At > Previous)
      for (int Line = 1; Line <= PrefetchLines; ++Line)
        __builtin_prefetch(reinterpret_cast<const void *>(At - 64 * Line));
    else
      __builtin_prefetch(
          reinterpret_cast<const void *>(At - 64 * PrefetchLines));
    Previous = At;
    auto Index = static_cast<std::uint32_t>(Order.size());
    if constexpr (Dedupe) {
      if (!insert(S, Index))
        continue;
    }
    Order.push_back(S);
    Nodes.push_back({Parent, Index + 1});
    Stmt::StmtClass Class = S->getStmtClass();
    unsigned Op = 0;
    // The children as children() lists them, read inline for the classes
    // most statements have.
    if (CastClasses.contains(Class)) {
      const auto *CE = cast<CastExpr>(S);
      Op = CE->getCastKind();
      Push(CE->getSubExpr(), Index);
    } else if (BinaryClasses.contains(Class)) {
      const auto *BO = cast<BinaryOperator>(S);
      Op = BO->getOpcode();
      if (BO->isAssignmentOp())
        Actors.push_back(Index);
      Push(BO->getRHS(), Index);
      Push(BO->getLHS(), Index);
    } else {
      if (ActorClasses.contains(Class))
        Actors.push_back(Index);
      switch (Class) {
      case Stmt::DeclRefExprClass:
        References.push_back(Index);
        ReferenceDecls.push_back(cast<DeclRefExpr>(S)->getDecl());
        break;
      case Stmt::IntegerLiteralClass:
      case Stmt::FloatingLiteralClass:
      case Stmt::CharacterLiteralClass:
        break;
      case Stmt::UnaryOperatorClass:
        Op = cast<UnaryOperator>(S)->getOpcode();
        if (Op <= UO_PreDec || Op == UO_AddrOf || Op == UO_Deref)
          Actors.push_back(Index);
        Push(cast<UnaryOperator>(S)->getSubExpr(), Index);
        break;
      case Stmt::ParenExprClass:
        Push(cast<ParenExpr>(S)->getSubExpr(), Index);
        break;
      case Stmt::ArraySubscriptExprClass:
        Push(cast<ArraySubscriptExpr>(S)->getRHS(), Index);
        Push(cast<ArraySubscriptExpr>(S)->getLHS(), Index);
        break;
      default: {
        if (LoopClasses.contains(Class))
          Loops.push_back(Index);
        std::size_t First = Stack.size();
        for (const Stmt *Child : S->children())
          Push(Child, Index);
        if (Class == Stmt::CapturedStmtClass) {
          Push(cast<CapturedStmt>(S)->getCapturedStmt(), Index);
        } else if (Class == Stmt::OpaqueValueExprClass) {
          if (const Stmt *Src = cast<OpaqueValueExpr>(S)->getSourceExpr()) {
            if constexpr (!Dedupe)
              return false;
            Push(Src, Index);
          }
        }
        if (Stack.size() - First > 1)
          std::reverse(Stack.begin() + First, Stack.end());
      }
      }
    }
    Tags.push_back(
        {static_cast<std::uint8_t>(Class), static_cast<std::uint8_t>(Op)});
  }
  return true;
}

} // namespace clang::tidy::usm
