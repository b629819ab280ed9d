//===- StmtParents.h - the parent of each statement of a function body ----===//
//
// What clang::ParentMap answers (the statement a statement is a child of,
// a CapturedStmt above its captured statement, an OpaqueValueExpr above its
// source expression), for the queries of the provenance engine. It exists
// for cost: ParentMap keys a DenseMap with DenseMap's own pointer hash,
// which clusters on AST nodes (PointerHash.h), so its cost per node grew
// with the size of the function (about 5x from functions of 700 lines to
// functions of 5,600 lines, bench/engine). This map mixes the pointer's
// bits, and is built with an explicit stack (no recursion on deep
// expressions).
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_STMTPARENTS_H
#define USMCHECK_CHECKS_UTILS_STMTPARENTS_H

#include "PointerHash.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::usm {

class StmtParents {
public:
  /// Records the parents of every statement below \p Root.
  explicit StmtParents(const Stmt *Root);
  /// The parent of \p S, or null (\p Root, or \p S not below it).
  const Stmt *getParent(const Stmt *S) const {
    auto It = Map.find(S);
    return It == Map.end() ? nullptr : It->second;
  }

private:
  llvm::DenseMap<const Stmt *, const Stmt *, MixedPtrInfo<const Stmt>> Map;
};

} // namespace clang::tidy::usm

#endif
