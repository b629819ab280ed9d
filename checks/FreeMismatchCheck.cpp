#include "FreeMismatchCheck.h"
#include "utils/FindingFacts.h"
#include "utils/Provenance.h"
#include "utils/UsmApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::usm {

namespace {
std::string firstDealloc(const ::usm::Api &A) {
  std::string_view D = A.Dealloc;
  return std::string(D.substr(0, D.find('|')));
}
} // namespace

void FreeMismatchCheck::registerMatchers(MatchFinder *Finder) {
  // The frees come from the shared whole-TU provenance analysis.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void FreeMismatchCheck::onEndOfTranslationUnit() {
  if (Analyzed)
    ProvenanceAnalysis::release(*Analyzed);
  Analyzed = nullptr;
}

void FreeMismatchCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  Analyzed = &Ctx;
  ProvenanceAnalysis &PA = ProvenanceAnalysis::forTU(Ctx);
  PA.run();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FreeFact &F : PA.frees()) {
    // Quiet unless every allocation that can reach this free is known and
    // mismatches it.
    if (!F.Known || Errors.functionHasErrors(F.Fn))
      continue;
    bool Matches = false;
    for (const Origin &O : F.Origins)
      Matches |= O.A->isFreedBy(F.FreeApi->Name);
    if (Matches)
      continue;
    SourceLocation Loc = F.Free->getBeginLoc();
    // Inside a macro: report where the macro is used, without a fix-it.
    bool InMacro = Loc.isMacroID();
    Loc = SM.getExpansionLoc(Loc);
    const Origin &O = F.Origins.front();
    std::string Expected = firstDealloc(*O.A);
    bool KnownKind = O.K != ::usm::Kind::ByArg;
    std::string KindText =
        KnownKind ? std::string(::usm::name(O.K)) : std::string("USM");
    bool FromUSM = KnownKind && O.K != ::usm::Kind::NotUSM;
    bool Renamed = false;
    {
      auto D = diag(Loc,
                    "%0 memory allocated by '%1' (%2) is released with '%3'; "
                    "release it with '%4'",
                    DiagnosticIDs::Warning)
               << (FromUSM ? "USM " + KindText : KindText) << O.A->Name
               << std::string(::usm::name(O.A->M)) << F.FreeApi->Name
               << Expected;
      // Swap the callee name when both frees take the same arguments.
      const ::usm::Api *Want = renamableDealloc(*O.A, *F.FreeApi);
      if (const auto *Call = dyn_cast<CallExpr>(F.Free))
        if (!InMacro && Want && Call->getCallee() && (Renamed = true))
          D << FixItHint::CreateReplacement(
              CharSourceRange::getTokenRange(
                  Call->getCallee()->getSourceRange()),
              Expected);
    } // the finding is emitted before its note
    diag(O.Site->getBeginLoc(), "allocated here as %0 memory by '%1'",
         DiagnosticIDs::Note)
        << KindText << O.A->Name;

    ::usm::FindingFacts Facts;
    Facts.Rule = "usm-free-mismatch";
    Facts.Access = "free";
    Facts.AllocSite = refOf(SM, O.Site->getBeginLoc());
    Facts.AllocLine = lineOf(SM, O.Site->getBeginLoc());
    Facts.AllocApi = std::string(O.A->Name);
    Facts.Model = std::string(::usm::name(O.A->M));
    Facts.Kind = kindFact(O.K);
    Facts.FreeApi = std::string(F.FreeApi->Name);
    Facts.FreeSite = refOf(SM, F.Free->getBeginLoc());
    const Expr *FreedPtr = nullptr;
    if (const auto *Call = dyn_cast<CallExpr>(F.Free)) {
      Facts.FreeSpelling = writtenCallee(*Call, Ctx);
      FreedPtr = argAt(*Call, F.FreeApi->Ptr);
    } else if (const auto *Del = dyn_cast<CXXDeleteExpr>(F.Free)) {
      FreedPtr = Del->getArgument();
    }
    Facts.AccessExpr = writtenText(FreedPtr, Ctx);
    if (const auto *SiteCall = dyn_cast<CallExpr>(O.Site)) {
      Facts.AllocSpelling = writtenCallee(*SiteCall, Ctx);
      if (const Expr *DevE = argAt(*SiteCall, O.A->Dev)) {
        Facts.DeviceText = writtenText(DevE, Ctx);
        Facts.Device = deviceFact(O.ArgParam, DevE, Ctx);
      } else {
        Facts.Device = "none";
      }
      if (const Expr *SizeE = argAt(*SiteCall, O.A->Size))
        Facts.SizeText = writtenText(SizeE, Ctx);
    }
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripCasts(FreedPtr)))
      Facts.Pointer = DRE->getDecl()->getNameAsString();
    if (FreedPtr)
      Facts.Steps = pointerSteps(Ctx, O.Site, O.Fn, FreedPtr, F.Free, F.Fn,
                                 "free");
    ::usm::FactFix FF;
    FF.Id = Renamed ? "RenameFree" : "UseDeallocator";
    FF.Title = "release it with '" + Expected + "'";
    FF.Replacement = Expected;
    FF.Code = Expected;
    FF.FixIt = Renamed;
    if (!Renamed)
      FF.NotOffered =
          InMacro ? "the free is written inside a macro"
                  : "'" + Expected + "' takes other arguments than '" +
                        std::string(F.FreeApi->Name) + "'";
    Facts.Fixes.push_back(FF);
    attachFacts(*this, Loc, Facts);
  }
}

} // namespace clang::tidy::usm
