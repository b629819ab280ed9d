//===- DeviceAccessPageableCheck.cpp - usm-device-access-pageable
//-----------===//
#include "DeviceAccessPageableCheck.h"
#include "utils/EngineSupport.h"
#include "utils/FindingFacts.h"
#include "utils/KernelPointers.h"
#include "utils/UsmApi.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

#include <set>

namespace clang::tidy::usm {

namespace {

/// The first catalog row of model \p M with role \p R (and kind \p K).
const ::usm::Api *firstRow(::usm::Model M, ::usm::Role R,
                           ::usm::Kind K = ::usm::Kind::None) {
  for (const ::usm::Api &A : ::usm::apis())
    if (A.M == M && A.R == R && (K == ::usm::Kind::None || A.K == K))
      return &A;
  return nullptr;
}

std::string rowName(const ::usm::Api *A) {
  return A ? std::string(A->Name) : std::string("?");
}

/// The fix, in the model's own terms (names from the catalog).
std::string fixText(::usm::Model M) {
  std::string Dev =
      rowName(firstRow(M, ::usm::Role::Alloc, ::usm::Kind::Device));
  std::string Shared =
      rowName(firstRow(M, ::usm::Role::Alloc, ::usm::Kind::Shared));
  std::string Text =
      "allocate it with " + Dev + " (device) or " + Shared + " (shared)";
  switch (M) {
  case ::usm::Model::OpenMP:
    return Text + ", or map it (map(tofrom: p[0:n]) instead of "
                  "is_device_ptr/has_device_addr)";
  case ::usm::Model::SYCL:
    return Text + ", or keep the data in a buffer and read it through an "
                  "accessor in the kernel";
  default:
    if (std::string_view Reg = engine::hostRegisterName(M); !Reg.empty())
      return Text + ", or register it with " + std::string(Reg) +
             " before the launch";
    return Text;
  }
}

/// Variables the device has its own copy of (declare target, CUDA/HIP
/// __device__/__constant__/__shared__ variables).
bool deviceVariable(const VarDecl *VD) {
  return VD->hasAttr<OMPDeclareTargetDeclAttr>() ||
         VD->hasAttr<CUDADeviceAttr>() || VD->hasAttr<CUDAConstantAttr>() ||
         VD->hasAttr<CUDASharedAttr>();
}

} // namespace

void DeviceAccessPageableCheck::analyze(ASTContext &Ctx,
                                        ProvenanceAnalysis &PA) {
  const SourceManager &SM = Ctx.getSourceManager();
  const bool Downgrade = PA.requiresUnifiedSharedMemory();
  const bool Gpu = Ctx.getLangOpts().CUDA;
  const ::usm::Model LaunchModel =
      Ctx.getLangOpts().HIP ? ::usm::Model::HIP : ::usm::Model::CUDA;
  KernelPointerQueries Q(PA);
  std::set<std::pair<const Stmt *, const VarDecl *>> Reported;

  for (const KernelPointer &K : PA.kernelPointers()) {
    if (hasErrors(K.Fn))
      continue;
    // Plain host memory on every path: an array's own storage, or known
    // allocations that are all plain host memory and not registered.
    const Origin *Alloc = nullptr;
    if (K.Array) {
      if (!K.Var || deviceVariable(K.Var))
        continue;
    } else {
      if (!K.Known || K.Origins.empty())
        continue;
      bool Pageable = true;
      for (const Origin &O : K.Origins)
        Pageable &= O.Site && O.A && O.K == ::usm::Kind::NotUSM &&
                    !PA.registered(O.Site);
      if (!Pageable)
        continue;
      Alloc = &K.Origins.front();
    }

    ::usm::Model M;
    SourceLocation At;
    const Expr *Deref = nullptr;
    if (const auto *D = dyn_cast<OMPExecutableDirective>(K.Anchor)) {
      M = ::usm::Model::OpenMP;
      if (!K.Var || deviceVariable(K.Var))
        continue;
      OmpClauses C = clausesNaming(*D, K.Var);
      if (!(C.DevicePtr || C.DeviceAddr) || C.Map)
        continue;
      if (Q.deviceAddressInScope(D, K.Var, K.Fn) ||
          Q.mappedInFunction(K.Fn, K.Var))
        continue;
      Deref = firstDereference(kernelBody(D), K.Var);
      if (!Deref)
        continue;
      At = Deref->getBeginLoc();
    } else if (const auto *LE = dyn_cast<LambdaExpr>(K.Anchor)) {
      M = Gpu ? LaunchModel : ::usm::Model::SYCL;
      if (!K.Var)
        continue;
      // An array captured by copy is copied into the kernel: only a
      // reference to it reaches host memory.
      if (K.Array) {
        bool ByRef = false;
        for (const LambdaCapture &Cap : LE->captures())
          if (Cap.capturesVariable() && Cap.getCapturedVar() == K.Var)
            ByRef = Cap.getCaptureKind() == LCK_ByRef;
        if (!ByRef)
          continue;
      }
      Deref = firstDereference(kernelBody(LE), K.Var);
      if (!Deref)
        continue;
      At = Deref->getBeginLoc();
    } else {
      M = LaunchModel;
      if (!K.Pointer)
        continue;
      At = K.Pointer->getBeginLoc();
    }
    At = SM.getFileLoc(At);
    if (!Reported.insert({K.Anchor, K.Var}).second && K.Var)
      continue;

    std::string Name =
        K.Var ? K.Var->getNameAsString() : writtenText(K.Pointer, Ctx);
    std::string What =
        K.Array ? std::string(K.Var->hasGlobalStorage() ? "is a static array"
                                                        : "is a stack array")
                : "holds plain host memory allocated by '" +
                      std::string(Alloc->A->Name) + "'";
    std::string Verb = isa<CallExpr>(K.Anchor)
                           ? "is passed to a kernel that the device runs"
                           : "is dereferenced by the kernel";
    auto Level = Downgrade ? DiagnosticIDs::Remark : DiagnosticIDs::Warning;
    diag(At, "'%0' %1, which the device cannot access, and %2; %3", Level)
        << Name << What << Verb << fixText(M);
    if (Downgrade && PA.requiresDecl())
      diag(PA.requiresDecl()->getLocation(),
           "this translation unit requires unified_shared_memory: the kernel "
           "may read plain host memory only on a system with that "
           "capability (the device reaches all host memory); elsewhere it "
           "faults or reads garbage",
           DiagnosticIDs::Note);
    if (K.Array)
      diag(K.Var->getLocation(), "'%0' declared here", DiagnosticIDs::Note)
          << K.Var->getName();
    else
      diag(Alloc->Site->getBeginLoc(), "allocated here by '%0'",
           DiagnosticIDs::Note)
          << std::string(Alloc->A->Name);

    ::usm::FindingFacts X;
    X.Rule = "usm-device-access-pageable";
    X.Access = "kernel";
    X.AccessExpr = Deref ? writtenText(Deref, Ctx) : Name;
    X.Pointer = Name;
    X.Model = std::string(::usm::name(M));
    X.Kind = kindFact(::usm::Kind::NotUSM);
    if (Alloc) {
      SourceLocation S = Alloc->Site->getBeginLoc();
      X.AllocSite = refOf(SM, S);
      X.AllocLine = lineOf(SM, S);
      X.AllocApi = std::string(Alloc->A->Name);
      if (const auto *AC = dyn_cast<CallExpr>(Alloc->Site)) {
        X.AllocSpelling = writtenCallee(*AC, Ctx);
        if (const Expr *SizeE = argAt(*AC, Alloc->A->Size))
          X.SizeText = writtenText(SizeE, Ctx);
      }
    } else {
      X.AllocSite = refOf(SM, K.Var->getLocation());
      X.AllocLine = lineOf(SM, K.Var->getLocation());
    }
    ::usm::FactFix FF;
    FF.Id = "AllocateForDevice";
    FF.Title = fixText(M);
    FF.NotOffered = "the allocation and the kernel must change together";
    X.Fixes.push_back(FF);
    attachFacts(*this, At, X);
  }
}

} // namespace clang::tidy::usm
