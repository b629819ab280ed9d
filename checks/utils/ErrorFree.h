//===- ErrorFree.h - is this code something clang fully understood? --------===//
//
// A translation unit with compile errors is still analysed, but only where
// the AST is trustworthy. Inside a function that contains an error, clang
// has replaced what it could not resolve with RecoveryExprs or dropped it:
// a failed `q.parallel_for(..., [=](...) {...})` call leaves the kernel
// lambda looking like host code, a failed declaration hides an assignment.
// Findings in such a function could be artefacts of the error, so checks
// stay quiet there (the driver already reports the file as partial).
//
// A function "contains an error" when a compile error was reported inside
// its source range (a parse error leaves no trace in the AST: the statement
// is simply gone), or its body, or the body of a lambda or local class
// nested in it, holds an expression that containsErrors() or an invalid
// declaration; lambdas are judged with their outermost enclosing function.
// The error locations are recorded by a diagnostic consumer that watch()
// puts in front of clang-tidy's for the translation unit.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_ERRORFREE_H
#define USMCHECK_CHECKS_UTILS_ERRORFREE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::usm {

/// Answers for one translation unit: a check keeps one as a member and
/// calls clear() in onStartOfTranslationUnit().
class ErrorFree {
public:
  /// Records the compile errors of the translation unit \p PP is about to
  /// parse; call from the check's registerPPCallbacks().
  void watch(Preprocessor *PP);
  /// True if \p FD (judged with its outermost enclosing function) contains
  /// a compile error. Null is error-free.
  bool functionHasErrors(const FunctionDecl *FD);
  /// True if \p S sits in a function that contains a compile error.
  bool inFunctionWithErrors(const Stmt *S, ASTContext &Ctx);
  void clear() { Cache.clear(); }

private:
  llvm::DenseMap<const FunctionDecl *, bool> Cache;
  /// Owned by the diagnostics engine (lives as long as the AST).
  const std::vector<SourceLocation> *ErrorLocs = nullptr;
};

} // namespace clang::tidy::usm

#endif
