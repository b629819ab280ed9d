//===- MissingIsDevicePtrCheck.cpp - usm-missing-is-device-ptr
//--------------===//
#include "MissingIsDevicePtrCheck.h"
#include "utils/FindingFacts.h"
#include "utils/KernelPointers.h"
#include "utils/UsmApi.h"

namespace clang::tidy::usm {

void MissingIsDevicePtrCheck::analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) {
  // Under `requires unified_shared_memory` pointers are passed unchanged.
  if (PA.requiresUnifiedSharedMemory())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  KernelPointerQueries Q(PA);
  for (const KernelPointer &K : PA.kernelPointers()) {
    const auto *D = dyn_cast<OMPExecutableDirective>(K.Anchor);
    if (!D || !K.Var || K.Array || !K.Known || K.Origins.empty() ||
        hasErrors(K.Fn))
      continue;
    bool Device = true;
    for (const Origin &O : K.Origins)
      Device &= O.isDevice() && O.A;
    if (!Device)
      continue;
    OmpClauses C = clausesNaming(*D, K.Var);
    if (C.DevicePtr || C.DeviceAddr || C.Map)
      continue;
    if (Q.deviceAddressInScope(D, K.Var, K.Fn))
      continue;
    const Expr *Deref = firstDereference(kernelBody(D), K.Var);
    if (!Deref)
      continue;
    const Origin &O = K.Origins.front();
    SourceLocation At = SM.getFileLoc(Deref->getBeginLoc());
    std::string Name = K.Var->getNameAsString();
    diag(At,
         "'%0' holds device memory allocated by '%1' and is dereferenced in "
         "a target region that does not list it in is_device_ptr; the region "
         "relies on implicit pointer attachment; add is_device_ptr(%0) to "
         "the directive")
        << Name << std::string(O.A->Name);
    diag(SM.getFileLoc(D->getBeginLoc()), "the target directive is here",
         DiagnosticIDs::Note);
    diag(O.Site->getBeginLoc(), "allocated here by '%0'", DiagnosticIDs::Note)
        << std::string(O.A->Name);

    ::usm::FindingFacts X;
    X.Rule = "usm-missing-is-device-ptr";
    X.Access = "kernel";
    X.AccessExpr = writtenText(Deref, Ctx);
    X.Pointer = Name;
    X.Model = std::string(::usm::name(O.A->M));
    X.Kind = kindFact(O.K);
    SourceLocation S = O.Site->getBeginLoc();
    X.AllocSite = refOf(SM, S);
    X.AllocLine = lineOf(SM, S);
    X.AllocApi = std::string(O.A->Name);
    if (const auto *AC = dyn_cast<CallExpr>(O.Site)) {
      X.AllocSpelling = writtenCallee(*AC, Ctx);
      const Expr *DevE = argAt(*AC, O.A->Dev);
      X.Device = deviceFact(O.ArgParam, DevE, Ctx);
      if (DevE)
        X.DeviceText = writtenText(DevE, Ctx);
      if (const Expr *SizeE = argAt(*AC, O.A->Size))
        X.SizeText = writtenText(SizeE, Ctx);
    }
    ::usm::FactFix FF;
    FF.Id = "AddIsDevicePtr";
    FF.Title = "add is_device_ptr(" + Name + ") to the target directive";
    FF.Code = "is_device_ptr(" + Name + ")";
    FF.NotOffered = "the clause is added by hand";
    X.Fixes.push_back(FF);
    attachFacts(*this, At, X);
  }
}

} // namespace clang::tidy::usm
