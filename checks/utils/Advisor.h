//===- Advisor.h - facts for the performance advisor checks -----------------===//
//
// usm-shared-ping-pong and usm-host-memory-hot-kernel ask the same questions
// of each host function: which local pointers hold an allocation of a given
// kind (initialised or assigned from a catalog allocator, or its
// out-parameter), which kernels use them (OpenMP target regions, CUDA/HIP
// launches, SYCL kernel lambdas: device functions as the provenance engine
// decides), where host code dereferences them outside kernels, which are
// prefetched or advised (catalog roles Prefetch/Advise), and which loops of
// the function enclose each of those. Loops and device contexts come from
// the shared ProvenanceAnalysis (Provenance.h); the pointer tracking is
// deliberately local (a variable assigned from the allocator in the same
// function), so the advice is given only where the pattern is certain.
//
// The measured costs quoted in the messages come from `usmcheck bench`
// (`usmcheck check --bench-results=FILE`), passed to the checks by the
// driver in the USMCHECK_BENCH_SUMMARY environment variable
// ("key=value;key=value"); see benchSummary().
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_ADVISOR_H
#define USMCHECK_CHECKS_UTILS_ADVISOR_H

#include "Catalog.h"
#include "Provenance.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <string>
#include <vector>

namespace clang::tidy::usm {

struct AdvisedPointer {
  const VarDecl *Var = nullptr;
  const CallExpr *AllocCall = nullptr;
  const ::usm::Api *Alloc = nullptr;
  std::vector<const Stmt *> Kernels;     ///< kernel anchors using Var
  std::vector<const Expr *> HostDerefs;  ///< host dereferences outside kernels
  bool PrefetchedOrAdvised = false;
};

/// The pointers of \p FD allocated with kind \p K, with their kernels and
/// host dereferences (FD must be a host function with a body). The list
/// lives as long as \p PA's analysis of the TU. Both advisor checks report
/// only kernels inside a loop (enclosingLoops): the list is empty when no
/// kernel of FD is inside one, and such a function's body is not read.
const std::vector<AdvisedPointer> &advisedPointers(ProvenanceAnalysis &PA,
                                                   const FunctionDecl *FD,
                                                   ::usm::Kind K);

/// The loops of \p FD (innermost first) enclosing \p S.
std::vector<const Stmt *> enclosingLoops(ProvenanceAnalysis &PA,
                                         const Stmt *S, const FunctionDecl *FD);

/// Measured figures from `usmcheck bench` (empty when not given).
const std::map<std::string, std::string> &benchSummary();

/// The host functions both advisor checks look at: the analysed functions
/// of the TU but lambdas' call operators (their bodies are walked with the
/// enclosing function) and device code.
std::vector<const FunctionDecl *> advisedFunctions(ProvenanceAnalysis &PA);

} // namespace clang::tidy::usm

#endif
