//===- SharedPingPongCheck.h - usm-shared-ping-pong --------------------------===//
#ifndef USMCHECK_CHECKS_SHAREDPINGPONGCHECK_H
#define USMCHECK_CHECKS_SHAREDPINGPONGCHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

/// Finds shared memory touched by host code and by a kernel inside the same
/// loop without prefetch or advice, so that its pages migrate back and
/// forth every iteration.
///
/// A performance advisor (warning): the pointer must be allocated as shared
/// memory in the same function (utils/Advisor.h); loops and kernels come
/// from the shared provenance engine. With `usmcheck check
/// --bench-results=FILE` the message quotes the cost `usmcheck bench`
/// measured on the user's GPU.
class SharedPingPongCheck : public UsmCheck {
public:
  SharedPingPongCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
  /// The advice for the pointers of one host function.
  void advise(ProvenanceAnalysis &PA, const FunctionDecl *FD);
};

} // namespace clang::tidy::usm

#endif
