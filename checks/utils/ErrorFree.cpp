//===- ErrorFree.cpp - is this code something clang fully understood? -----===//
#include "ErrorFree.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"


namespace clang::tidy::usm {
namespace {

/// Forwards every diagnostic to the consumer it replaces and keeps the
/// locations of errors.
class ErrorRecorder : public DiagnosticConsumer {
public:
  ErrorRecorder(DiagnosticConsumer *Next,
                std::unique_ptr<DiagnosticConsumer> Owned)
      : Next(Next), Owned(std::move(Owned)) {}
  std::vector<SourceLocation> Errors;

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next->EndSourceFile(); }
  void finish() override { Next->finish(); }
  void clear() override {
    DiagnosticConsumer::clear();
    Next->clear();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Next->IncludeInDiagnosticCounts();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L >= DiagnosticsEngine::Error && Info.getLocation().isValid())
      Errors.push_back(Info.getLocation());
    Next->HandleDiagnostic(L, Info);
  }

private:
  DiagnosticConsumer *Next;
  std::unique_ptr<DiagnosticConsumer> Owned;
};

class ErrorFinder : public RecursiveASTVisitor<ErrorFinder> {
public:
  bool Found = false;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitExpr(Expr *E) {
    if (E->containsErrors())
      Found = true;
    return !Found;
  }
  bool VisitDecl(Decl *D) {
    if (D->isInvalidDecl())
      Found = true;
    return !Found;
  }
};

/// The function a lambda's call operator (or a local class's method) is
/// written in, up to the outermost one.
const FunctionDecl *outermost(const FunctionDecl *FD) {
  const DeclContext *DC = FD;
  const FunctionDecl *Out = FD;
  while (DC) {
    if (const auto *F = dyn_cast<FunctionDecl>(DC))
      Out = F;
    DC = DC->getParent();
  }
  return Out;
}

} // namespace

void ErrorFree::watch(Preprocessor *PP) {
  DiagnosticsEngine &D = PP->getDiagnostics();
  DiagnosticConsumer *Next = D.getClient();
  if (!Next)
    return;
  std::unique_ptr<DiagnosticConsumer> Owned = D.takeClient();
  auto *R = new ErrorRecorder(Next, std::move(Owned));
  D.setClient(R, /*ShouldOwnClient=*/true);
  ErrorLocs = &R->Errors;
  Cache.clear();
}

bool ErrorFree::functionHasErrors(const FunctionDecl *FD) {
  if (!FD)
    return false;
  FD = outermost(FD);
  auto It = Cache.find(FD);
  if (It != Cache.end())
    return It->second;
  ErrorFinder F;
  if (FD->isInvalidDecl())
    F.Found = true;
  // Recovery expressions and invalid declarations come with an error
  // diagnostic: in a translation unit without errors, no body needs the
  // walk (it would cost a traversal of every function a check asks about).
  if (!F.Found && (!ErrorLocs || ErrorLocs->empty()) &&
      !FD->getASTContext().getDiagnostics().hasErrorOccurred()) {
    Cache[FD] = false;
    return false;
  }
  if (!F.Found && ErrorLocs && !ErrorLocs->empty()) {
    const SourceManager &SM = FD->getASTContext().getSourceManager();
    SourceRange R = FD->getSourceRange();
    SourceLocation B = SM.getExpansionLoc(R.getBegin());
    SourceLocation E = SM.getExpansionLoc(R.getEnd());
    for (SourceLocation L : *ErrorLocs) {
      L = SM.getExpansionLoc(L);
      if (!SM.isBeforeInTranslationUnit(L, B) &&
          !SM.isBeforeInTranslationUnit(E, L)) {
        F.Found = true;
        break;
      }
    }
  }
  if (!F.Found)
    F.TraverseDecl(const_cast<FunctionDecl *>(FD));
  Cache[FD] = F.Found;
  return F.Found;
}

bool ErrorFree::inFunctionWithErrors(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (const auto *FD = P.get<FunctionDecl>())
      return functionHasErrors(FD);
    if (const auto *D = P.get<Decl>())
      if (const auto *FD = dyn_cast_or_null<FunctionDecl>(
              D->getNonClosureContext()))
        return functionHasErrors(FD);
    Parents = Ctx.getParents(P);
  }
  return false;
}

} // namespace clang::tidy::usm
