//===- KernelPointers.h - what a kernel does with the pointers it receives
//------===//
//
// usm-device-access-pageable and usm-missing-is-device-ptr read the engine's
// KernelPointer facts (Provenance.h) and ask the same questions of them:
// how an OpenMP target region receives a variable (is_device_ptr,
// has_device_addr, map), whether a device address of the variable is in
// scope (an enclosing `target data use_device_ptr/use_device_addr`), whether
// the function maps the variable in a `target data` or `target enter data`
// region, and where the kernel dereferences the variable first. These walk
// only the statements of one kernel or of one function that has a
// candidate finding, once.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_KERNELPOINTERS_H
#define USMCHECK_CHECKS_UTILS_KERNELPOINTERS_H

#include "Provenance.h"

#include "clang/AST/StmtOpenMP.h"

#include <map>
#include <set>

namespace clang::tidy::usm {

/// How an OpenMP directive's clauses name a variable.
struct OmpClauses {
  bool DevicePtr = false;  ///< is_device_ptr
  bool DeviceAddr = false; ///< has_device_addr
  bool Map = false;        ///< map (any map type)
  bool UseDevice = false;  ///< use_device_ptr / use_device_addr
};
OmpClauses clausesNaming(const OMPExecutableDirective &D, const VarDecl *VD);

/// The first dereference of \p VD in \p Body (p[i], *p, p->f, through
/// pointer arithmetic on p), or null.
const Expr *firstDereference(const Stmt *Body, const VarDecl *VD);

/// The body of a kernel anchor: an OpenMP region's statement or a lambda's
/// body; null for launches.
const Stmt *kernelBody(const Stmt *Anchor);

class KernelPointerQueries {
public:
  explicit KernelPointerQueries(ProvenanceAnalysis &PA) : PA(PA) {}
  /// Is \p D (in \p FD) nested in a `target data` region whose
  /// use_device_ptr/use_device_addr clause names \p VD?
  bool deviceAddressInScope(const OMPExecutableDirective *D, const VarDecl *VD,
                            const FunctionDecl *FD);
  /// Does a `target data` or `target enter data` directive of \p FD map
  /// \p VD (any map type)?
  bool mappedInFunction(const FunctionDecl *FD, const VarDecl *VD);

private:
  ProvenanceAnalysis &PA;
  std::map<const FunctionDecl *, std::set<const VarDecl *>> Mapped;
};

} // namespace clang::tidy::usm

#endif
