//===- CrossDeviceCheck.h - usm-cross-device -------------------------------===//
#ifndef USMCHECK_CHECKS_CROSSDEVICECHECK_H
#define USMCHECK_CHECKS_CROSSDEVICECHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

/// Finds device memory allocated for one device and used by a kernel or a
/// copy on another device, or USM memory used through a queue of another
/// context.
///
/// Where the allocation was made and where the kernel or copy runs come
/// from the engine's placement facts (utils/Placement.h): OpenMP device
/// numbers, the CUDA/HIP current device, SYCL queues, devices and contexts.
/// Reported only when the source shows that the two devices differ;
/// shared and host memory, and CUDA/HIP/SYCL code that enables peer access,
/// are quiet. Allocations against a sub-device are usm-sub-device-alloc's.
class CrossDeviceCheck : public UsmCheck {
public:
  CrossDeviceCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
};

} // namespace clang::tidy::usm

#endif
