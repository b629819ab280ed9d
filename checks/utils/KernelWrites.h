//===- KernelWrites.h - which pointers a kernel body writes through -------===//
//
// usm-async-host-access must tell the memory a still-running kernel writes
// from the memory it only reads (the host may read the latter concurrently).
// This is a syntactic, flow-insensitive walk of a kernel body (a SYCL kernel
// lambda, an OpenMP target region, a CUDA/HIP __global__ function), linear
// in its size and memoised per body. A variable counts as written through
// when the body
//   - assigns, compound-assigns, increments or decrements an element reached
//     through it (p[i], *p, p->f, p + k),
//   - passes it to a call as a pointer to non-const, or an element of it as
//     a non-const reference or as the object of a non-const member call,
//   - binds a non-const reference to an element of it,
//   - stores it anywhere but in a local pointer (an escape), or
//   - copies it to a local pointer that is written through.
// Anything else (reads, pointers to const) leaves it read-only.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_KERNELWRITES_H
#define USMCHECK_CHECKS_UTILS_KERNELWRITES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::usm {

class KernelWrites {
public:
  /// The variables \p Body writes through.
  const llvm::DenseSet<const ValueDecl *> &of(const Stmt *Body);
  /// Does kernel \p K write through its parameter \p I? True when the
  /// parameter is a pointer to non-const and \p K has no body here.
  bool writesParam(const FunctionDecl *K, unsigned I);

private:
  llvm::DenseMap<const Stmt *, llvm::DenseSet<const ValueDecl *>> Memo;
};

} // namespace clang::tidy::usm

#endif
