//===- MemcpyDirectionCheck.h - usm-memcpy-direction --------------------------===//
#ifndef USMCHECK_CHECKS_MEMCPYDIRECTIONCHECK_H
#define USMCHECK_CHECKS_MEMCPYDIRECTIONCHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

/// Finds USM copies whose device numbers or copy kind contradict where the
/// pointers' memory lives, and copies or fills that run past the end of an
/// allocation of known size.
///
/// What each argument of a copy means (destination, source, count, offsets,
/// device numbers, copy kind, size unit) is catalog data (usm_apis.def,
/// usm_copies.def). The pointers' memory comes from the provenance engine's
/// "must" answer at the copy (utils/Provenance.h, CopyFact); sizes from
/// utils/AllocSize.h. Unknown memory or sizes: no finding.
class MemcpyDirectionCheck : public UsmCheck {
public:
  MemcpyDirectionCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
};

} // namespace clang::tidy::usm

#endif
