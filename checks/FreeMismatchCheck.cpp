#include "FreeMismatchCheck.h"
#include "utils/FindingFacts.h"
#include "utils/Provenance.h"
#include "utils/UsmApi.h"

#include "Queries.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
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

/// The facts every report of this check shares: allocation, deallocation,
/// the steps from one to the other.
static ::usm::FindingFacts baseFacts(const Origin &O, const FreeFact &F,
                                     const Expr *At, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
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
  if (F.Via) {
    if (const auto *Call = dyn_cast<CallExpr>(F.Via)) {
      for (unsigned I = 0; I < Call->getNumArgs() && !FreedPtr; ++I)
        if (Call->getArg(I)->getType()->isPointerType())
          FreedPtr = Call->getArg(I);
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(F.Via)) {
      FreedPtr = CE->getArg(0);
    }
  } else if (const auto *Call = dyn_cast<CallExpr>(F.Free)) {
    Facts.FreeSpelling = writtenCallee(*Call, Ctx);
    FreedPtr = argAt(*Call, F.FreeApi->Ptr);
  } else if (const auto *Del = dyn_cast<CXXDeleteExpr>(F.Free)) {
    FreedPtr = Del->getArgument();
  }
  Facts.AccessExpr = writtenText(FreedPtr, Ctx);
  if (const auto *SiteCall = dyn_cast<CallExpr>(O.Site)) {
    Facts.AllocSpelling = writtenCallee(*SiteCall, Ctx);
    Facts.DeviceText = writtenText(argAt(*SiteCall, O.A->Dev), Ctx);
    Facts.Device = deviceFact(O.ArgParam, argAt(*SiteCall, O.A->Dev), Ctx);
    Facts.SizeText = writtenText(argAt(*SiteCall, O.A->Size), Ctx);
  }
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripCasts(FreedPtr)))
    Facts.Pointer = DRE->getDecl()->getNameAsString();
  if (FreedPtr)
    Facts.Steps = pointerSteps(Ctx, O.Site, O.Fn, FreedPtr, At, F.Fn, "free");
  if (F.Via)
    Facts.Steps.push_back({"free", Facts.FreeSite,
                           std::string(F.FreeApi->Name)});
  return Facts;
}

/// Who frees a pointer handed over at \p Via: "'release'", "its deleter".
static std::string freerName(const FreeFact &F) {
  if (const auto *Call = dyn_cast<CallExpr>(F.Via))
    if (const FunctionDecl *FD = directCallee(*Call))
      return "'" + FD->getNameAsString() + "'";
  return "its deleter";
}

void FreeMismatchCheck::reportHandOver(const FreeFact &F, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Origin &O = F.Origins.front();
  std::string Expected = firstDealloc(*O.A);
  bool KnownKind = O.K != ::usm::Kind::ByArg;
  std::string KindText =
      KnownKind ? std::string(::usm::name(O.K)) : std::string("USM");
  bool FromUSM = KnownKind && O.K != ::usm::Kind::NotUSM;
  SourceLocation Loc = SM.getExpansionLoc(F.Via->getBeginLoc());
  diag(Loc,
       "%0 memory allocated by '%1' (%2) is released with '%3' by %5; "
       "release it with '%4'")
      << (FromUSM ? "USM " + KindText : KindText) << O.A->Name
      << std::string(::usm::name(O.A->M)) << F.FreeApi->Name << Expected
      << freerName(F);
  for (const FreeSite &FS : F.Through)
    diag(FS.Free->getBeginLoc(), "%0 releases it here with '%1'",
         DiagnosticIDs::Note)
        << freerName(F) << FS.FreeApi->Name;
  diag(O.Site->getBeginLoc(), "allocated here as %0 memory by '%1'",
       DiagnosticIDs::Note)
      << KindText << O.A->Name;
  ::usm::FindingFacts Facts = baseFacts(O, F, F.Via, Ctx);
  ::usm::FactFix FF;
  FF.Id = "UseDeallocator";
  FF.Title = "release it with '" + Expected + "'";
  FF.Replacement = FF.Code = Expected;
  FF.NotOffered = freerName(F) +
                  " may release other memory for other callers: change it "
                  "by hand, or give this memory its own release";
  Facts.Fixes.push_back(FF);
  attachFacts(*this, Loc, Facts);
}

namespace {

/// How a local variable gets its values in one function body.
struct VarWrites : RecursiveASTVisitor<VarWrites> {
  const VarDecl *V;
  unsigned Created = 0; ///< out-parameter of a call (`create(&v)`)
  unsigned Other = 0;   ///< assigned, or initialised from something else
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        Other += DRE->getDecl() == V;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
        Created += DRE->getDecl() == V;
    return true;
  }
};

/// The variable standing for the context that \p E names: a context
/// variable, a queue built on a context variable (`queue q{ctx, dev}`), or
/// `q.get_context()` of such a queue. Null when it cannot be told.
const VarDecl *contextVar(const Expr *E, bool &Built) {
  Built = false;
  E = stripCasts(E);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    E = stripCasts(MC->getImplicitObjectArgument());
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl())
    return nullptr;
  // A queue made with an explicit context stands for that context.
  if (const auto *CE =
          dyn_cast_or_null<CXXConstructExpr>(VD->getInit() ? stripCasts(VD->getInit()) : nullptr))
    for (const Expr *A : CE->arguments())
      if (const auto *ADR = dyn_cast<DeclRefExpr>(stripCasts(A)))
        if (const auto *AV = dyn_cast<VarDecl>(ADR->getDecl());
            AV && AV != VD && AV->isLocalVarDecl() &&
            AV->getType()->isRecordType() &&
            !AV->getType()->getAsCXXRecordDecl()->getName().empty() &&
            AV->getType().getCanonicalType() != VD->getType().getCanonicalType() &&
            A->getType()->isRecordType()) {
          Built = true;
          return AV;
        }
  return VD;
}

/// Is \p V a context of its own: created by a call that receives its
/// address (and never assigned), or constructed as an object (not copied)?
bool ownContext(const VarDecl *V, const FunctionDecl *Fn) {
  if (!Fn || !Fn->getBody())
    return false;
  VarWrites W;
  W.V = V;
  W.TraverseStmt(Fn->getBody());
  if (W.Other)
    return false;
  if (V->getType()->isRecordType()) {
    const auto *CE = dyn_cast_or_null<CXXConstructExpr>(
        V->getInit() ? stripCasts(V->getInit()) : nullptr);
    return CE && CE->getConstructor() &&
           !CE->getConstructor()->isCopyOrMoveConstructor();
  }
  const Expr *Init = V->getInit();
  return W.Created == 1 &&
         (!Init || Init->isNullPointerConstant(V->getASTContext(),
                                               Expr::NPC_ValueDependentIsNull));
}

} // namespace

void FreeMismatchCheck::checkArguments(const FreeFact &F, ASTContext &Ctx) {
  const auto *FreeCall = dyn_cast<CallExpr>(F.Free);
  if (!FreeCall || F.Origins.size() != 1 || hasErrors(F.Fn))
    return;
  const Origin &O = F.Origins.front();
  const auto *Site = dyn_cast<CallExpr>(O.Site);
  if (!Site || O.ArgParam >= 0 || O.Fn != F.Fn)
    return;
  const ::usm::Pairing *PFree = ::usm::findPairing(F.FreeApi->Name);
  const ::usm::Pairing *PAlloc = ::usm::findPairing(O.A->Name);
  if (!PFree || !PAlloc || PFree->What != PAlloc->What)
    return;
  const Expr *FreeArg = argAt(*FreeCall, PFree->Arg);
  const Expr *AllocArg = argAt(*Site, PAlloc->Arg);
  if (!FreeArg || !AllocArg)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(FreeArg->getBeginLoc());
  std::string FreeText = writtenText(FreeArg, Ctx),
              AllocText = writtenText(AllocArg, Ctx);
  ::usm::FindingFacts Facts = baseFacts(O, F, F.Free, Ctx);
  ::usm::FactFix FF;
  if (PFree->What == ::usm::PairedBy::Device) {
    if (FreeArg->isValueDependent() || AllocArg->isValueDependent())
      return;
    std::optional<llvm::APSInt> A = AllocArg->getIntegerConstantExpr(Ctx);
    std::optional<llvm::APSInt> B = FreeArg->getIntegerConstantExpr(Ctx);
    if (!A || !B || llvm::APSInt::isSameValue(*A, *B))
      return;
    {
      auto D = diag(Loc, "'%0' releases memory on device %1, but '%2' "
                         "allocated it on device %3; release it on the "
                         "allocating device")
               << F.FreeApi->Name << FreeText << O.A->Name << AllocText;
      bool Fix = !FreeArg->getBeginLoc().isMacroID() &&
                 !FreeArg->getEndLoc().isMacroID();
      if (Fix)
        D << FixItHint::CreateReplacement(
            CharSourceRange::getTokenRange(FreeArg->getSourceRange()),
            AllocText);
      FF.Id = "UseAllocatingDevice";
      FF.FixIt = Fix;
      if (!Fix)
        FF.NotOffered = "the device argument is written inside a macro";
    }
    FF.Title = "release it on the allocating device";
  } else {
    // An object (a queue) counts only through the context it was built on:
    // two queues made without one may share a default context.
    bool BuiltA = false, BuiltF = false;
    const VarDecl *CA = contextVar(AllocArg, BuiltA),
                  *CF = contextVar(FreeArg, BuiltF);
    if (!CA || !CF || CA == CF || !ownContext(CA, F.Fn) ||
        !ownContext(CF, F.Fn))
      return;
    if ((CA->getType()->isRecordType() && !BuiltA) ||
        (CF->getType()->isRecordType() && !BuiltF))
      return;
    diag(Loc, "'%0' releases memory with context '%1', but '%2' allocated "
              "it with context '%3'; release it with the allocation's "
              "context")
        << F.FreeApi->Name << CF->getName() << O.A->Name << CA->getName();
    diag(CF->getLocation(), "'%0' is a context of its own, made here",
         DiagnosticIDs::Note)
        << CF->getName();
    FF.Id = "UseAllocatingContext";
    FF.Title = "release it with the allocation's context";
    FF.NotOffered = "the allocation's context may not be reachable here";
  }
  diag(O.Site->getBeginLoc(), "allocated here by '%0' with %1 %2",
       DiagnosticIDs::Note)
      << O.A->Name
      << (PFree->What == ::usm::PairedBy::Device ? "device" : "context")
      << AllocText;
  FF.Replacement = FF.Code = AllocText;
  Facts.Fixes.push_back(FF);
  attachFacts(*this, Loc, Facts);
}

void FreeMismatchCheck::analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FreeFact &F : PA.frees()) {
    // Quiet unless every allocation that can reach this free is known and
    // mismatches it.
    if (!F.Known || hasErrors(F.Fn))
      continue;
    bool Matches = false;
    for (const Origin &O : F.Origins)
      for (const FreeSite &FS : F.sites())
        Matches |= O.A->isFreedBy(FS.FreeApi->Name);
    if (Matches) {
      if (!F.Via)
        checkArguments(F, Ctx);
      continue;
    }
    if (F.Via) {
      reportHandOver(F, Ctx);
      continue;
    }
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

    ::usm::FindingFacts Facts = baseFacts(O, F, F.Free, Ctx);
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
