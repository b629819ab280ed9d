//===- FreeMismatchCheck.h - usm-free-mismatch --------------------------------===//
#ifndef USMCHECK_CHECKS_FREEMISMATCHCHECK_H
#define USMCHECK_CHECKS_FREEMISMATCHCHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

struct FreeFact;

/// Finds USM memory released with a deallocator of another kind or
/// programming model, and non-USM memory released with a USM free.
///
/// The allocator/deallocator pairs come from the catalog (the Dealloc column
/// of usm_apis.def). The pointer's origins are the provenance engine's
/// "must" answer at the free (utils/Provenance.h, FreeFact): when any
/// definition that may reach the free is unknown the check stays quiet.
class FreeMismatchCheck : public UsmCheck {
public:
  FreeMismatchCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
  /// A pointer handed to a helper, destructor or deleter that frees it
  /// with a mismatching deallocator (reported at the hand-over).
  void reportHandOver(const FreeFact &F, ASTContext &Ctx);
  /// A matching deallocator with the wrong device or context argument.
  void checkArguments(const FreeFact &F, ASTContext &Ctx);
};

} // namespace clang::tidy::usm

#endif
