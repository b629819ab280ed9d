//===- EngineSupport.h - helpers shared by the engine's parts
//--------------===//
//
// Small AST and catalog predicates that the collector, the transfer
// functions and the queries of the provenance engine all use.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_ENGINESUPPORT_H
#define USMCHECK_CHECKS_UTILS_ENGINESUPPORT_H

#include "Catalog.h"
#include "Queries.h"
#include "UsmApi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <string>
#include <string_view>

namespace clang::tidy::usm {
class ClassSet;
class StmtParents;
}

namespace clang::tidy::usm::engine {

/// A kernel launcher of DeviceContext.def (its callable is device code).
bool isLauncher(std::string_view Name);
/// The pointer argument of a call that registers host memory for device
/// access (DeviceContext.def USM_HOST_REGISTER), or -1.
int hostRegisterArg(std::string_view Name);
/// The call that registers host memory for \p M's kernels, or "".
std::string_view hostRegisterName(::usm::Model M);
/// A call that selects, creates or places on devices (DeviceContext.def:
/// USM_DEVICE_SELECT, USM_SUB_DEVICES, USM_QUEUE_CREATE, USM_PEER_ACCESS);
/// \p Peer is set for USM_PEER_ACCESS rows.
bool isPlacementCall(std::string_view Name, bool &Peer);
/// Does the device argument of catalog call \p Call (row \p A) place it
/// on a device the source names (a constant or variable device number, a
/// SYCL queue, device or context)? (Placement.cpp)
bool placesByArgument(const CallExpr &Call, const ::usm::Api &A);
/// An annotation that marks a device function (DeviceContext.def).
bool isDeviceAnnotation(StringRef Text);
/// CUDA/HIP device code: __global__ or __device__ without __host__.
bool isCudaDevice(const FunctionDecl *FD);
/// Device numbers, allocator handles, memory spaces.
bool isScalar(QualType T);
/// The model's "initial device" call (models.def HostDevice).
bool isInitialDeviceCall(const CallExpr &Call);
bool hasInitialDevice(::usm::Model M);
/// A constant that a kind query answers with (usm_queries.def), or null.
const ::usm::QueryAnswer *queryAnswerOf(const Expr *E);
/// Pointers, records that may hold them, arrays of pointers.
bool isPointerLike(QualType T);
/// True when \p E surely is no constant expression, so that no constant
/// evaluation of it (EvaluateAsInt, isNullPointerConstant, ...) can
/// succeed: it reads the value of a variable that is neither const nor a
/// reference, and has nothing that could skip that read (no calls, logical
/// or conditional operators, commas, assignments, statement expressions).
/// False means "ask clang". The evaluator spends about 2,000 instructions
/// to find out that `n * sizeof(double)` is not constant; this walk, a few
/// dozen.
bool neverConstant(const Expr *E);
/// The name under which host_access.def lists \p FD.
std::string hostAccessName(const FunctionDecl &FD);
/// Strips casts, materialised and bound temporaries (inline: the
/// transfer functions call it for every expression they evaluate).
inline const Expr *ignoreTemporaries(const Expr *E) {
  while (E) {
    E = stripCasts(E); // materialised temporaries too
    const auto *B = dyn_cast_or_null<CXXBindTemporaryExpr>(E);
    if (!B)
      break;
    E = B->getSubExpr();
  }
  return E;
}
/// A statement that can run its body more than once.
bool isLoop(const Stmt *S, const ASTContext &Ctx);
/// isLoop() of the statement at position \p P of \p PM, one of
/// loopClasses(): for, while and range-for are loops by their class (read
/// from the index), so only a do statement is read.
bool isLoopAt(const StmtParents &PM, unsigned P, const ASTContext &Ctx);
/// The classes of the statements isLoop() can accept (tested on the body
/// index's classes before the statement is read).
const ClassSet &loopClasses();
/// The array variable (automatic or static storage, not a parameter) whose
/// address \p E is: the array named itself (an OpenMP clause item, a
/// reference in a region) or decaying to a pointer; null otherwise.
const VarDecl *decayedArray(const Expr *E);
/// The catalog row (role Allocator) of the allocator template argument of
/// the container whose member \p Call calls (std::vector<T, A>::data()), or
/// null when the container has no allocator argument the catalog knows.
const ::usm::Api *containerAllocator(const CallExpr &Call);

} // namespace clang::tidy::usm::engine

#endif
