//===- StmtParents.h - the statements of a function body, indexed ---------===//
//
// What clang::ParentMap answers (the statement a statement is a child of,
// a CapturedStmt above its captured statement, an OpaqueValueExpr above its
// source expression), and the body's statements in preorder with the extent
// of each subtree, for the queries of the provenance engine and the walks
// of the checks. It exists for cost:
//   - ParentMap keys a DenseMap with DenseMap's own pointer hash, which
//     clusters on AST nodes (PointerHash.h), so its cost per node grew with
//     the size of the function (about 5x from functions of 700 lines to
//     functions of 5,600 lines, bench/engine). This map mixes the pointer's
//     bits, and is built with an explicit stack (no recursion on deep
//     expressions).
//   - A check that needs every statement of a kind reads preorder() (a flat
//     loop) instead of a RecursiveASTVisitor walk of its own, and "is B
//     inside A" is two index comparisons instead of source-range tests.
// Clause expressions of OpenMP directives are not statements of the body
// (OMPExecutableDirective::children() is its associated statement only).
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_STMTPARENTS_H
#define USMCHECK_CHECKS_UTILS_STMTPARENTS_H

#include "PointerHash.h"

#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <vector>

namespace clang::tidy::usm {

class StmtParents {
public:
  /// Indexes every statement below \p Root (and Root itself); \p SizeHint:
  /// the number of statements expected (0: unknown).
  explicit StmtParents(const Stmt *Root, unsigned SizeHint = 0);
  /// The parent of \p S, or null (\p Root, or \p S not below it).
  const Stmt *getParent(const Stmt *S) const {
    auto It = Map.find(S);
    if (It == Map.end() || Nodes[It->second].Parent == NoParent)
      return nullptr;
    return Order[Nodes[It->second].Parent];
  }
  /// Every indexed statement, in preorder (children in source order).
  llvm::ArrayRef<const Stmt *> preorder() const { return Order; }
  /// Preorder position of \p S, or -1 when it is not indexed.
  int indexOf(const Stmt *S) const {
    auto It = Map.find(S);
    return It == Map.end() ? -1 : static_cast<int>(It->second);
  }
  /// One past the last preorder position of the subtree at position I.
  unsigned subtreeEnd(unsigned I) const { return Nodes[I].End; }
  /// The statement at preorder position I.
  const Stmt *at(unsigned I) const { return Order[I]; }
  /// The position of the parent of the statement at position I, or None:
  /// walking up by position costs no hash lookup per step.
  static constexpr unsigned None = ~0u;
  unsigned parentIndex(unsigned I) const { return Nodes[I].Parent; }
  /// Is \p Inner \p Outer itself or below it?
  bool contains(const Stmt *Outer, const Stmt *Inner) const {
    int O = indexOf(Outer), I = indexOf(Inner);
    return O >= 0 && I >= O && static_cast<unsigned>(I) < Nodes[O].End;
  }

private:
  static constexpr std::uint32_t NoParent = ~0u;
  struct Node {
    std::uint32_t Parent; ///< preorder position of the parent
    std::uint32_t End;    ///< one past the subtree's last position
  };
  std::vector<const Stmt *> Order;
  std::vector<Node> Nodes;
  llvm::DenseMap<const Stmt *, std::uint32_t, MixedPtrInfo<const Stmt>> Map;
};

} // namespace clang::tidy::usm

#endif
