//===- UsmApi.h - map Clang AST calls to catalog rows -------------------------===//
//
// Checks never spell API names: they ask these helpers which catalog row a
// call, a declaration reference or an enumerator corresponds to.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_USMAPI_H
#define USMCHECK_CHECKS_UTILS_USMAPI_H

#include "Catalog.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/IgnoreExpr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::usm {

/// The catalog name of a function: qualified name without inline namespaces
/// ("sycl::malloc_device", "sycl::queue::memcpy", "operator new").
std::string catalogName(const FunctionDecl &FD);
/// \p D's fully qualified name without inline namespaces and unwritten
/// scopes, as the catalog lists declarations ("sycl::usm_allocator").
std::string qualifiedName(const NamedDecl &D);

/// The catalog row of function \p FD, or nullptr.
const ::usm::Api *apiForFunction(const FunctionDecl &FD);

/// The catalog row of the function called by \p Call (also for
/// CXXNewExpr/CXXDeleteExpr via their operator), or nullptr.
const ::usm::Api *apiForCall(const CallExpr &Call);

/// Names of catalog APIs with role \p R (and, if given, kind \p K), for
/// hasAnyName() matchers.
std::vector<std::string> apiNames(::usm::Role R,
                                  std::optional<::usm::Kind> K = std::nullopt);

/// The argument of \p Call at catalog index \p Index, or nullptr.
const Expr *argAt(const CallExpr &Call, int Index);

/// How a selector argument is read: selectorKind() below, or a memoised
/// form of it (ProvenanceAnalysis::selectorOf).
using SelectorReader =
    llvm::function_ref<std::optional<::usm::Kind>(const Expr *)>;

/// For ByArg allocators: the kind chosen by a selector constant among the
/// call's arguments (an omp allocator handle, a sycl::usm::alloc value), the
/// first one \p Read tells. nullopt when unknown.
std::optional<::usm::Kind> kindFromArguments(const CallExpr &Call,
                                             SelectorReader Read);

/// The kind an allocation call produces: the row's kind, resolved through
/// selectors (read by \p Read) for ByArg rows. nullopt when it cannot be
/// told.
std::optional<::usm::Kind> allocationKind(const CallExpr &Call,
                                          const ::usm::Api &A,
                                          SelectorReader Read);

/// The deallocator that releases memory of allocator \p Alloc and can
/// replace the call to \p CurrentFree by renaming it (same pointer and
/// device argument positions; a device argument only within one model):
/// e.g. cudaFree -> cudaFreeHost for cudaMallocHost memory,
/// omp_target_free -> llvm_omp_target_free_host. nullptr when a rename is
/// not enough.
const ::usm::Api *renamableDealloc(const ::usm::Api &Alloc,
                                   const ::usm::Api &CurrentFree);

/// The kind a selector constant names (an allocator handle, a memory space,
/// a sycl::usm::alloc value, or a const variable initialised from one).
std::optional<::usm::Kind> selectorKind(const Expr *E);

/// The catalog name of a referenced constant: qualified, and for unscoped
/// C enumerators plain ("cudaMemoryTypeDevice", "sycl::usm::alloc::host").
std::string constantName(const ValueDecl &D);

/// Strips parentheses, implicit and explicit casts (C and C++): what
/// Expr::IgnoreParenImpCasts() skips, and explicit casts and cleanups,
/// until none is left. Inline, one step of clang's IgnoreExpr.h per node:
/// the engine strips about 25 expressions per call expression it reads, and
/// the out-of-line IgnoreParenImpCasts() cost about 5% of the analysis
/// (callgrind, bench/engine).
inline const Expr *stripCasts(const Expr *E) {
  auto *X = const_cast<Expr *>(E);
  while (X) {
    Expr *Next;
    if (auto *Cast = dyn_cast<CastExpr>(X)) // implicit and explicit casts
      Next = Cast->getSubExpr();
    else if ((Next = IgnoreParensSingleStep(X)) == X)
      Next = IgnoreImplicitCastsExtraSingleStep(X); // full expressions too
    if (Next == X)
      break;
    X = Next;
  }
  return X;
}

/// Call.getDirectCallee(), with the usual shape of the callee (a function's
/// name decayed to a pointer) read inline; every other shape is clang's.
inline const FunctionDecl *directCallee(const CallExpr &Call) {
  const Expr *E = Call.getCallee();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    E = ICE->getSubExpr();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<FunctionDecl>(DRE->getDecl());
  return Call.getDirectCallee();
}

} // namespace clang::tidy::usm

#endif
