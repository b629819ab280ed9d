//===- LifetimeCheck.h - what the three lifetime rules share
//---------------===//
//
// usm-double-free, usm-use-after-free and usm-leak report the
// LifetimeFindings of the shared provenance engine (Lifetime.h), each its
// own issue. This base class skips functions with compile errors and
// writes the notes (the earlier release, the helper that
// releases or uses the memory, the allocation, the call that returned it);
// the check classes write the message.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_LIFETIMECHECK_H
#define USMCHECK_CHECKS_UTILS_LIFETIMECHECK_H

#include "Finding.h"
#include "Lifetime.h"
#include "UsmCheck.h"

#include <string>

namespace clang::tidy::usm {

class LifetimeCheck : public UsmCheck {
public:
  LifetimeCheck(StringRef Name, ClangTidyContext *Context, LifetimeIssue Issue)
      : UsmCheck(Name, Context), Issue(Issue) {}

protected:
  /// The finding's message (its notes are written by the base).
  virtual std::string message(const LifetimeFinding &F) const = 0;
  /// "USM device memory allocated by 'cudaMalloc'", or "this memory" for a
  /// parameter.
  static std::string what(const LifetimeFinding &F);

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
  void notes(const LifetimeFinding &F, const SourceManager &SM);
  /// The structured facts of the finding (report/Finding.h).
  ::usm::FindingFacts facts(const LifetimeFinding &F,
                            const ASTContext &Ctx) const;
  LifetimeIssue Issue;
};

} // namespace clang::tidy::usm

#endif
