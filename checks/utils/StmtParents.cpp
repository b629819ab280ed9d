//===- StmtParents.cpp - the statements of a function body, indexed -------===//
#include "StmtParents.h"

#include "clang/AST/Expr.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace clang::tidy::usm {

static_assert(Stmt::lastStmtConstant < 256,
              "statement classes no longer fit the index's byte per node");
static_assert(CK_HLSLArrayRValue < 256 && BO_Comma < 256 && UO_Coawait < 256,
              "operators no longer fit the index's byte per node");

const ClassSet StmtParents::CastClasses = ClassSet::of<CastExpr>();
const ClassSet StmtParents::BinaryClasses = ClassSet::of<BinaryOperator>();
static const ClassSet OperatorClasses =
    ClassSet::of<BinaryOperator, UnaryOperator, CastExpr>();

void StmtParents::grow(std::size_t Capacity) {
  Slots.assign(Capacity, 0);
  Mask = static_cast<std::uint32_t>(Capacity - 1);
  for (std::uint32_t I = 0; I < Order.size(); ++I) {
    std::uint32_t H = hash(Order[I]) & Mask;
    while (Slots[H])
      H = (H + 1) & Mask;
    Slots[H] = I + 1;
  }
}

bool StmtParents::insert(const Stmt *S, std::uint32_t Index) {
  if (4 * (static_cast<std::size_t>(Index) + 1) > 3 * Slots.size())
    grow(std::max<std::size_t>(64, 2 * Slots.size()));
  std::uint32_t H = hash(S) & Mask;
  for (; Slots[H]; H = (H + 1) & Mask)
    if (Order[Slots[H] - 1] == S)
      return false;
  Slots[H] = Index + 1;
  return true;
}

StmtParents::StmtParents(const Stmt *Root, unsigned SizeHint) {
  if (!Root)
    return;
  // Growing the table and the vectors as the walk goes costs about a third
  // of the walk (callgrind, bench/engine): size them from the caller's
  // estimate.
  if (SizeHint) {
    Order.reserve(SizeHint);
    Nodes.reserve(SizeHint);
    Tags.reserve(SizeHint);
    Slots.assign(
        llvm::NextPowerOf2(4 * static_cast<std::uint64_t>(SizeHint) / 3), 0);
    Mask = static_cast<std::uint32_t>(Slots.size() - 1);
  }
  // Depth-first with an explicit stack: each entry is a statement and the
  // preorder position of its parent. Children are pushed in reverse so that
  // they are numbered in source order. A statement reachable twice (an
  // OpaqueValueExpr's source) is indexed the first time it is reached.
  std::vector<std::pair<const Stmt *, std::uint32_t>> Stack;
  Stack.reserve(64);
  Stack.push_back({Root, None});
  while (!Stack.empty()) {
    auto [S, Parent] = Stack.back();
    Stack.pop_back();
    auto Index = static_cast<std::uint32_t>(Order.size());
    if (!insert(S, Index))
      continue;
    Order.push_back(S);
    Nodes.push_back({Parent, Index + 1});
    Stmt::StmtClass Class = S->getStmtClass();
    unsigned Op = 0;
    if (OperatorClasses.contains(Class)) {
      if (BinaryClasses.contains(Class))
        Op = cast<BinaryOperator>(S)->getOpcode();
      else if (Class == Stmt::UnaryOperatorClass)
        Op = cast<UnaryOperator>(S)->getOpcode();
      else
        Op = cast<CastExpr>(S)->getCastKind();
    }
    Tags.push_back({static_cast<std::uint8_t>(Class), static_cast<std::uint8_t>(Op)});
    size_t First = Stack.size();
    for (const Stmt *Child : S->children())
      if (Child)
        Stack.push_back({Child, Index});
    if (Class == Stmt::CapturedStmtClass) {
      if (const Stmt *Body = cast<CapturedStmt>(S)->getCapturedStmt())
        Stack.push_back({Body, Index});
    } else if (Class == Stmt::OpaqueValueExprClass) {
      if (const Stmt *Src = cast<OpaqueValueExpr>(S)->getSourceExpr())
        Stack.push_back({Src, Index});
    }
    std::reverse(Stack.begin() + First, Stack.end());
  }
  // Subtree extents: in preorder a subtree is contiguous, so a node's end
  // is the largest end among its children (visited after it).
  for (std::uint32_t I = static_cast<std::uint32_t>(Nodes.size()); I-- > 1;)
    if (Nodes[I].Parent != None && Nodes[Nodes[I].Parent].End < Nodes[I].End)
      Nodes[Nodes[I].Parent].End = Nodes[I].End;
}

} // namespace clang::tidy::usm
