#include "HostAccessDeviceCheck.h"
#include "utils/Advisor.h"
#include "utils/FindingFacts.h"
#include "utils/Provenance.h"
#include "utils/UsmApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "llvm/Support/Path.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

using namespace clang::ast_matchers;

namespace clang::tidy::usm {

namespace {

const char *fixIdName(::usm::FixId F) {
  switch (F) {
  case ::usm::FixId::UseHost:
    return "UseHost";
  case ::usm::FixId::UseShared:
    return "UseShared";
  case ::usm::FixId::CopyBack:
    return "CopyBack";
  }
  return "";
}

const char *accessVerb(AccessKind AK) {
  switch (AK) {
  case AccessKind::Write:
    return "writes";
  case AccessKind::ReadWrite:
    return "reads and writes";
  default:
    return "reads";
  }
}

/// Why a fix is ranked first.
const char *reasonFor(::usm::FixId F) {
  switch (F) {
  case ::usm::FixId::UseHost:
    return "the host touches this memory only after the kernels, not "
           "repeatedly between them";
  case ::usm::FixId::UseShared:
    return "host code and kernels both touch this memory repeatedly in the "
           "same loop";
  case ::usm::FixId::CopyBack:
    return "kernels touch this memory repeatedly and the host reads the "
           "results";
  }
  return "";
}

std::string replaceAll(std::string S, const std::string &From,
                       const std::string &To) {
  for (size_t Pos = S.find(From); Pos != std::string::npos;
       Pos = S.find(From, Pos + To.size()))
    S.replace(Pos, From.size(), To);
  return S;
}

std::string unqualified(std::string_view Name) {
  size_t Colon = Name.rfind("::");
  return std::string(Colon == std::string_view::npos ? Name
                                                     : Name.substr(Colon + 2));
}

/// The location of the allocator's name token in the call, or invalid.
SourceLocation calleeNameLoc(const CallExpr &Call) {
  const Expr *Callee = Call.getCallee()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    return DRE->getNameInfo().getLoc();
  return {};
}


/// The renames that keep every deallocation of an allocation right when
/// its allocator is swapped for \p Swap: wherever the frees are in the TU
/// (the allocating function, a helper `release()`, a destructor, a
/// deleter). Empty Why and the name locations to rename; or Why says why
/// the swap cannot be offered (a free that renaming cannot fix, or one
/// that also releases other memory).
struct FreeRenames {
  std::vector<std::pair<SourceLocation, std::string>> Renames;
  std::string Why;
};

/// The TU's free facts by the allocation sites that reach them and by the
/// deallocations they stand for, in the engine's order: built once, on the
/// first swap planned (a scan of every fact per finding grew with the
/// product of findings and frees).
struct FreeLookup {
  /// (key, index into frees()), sorted: one entry per fact and key.
  using Table = std::vector<std::pair<const Expr *, unsigned>>;
  Table BySite, ByFree;
  const std::vector<FreeFact> &Facts;
  explicit FreeLookup(const ProvenanceAnalysis &PA) : Facts(PA.frees()) {
    for (unsigned I = 0; I < Facts.size(); ++I) {
      for (const Origin &O : Facts[I].Origins)
        if (O.Site)
          BySite.push_back({O.Site, I});
      for (const FreeSite &FS : Facts[I].sites())
        ByFree.push_back({FS.Free, I});
    }
    for (Table *T : {&BySite, &ByFree}) {
      std::sort(T->begin(), T->end());
      T->erase(std::unique(T->begin(), T->end()), T->end());
    }
  }
  /// The facts filed under \p E, in the engine's order.
  template <class F> void forEach(const Table &T, const Expr *E, F Fn) const {
    auto It = std::lower_bound(T.begin(), T.end(), std::make_pair(E, 0u));
    for (; It != T.end() && It->first == E; ++It)
      Fn(Facts[It->second]);
  }
};

FreeRenames planFreeRenames(const Origin &Dev, const ::usm::Api &Swap,
                            const FreeLookup &Frees, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  FreeRenames Out;
  // The deallocations this allocation reaches.
  std::map<const Expr *, FreeSite> Reached;
  Frees.forEach(Frees.BySite, Dev.Site, [&](const FreeFact &F) {
    for (const FreeSite &FS : F.sites())
      Reached.emplace(FS.Free, FS);
  });
  // A function that already releases this allocation with a deallocator
  // of the new kind chooses between its deallocators at run time (a
  // compatibility wrapper that remembers which pointers are host memory):
  // its other frees need no rename.
  std::set<const FunctionDecl *> Dispatching;
  for (const auto &[X, FS] : Reached)
    if (FS.Fn && Swap.isFreedBy(FS.FreeApi->Name))
      Dispatching.insert(FS.Fn);
  for (const auto &[X, FS] : Reached) {
    if (Swap.isFreedBy(FS.FreeApi->Name))
      continue;
    if (FS.Fn && Dispatching.count(FS.Fn))
      continue;
    unsigned Line = SM.getExpansionLineNumber(X->getBeginLoc());
    std::string Where = "'" + std::string(FS.FreeApi->Name) + "' at line " +
                        std::to_string(Line);
    const ::usm::Api *New = renamableDealloc(Swap, *FS.FreeApi);
    if (!New) {
      Out.Why = Where + " cannot release '" + std::string(Swap.Name) +
                "' memory by a rename";
      return Out;
    }
    // Every pointer that reaches this free must be fine with the new
    // deallocator: memory of this allocation, or of one New releases.
    // (A parameter of the freeing function is covered by its callers.)
    bool Other = false;
    Frees.forEach(Frees.ByFree, X, [&](const FreeFact &F) {
      bool OnlyParams = !F.Origins.empty();
      for (const Origin &O : F.Origins)
        OnlyParams &= O.isParam() && O.Fn == F.Fn;
      if (OnlyParams)
        return;
      bool Fine = F.Known;
      for (const Origin &O : F.Origins)
        Fine &= O.Site == Dev.Site || (O.A && O.A->isFreedBy(New->Name));
      Other |= !Fine;
    });
    if (Other) {
      Out.Why = Where + " also releases other memory";
      return Out;
    }
    SourceLocation NameLoc;
    if (const auto *Call = dyn_cast<CallExpr>(X))
      NameLoc = replaceableCalleeLoc(*Call, Ctx);
    else if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      NameLoc = DRE->getNameInfo().getLoc().isFileID()
                    ? DRE->getNameInfo().getLoc()
                    : SourceLocation();
    if (NameLoc.isInvalid()) {
      Out.Why = Where + " is written inside a macro or is not a call";
      return Out;
    }
    // A fix-it edits the file being checked, never a header: a free in a
    // header (a compatibility wrapper, a library's helper) serves other
    // code and other translation units too.
    if (!SM.isWrittenInMainFile(NameLoc)) {
      Out.Why = "'" + std::string(FS.FreeApi->Name) + "' in " +
                llvm::sys::path::filename(SM.getFilename(NameLoc)).str() +
                ", line " + std::to_string(SM.getSpellingLineNumber(NameLoc)) +
                ", is in a header that other code may use";
      return Out;
    }
    Out.Renames.push_back({NameLoc, unqualified(New->Name)});
  }
  return Out;
}

struct Advice {
  ::usm::FixId Top = ::usm::FixId::UseHost;
  bool NoSwap = false; ///< CopyBack only because no allocator swap exists
  std::string Reason;  ///< when set, why Top is first (measured figures)
};

/// A figure of `usmcheck bench` (--bench-results), or 0 when not given.
double measured(const char *Key) {
  const auto &B = benchSummary();
  auto It = B.find(Key);
  return It == B.end() ? 0 : std::strtod(It->second.c_str(), nullptr);
}

/// "on NVIDIA H200 (usmcheck bench, DATE)"
std::string measuredOn() {
  const auto &B = benchSummary();
  auto Get = [&](const char *K) {
    auto It = B.find(K);
    return It == B.end() ? std::string() : It->second;
  };
  return "on " + Get("device") + " (usmcheck bench, " + Get("date") + ")";
}

/// The ranking from the structure of the code, revised with the costs
/// `usmcheck bench` measured on the user's GPU when they were given:
/// shared memory touched alternately in one loop is ranked below device
/// memory plus copies when its measured ping-pong costs more; device memory
/// for repeated kernels is ranked below host memory when kernels read host
/// memory nearly as fast as device memory (a coherent CPU-GPU system).
void reviseWithMeasurements(Advice &A) {
  auto Figure = [](const char *Key) {
    return std::string(benchSummary().at(Key));
  };
  if (A.Top == ::usm::FixId::UseShared && measured("ping_pong_ratio") > 0) {
    std::string Cost = measuredOn() +
                       " shared memory touched alternately by the host and "
                       "a kernel cost " +
                       Figure("shared_us") + " us per iteration against " +
                       Figure("device_copy_us") +
                       " us for device memory plus copies";
    if (measured("ping_pong_ratio") > 1) {
      A.Top = ::usm::FixId::CopyBack;
      A.Reason = "host code and kernels both touch this memory in the same "
                 "loop, and " +
                 Cost;
    } else {
      A.Reason = "host code and kernels both touch this memory repeatedly "
                 "in the same loop, and " +
                 Cost;
    }
    return;
  }
  if (A.Top == ::usm::FixId::CopyBack && measured("host_read_ratio") > 0) {
    std::string Reads = measuredOn() + " kernels read host memory at " +
                        Figure("host_read_gbs") + " GB/s against " +
                        Figure("device_read_gbs") + " GB/s for device memory";
    // Within 1.5x: one copy fewer is worth more than the kernels' loss.
    if (measured("host_read_ratio") < 1.5) {
      A.Top = ::usm::FixId::UseHost;
      A.Reason = "kernels touch this memory repeatedly, but " + Reads;
    } else {
      A.Reason = "kernels touch this memory repeatedly, and " + Reads +
                 " (" + Figure("host_read_ratio") + "x)";
    }
  }
}

} // namespace

void HostAccessDeviceCheck::analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  if (PA.hostAccesses().empty())
    return;

  auto Text = [&](const Expr *E) {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO)
        .str();
  };

  // The fix ranking is a property of the allocation, so every report of
  // one allocation gives the same advice (and the fix-it is attached once).
  std::map<const Expr *, Advice> AdviceOf;
  std::optional<FreeLookup> Frees; // for the swaps' free renames
  for (const HostAccess &H : PA.hostAccesses())
    for (const Origin &O : H.Origins) {
      if (!O.isDevice())
        continue;
      Advice &A = AdviceOf[O.Site];
      if (A.Top == ::usm::FixId::UseShared)
        continue;
      // Any loop around the access (a host loop over the data sits inside
      // the loop that alternates with the kernels).
      bool Shared = false;
      for (const Stmt *Loop : enclosingLoops(PA, H.At, H.Fn))
        for (const DeviceUse &U : PA.deviceUses(O.Site))
          Shared |= PA.insideLoop(U, Loop, H.Fn);
      if (Shared) {
        A.Top = ::usm::FixId::UseShared;
        continue;
      }
      for (const DeviceUse &U : PA.deviceUses(O.Site))
        if (PA.repeated(U.Anchor, U.Fn))
          A.Top = ::usm::FixId::CopyBack;
    }
  if (!benchSummary().empty())
    for (auto &[Site, A] : AdviceOf)
      reviseWithMeasurements(A);
  // An allocator without a same-argument host/shared sibling (cudaMallocPitch,
  // zeMemAllocDevice) cannot be swapped: copying back is what remains.
  for (auto &[Site, A] : AdviceOf) {
    const auto *Call = dyn_cast<CallExpr>(Site);
    const ::usm::Api *Api = Call ? apiForCall(*Call) : nullptr;
    if (Api && A.Top != ::usm::FixId::CopyBack &&
        !::usm::familyMember(*Api, ::usm::fixInfo(A.Top).UseKind)) {
      A.Top = ::usm::FixId::CopyBack;
      A.NoSwap = true;
      A.Reason.clear();
    }
  }

  const bool Downgrade = PA.requiresUnifiedSharedMemory();
  std::set<std::pair<unsigned, const Expr *>> ReportedAt;
  std::set<SourceLocation> FixedSites;
  std::set<std::pair<unsigned, unsigned>> Dedup; // templates: one per location

  for (const HostAccess &H : PA.hostAccesses()) {
    const Origin *Dev = nullptr;
    bool Mixed = false;
    for (const Origin &O : H.Origins) {
      if (O.isDevice()) {
        if (!Dev)
          Dev = &O;
      } else {
        Mixed = true;
      }
    }
    if (!Dev)
      continue;
    const auto *SiteCall = dyn_cast<CallExpr>(Dev->Site);
    if (!SiteCall)
      continue;
    if (hasErrors(H.Fn))
      continue;
    SourceLocation Loc = SM.getExpansionLoc(H.At->getBeginLoc());
    SourceLocation SiteLoc = SM.getExpansionLoc(Dev->Site->getBeginLoc());
    if (!Dedup.insert({Loc.getRawEncoding(), SiteLoc.getRawEncoding()})
             .second)
      continue;

    const ::usm::Api &A = *Dev->A;
    std::string AllocName(A.Name);
    // The driver gives findings the check's severity from checks.def; Remark
    // marks a finding that the context downgrades by one level.
    auto Level = Downgrade ? DiagnosticIDs::Remark : DiagnosticIDs::Warning;
    bool TopFixIt = false; // the top fix became a fix-it here
    std::string TopNotOffered;
    {
      const char *Msg =
          H.Via && H.ViaLibrary
              ? "'%0' %1 device memory allocated by '%2' on the host; the "
                "host cannot access device memory"
          : H.Via ? "host code passes device memory allocated by '%2' to "
                    "'%0', which %1 it on the host; the host cannot access "
                    "device memory"
                  : "host code %1 device memory allocated by '%2'; the host "
                    "cannot access device memory%0";
      DiagnosticBuilder D = diag(Loc, Msg, Level);
      D << (H.Via ? H.Via->getNameAsString() : std::string()) << accessVerb(H.AK)
        << AllocName;

      // The allocator swap is applied by --fix when it is the top advice.
      ::usm::FixId Top = AdviceOf[Dev->Site].Top;
      if (Top != ::usm::FixId::CopyBack) {
        const ::usm::Api *Swap =
            ::usm::familyMember(A, ::usm::fixInfo(Top).UseKind);
        // Under a compatibility macro the macro's name is replaced, by the
        // user's spelling of the other allocator.
        // (Only a macro spelled like a catalog allocator is a compatibility
        // name; a user's own macro is left alone.)
        SourceLocation NameLoc = calleeNameLoc(*SiteCall);
        if (NameLoc.isValid() && NameLoc.isMacroID() &&
            isCatalogSpelling(writtenCallee(*SiteCall, Ctx), A.M))
          if (SourceLocation M = replaceableCalleeLoc(*SiteCall, Ctx);
              M.isValid())
            NameLoc = M;
        // The new kind may need another deallocator (cudaMallocHost is
        // released by cudaFreeHost): rename every free of this allocation,
        // wherever it is, so the fixed code is right at once; or offer no
        // fix-it when a rename cannot do it.
        FreeRenames Plan;
        if (Swap) {
          if (!Frees)
            Frees.emplace(PA);
          Plan = planFreeRenames(*Dev, *Swap, *Frees, Ctx);
        }
        if (Swap && !Plan.Why.empty())
          TopNotOffered = Plan.Why;
        else if (Swap && NameLoc.isValid() && NameLoc.isMacroID())
          TopNotOffered = "the allocation is written inside a macro";
        if (Swap && Plan.Why.empty() && NameLoc.isValid() &&
            !NameLoc.isMacroID() && FixedSites.insert(NameLoc).second) {
          TopFixIt = true;
          D << FixItHint::CreateReplacement(
              CharSourceRange::getTokenRange(NameLoc, NameLoc),
              userSpelling(*Swap, writtenCallee(*SiteCall, Ctx), A, Ctx,
                           preprocessor()));
          for (const auto &[FreeLoc, Name] : Plan.Renames)
            if (FixedSites.insert(FreeLoc).second)
              D << FixItHint::CreateReplacement(
                  CharSourceRange::getTokenRange(FreeLoc, FreeLoc), Name);
        }
      }
    }

    if (Downgrade && PA.requiresDecl())
      diag(PA.requiresDecl()->getLocation(),
           "this translation unit requires unified_shared_memory: the access "
           "is legal only on systems with unified memory, where the host can "
           "reach device memory; elsewhere it faults",
           DiagnosticIDs::Note);

    if (H.Via && !H.ViaLibrary && H.ViaAt)
      diag(SM.getExpansionLoc(H.ViaAt->getBeginLoc()),
           "'%0' %1 its parameter on the host here", DiagnosticIDs::Note)
          << H.Via->getNameAsString() << accessVerb(H.AK);

    // The allocation site, and the path that makes the pointer device memory.
    std::string Model(::usm::name(A.M));
    bool WhenTrue = false;
    const Expr *Cond =
        Mixed ? PA.guardingCondition(Dev->Site, Dev->Fn, WhenTrue) : nullptr;
    if (Cond) {
      unsigned Line = SM.getExpansionLineNumber(Cond->getBeginLoc());
      diag(SiteLoc,
           "allocated as device memory by '%0' (%1) when the condition at "
           "line %2 is %3; on other paths the pointer holds other memory",
           DiagnosticIDs::Note)
          << AllocName << Model << Line << (WhenTrue ? "true" : "false");
    } else if (Mixed) {
      diag(SiteLoc,
           "allocated as device memory by '%0' (%1) on some paths; on other "
           "paths the pointer holds other memory",
           DiagnosticIDs::Note)
          << AllocName << Model;
    } else {
      diag(SiteLoc, "allocated as device memory by '%0' (%1) here",
           DiagnosticIDs::Note)
          << AllocName << Model;
    }

    // The facts of this finding (report/Finding.h).
    ::usm::FindingFacts Facts;
    Facts.Rule = "usm-host-access-device";
    Facts.Access = accessFact(H.AK);
    Facts.AccessExpr = writtenText(H.Pointer, Ctx);
    Facts.AllocSite = refOf(SM, Dev->Site->getBeginLoc());
    Facts.AllocLine = lineOf(SM, Dev->Site->getBeginLoc());
    Facts.AllocApi = AllocName;
    Facts.AllocSpelling = writtenCallee(*SiteCall, Ctx);
    Facts.Model = Model;
    Facts.Kind = kindFact(Dev->K);
    if (const Expr *DevE = argAt(*SiteCall, A.Dev)) {
      Facts.DeviceText = writtenText(DevE, Ctx);
      Facts.Device = deviceFact(Dev->ArgParam, DevE, Ctx);
    } else {
      Facts.Device = "none";
    }
    Facts.Steps = pointerSteps(Ctx, Dev->Site, Dev->Fn, H.Pointer, H.At, H.Fn,
                               "access");

    // The three fixes, the one that fits the code first.
    ::usm::FixId Top = AdviceOf[Dev->Site].Top;
    std::vector<::usm::FixId> Order{Top};
    for (const ::usm::Fix &F : ::usm::fixes())
      if (F.Id != Top)
        Order.push_back(F.Id);
    for (size_t I = 0; I < Order.size(); ++I) {
      const ::usm::Fix &F = ::usm::fixInfo(Order[I]);
      const Advice &Adv = AdviceOf[Dev->Site];
      std::string Reason = Adv.NoSwap ? "'" + AllocName +
                                            "' has no host or shared "
                                            "counterpart with the same "
                                            "arguments"
                           : !Adv.Reason.empty() ? Adv.Reason
                                                 : std::string(reasonFor(F.Id));
      std::string Lead = I == 0 ? "recommended fix, since " + Reason + ": "
                                : std::string("alternative fix: ");
      ::usm::FactFix FF;
      FF.Id = fixIdName(F.Id);
      FF.Title = std::string(F.Title);
      if (I == 0) {
        FF.Reason = Reason;
        FF.FixIt = TopFixIt;
        FF.NotOffered = TopNotOffered;
      }
      if (F.Id != ::usm::FixId::CopyBack) {
        const ::usm::Api *Swap = ::usm::familyMember(A, F.UseKind);
        if (!Swap)
          continue;
        FF.Replacement =
            userSpelling(*Swap, Facts.AllocSpelling, A, Ctx, preprocessor());
        FF.Code = FF.Replacement;
        Facts.Fixes.push_back(FF);
        diag(SiteLoc, "%0%1 with '%2' (same arguments); %3", DiagnosticIDs::Note)
            << Lead << std::string(F.Title) << std::string(Swap->Name)
            << std::string(F.Caveat);
        continue;
      }
      // Copy back: the model's call with the arguments this code uses.
      std::string Src = Text(H.Pointer);
      const Expr *SrcE = stripCasts(H.Pointer);
      std::string Name = "buf";
      if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(SrcE))
        Name = DRE->getDecl()->getNameAsString();
      else if (const auto *ME = dyn_cast_or_null<MemberExpr>(SrcE))
        Name = ME->getMemberDecl()->getNameAsString();
      std::string Bytes = "{bytes}";
      if (const Expr *SizeE = argAt(*SiteCall, A.Size)) {
        Bytes = writtenText(SizeE, Ctx);
        // The template form (malloc_device<T>(count, q)) counts elements.
        const FunctionDecl *Callee = directCallee(*SiteCall);
        if (Callee && Callee->getTemplateSpecializationArgs() &&
            SiteCall->getType()->isPointerType()) {
          QualType Elem = SiteCall->getType()->getPointeeType();
          if (!Elem->isVoidType())
            Bytes = "(" + Bytes + ") * sizeof(" +
                    Elem.getUnqualifiedType().getAsString(
                        PrintingPolicy(LO)) +
                    ")";
        }
      }
      std::string Call(::usm::modelInfo(A.M).CopyBack);
      Call = replaceAll(Call, "{dst}", "h_" + Name);
      Call = replaceAll(Call, "{src}", Src.empty() ? Name : Src);
      Call = replaceAll(Call, "{bytes}", Bytes);
      if (const Expr *DevE = argAt(*SiteCall, A.Dev)) {
        Call = replaceAll(Call, "{dev}", writtenText(DevE, Ctx));
        Call = replaceAll(Call, "{queue}", writtenText(DevE, Ctx));
      }
      diag(Loc,
           "%0%1: declare a host buffer 'h_%2', copy into it before this "
           "access with %3, and read 'h_%2' instead",
           DiagnosticIDs::Note)
          << Lead << std::string(F.Title) << Name << Call;
      FF.Code = Call;
      Facts.Fixes.push_back(FF);
      Facts.Pointer = Name;
    }
    if (Facts.Pointer.empty())
      if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripCasts(H.Pointer)))
        Facts.Pointer = DRE->getDecl()->getNameAsString();
    if (const Expr *SizeE = argAt(*SiteCall, A.Size)) {
      Facts.SizeText = writtenText(SizeE, Ctx);
      // The template form (malloc_device<T>(count, q)) counts elements.
      const FunctionDecl *Callee = directCallee(*SiteCall);
      if (Callee && Callee->getTemplateSpecializationArgs() &&
          SiteCall->getType()->isPointerType() &&
          !SiteCall->getType()->getPointeeType()->isVoidType()) {
        bool Simple = std::all_of(
            Facts.SizeText.begin(), Facts.SizeText.end(),
            [](char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; });
        Facts.SizeText =
            (Simple ? Facts.SizeText : "(" + Facts.SizeText + ")") +
            " * sizeof(" +
            SiteCall->getType()->getPointeeType().getUnqualifiedType().getAsString(
                PrintingPolicy(LO)) +
            ")";
      }
    }
    if (QualType PT = stripCasts(H.Pointer)->getType(); PT->isPointerType())
      if (!PT->getPointeeType()->isVoidType())
        Facts.ElemType = PT->getPointeeType().getUnqualifiedType().getAsString(
            PrintingPolicy(LO));
    if (!TopNotOffered.empty() && TopNotOffered.find("macro") == std::string::npos)
      diag(SiteLoc, "no fix-it for the allocator swap: %0", DiagnosticIDs::Note)
          << TopNotOffered;
    attachFacts(*this, Loc, Facts);
  }
}

} // namespace clang::tidy::usm
