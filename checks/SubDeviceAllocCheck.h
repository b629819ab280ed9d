//===- SubDeviceAllocCheck.h - usm-sub-device-alloc ------------------------===//
#ifndef USMCHECK_CHECKS_SUBDEVICEALLOCCHECK_H
#define USMCHECK_CHECKS_SUBDEVICEALLOCCHECK_H

#include "utils/UsmCheck.h"

namespace clang::tidy::usm {

/// Finds device or shared memory allocated against a sub-device (one stack
/// of a multi-stack GPU) and then used by a kernel or a copy on the root
/// device or on another sub-device.
///
/// Sub-devices are the elements of the arrays that a sub-device creation
/// call of DeviceContext.def fills (SYCL create_sub_devices, Level Zero
/// zeDeviceGetSubDevices); placements come from utils/Placement.h. The
/// message quotes the feature table's multi-stack note
/// (catalog/feature_table.def).
class SubDeviceAllocCheck : public UsmCheck {
public:
  SubDeviceAllocCheck(StringRef Name, ClangTidyContext *Context)
      : UsmCheck(Name, Context) {}

private:
  void analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) override;
};

} // namespace clang::tidy::usm

#endif
