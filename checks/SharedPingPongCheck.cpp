//===- SharedPingPongCheck.cpp - usm-shared-ping-pong ----------------------===//
#include "SharedPingPongCheck.h"
#include "utils/Advisor.h"

#include "clang/AST/DeclCXX.h"

#include <algorithm>

namespace clang::tidy::usm {

namespace {

/// The catalog's prefetch call of \p M, or "" (OpenMP has none).
std::string prefetchOf(::usm::Model M) {
  for (const ::usm::Api &A : ::usm::apis())
    if (A.R == ::usm::Role::Prefetch && A.M == M)
      return std::string(A.Name);
  return "";
}

std::string costText(const ::usm::Api &Alloc) {
  const auto &B = benchSummary();
  std::string Pf = prefetchOf(Alloc.M);
  std::string Fix = "use device memory and copy only what the host needs" +
                    (Pf.empty() ? std::string()
                                : ", or prefetch with '" + Pf + "'");
  auto Get = [&](const char *K) {
    auto It = B.find(K);
    return It == B.end() ? std::string() : It->second;
  };
  std::string Shared = Get("shared_us"), Copy = Get("device_copy_us");
  if (!Shared.empty() && !Copy.empty())
    return "on " + Get("device") + " (usmcheck bench, " + Get("date") +
           ") shared memory touched alternately cost " + Shared +
           " us per iteration against " + Copy +
           " us for device memory plus copies (" + Get("ping_pong_ratio") +
           "x); " + Fix;
  return "typically several times the cost of device memory plus explicit "
         "copies (not measured here: see usmcheck bench); " +
         Fix;
}

} // namespace

void SharedPingPongCheck::analyze(ASTContext &, ProvenanceAnalysis &PA) {
  for (const FunctionDecl *FD : advisedFunctions(PA))
    advise(PA, FD);
}

void SharedPingPongCheck::advise(ProvenanceAnalysis &PA,
                                 const FunctionDecl *FD) {
  if (hasErrors(FD))
    return;
  for (const AdvisedPointer &P : advisedPointers(PA, FD, ::usm::Kind::Shared)) {
    if (P.PrefetchedOrAdvised)
      continue;
    const Expr *Host = nullptr;
    const Stmt *Kernel = nullptr;
    for (const Expr *H : P.HostDerefs) {
      std::vector<const Stmt *> HL = enclosingLoops(PA, H, FD);
      for (const Stmt *K : P.Kernels) {
        std::vector<const Stmt *> KL = enclosingLoops(PA, K, FD);
        // The common loop must repeat a host loop over the data (the host
        // touches many pages each iteration), not one element (a progress
        // print of p[0] moves one page).
        for (size_t I = 1; I < HL.size(); ++I)
          if (std::find(KL.begin(), KL.end(), HL[I]) != KL.end() &&
              std::find(KL.begin(), KL.end(), HL[0]) == KL.end()) {
            Host = H;
            Kernel = K;
            break;
          }
        if (Host)
          break;
      }
      if (Host)
        break;
    }
    if (!Host)
      continue;
    diag(Host->getBeginLoc(),
         "shared memory '%0' is touched by the host and by a kernel in the "
         "same loop without prefetch or advice, so its pages migrate back and "
         "forth every iteration; %1")
        << P.Var->getName() << costText(*P.Alloc);
    diag(Kernel->getBeginLoc(), "the kernel that touches it in the same loop",
         DiagnosticIDs::Note);
    diag(P.AllocCall->getBeginLoc(), "allocated as shared memory by '%0' here",
         DiagnosticIDs::Note)
        << std::string(P.Alloc->Name);
  }
}

} // namespace clang::tidy::usm
