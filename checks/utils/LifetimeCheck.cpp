#include "LifetimeCheck.h"
#include "FindingFacts.h"
#include "Provenance.h"
#include "UsmApi.h"

#include "clang/AST/Decl.h"

namespace clang::tidy::usm {

std::string LifetimeCheck::what(const LifetimeFinding &F) {
  if (!F.AllocApi)
    return "this memory";
  std::string Kind;
  switch (F.K) {
  case ::usm::Kind::Device:
  case ::usm::Kind::Host:
  case ::usm::Kind::Shared:
    Kind = "USM " + std::string(::usm::name(F.K)) + " memory";
    break;
  default:
    Kind = "memory";
  }
  return Kind + " allocated by '" + std::string(F.AllocApi->Name) + "'";
}

void LifetimeCheck::analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const LifetimeFinding &F : PA.lifetimeFindings()) {
    if (F.Issue != Issue || hasErrors(F.Fn))
      continue;
    // Inside a macro: reported where the macro is used (a macro argument:
    // where it is written).
    SourceLocation Loc = SM.getFileLoc(F.Loc);
    diag(Loc, message(F), DiagnosticIDs::Warning);
    notes(F, SM);
    attachFacts(*this, Loc, facts(F, Ctx));
  }
}

::usm::FindingFacts LifetimeCheck::facts(const LifetimeFinding &F,
                                         const ASTContext &Ctx) const {
  const SourceManager &SM = Ctx.getSourceManager();
  ::usm::FindingFacts Facts;
  Facts.Rule = std::string(getID());
  Facts.Access = F.Issue == LifetimeIssue::DoubleFree     ? "free"
                 : F.Issue == LifetimeIssue::UseAfterFree ? "use"
                                                          : "leak";
  if (F.Alloc && F.AllocApi) {
    Facts.AllocSite = refOf(SM, F.Alloc->getBeginLoc());
    Facts.AllocLine = lineOf(SM, F.Alloc->getBeginLoc());
    Facts.AllocApi = std::string(F.AllocApi->Name);
    Facts.Model = std::string(::usm::name(F.AllocApi->M));
    Facts.Kind = kindFact(F.K);
    if (const auto *Call = dyn_cast<CallExpr>(F.Alloc)) {
      Facts.AllocSpelling = writtenCallee(*Call, Ctx);
      if (const Expr *SizeE = argAt(*Call, F.AllocApi->Size))
        Facts.SizeText = writtenText(SizeE, Ctx);
    }
  }
  // The earlier release (for a helper: its own deallocation).
  const Expr *Free = F.FreedInside ? F.FreedInside : F.FreedAt;
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Free))
    if (const ::usm::Api *A = apiForCall(*Call)) {
      Facts.FreeApi = std::string(A->Name);
      Facts.FreeSpelling = writtenCallee(*Call, Ctx);
      Facts.FreeSite = refOf(SM, F.FreedAt->getBeginLoc());
    }
  return Facts;
}

void LifetimeCheck::notes(const LifetimeFinding &F, const SourceManager &SM) {
  auto Note = [&](const Stmt *At, const std::string &Text) {
    if (At)
      diag(SM.getFileLoc(At->getBeginLoc()), Text, DiagnosticIDs::Note);
  };
  auto Name = [](const FunctionDecl *FD) {
    return FD ? FD->getNameAsString() : std::string("the helper");
  };
  if (F.Use == LifetimeUse::Helper && F.Issue == LifetimeIssue::UseAfterFree &&
      F.UseInside)
    Note(F.UseInside, "'" + Name(F.Helper) + "' uses the memory here");
  if (F.FreedAt) {
    if (F.FreedInside && F.FreedInside != F.FreedAt) {
      const FunctionDecl *Callee = nullptr;
      if (const auto *Call = dyn_cast<CallExpr>(F.FreedAt))
        Callee = directCallee(*Call);
      Note(F.FreedAt, "released here by the call of '" + Name(Callee) + "'");
      Note(F.FreedInside, "which releases it here");
    } else {
      Note(F.FreedAt, "released here");
    }
  }
  if (F.Alloc && F.AllocApi)
    Note(F.Alloc, "allocated here by '" + std::string(F.AllocApi->Name) + "'");
  if (F.Created && F.Created != F.Alloc)
    Note(F.Created, "returned to '" + Name(F.Fn) + "' by the call of '" +
                        Name(F.Creator) + "' here");
}

} // namespace clang::tidy::usm
