//===- FreeMismatchCheck.h - usm-free-mismatch --------------------------------===//
#ifndef USMCHECK_CHECKS_FREEMISMATCHCHECK_H
#define USMCHECK_CHECKS_FREEMISMATCHCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/ErrorFree.h"
#include "utils/WholeTU.h"

namespace clang::tidy::usm {

struct FreeFact;

/// Finds USM memory released with a deallocator of another kind or
/// programming model, and non-USM memory released with a USM free.
///
/// The allocator/deallocator pairs come from the catalog (the Dealloc column
/// of usm_apis.def). The pointer's origins are the provenance engine's
/// "must" answer at the free (utils/Provenance.h, FreeFact): when any
/// definition that may reach the free is unknown the check stays quiet.
class FreeMismatchCheck : public ClangTidyCheck {
public:
  FreeMismatchCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), TU(this, Context) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                           Preprocessor *) override {
    Errors.watch(PP);
  }
  void onStartOfTranslationUnit() override { Errors.clear(); }
  void onEndOfTranslationUnit() override;

private:
  /// A pointer handed to a helper, destructor or deleter that frees it
  /// with a mismatching deallocator (reported at the hand-over).
  void reportHandOver(const FreeFact &F, ASTContext &Ctx);
  /// A matching deallocator with the wrong device or context argument.
  void checkArguments(const FreeFact &F, ASTContext &Ctx);
  const ASTContext *Analyzed = nullptr; ///< whose shared analysis to drop
  ErrorFree Errors; ///< no findings from functions with compile errors
  WholeTU TU;       ///< one match of the whole TU (utils/WholeTU.h)
};

} // namespace clang::tidy::usm

#endif
