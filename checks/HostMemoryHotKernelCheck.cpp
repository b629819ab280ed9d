//===- HostMemoryHotKernelCheck.cpp - usm-host-memory-hot-kernel -----------===//
#include "HostMemoryHotKernelCheck.h"
#include "utils/Advisor.h"

#include "clang/AST/DeclCXX.h"

namespace clang::tidy::usm {

namespace {

std::string costText() {
  const auto &B = benchSummary();
  auto Get = [&](const char *K) {
    auto It = B.find(K);
    return It == B.end() ? std::string() : It->second;
  };
  std::string Fix = "allocate device memory and copy the data once before "
                    "the loop";
  std::string Host = Get("host_read_gbs"), Dev = Get("device_read_gbs");
  if (!Host.empty() && !Dev.empty())
    return "on " + Get("device") + " (usmcheck bench, " + Get("date") +
           ") kernels read host memory at " + Host + " GB/s against " + Dev +
           " GB/s for device memory (" + Get("host_read_ratio") + "x); " + Fix;
  return "kernels typically read host memory tens of times slower than "
         "device memory (not measured here: see usmcheck bench); " +
         Fix;
}

} // namespace

void HostMemoryHotKernelCheck::analyze(ASTContext &, ProvenanceAnalysis &PA) {
  for (const FunctionDecl *FD : advisedFunctions(PA))
    advise(PA, FD);
}

void HostMemoryHotKernelCheck::advise(ProvenanceAnalysis &PA,
                                      const FunctionDecl *FD) {
  if (hasErrors(FD))
    return;
  for (const AdvisedPointer &P : advisedPointers(PA, FD, ::usm::Kind::Host)) {
    for (const Stmt *K : P.Kernels) {
      if (enclosingLoops(PA, K, FD).empty())
        continue;
      diag(K->getBeginLoc(),
           "kernel launched in a loop reads host memory '%0' remotely on "
           "every launch; %1")
          << P.Var->getName() << costText();
      diag(P.AllocCall->getBeginLoc(), "allocated as host memory by '%0' here",
           DiagnosticIDs::Note)
          << std::string(P.Alloc->Name);
      break; // one report per allocation
    }
  }
}

} // namespace clang::tidy::usm
