//===- UsmCheck.h - what every usm check shares
//------------------------------===//
//
// Every usm check reports facts of the shared whole-TU provenance analysis
// (Provenance.h). This base class does the rest once:
//   - one match of the translation unit, registered through WholeTU, so that
//     MatchFinder's walk of the AST is skipped when every enabled check is a
//     UsmCheck (WholeTU.h);
//   - the analysis is run on the first check's match and released at the
//     end of the translation unit;
//   - the compile errors of the TU are watched, so that a check can stay
//     quiet in functions that contain one (ErrorFree.h);
//   - the preprocessor is kept, for fixes in the user's macro spellings.
// A check implements analyze(), which reports its findings.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_USMCHECK_H
#define USMCHECK_CHECKS_UTILS_USMCHECK_H

#include "ErrorFree.h"
#include "Provenance.h"
#include "WholeTU.h"

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::usm {

class UsmCheck : public ClangTidyCheck {
public:
  UsmCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), TU(this, Context) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) final;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) final;
  void registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                           Preprocessor *) final;
  void onStartOfTranslationUnit() final { Errors.clear(); }
  void onEndOfTranslationUnit() final;

protected:
  /// Reports the check's findings in the translation unit of \p Ctx, whose
  /// analysis \p PA has run.
  virtual void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) = 0;
  /// True if \p FD (null: false) contains a compile error: findings there
  /// could be artefacts of the error.
  bool hasErrors(const FunctionDecl *FD) {
    return Errors.functionHasErrors(FD);
  }
  /// The user's macros (fix spellings); null before the TU is parsed.
  const Preprocessor *preprocessor() const { return PP; }

private:
  WholeTU TU;
  ErrorFree Errors;
  const Preprocessor *PP = nullptr;
  const ASTContext *Analyzed = nullptr; ///< whose shared analysis to drop
};

} // namespace clang::tidy::usm

#endif
