#include "FreeMismatchCheck.h"
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
  TU.registerMatchers(Finder);
}

void FreeMismatchCheck::onEndOfTranslationUnit() {
  TU.endOfTranslationUnit();
  if (Analyzed)
    ProvenanceAnalysis::release(*Analyzed);
  Analyzed = nullptr;
}

void FreeMismatchCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  WholeTU::Running Run(TU, Ctx);
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
        if (!InMacro && Want && Call->getCallee())
          D << FixItHint::CreateReplacement(
              CharSourceRange::getTokenRange(
                  Call->getCallee()->getSourceRange()),
              Expected);
    } // the finding is emitted before its note
    diag(O.Site->getBeginLoc(), "allocated here as %0 memory by '%1'",
         DiagnosticIDs::Note)
        << KindText << O.A->Name;
  }
}

} // namespace clang::tidy::usm
