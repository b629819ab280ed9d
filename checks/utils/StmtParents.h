//===- StmtParents.h - the statements of a function body, indexed ---------===//
//
// What clang::ParentMap answers (the statement a statement is a child of,
// a CapturedStmt above its captured statement, an OpaqueValueExpr above its
// source expression), and the body's statements in preorder with the extent
// of each subtree and the class of each statement, for the queries of the
// provenance engine and the walks of the checks. It exists for cost:
//   - ParentMap keys a DenseMap with DenseMap's own pointer hash, which
//     clusters on AST nodes (PointerHash.h), so its cost per node grew with
//     the size of the function (about 5x from functions of 700 lines to
//     functions of 5,600 lines, bench/engine). Here positions are found
//     through an open-addressing table of 4-byte slots (a preorder
//     position each; the key is the statement at that position), a quarter
//     of a DenseMap's 16-byte buckets, so that the table and the preorder
//     of a long function stay in the core's cache. It is built with an
//     explicit stack (no recursion on deep expressions).
//   - A check that needs every statement of a kind reads preorder() (a flat
//     loop) instead of a RecursiveASTVisitor walk of its own, and "is B
//     inside A" is two index comparisons instead of source-range tests.
//   - classAt() is each statement's class and opAt() its operator (the
//     opcode of a unary or binary operator, the kind of a cast), kept beside
//     the preorder: a pass that wants assignments and calls tests them
//     (ClassSet) and touches only those nodes. A function of 2,800 lines
//     has about 35,000 statements; reading each node's class from the AST
//     in every pass missed the core's cache about once per node and pass
//     (cachegrind, bench/engine).
// Clause expressions of OpenMP directives are not statements of the body
// (OMPExecutableDirective::children() is its associated statement only).
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_STMTPARENTS_H
#define USMCHECK_CHECKS_UTILS_STMTPARENTS_H

#include "PointerHash.h"

#include "clang/AST/Decl.h"
#include "clang/AST/OperationKinds.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <vector>

namespace clang::tidy::usm {

/// A set of statement classes: what isa<T...> answers, as a table, so that
/// a statement's class can be tested without the statement.
class ClassSet {
public:
  template <class... T> static ClassSet of() {
    ClassSet Set;
    for (unsigned C = 1; C < Set.Bits.size(); ++C) {
      // classof() reads the statement's class only.
      Stmt Probe(static_cast<Stmt::StmtClass>(C));
      Set.Bits[C] = llvm::isa<T...>(&Probe);
    }
    return Set;
  }
  bool contains(Stmt::StmtClass C) const { return Bits[C]; }

private:
  std::bitset<256> Bits; // Stmt's class is an 8-bit field
};

class StmtParents {
public:
  /// Indexes every statement below \p Root (and Root itself); \p SizeHint:
  /// the number of statements expected (0: unknown).
  explicit StmtParents(const Stmt *Root, unsigned SizeHint = 0);
  /// The parent of \p S, or null (\p Root, or \p S not below it).
  const Stmt *getParent(const Stmt *S) const {
    int I = indexOf(S);
    if (I < 0 || Nodes[I].Parent == None)
      return nullptr;
    return Order[Nodes[I].Parent];
  }
  /// Every indexed statement, in preorder (children in source order).
  llvm::ArrayRef<const Stmt *> preorder() const { return Order; }
  /// The positions, in preorder, of the statements the engine's passes act
  /// on: declarations, returns, calls, lambdas, new-expressions, OpenMP
  /// directives, captured statements, subscripts, member accesses,
  /// assignments (compound ones too), and the unary operators *, &, ++
  /// and --. A pass reads this list instead of testing every position:
  /// about a fifth of a body's statements, and no unpredictable branch
  /// per statement. (A pass still tests the classes it wants.)
  llvm::ArrayRef<std::uint32_t> actors() const { return Actors; }
  /// The positions of the declaration references, in preorder.
  llvm::ArrayRef<std::uint32_t> references() const { return References; }
  /// The positions of the loop statements (LoopClasses: do, for, while,
  /// range-for), in preorder, recorded by the walk: a pass that wants the
  /// loops of a body reads this list instead of every position's class.
  llvm::ArrayRef<std::uint32_t> loops() const { return Loops; }
  /// The classes loops() lists (engine::loopClasses()).
  static const ClassSet LoopClasses;
  /// The declaration each reference of references() names (the same
  /// order), read when the body was indexed: a pass that wants the
  /// variable a reference names reads this array instead of the
  /// reference, whose node is no longer in the cache by then.
  llvm::ArrayRef<const ValueDecl *> referenceDecls() const {
    return ReferenceDecls;
  }
  /// The references at positions [Begin, End), as indices [first, second)
  /// into references() and referenceDecls().
  std::pair<unsigned, unsigned> referenceSpan(unsigned Begin,
                                              unsigned End) const {
    const std::uint32_t *Data = References.data();
    const std::uint32_t *B =
        std::lower_bound(Data, Data + References.size(), Begin);
    const std::uint32_t *E =
        std::lower_bound(B, Data + References.size(), End);
    return {static_cast<unsigned>(B - Data), static_cast<unsigned>(E - Data)};
  }
  /// Preorder position of \p S, or -1 when it is not indexed.
  int indexOf(const Stmt *S) const {
    if (Slots.empty())
      return -1;
    for (std::uint32_t H = home(S);; H = (H + 1) & Mask) {
      std::uint32_t V = Slots[H];
      if (V == 0)
        return -1;
      if (Order[V - 1] == S)
        return static_cast<int>(V - 1);
    }
  }
  /// One past the last preorder position of the subtree at position I.
  unsigned subtreeEnd(unsigned I) const { return Nodes[I].End; }
  /// The statement at preorder position I.
  const Stmt *at(unsigned I) const { return Order[I]; }
  /// The class of the statement at position I, read from the index.
  Stmt::StmtClass classAt(unsigned I) const {
    return static_cast<Stmt::StmtClass>(Tags[I].Class);
  }
  /// The operator of the statement at position I: the opcode of a unary or
  /// binary operator (compound assignments included), the kind of a cast;
  /// 0 for the other classes.
  unsigned opAt(unsigned I) const { return Tags[I].Op; }
  /// Is the statement at position I one of \p Set's classes?
  bool is(unsigned I, const ClassSet &Set) const {
    return Set.contains(classAt(I));
  }
  /// Is the statement at position I an implicit cast of kind \p K, a
  /// binary operator (compound assignments included) with
  /// opcode \p O, a unary operator with opcode \p O?
  bool isImplicitCast(unsigned I, CastKind K) const {
    return classAt(I) == Stmt::ImplicitCastExprClass && Tags[I].Op == K;
  }
  bool isBinaryOperator(unsigned I) const {
    return BinaryClasses.contains(classAt(I));
  }
  bool isBinary(unsigned I, BinaryOperatorKind O) const {
    return BinaryClasses.contains(classAt(I)) && Tags[I].Op == O;
  }
  /// A binary operator that assigns (=, +=, ...).
  bool isAssignment(unsigned I) const {
    return BinaryClasses.contains(classAt(I)) && Tags[I].Op >= BO_Assign &&
           Tags[I].Op <= BO_OrAssign;
  }
  bool isUnary(unsigned I, UnaryOperatorKind O) const {
    return classAt(I) == Stmt::UnaryOperatorClass && Tags[I].Op == O;
  }
  /// ++ or -- (either side).
  bool isIncrementDecrement(unsigned I) const {
    return classAt(I) == Stmt::UnaryOperatorClass && Tags[I].Op <= UO_PreDec;
  }
  /// The position of the parent of the statement at position I, or None:
  /// walking up by position costs no lookup per step.
  static constexpr unsigned None = ~0u;
  unsigned parentIndex(unsigned I) const { return Nodes[I].Parent; }
  /// Was some statement reachable twice (an OpaqueValueExpr's source)?
  /// Then a statement's parent here is the first one the walk met, and a
  /// statement's ancestors in the AST need not all be its ancestors here.
  bool shared() const { return Shared; }
  /// Is \p Inner \p Outer itself or below it?
  bool contains(const Stmt *Outer, const Stmt *Inner) const {
    int O = indexOf(Outer), I = indexOf(Inner);
    return O >= 0 && I >= O && static_cast<unsigned>(I) < Nodes[O].End;
  }

private:
  struct Node {
    std::uint32_t Parent; ///< preorder position of the parent
    std::uint32_t End;    ///< one past the subtree's last position
  };
  /// The slot a probe for \p S starts at: the top bits of a Fibonacci
  /// product. (MixedPtrInfo's bits 32 and up under a mask probed longer in
  /// long bodies: building the table took 23 instructions per statement in
  /// bodies of 8,600 statements and 30 in bodies of 35,000; with the top
  /// bits, 22 and 23. Callgrind, bench/engine long 7k and 28k.)
  std::uint32_t home(const Stmt *S) const {
    return static_cast<std::uint32_t>(
        (static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(S)) *
         0x9E3779B97F4A7C15ull) >>
        Shift);
  }
  void setCapacity(std::size_t Capacity) { // a power of two, >= 2
    Mask = static_cast<std::uint32_t>(Capacity - 1);
    Shift = 64 - llvm::Log2_64(Capacity);
  }
  /// Adds \p S at position \p Index; false when it is indexed already.
  bool insert(const Stmt *S, std::uint32_t Index);
  void grow(std::size_t Capacity);
  /// The preorder below \p Root (see the constructor); false when the walk
  /// without Dedupe met a statement that may be reached twice.
  template <bool Dedupe> bool walk(const Stmt *Root);
  /// The table for the preorder as walked; false on a statement found
  /// twice.
  bool hashAll();

  std::vector<const Stmt *> Order;
  std::vector<Node> Nodes;
  /// The class of each statement, and its operator (0 for the others).
  struct Tag {
    std::uint8_t Class;
    std::uint8_t Op;
  };
  std::vector<Tag> Tags;
  std::vector<std::uint32_t> Actors, References, Loops;
  std::vector<const ValueDecl *> ReferenceDecls;
  static const ClassSet ActorClasses;
  static const ClassSet CastClasses, BinaryClasses;
  /// Open addressing, linear probing, at most three quarters full:
  /// position + 1 of the statement hashed there, 0 for an empty slot.
  std::vector<std::uint32_t> Slots;
  std::uint32_t Mask = 0;
  unsigned Shift = 63;
  bool Shared = false;
};

} // namespace clang::tidy::usm

#endif
