//===- HostMemoryHotKernelCheck.h - usm-host-memory-hot-kernel ----------------===//
#ifndef USMCHECK_CHECKS_HOSTMEMORYHOTKERNELCHECK_H
#define USMCHECK_CHECKS_HOSTMEMORYHOTKERNELCHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

/// Finds host memory dereferenced by a kernel that is launched in a loop,
/// so that every launch reads it remotely over the host link.
///
/// A performance advisor (warning): the pointer must be allocated as host
/// memory in the same function (utils/Advisor.h); loops and kernels come
/// from the shared provenance engine. With `usmcheck check
/// --bench-results=FILE` the message quotes the bandwidths `usmcheck bench`
/// measured on the user's GPU.
class HostMemoryHotKernelCheck : public UsmCheck {
public:
  HostMemoryHotKernelCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
  /// The advice for the pointers of one host function.
  void advise(ProvenanceAnalysis &PA, const FunctionDecl *FD);
};

} // namespace clang::tidy::usm

#endif
