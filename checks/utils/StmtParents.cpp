//===- StmtParents.cpp - the parent of each statement of a function body --===//
#include "StmtParents.h"

#include "clang/AST/Expr.h"

#include <vector>

namespace clang::tidy::usm {

StmtParents::StmtParents(const Stmt *Root) {
  std::vector<const Stmt *> Stack;
  if (Root)
    Stack.push_back(Root);
  // A child is pushed only the first time it gets a parent: a statement
  // reachable twice (an OpaqueValueExpr's source) keeps its first parent.
  auto Add = [&](const Stmt *Child, const Stmt *Parent) {
    if (Child && Map.try_emplace(Child, Parent).second)
      Stack.push_back(Child);
  };
  while (!Stack.empty()) {
    const Stmt *S = Stack.back();
    Stack.pop_back();
    for (const Stmt *Child : S->children())
      Add(Child, S);
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      Add(CS->getCapturedStmt(), S);
    else if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S))
      Add(OVE->getSourceExpr(), S);
  }
}

} // namespace clang::tidy::usm
