//===- PlacedReport.cpp - text and facts of placement findings -------------===//
#include "PlacedReport.h"
#include "EngineSupport.h"
#include "FindingFacts.h"
#include "UsmApi.h"

#include "clang/AST/ExprCXX.h"

namespace clang::tidy::usm {

std::string deviceText(const DeviceTerm &T, const ASTContext &Ctx) {
  return T.Written ? writtenText(T.Written, Ctx) : std::string();
}

namespace {

std::string quoted(const std::string &S) { return "'" + S + "'"; }

/// "device 1" for a literal, "device 'dev + 1' (1)" for a named constant.
std::string numbered(const DeviceTerm &T, const std::string &Text) {
  if (T.F == DeviceTerm::Form::Number) {
    std::string N = std::to_string(T.N);
    return Text == N || Text.empty() ? "device " + N
                                     : "device " + quoted(Text) + " (" + N +
                                           ")";
  }
  return Text.empty() ? "an unknown device" : "device " + quoted(Text);
}

} // namespace

std::string placementText(const Placement &Pl, const ASTContext &Ctx) {
  std::string Dev = deviceText(Pl.Device, Ctx);
  if (Pl.Current && Pl.Written)
    return "the device selected by " + quoted(writtenText(Pl.Written, Ctx)) +
           (Pl.Device.F == DeviceTerm::Form::Number
                ? " (" + std::to_string(Pl.Device.N) + ")"
                : "");
  if (Pl.Queue) {
    const auto *QD = dyn_cast<ValueDecl>(Pl.Queue);
    // A handle (Level Zero) names a command list; an object, a queue.
    std::string What =
        QD && QD->getType()->isPointerType() ? "command list " : "queue ";
    std::string Name = Pl.Written ? writtenText(Pl.Written, Ctx)
                       : QD       ? QD->getNameAsString()
                                  : std::string("?");
    std::string S = What + quoted(Name);
    if (Pl.Device.known() && !Dev.empty() && Dev != Name)
      S += " on device " + quoted(Dev);
    if (const auto *ND = dyn_cast_or_null<NamedDecl>(Pl.Context))
      S += " in context " + quoted(ND->getNameAsString());
    return S;
  }
  std::string S = numbered(Pl.Device, Dev);
  if (const auto *ND = dyn_cast_or_null<NamedDecl>(Pl.Context))
    S += " in context " + quoted(ND->getNameAsString());
  return S;
}

std::string pointerText(const PlacedUse &U, const ASTContext &Ctx) {
  if (U.Ptr)
    return writtenText(U.Ptr, Ctx);
  if (U.Var)
    return U.Var->getNameAsString();
  return "the pointer";
}

void reportPlaced(ClangTidyCheck &Check, const ASTContext &Ctx,
                  const PlacedUse &U, const std::string &Rule,
                  const std::string &Message,
                  const std::vector<PlacedFix> &Fixes) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = U.At->getBeginLoc();
  Check.diag(Loc, "%0") << Message;
  const Origin &O = *U.Alloc;
  SourceLocation AllocLoc = O.Site->getBeginLoc();
  Check.diag(AllocLoc, "allocated for %0 by '%1' here", DiagnosticIDs::Note)
      << placementText(U.AllocAt, Ctx) << std::string(O.A->Name);
  if (U.UseAt.Written) {
    SourceLocation W = U.UseAt.Written->getBeginLoc();
    if (W.isValid() && SM.getExpansionLoc(W) != SM.getExpansionLoc(Loc))
      Check.diag(W, "%0 %1 here", DiagnosticIDs::Note)
          << (!U.CopyApi                              ? "the kernel runs on"
              : U.CopyApi->R == ::usm::Role::Fill ? "the fill runs on"
                                                  : "the copy runs on")
          << placementText(U.UseAt, Ctx);
  }

  ::usm::FindingFacts X;
  X.Rule = Rule;
  X.Access = U.CopyApi ? "copy" : "kernel";
  X.AccessExpr = pointerText(U, Ctx);
  X.Pointer = X.AccessExpr;
  X.AllocSite = refOf(SM, AllocLoc);
  X.AllocLine = lineOf(SM, AllocLoc);
  X.AllocApi = std::string(O.A->Name);
  X.Model = std::string(::usm::name(O.A->M));
  X.Kind = kindFact(O.K);
  if (const auto *AC = dyn_cast<CallExpr>(O.Site)) {
    X.AllocSpelling = writtenCallee(*AC, Ctx);
    if (const Expr *SizeE = argAt(*AC, O.A->Size))
      X.SizeText = writtenText(SizeE, Ctx);
  }
  X.Device = U.AllocAt.Device.F == DeviceTerm::Form::Number ? "constant"
             : U.AllocAt.Device.known()                     ? "symbolic"
                                                            : "unknown";
  X.DeviceText = placementText(U.AllocAt, Ctx);
  if (U.Ptr)
    X.Steps = pointerSteps(Ctx, O.Site, O.Fn, U.Ptr, U.At, U.Fn, "access");
  for (const PlacedFix &F : Fixes) {
    ::usm::FactFix FF;
    FF.Id = F.Id;
    FF.Title = F.Title;
    FF.Code = F.Code;
    FF.NotOffered = "which device should own the memory is the author's "
                    "decision";
    X.Fixes.push_back(FF);
  }
  attachFacts(Check, Loc, X);
}

} // namespace clang::tidy::usm
