//===- DeviceAccessPageableCheck.h - usm-device-access-pageable
//---------------===//
#ifndef USMCHECK_CHECKS_DEVICEACCESSPAGEABLECHECK_H
#define USMCHECK_CHECKS_DEVICEACCESSPAGEABLECHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

/// Finds kernels that dereference memory the device cannot access: plain
/// host memory (malloc, new, std::vector storage, arrays) handed to an
/// OpenMP target region through is_device_ptr/has_device_addr, captured as a
/// raw pointer by a SYCL kernel lambda, or passed to a CUDA/HIP kernel.
///
/// Reads the engine's KernelPointer facts (Provenance.h) and reports only
/// pointers that hold plain host memory on every path (a known allocation,
/// never a parameter or an untraced value). Quiet for memory registered for
/// the device (DeviceContext.def USM_HOST_REGISTER), for variables an
/// enclosing `target data` hands over with use_device_ptr/use_device_addr
/// or that the function maps, and for declare-target variables. Under `requires
/// unified_shared_memory` the finding is a warning: the code is correct
/// only on systems where the device reaches all host memory.
class DeviceAccessPageableCheck : public UsmCheck {
public:
  DeviceAccessPageableCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
};

} // namespace clang::tidy::usm

#endif
