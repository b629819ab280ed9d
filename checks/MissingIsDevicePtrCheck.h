//===- MissingIsDevicePtrCheck.h - usm-missing-is-device-ptr
//------------------===//
#ifndef USMCHECK_CHECKS_MISSINGISDEVICEPTRCHECK_H
#define USMCHECK_CHECKS_MISSINGISDEVICEPTRCHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

/// Finds device memory dereferenced in an OpenMP target region that does not
/// list its pointer in is_device_ptr or has_device_addr, so the region
/// relies on implicit pointer attachment (off by default).
///
/// The pointer must hold device memory on every path (the engine's
/// KernelPointer facts: a known USM device allocation). Quiet for pointers
/// the directive lists in is_device_ptr, has_device_addr or map, inside an
/// enclosing `target data use_device_ptr/use_device_addr` region, for
/// pointers the region does not dereference, and under `requires
/// unified_shared_memory`. Opt-in (checks.def USM_CHECK_OPT_IN): OpenMP 5.1
/// and later pass an unmapped pointer unchanged, so the code works on
/// current runtimes; the clause states the intent and keeps older runtimes
/// from replacing the address.
class MissingIsDevicePtrCheck : public UsmCheck {
public:
  MissingIsDevicePtrCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
};

} // namespace clang::tidy::usm

#endif
