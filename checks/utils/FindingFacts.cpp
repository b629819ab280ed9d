//===- FindingFacts.cpp - the structured facts the checks attach ----------===//
#include "FindingFacts.h"
#include "EngineSupport.h"
#include "Provenance.h"
#include "StmtParents.h"
#include "Summaries.h"
#include "UsmApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

#include <algorithm>
#include <map>
#include <memory>

namespace clang::tidy::usm {

::usm::SourceRef refOf(const SourceManager &SM, SourceLocation Loc) {
  ::usm::SourceRef R;
  if (Loc.isInvalid())
    return R;
  SourceLocation E = SM.getExpansionLoc(Loc);
  R.File = SM.getFilename(E).str();
  R.Line = SM.getExpansionLineNumber(E);
  R.Column = SM.getExpansionColumnNumber(E);
  return R;
}

std::string lineOf(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return "";
  SourceLocation E = SM.getExpansionLoc(Loc);
  bool Bad = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(E), &Bad);
  if (Bad)
    return "";
  unsigned Off = SM.getFileOffset(E);
  size_t B = Buf.rfind('\n', Off == 0 ? 0 : Off - 1);
  B = (B == StringRef::npos || Off == 0) ? 0 : B + 1;
  size_t End = Buf.find('\n', Off);
  std::string L = Buf.slice(B, End).str();
  if (!L.empty() && L.back() == '\r')
    L.pop_back();
  return L;
}

std::string writtenText(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  // `#define A(s, d) B((s), (d))`: the parentheses are the macro's, the
  // argument inside them is the user's.
  if (E->getBeginLoc().isMacroID() && !SM.isMacroArgExpansion(E->getBeginLoc()))
    E = E->IgnoreParenImpCasts();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID()) {
    // A macro argument: its spelling in the file; otherwise the expansion.
    SourceLocation B = SM.getSpellingLoc(R.getBegin()),
                   En = SM.getSpellingLoc(R.getEnd());
    if (SM.isMacroArgExpansion(R.getBegin()) && B.isFileID() &&
        SM.getFileID(B) == SM.getFileID(En) && !(En < B))
      R = CharSourceRange::getTokenRange(B, En);
    else
      R = SM.getExpansionRange(R);
  }
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
}

namespace {
SourceLocation calleeName(const CallExpr &Call) {
  const Expr *Callee = Call.getCallee();
  if (!Callee)
    return {};
  Callee = Callee->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    return DRE->getNameInfo().getLoc();
  if (const auto *ME = dyn_cast<MemberExpr>(Callee))
    return ME->getMemberLoc();
  return {};
}

std::string tokenAt(SourceLocation L, const ASTContext &Ctx) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(L, L),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

std::string unqualified(std::string_view Name) {
  size_t Colon = Name.rfind("::");
  return std::string(Colon == std::string_view::npos ? Name
                                                     : Name.substr(Colon + 2));
}

/// The catalog row spelled \p Name, also when written unqualified.
const ::usm::Api *rowNamed(const std::string &Name, ::usm::Model M) {
  if (const ::usm::Api *A = ::usm::findApi(Name))
    return A;
  for (const ::usm::Api &A : ::usm::apis())
    if (A.M == M && unqualified(A.Name) == Name)
      return &A;
  return nullptr;
}
} // namespace

bool isCatalogSpelling(const std::string &Name, ::usm::Model M) {
  const ::usm::Api *A = rowNamed(Name, M);
  return A && A->R == ::usm::Role::Alloc;
}

std::string writtenCallee(const CallExpr &Call, const ASTContext &Ctx) {
  SourceLocation L = calleeName(Call);
  if (L.isInvalid())
    return "";
  if (L.isFileID())
    return tokenAt(L, Ctx);
  return tokenAt(Ctx.getSourceManager().getExpansionLoc(L), Ctx);
}

SourceLocation replaceableCalleeLoc(const CallExpr &Call,
                                    const ASTContext &Ctx) {
  SourceLocation L = calleeName(Call);
  if (L.isInvalid() || L.isFileID())
    return L;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // The callee must be the first token of a macro that the file invokes
  // directly, and the call must end where the invocation ends: then the
  // macro's name stands for the callee and nothing else.
  SourceLocation MacroBegin, MacroEnd;
  if (!Lexer::isAtStartOfMacroExpansion(L, SM, LO, &MacroBegin) ||
      !MacroBegin.isFileID())
    return {};
  if (!SM.getImmediateMacroCallerLoc(L).isFileID())
    return {};
  SourceLocation End = Call.getEndLoc();
  if (End.isMacroID()) {
    if (!Lexer::isAtEndOfMacroExpansion(End, SM, LO, &MacroEnd))
      return {};
  } else {
    return {};
  }
  if (SM.getExpansionLoc(L) != MacroBegin)
    return {};
  return MacroBegin;
}

std::string userSpelling(const ::usm::Api &Target, const std::string &Written,
                         const ::usm::Api &WrittenFor, const ASTContext &Ctx,
                         const Preprocessor *PP) {
  std::string Real = unqualified(Target.Name);
  if (Written.empty() || Written == unqualified(WrittenFor.Name))
    return Real;
  const ::usm::Api *WRow = rowNamed(Written, WrittenFor.M);
  if (!WRow || WRow->R != Target.R || Target.R != ::usm::Role::Alloc)
    return Real;
  const ::usm::Api *Sib = ::usm::familyMember(*WRow, Target.K);
  if (!Sib)
    return Real;
  std::string Name = unqualified(Sib->Name);
  bool Known = PP && const_cast<Preprocessor *>(PP)->isMacroDefined(Name);
  if (!Known) {
    auto &Idents = const_cast<ASTContext &>(Ctx).Idents;
    Known = !Ctx.getTranslationUnitDecl()
                 ->lookup(DeclarationName(&Idents.get(Name)))
                 .empty();
  }
  return Known ? Name : Real;
}

namespace {

/// A definition of a variable in a function body.
struct Def {
  const Stmt *S;
  const VarDecl *V;
  const Expr *Value; ///< null for an out-parameter (&v passed to a call)
};

/// The definitions of \p V that statement \p S (at position \p At of
/// \p Index) makes: its declaration with an initialiser, an assignment to
/// it, or &V as an argument of a call. \p Ref, when set, is the reference
/// to V that the assignment's left side or the & must be.
void definitionsAt(const StmtParents &Index, unsigned At, const VarDecl *V,
                   const DeclRefExpr *Ref, std::vector<Def> &Out) {
  auto Names = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE && (Ref ? DRE == Ref : DRE->getDecl() == V);
  };
  const Stmt *S = Index.at(At);
  if (Index.classAt(At) == Stmt::DeclStmtClass) {
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      if (D == V && V->getInit())
        Out.push_back({S, V, V->getInit()});
  } else if (Index.isBinary(At, BO_Assign)) {
    const auto *BO = cast<BinaryOperator>(S);
    if (Names(BO->getLHS()->IgnoreParenImpCasts()))
      Out.push_back({BO, V, BO->getRHS()});
  } else if (const auto *C = dyn_cast<CallExpr>(S)) {
    for (const Expr *A : C->arguments())
      if (const auto *UO = dyn_cast<UnaryOperator>(stripCasts(A));
          UO && UO->getOpcode() == UO_AddrOf &&
          Names(UO->getSubExpr()->IgnoreParenImpCasts()))
        Out.push_back({C, V, nullptr});
  }
}

/// The definitions of \p V in the body \p Index indexes, in source order.
/// Found from V's own references (the index lists each reference and the
/// variable it names, so no other node is read) and its declaration; a
/// body whose index has shared statements is read whole instead, since a
/// reference's ancestors there need not be those in the AST.
std::vector<Def> definitionsOf(const StmtParents &Index, const VarDecl *V) {
  static const ClassSet Defining =
      ClassSet::of<DeclStmt, BinaryOperator, CallExpr>();
  static const ClassSet Calls = ClassSet::of<CallExpr>();
  std::vector<Def> Out;
  if (Index.shared()) {
    for (std::uint32_t I : Index.actors()) // every defining class is an actor's
      if (Index.is(I, Defining))
        definitionsAt(Index, I, V, nullptr, Out);
    return Out;
  }
  // (statement position, definition): sorted by position below, which is
  // the order of the statements in the body.
  std::vector<std::pair<unsigned, Def>> Found;
  std::vector<Def> One;
  auto Add = [&](unsigned At, const DeclRefExpr *Ref) {
    One.clear();
    definitionsAt(Index, At, V, Ref, One);
    for (const Def &D : One)
      Found.push_back({At, D});
  };
  // The declaration: its initialiser's parent.
  if (const Expr *Init = V->getInit())
    if (int I = Index.indexOf(Init); I >= 0) {
      unsigned P = Index.parentIndex(I);
      if (P != StmtParents::None && Index.classAt(P) == Stmt::DeclStmtClass)
        Add(P, nullptr);
    }
  // Assignments and &V arguments: ancestors of a reference to V.
  llvm::ArrayRef<std::uint32_t> Refs = Index.references();
  llvm::ArrayRef<const ValueDecl *> Decls = Index.referenceDecls();
  for (unsigned K = 0; K < Refs.size(); ++K) {
    if (Decls[K] != V)
      continue;
    const auto *Ref = cast<DeclRefExpr>(Index.at(Refs[K]));
    for (unsigned A = Index.parentIndex(Refs[K]); A != StmtParents::None;
         A = Index.parentIndex(A))
      if (Index.isBinary(A, BO_Assign) || Index.is(A, Calls))
        Add(A, Ref);
  }
  std::stable_sort(
      Found.begin(), Found.end(),
      [](const auto &L, const auto &R) { return L.first < R.first; });
  for (const auto &F : Found)
    Out.push_back(F.second);
  return Out;
}

/// The return statements of a body, in source order (from the index's
/// classes alone).
std::vector<const ReturnStmt *> returnsOf(const StmtParents &Index) {
  std::vector<const ReturnStmt *> Out;
  for (std::uint32_t I : Index.actors())
    if (Index.classAt(I) == Stmt::ReturnStmtClass)
      Out.push_back(cast<ReturnStmt>(Index.at(I)));
  return Out;
}

/// Calls of one function anywhere in the TU.
struct CallsOf : RecursiveASTVisitor<CallsOf> {
  const FunctionDecl *Target;
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>> Found;
  const FunctionDecl *Current = nullptr;
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return R;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *FD = directCallee(*C))
      if (FD->getCanonicalDecl() == Target->getCanonicalDecl() && Current)
        Found.push_back({C, Current});
    return true;
  }
};

/// Calls per callee, worked out once per TU (kept with the TU's
/// analysis): a finding's steps used to walk the TU for a parameter, per
/// finding, which made the reports quadratic in the size of a long function
/// (bench/engine). Definitions are looked up per variable in the body's
/// index (definitionsOf).
struct StepsCache {
  std::map<const FunctionDecl *,
           std::vector<std::pair<const CallExpr *, const FunctionDecl *>>>
      Calls;
  ProvenanceAnalysis &PA;
  const ASTContext &Ctx;
  StepsCache(ProvenanceAnalysis &PA, const ASTContext &Ctx)
      : PA(PA), Ctx(Ctx) {}

  const std::vector<std::pair<const CallExpr *, const FunctionDecl *>> &
  callsOf(const FunctionDecl *Target) {
    auto [It, New] = Calls.try_emplace(Target->getCanonicalDecl());
    if (New) {
      CallsOf C;
      C.Target = Target;
      C.TraverseDecl(const_cast<TranslationUnitDecl *>(
          Ctx.getTranslationUnitDecl()));
      It->second = std::move(C.Found);
    }
    return It->second;
  }
};
const char StepsKey = 0;

StepsCache &stepsCache(const ASTContext &Ctx) {
  ProvenanceAnalysis &PA =
      ProvenanceAnalysis::forTU(const_cast<ASTContext &>(Ctx));
  std::shared_ptr<void> &Slot = PA.derived(&StepsKey);
  if (!Slot)
    Slot = std::make_shared<StepsCache>(PA, Ctx);
  return *static_cast<StepsCache *>(Slot.get());
}

bool contains(const Stmt *Outer, const Stmt *Inner) {
  if (!Outer || !Inner)
    return false;
  if (Outer == Inner)
    return true;
  for (const Stmt *C : Outer->children())
    if (contains(C, Inner))
      return true;
  return false;
}

const VarDecl *varOf(const Expr *E) {
  E = stripCasts(E);
  while (E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = stripCasts(ASE->getBase());
    else if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = stripCasts(UO->getSubExpr());
    else if (const auto *BO = dyn_cast<BinaryOperator>(E);
             BO && BO->isAdditiveOp())
      E = stripCasts(BO->getLHS());
    else
      return nullptr;
  }
  return nullptr;
}

} // namespace

std::vector<::usm::FactStep>
pointerSteps(const ASTContext &Ctx, const Expr *Site, const FunctionDecl *SiteFn,
             const Expr *Pointer, const Stmt *At, const FunctionDecl *UseFn,
             const char *LastKind) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Text = [&](const Stmt *S) {
    CharSourceRange R = SM.getExpansionRange(S->getSourceRange());
    std::string T =
        Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    std::replace(T.begin(), T.end(), '\n', ' ');
    if (T.size() > 120)
      T = T.substr(0, 117) + "...";
    return T;
  };
  auto Step = [&](const char *Kind, const Stmt *S) {
    return ::usm::FactStep{Kind, refOf(SM, S->getBeginLoc()), Text(S)};
  };
  std::vector<::usm::FactStep> Back;
  const VarDecl *V = varOf(Pointer);
  const FunctionDecl *Fn = UseFn;
  SourceLocation Before = At ? At->getBeginLoc() : SourceLocation();
  bool Reached = false;
  StepsCache &Cache = stepsCache(Ctx);
  for (int Depth = 0; V && Fn && Fn->getBody() && Depth < 10 && !Reached;
       ++Depth) {
    std::vector<Def> D = definitionsOf(Cache.PA.parents(Fn), V);
    const Def *Last = nullptr;
    for (const Def &X : D)
      if (Before.isInvalid() ||
          SM.isBeforeInTranslationUnit(X.S->getBeginLoc(), Before))
        Last = &X;
    if (!Last) {
      const auto *PV = dyn_cast<ParmVarDecl>(V);
      if (!PV)
        break;
      Back.push_back({"parameter", refOf(SM, PV->getLocation()),
                      PV->getNameAsString()});
      unsigned Index = PV->getFunctionScopeIndex();
      const CallExpr *Pick = nullptr;
      const FunctionDecl *Caller = nullptr;
      for (auto &[Call, F] : Cache.callsOf(Fn))
        if (Index < Call->getNumArgs() && (!Pick || F == SiteFn)) {
          Pick = Call;
          Caller = F;
        }
      if (!Pick)
        break;
      Back.push_back(Step("call", Pick));
      const Expr *Arg = Pick->getArg(Index);
      if (contains(Arg, Site)) {
        Reached = true;
        break;
      }
      V = varOf(Arg);
      Fn = Caller;
      Before = Pick->getBeginLoc();
      continue;
    }
    if (contains(Last->S, Site)) {
      if (Last->S != Site && Last->Value &&
          stripCasts(Last->Value) != Site)
        Back.push_back(Step("assignment", Last->S));
      Reached = true;
      break;
    }
    if (!Last->Value)
      break; // an out-parameter of a call that is not the allocation
    const Expr *RHS = stripCasts(Last->Value);
    if (const VarDecl *W = varOf(RHS); W && isa<DeclRefExpr>(RHS)) {
      Back.push_back(Step("assignment", Last->S));
      V = W;
      Before = Last->S->getBeginLoc();
      continue;
    }
    const auto *Call = dyn_cast<CallExpr>(RHS);
    const FunctionDecl *G = Call ? directCallee(*Call) : nullptr;
    if (G)
      G = G->getDefinition();
    if (!G || !G->getBody()) {
      Back.push_back(Step("assignment", Last->S));
      break;
    }
    Back.push_back(Step("call", Last->S));
    const ReturnStmt *Ret = nullptr;
    for (const ReturnStmt *R : returnsOf(Cache.PA.parents(G)))
      if (R->getRetValue() && (!Ret || contains(R, Site)))
        Ret = R;
    if (!Ret)
      break;
    Back.push_back(Step("return", Ret));
    if (contains(Ret, Site)) {
      Reached = true;
      break;
    }
    V = varOf(Ret->getRetValue());
    Fn = G;
    Before = Ret->getBeginLoc();
  }
  std::vector<::usm::FactStep> Out;
  if (Site)
    Out.push_back(Step("allocation", Site));
  (void)Reached;
  for (auto It = Back.rbegin(); It != Back.rend(); ++It)
    Out.push_back(*It);
  if (At)
    Out.push_back(Step(LastKind, At));
  return Out;
}

/// False in the clang-tidy plugin (checks/plugin/TidyPlugin.cpp): no
/// usmcheck driver removes the facts note there, so it is not emitted.
extern bool EmitFactsNotes;
bool EmitFactsNotes = true;

void attachFacts(ClangTidyCheck &Check, SourceLocation Loc,
                 const ::usm::FindingFacts &F) {
  if (!EmitFactsNotes)
    return;
  Check.diag(Loc, "%0", DiagnosticIDs::Note)
      << (std::string(::usm::FactsNotePrefix) + ::usm::factsToJsonText(F));
}

std::string deviceFact(int ArgParam, const Expr *DevE, const ASTContext &Ctx) {
  if (!DevE)
    return "none";
  const Expr *E = stripCasts(DevE);
  if (ArgParam >= 0)
    return "symbolic";
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && isa<ParmVarDecl>(DRE->getDecl()))
    return "symbolic";
  if (!E->isValueDependent() && E->isIntegerConstantExpr(Ctx))
    return "constant";
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (engine::isInitialDeviceCall(*Call))
      return "constant";
  return "unknown";
}

const char *accessFact(AccessKind AK) {
  switch (AK) {
  case AccessKind::Write:
    return "write";
  case AccessKind::ReadWrite:
    return "read-write";
  default:
    return "read";
  }
}

std::string kindFact(::usm::Kind K) {
  switch (K) {
  case ::usm::Kind::Device:
    return "device";
  case ::usm::Kind::Host:
    return "host";
  case ::usm::Kind::Shared:
    return "shared";
  case ::usm::Kind::NotUSM:
    return "not USM";
  case ::usm::Kind::ByArg:
    return "USM";
  case ::usm::Kind::None:
    break;
  }
  return "none";
}

} // namespace clang::tidy::usm
