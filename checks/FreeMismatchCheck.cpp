#include "FreeMismatchCheck.h"
#include "utils/AllocOrigins.h"
#include "utils/UsmApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::usm {

namespace {
std::vector<StringRef> toRefs(const std::vector<std::string> &V) {
  return std::vector<StringRef>(V.begin(), V.end());
}

std::string firstDealloc(const ::usm::Api &A) {
  std::string_view D = A.Dealloc;
  return std::string(D.substr(0, D.find('|')));
}
} // namespace

void FreeMismatchCheck::registerMatchers(MatchFinder *Finder) {
  static const std::vector<std::string> Frees = apiNames(::usm::Role::Free);
  auto Body = forCallable(functionDecl(hasBody(stmt().bind("body"))));
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(toRefs(Frees)))), Body)
          .bind("free"),
      this);
  Finder->addMatcher(cxxDeleteExpr(Body).bind("delete"), this);
}

void FreeMismatchCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Body = Result.Nodes.getNodeAs<Stmt>("body");
  const Expr *Ptr = nullptr;
  const ::usm::Api *FreeApi = nullptr;
  SourceLocation Loc;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("free")) {
    FreeApi = apiForCall(*Call);
    if (!FreeApi)
      return;
    Ptr = argAt(*Call, FreeApi->Ptr);
    Loc = Call->getBeginLoc();
  } else if (const auto *Del = Result.Nodes.getNodeAs<CXXDeleteExpr>("delete")) {
    if (!Del->getOperatorDelete())
      return;
    FreeApi = ::usm::findApi(catalogName(*Del->getOperatorDelete()));
    Ptr = Del->getArgument();
    Loc = Del->getBeginLoc();
  }
  if (!FreeApi || !Ptr || Errors.inFunctionWithErrors(Ptr, *Result.Context))
    return;
  // Inside a macro: report where the macro is used, without a fix-it.
  bool InMacro = Loc.isMacroID();
  Loc = Result.SourceManager->getExpansionLoc(Loc);

  auto Origins = allocOriginsOf(Ptr, Body, *Result.Context);
  if (!Origins)
    return;
  // Quiet unless every allocation that can reach this free mismatches it.
  for (const AllocOrigin &O : *Origins)
    if (O.A->isFreedBy(FreeApi->Name))
      return;
  for (const AllocOrigin &O : *Origins) {
    std::string Expected = firstDealloc(*O.A);
    std::string KindText =
        O.K ? std::string(::usm::name(*O.K)) : std::string("USM");
    bool FromUSM = O.K && *O.K != ::usm::Kind::NotUSM;
    {
    auto D = diag(Loc,
                  "%0 memory allocated by '%1' (%2) is released with '%3'; "
                  "release it with '%4'",
                  DiagnosticIDs::Warning)
             << (FromUSM ? "USM " + KindText : KindText) << O.A->Name
             << std::string(::usm::name(O.A->M)) << FreeApi->Name << Expected;
    // Swap the callee name when both frees take the same arguments.
    const ::usm::Api *Want = renamableDealloc(*O.A, *FreeApi);
    if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("free"))
      if (!InMacro && Want && Call->getCallee())
        D << FixItHint::CreateReplacement(
            CharSourceRange::getTokenRange(Call->getCallee()->getSourceRange()),
            Expected);
    } // the finding is emitted before its note
    diag(O.Site->getBeginLoc(), "allocated here as %0 memory by '%1'",
         DiagnosticIDs::Note)
        << KindText << O.A->Name;
    return; // one finding per free
  }
}

} // namespace clang::tidy::usm
