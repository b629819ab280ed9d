#include "LifetimeCheck.h"
#include "Provenance.h"

#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::usm {

void LifetimeCheck::registerMatchers(MatchFinder *Finder) {
  // The findings come from the shared whole-TU provenance analysis.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void LifetimeCheck::onEndOfTranslationUnit() {
  if (Analyzed)
    ProvenanceAnalysis::release(*Analyzed);
  Analyzed = nullptr;
}

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

void LifetimeCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  Analyzed = &Ctx;
  ProvenanceAnalysis &PA = ProvenanceAnalysis::forTU(Ctx);
  PA.run();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const LifetimeFinding &F : PA.lifetimeFindings()) {
    if (F.Issue != Issue || Errors.functionHasErrors(F.Fn))
      continue;
    // Inside a macro: reported where the macro is used (a macro argument:
    // where it is written).
    diag(SM.getFileLoc(F.Loc), message(F), DiagnosticIDs::Warning);
    notes(F, SM);
  }
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
        Callee = Call->getDirectCallee();
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
