//===- AsyncHostAccessCheck.h - usm-async-host-access ---------------------===//
#ifndef USMCHECK_CHECKS_ASYNCHOSTACCESSCHECK_H
#define USMCHECK_CHECKS_ASYNCHOSTACCESSCHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

/// Finds host code that touches host or shared USM memory while a kernel or
/// an asynchronous copy that writes it may still be running: no wait for
/// its stream, queue, event or task on some path between them.
///
/// Flow-sensitive per host function, over the provenance engine's CFG: a
/// set of pending asynchronous writes per block (gen at the operation, kill
/// at a synchronisation that covers it, usm_async.def), joined by union; a
/// host access (ProvenanceAnalysis::hostUsmAccesses) of an allocation that
/// a pending operation writes is reported. A call of a user function that
/// may synchronise (on some path of its body or its callees') ends every
/// pending operation; an external function without a body ends none. See
/// docs/checks/usm-async-host-access.md.
class AsyncHostAccessCheck : public UsmCheck {
public:
  AsyncHostAccessCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
};

} // namespace clang::tidy::usm

#endif
