//===- StmtParents.cpp - the statements of a function body, indexed -------===//
#include "StmtParents.h"

#include "clang/AST/Expr.h"

#include <algorithm>

namespace clang::tidy::usm {

StmtParents::StmtParents(const Stmt *Root, unsigned SizeHint) {
  if (!Root)
    return;
  // Growing the map and the vectors as the walk goes costs about a third
  // of the walk (callgrind, bench/engine): size them from the caller's
  // estimate.
  if (SizeHint) {
    Map.reserve(SizeHint);
    Order.reserve(SizeHint);
    Nodes.reserve(SizeHint);
  }
  // Depth-first with an explicit stack: each entry is a statement and the
  // preorder position of its parent. Children are pushed in reverse so that
  // they are numbered in source order. A statement reachable twice (an
  // OpaqueValueExpr's source) is indexed the first time it is reached.
  std::vector<std::pair<const Stmt *, std::uint32_t>> Stack;
  Stack.reserve(64);
  Stack.push_back({Root, NoParent});
  while (!Stack.empty()) {
    auto [S, Parent] = Stack.back();
    Stack.pop_back();
    auto Index = static_cast<std::uint32_t>(Order.size());
    if (!Map.try_emplace(S, Index).second)
      continue;
    Order.push_back(S);
    Nodes.push_back({Parent, Index + 1});
    size_t First = Stack.size();
    for (const Stmt *Child : S->children())
      if (Child)
        Stack.push_back({Child, Index});
    if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
      if (const Stmt *Body = CS->getCapturedStmt())
        Stack.push_back({Body, Index});
    } else if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S)) {
      if (const Stmt *Src = OVE->getSourceExpr())
        Stack.push_back({Src, Index});
    }
    std::reverse(Stack.begin() + First, Stack.end());
  }
  // Subtree extents: in preorder a subtree is contiguous, so a node's end
  // is the largest end among its children (visited after it).
  for (std::uint32_t I = static_cast<std::uint32_t>(Nodes.size()); I-- > 1;)
    if (Nodes[I].Parent != NoParent && Nodes[Nodes[I].Parent].End < Nodes[I].End)
      Nodes[Nodes[I].Parent].End = Nodes[I].End;
}

} // namespace clang::tidy::usm
