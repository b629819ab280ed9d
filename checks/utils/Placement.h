//===- Placement.h - which device an allocation, kernel or copy is for ----===//
//
// The provenance engine says which allocations reach a kernel or a copy;
// this part says on which device each of them is placed, as far as the
// source shows it:
//   - OpenMP: the device argument of omp_target_alloc* and omp_target_memcpy,
//     the device clause of a target region (without one: the device last
//     selected by omp_set_default_device in the function);
//   - CUDA/HIP: the current device, the last cudaSetDevice/hipSetDevice on
//     every path to the allocation or launch in the same function;
//   - SYCL: the queue (or device and context) of the allocation, the queue a
//     kernel or copy is submitted to (through a handler: the queue whose
//     submit received the command group), and what each queue was
//     constructed from (device, context; a copy is the same queue);
//   - Level Zero: the device handle of the allocation, the device of the
//     command list a copy is appended to.
// Devices are compared as terms (DeviceTerm): a constant number, a variable
// that is never assigned after its initialisation plus a constant offset,
// an element of a device array at a constant index (sub-devices when the
// array was filled by a sub-device creation call, DeviceContext.def), or an
// object. Two terms are *different* only when the source shows it
// (different constants, d and d + 1, devs[0] and devs[1], a sub-device and
// its root); anything else is "not known to differ" and checks stay quiet.
//
// Cost: nothing runs unless the translation unit contains a multi-device
// construct (a device-selection call, a sub-device creation, a device
// clause, a constant device argument, a queue constructed from a device or
// context: ProvenanceAnalysis::hasMultiDevice()); then each function that a
// query touches is walked once (its writes, its current device along its
// CFG: linear in its size), and the results are kept.
//
// API names live in DeviceContext.def (USM_DEVICE_SELECT, USM_SUB_DEVICES,
// USM_QUEUE_CLASS, ...); none is spelled here.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_PLACEMENT_H
#define USMCHECK_CHECKS_UTILS_PLACEMENT_H

#include "Catalog.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <string>
#include <string_view>

namespace clang::tidy::usm {

/// A device as the source names it.
struct DeviceTerm {
  enum class Form : unsigned char {
    Unknown, ///< not visible
    Number,  ///< constant device number N
    Var,     ///< variable D (never assigned after its initialisation) + N
    Element, ///< element N of the device array or vector D
    Object   ///< the device object or handle D itself
  };
  Form F = Form::Unknown;
  long long N = 0;
  const Decl *D = nullptr;
  /// Element of an array that a sub-device creation call filled: the
  /// device it was created from (its root, or a parent sub-device).
  std::shared_ptr<const DeviceTerm> Parent;
  /// The expression that names it (for messages), when there is one.
  const Expr *Written = nullptr;

  bool known() const { return F != Form::Unknown; }
  bool isSubDevice() const { return Parent != nullptr; }
  /// The same device for certain.
  bool same(const DeviceTerm &O) const;
  /// Different devices for certain (different constants, d and d + 1,
  /// devs[0] and devs[1], a sub-device and the device it was created from,
  /// or its sibling).
  bool differs(const DeviceTerm &O) const;
};

/// Where an allocation was made, or where a kernel or a copy runs.
struct Placement {
  DeviceTerm Device;
  /// An explicitly constructed context (SYCL), null when not visible.
  const Decl *Context = nullptr;
  /// The queue or command list (after copies are resolved), if any.
  const Decl *Queue = nullptr;
  /// What the source names for the placement: a device argument or clause,
  /// a queue expression, the device selection call; null when nothing.
  const Expr *Written = nullptr;
  /// True when the placement is the current device set by a device-selection
  /// call (CUDA/HIP, omp_set_default_device): Written is that call.
  bool Current = false;

  /// The same queue for certain (the same variable or a copy of it).
  bool sameQueue(const Placement &O) const {
    return Queue && Queue == O.Queue;
  }
  /// Different contexts for certain: two explicitly constructed ones.
  bool contextDiffers(const Placement &O) const {
    return Context && O.Context && Context != O.Context;
  }
};

class ProvenanceAnalysis;
struct Origin;

/// One use of one allocation by a kernel or a copy, with both placements.
struct PlacedUse {
  const Origin *Alloc = nullptr; ///< the allocation (engine origin)
  Placement AllocAt, UseAt;
  const Stmt *At = nullptr;          ///< the kernel anchor or the copy call
  const FunctionDecl *Fn = nullptr;  ///< the function containing At
  const Expr *Ptr = nullptr;         ///< the pointer expression, if any
  const ValueDecl *Var = nullptr;    ///< or the variable a kernel captures
  const ::usm::Api *CopyApi = nullptr; ///< set for copies and fills
};

/// Calls \p Visit for every kernel and copy whose pointer holds exactly
/// one allocation on every path, when the allocation's placement is
/// visible (nothing when the TU has no multi-device construct). Kernels in
/// the order the engine met them, then copies in CFG order. The uses are
/// computed on the first call and kept with the analysis.
void forEachPlacedUse(ProvenanceAnalysis &PA,
                      llvm::function_ref<void(const PlacedUse &)> Visit);

/// The catalog's USM_PEER_ACCESS call of model \p M (DeviceContext.def),
/// or "".
std::string_view peerAccessCall(::usm::Model M);

/// A copy that names both devices (cudaMemcpyPeer, omp_target_memcpy), or
/// the model's first copy: the call to move data to another device.
const ::usm::Api *peerCopyApi(::usm::Model M);

} // namespace clang::tidy::usm

#endif
