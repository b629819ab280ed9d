//===- UsmCheck.cpp - what every usm check shares
//----------------------------===//
#include "UsmCheck.h"
#include "Profile.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace clang::tidy::usm {

void UsmCheck::registerMatchers(ast_matchers::MatchFinder *Finder) {
  TU.registerMatchers(Finder);
}

void UsmCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                   Preprocessor *) {
  Errors.watch(PP);
  this->PP = PP;
}

void UsmCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  // The parse has ended: from here on, this check's own time.
  profile::Scope Time(getID(), /*EndsParse=*/true);
  ASTContext &Ctx = *Result.Context;
  WholeTU::Running Run(TU, Ctx);
  Analyzed = &Ctx;
  ProvenanceAnalysis &PA = ProvenanceAnalysis::forTU(Ctx);
  PA.run();
  analyze(Ctx, PA);
}

void UsmCheck::onEndOfTranslationUnit() {
  TU.endOfTranslationUnit();
  if (Analyzed)
    ProvenanceAnalysis::release(*Analyzed);
  Analyzed = nullptr;
}

} // namespace clang::tidy::usm
