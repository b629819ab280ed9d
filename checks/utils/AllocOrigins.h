//===- AllocOrigins.h - which allocation calls can a pointer come from? ------===//
//
// A deliberately conservative, flow-insensitive answer used by the simpler
// checks: a local pointer variable's origins are known only when *every*
// definition of it in the function (initialiser, plain assignments,
// out-parameter of a catalog allocator such as cudaMalloc(&p, n)) is a
// catalog allocation call or a new-expression. Any other definition (a
// parameter, an unknown call, &p escaping elsewhere) makes the answer
// "unknown", and checks then stay quiet.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_ALLOCORIGINS_H
#define USMCHECK_CHECKS_UTILS_ALLOCORIGINS_H

#include "Catalog.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <vector>

namespace clang::tidy::usm {

struct AllocOrigin {
  const Expr *Site = nullptr; ///< the allocation call or new-expression
  const ::usm::Api *A = nullptr;
  std::optional<::usm::Kind> K; ///< nullopt: ByArg with unknown selector
};

/// Origins of the pointer value \p E inside function body \p Body; nullopt
/// when any definition that may reach \p E is not a known allocation.
/// Definitions that may reach: those before \p E in source order, from the
/// last one that runs unconditionally before it (a statement of a block
/// enclosing \p E), plus those after \p E inside a loop that encloses both.
std::optional<std::vector<AllocOrigin>>
allocOriginsOf(const Expr *E, const Stmt *Body, ASTContext &Ctx);

/// The origin if \p E is itself an allocation call or new-expression.
std::optional<AllocOrigin> originOfAllocExpr(const Expr *E);

} // namespace clang::tidy::usm

#endif
