//===- Lifetime.h - the lifetime component of the provenance engine -------===//
//
// Issue 9's lifetime lattice and what the lifetime rules (usm-double-free,
// usm-use-after-free, usm-leak) read from it.
//
// Each allocation a function creates gets one lifetime slot in the
// per-block state (a Location whose Life field is the allocation's key):
//   - an allocation call in the function itself: the call expression;
//   - an allocation a callee returns fresh (Summaries: FreshReturns,
//     FreshOut): the callee's allocation expression, with the call that
//     created it in this function remembered for the notes;
//   - a pointer parameter: its declaration (for the summaries "frees
//     parameter i").
// The slot's value is a set of markers (interned OriginSets, so joins,
// equality and sharing come from the existing persistent state):
//   Live       allocated on this path and not released;
//   Freed(S)   released at S (a deallocation or a call of a helper that
//              releases it; FreedAt is then the helper's own free);
//   Escaped    ownership left the function (returned, stored in a field, a
//              global, an array or an out-parameter, passed to a function
//              that keeps it or whose body is unknown, captured by a host
//              lambda, handed to an RAII owner);
//   Aliased    copied into a second local variable;
//   Unsure     an out-parameter allocation whose status is tested in a way
//              the engine does not read (it may have failed).
// Join is union. "Freed on every path" is a set with Freed markers and no
// Live one; "maybe freed" has both. A free through any alias updates the
// slot (strongly when the pointer holds that one allocation, else weakly);
// a new execution of the allocation resets it to {Live}. On the branch
// where a pointer is null, or where an allocation's status says it failed,
// the slot becomes empty (no allocation on that path).
//
// Transfer.cpp ("lifetime" section) implements the transfer functions and
// records LifetimeFindings in the final round; the checks only report them.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_LIFETIME_H
#define USMCHECK_CHECKS_UTILS_LIFETIME_H

#include "Lattice.h"

#include "clang/Basic/SourceLocation.h"

namespace clang::tidy::usm {

namespace lifetime {
constexpr int Live = -300;
constexpr int Freed = -301;
constexpr int Escaped = -302;
constexpr int Aliased = -303;
constexpr int Unsure = -304;
/// Scalar value of a status variable: Site is the allocation call whose
/// status it holds.
constexpr int Status = -305;

inline Origin marker(int M, const Expr *At = nullptr,
                     const Expr *Inner = nullptr) {
  Origin O;
  O.Site = At;
  O.Param = M;
  O.FreedAt = Inner;
  return O;
}
inline bool has(const OriginSet &S, int M) {
  for (const Origin &O : S)
    if (O.Param == M)
      return true;
  return false;
}
/// Freed on every path that reaches here (and allocated on some).
inline const Origin *mustFreed(const OriginSet &S) {
  const Origin *F = nullptr;
  for (const Origin &O : S) {
    if (O.Param == Live)
      return nullptr;
    if (O.Param == Freed && !F)
      F = &O;
  }
  return F;
}
} // namespace lifetime

enum class LifetimeIssue { DoubleFree, UseAfterFree, Leak };
enum class LifetimeUse { Host, Kernel, Copy, Helper };

/// One finding of the lifetime rules, with the facts its notes need.
struct LifetimeFinding {
  LifetimeIssue Issue = LifetimeIssue::Leak;
  SourceLocation Loc;               ///< where it is reported
  const FunctionDecl *Fn = nullptr; ///< function containing Loc
  /// The allocation (null when it is a parameter of Fn), its catalog row
  /// and kind.
  const Expr *Alloc = nullptr;
  const ::usm::Api *AllocApi = nullptr;
  ::usm::Kind K = ::usm::Kind::None;
  /// The call in Fn that returned the allocation, when it was made in a
  /// helper.
  const Expr *Created = nullptr;
  const FunctionDecl *Creator = nullptr;
  /// Double free / use after free: the earlier release in Fn (a
  /// deallocation, or a call of a helper that releases the memory), and
  /// the helper's own deallocation.
  const Expr *FreedAt = nullptr;
  const Expr *FreedInside = nullptr;
  /// Use after free: how the memory is used; for Helper, the helper and
  /// its own use.
  LifetimeUse Use = LifetimeUse::Host;
  const FunctionDecl *Helper = nullptr;
  const Expr *UseInside = nullptr;
  /// Leak: the last pointer is overwritten here (else: a path out of Fn).
  bool Overwritten = false;
};

} // namespace clang::tidy::usm

#endif
