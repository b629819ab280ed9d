//===- HostAccessDeviceCheck.h - usm-host-access-device ---------------------===//
#ifndef USMCHECK_CHECKS_HOSTACCESSDEVICECHECK_H
#define USMCHECK_CHECKS_HOSTACCESSDEVICECHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

/// Finds host code that reads or writes device-only USM memory.
///
/// The pointer's provenance comes from utils/Provenance.h (flow-sensitive,
/// through copies, fields, calls, lambdas and smart pointers); device
/// contexts (OpenMP target regions, SYCL kernels, CUDA/HIP device functions)
/// are never reported. Each finding names the access, the allocator and its
/// site, and ranks the three fixes of the USM feature table by what the code
/// does; the top fix is a fix-it when it is an allocator swap.
class HostAccessDeviceCheck : public UsmCheck {
public:
  HostAccessDeviceCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
};

} // namespace clang::tidy::usm

#endif
