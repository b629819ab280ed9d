//===- LifetimeCheck.h - what the three lifetime rules share ---------------===//
//
// usm-double-free, usm-use-after-free and usm-leak report the
// LifetimeFindings of the shared provenance engine (Lifetime.h), each its
// own issue. This base class runs the engine, skips functions with compile
// errors and writes the notes (the earlier release, the helper that
// releases or uses the memory, the allocation, the call that returned it);
// the check classes write the message.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_LIFETIMECHECK_H
#define USMCHECK_CHECKS_UTILS_LIFETIMECHECK_H

#include "ErrorFree.h"
#include "Finding.h"
#include "Lifetime.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <string>

namespace clang::tidy::usm {

class LifetimeCheck : public ClangTidyCheck {
public:
  LifetimeCheck(StringRef Name, ClangTidyContext *Context, LifetimeIssue Issue)
      : ClangTidyCheck(Name, Context), Issue(Issue) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                           Preprocessor *) override {
    Errors.watch(PP);
  }
  void onStartOfTranslationUnit() override { Errors.clear(); }
  void onEndOfTranslationUnit() override;

protected:
  /// The finding's message (its notes are written by the base).
  virtual std::string message(const LifetimeFinding &F) const = 0;
  /// "USM device memory allocated by 'cudaMalloc'", or "this memory" for a
  /// parameter.
  static std::string what(const LifetimeFinding &F);

private:
  void notes(const LifetimeFinding &F, const SourceManager &SM);
  /// The structured facts of the finding (report/Finding.h).
  ::usm::FindingFacts facts(const LifetimeFinding &F,
                            const ASTContext &Ctx) const;
  LifetimeIssue Issue;
  const ASTContext *Analyzed = nullptr; ///< whose shared analysis to drop
  ErrorFree Errors; ///< no findings from functions with compile errors
};

} // namespace clang::tidy::usm

#endif
