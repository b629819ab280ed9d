#include "MemcpyDirectionCheck.h"
#include "Queries.h"
#include "utils/AllocSize.h"
#include "utils/EngineSupport.h"
#include "utils/FindingFacts.h"
#include "utils/Provenance.h"
#include "utils/StmtParents.h"
#include "utils/UsmApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

#include <map>

using namespace clang::ast_matchers;

namespace clang::tidy::usm {

namespace {

/// Where the memory of one pointer argument lives, as far as it is certain.
enum class Mem { Unknown, Device, Pinned, Pageable, Shared };

bool isHost(Mem M) { return M == Mem::Pinned || M == Mem::Pageable; }

/// What a device-number argument is.
enum class DevNum { Unknown, Initial, Offload };

struct Side {
  const Expr *Arg = nullptr; ///< the pointer argument as written
  Mem M = Mem::Unknown;
  const Origin *O = nullptr; ///< its allocation (engine), if any
  std::string What;          ///< "device memory allocated by 'cudaMalloc'"
  std::string Kind;          ///< "device memory"
};

using DiagFn = llvm::function_ref<DiagnosticBuilder(
    SourceLocation, StringRef, DiagnosticIDs::Level)>;
using FactsFn =
    llvm::function_ref<void(SourceLocation, const ::usm::FindingFacts &)>;

/// The checks of one translation unit.
class Checker {
public:
  Checker(ASTContext &Ctx, ProvenanceAnalysis &PA, DiagFn Diag,
          FactsFn Attach)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), PA(PA),
        Sizes(Ctx, PA), Diag(Diag), Attach(Attach) {}

  void check(const CopyFact &F) {
    Side Dst = classify(argAt(*F.Call, F.Api->Ptr), F.Dst, F.DstKnown);
    Side Src = F.Api->R == ::usm::Role::Copy
                   ? classify(argAt(*F.Call, F.Api->Src), F.Src, F.SrcKnown)
                   : Side{};
    if (F.Api->R == ::usm::Role::Copy) {
      if (F.Api->Dev >= 0 && F.Api->SrcDev >= 0 &&
          engine::hasInitialDevice(F.Api->M))
        deviceNumbers(F, Dst, Src);
      else
        copyKind(F, Dst, Src);
    }
    ::usm::CopyArgs CA = ::usm::copyArgs(*F.Api);
    bounds(F, Dst, F.Dst, F.DstKnown, CA.DstOffset, CA.Unit,
           F.Api->R == ::usm::Role::Copy ? "writes" : "fills");
    if (F.Api->R == ::usm::Role::Copy)
      bounds(F, Src, F.Src, F.SrcKnown, CA.SrcOffset, CA.Unit, "reads");
  }

private:
  //--- text ------------------------------------------------------------------

  /// The file range the user wrote for \p E (a macro argument or a whole
  /// macro use count), or an invalid range.
  CharSourceRange fileRange(const Expr *E) {
    return Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO);
  }

  /// \p E in the user's spelling.
  std::string text(const Expr *E) {
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
      E = DA->getExpr();
    CharSourceRange R = fileRange(E);
    if (R.isValid()) {
      bool Invalid = false;
      StringRef T = Lexer::getSourceText(R, SM, LO, &Invalid);
      if (!Invalid && !T.empty())
        return T.str();
    }
    std::string S;
    llvm::raw_string_ostream OS(S);
    E->printPretty(OS, nullptr, PrintingPolicy(LO));
    return OS.str();
  }

  std::string calleeText(const CallExpr *Call) {
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      return text(MC->getCallee());
    return text(Call->getCallee());
  }

  /// The call with some arguments (catalog indices) replaced.
  std::string callWith(const CallExpr *Call,
                       const std::map<int, std::string> &Replace) {
    std::string Out = calleeText(Call) + "(";
    int Last = -1;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (!isa<CXXDefaultArgExpr>(Call->getArg(I)))
        Last = static_cast<int>(I);
    for (const auto &[I, T] : Replace)
      Last = std::max(Last, I);
    for (int I = 0; I <= Last; ++I) {
      if (I)
        Out += ", ";
      auto It = Replace.find(I);
      if (It != Replace.end())
        Out += It->second;
      else if (const Expr *A = argAt(*Call, I))
        Out += text(A);
    }
    return Out + ")";
  }

  /// A fix-it replacing \p E, when the user wrote it in this file.
  std::optional<FixItHint> replace(const Expr *E, const std::string &With) {
    if (!E || isa<CXXDefaultArgExpr>(E))
      return std::nullopt;
    CharSourceRange R = fileRange(E);
    if (!R.isValid())
      return std::nullopt;
    return FixItHint::CreateReplacement(R, With);
  }

  //--- memory of a pointer -----------------------------------------------------

  static Mem memOf(const Origin &O) {
    if (!O.Site || !O.A || O.ArgParam >= 0)
      return Mem::Unknown;
    switch (O.K) {
    case ::usm::Kind::Device:
      return Mem::Device;
    case ::usm::Kind::Shared:
      return Mem::Shared;
    case ::usm::Kind::NotUSM:
      return Mem::Pageable;
    case ::usm::Kind::Host:
      // A device allocator asked for the initial device: plain host memory.
      return O.A->K == ::usm::Kind::Device ? Mem::Pageable : Mem::Pinned;
    default:
      return Mem::Unknown;
    }
  }

  static const char *describe(Mem M) {
    switch (M) {
    case Mem::Device:
      return "device memory";
    case Mem::Pinned:
      return "host memory";
    case Mem::Pageable:
      return "pageable host memory";
    case Mem::Shared:
      return "shared memory";
    default:
      return "memory";
    }
  }

  /// A host array variable: not a device, constant or declare-target one.
  static const VarDecl *hostArray(const Expr *E) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripCasts(E));
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->getType()->isArrayType() || VD->hasAttrs() ||
        VD->getType()->isDependentType())
      return nullptr;
    return VD;
  }

  /// `&v` of a host variable (a local or global object, not a device,
  /// constant or declare-target one): pageable host memory of sizeof(v).
  static const VarDecl *hostObject(const Expr *E) {
    const auto *UO = dyn_cast_or_null<UnaryOperator>(stripCasts(E));
    if (!UO || UO->getOpcode() != UO_AddrOf)
      return nullptr;
    const auto *DRE =
        dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || VD->hasAttrs() || VD->getType()->isReferenceType() ||
        VD->getType()->isDependentType() || isa<ParmVarDecl>(VD))
      return nullptr;
    return VD;
  }

  /// `v.data()` of a standard container with the standard allocator.
  static bool pageableData(const Expr *E) {
    const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(stripCasts(E));
    if (!MC || MC->getNumArgs() != 0 || !MC->getMethodDecl())
      return false;
    if (!::usm::isPageableData(engine::hostAccessName(*MC->getMethodDecl())))
      return false;
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(
        MC->getMethodDecl()->getParent());
    if (!Spec)
      return false;
    const TemplateArgumentList &TA = Spec->getTemplateArgs();
    for (unsigned I = 1; I < TA.size(); ++I)
      if (TA[I].getKind() == TemplateArgument::Type)
        if (const auto *RD = TA[I].getAsType()->getAsCXXRecordDecl())
          if (!RD->isInStdNamespace())
            return false; // a USM allocator: not pageable memory
    return true;
  }

  Side classify(const Expr *Arg, const OriginSet &Os, bool Known) {
    Side S;
    S.Arg = Arg;
    if (!Arg || !Arg->getType()->isPointerType())
      return S;
    const Expr *Base = pointerBase(Arg);
    if (const VarDecl *VD = hostArray(Base)) {
      S.M = Mem::Pageable;
      S.What = "host memory (the array '" + VD->getNameAsString() + "')";
      return S;
    }
    if (const VarDecl *VD = hostObject(Base)) {
      S.M = Mem::Pageable;
      S.What = "host memory (the variable '" + VD->getNameAsString() + "')";
      return S;
    }
    if (pageableData(Base)) {
      S.M = Mem::Pageable;
      S.What = "pageable host memory of a standard container";
      return S;
    }
    if (!Known || Os.empty())
      return S;
    Mem M = memOf(Os.front());
    for (const Origin &O : Os)
      if (memOf(O) != M)
        return S;
    if (M == Mem::Unknown)
      return S;
    S.M = M;
    S.O = &Os.front();
    S.Kind = describe(M);
    S.What = S.Kind + " allocated by '" + std::string(S.O->A->Name) + "'";
    return S;
  }

  //--- OpenMP device numbers ---------------------------------------------------

  DevNum devNum(const Expr *E, const OriginSet &V, const FunctionDecl *Fn,
                int Depth = 0) {
    if (!V.empty()) {
      bool All = true;
      for (const Origin &O : V)
        All &= O.isInitialDevice();
      if (All)
        return DevNum::Initial;
    }
    E = E ? E->IgnoreParenCasts() : nullptr;
    if (!E || Depth > 4 || E->isValueDependent())
      return DevNum::Unknown;
    Expr::EvalResult R;
    if (!engine::neverConstant(E) && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().isNonNegative() ? DevNum::Offload
                                            : DevNum::Unknown;
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      if (engine::isInitialDeviceCall(*Call))
        return DevNum::Initial;
      const FunctionDecl *Callee = directCallee(*Call);
      if (Callee && Call->getNumArgs() == 0)
        if (const ::usm::DeviceNumber *D =
                ::usm::findDeviceNumber(catalogName(*Callee)))
          return D->K == ::usm::Kind::Device ? DevNum::Offload
                                             : DevNum::Initial;
      return DevNum::Unknown;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->getInit() && Sizes.vars(Fn).stable(VD))
          return devNum(VD->getInit(), {}, Fn, Depth + 1);
    return DevNum::Unknown;
  }

  /// The device argument of the allocation of \p S (a device buffer).
  const Expr *allocDevice(const Side &S) {
    if (!S.O || !S.O->Site || !S.O->A)
      return nullptr;
    const auto *Call = dyn_cast<CallExpr>(S.O->Site);
    return Call ? argAt(*Call, S.O->A->Dev) : nullptr;
  }

  static const VarDecl *varOf(const Expr *E) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(
        E ? E->IgnoreParenImpCasts() : nullptr);
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  }

  /// Is \p VD declared in a block of \p Fn that encloses \p At, before it
  /// (or a parameter of \p Fn, or a global)?
  bool visibleAt(const VarDecl *VD, const Stmt *At, const FunctionDecl *Fn) {
    if (VD->hasGlobalStorage() && !VD->isStaticLocal())
      return true;
    if (const auto *PV = dyn_cast<ParmVarDecl>(VD))
      return PV->getDeclContext() == Fn;
    if (VD->getParentFunctionOrMethod() != Fn)
      return false;
    const StmtParents &PM = PA.parents(Fn);
    const Stmt *Prev = At;
    for (const Stmt *Cur = PM.getParent(At); Cur;
         Prev = Cur, Cur = PM.getParent(Cur)) {
      if (const auto *CS = dyn_cast<CompoundStmt>(Cur)) {
        for (const Stmt *Child : CS->body()) {
          if (Child == Prev)
            break;
          if (const auto *DS = dyn_cast<DeclStmt>(Child))
            for (const Decl *D : DS->decls())
              if (D == VD)
                return true;
        }
      }
    }
    return false;
  }

  void deviceNumbers(const CopyFact &F, const Side &Dst, const Side &Src) {
    const CallExpr *Call = F.Call;
    const ::usm::Api &A = *F.Api;
    const Expr *DstDevE = argAt(*Call, A.Dev), *SrcDevE = argAt(*Call, A.SrcDev);
    if (!DstDevE || !SrcDevE)
      return;
    DevNum DD = devNum(DstDevE, F.DstDev, F.Fn);
    DevNum SD = devNum(SrcDevE, F.SrcDev, F.Fn);
    // The device variable a device buffer of this copy was allocated on is
    // an offload device's number.
    auto SameAsAlloc = [&](const Expr *DevE, const Side &Other) {
      const VarDecl *V = varOf(DevE);
      return V && Other.M == Mem::Device && Other.O->Fn == F.Fn &&
             varOf(allocDevice(Other)) == V && Sizes.vars(F.Fn).stable(V);
    };
    if (DD == DevNum::Unknown && SameAsAlloc(DstDevE, Src))
      DD = DevNum::Offload;
    if (SD == DevNum::Unknown && SameAsAlloc(SrcDevE, Dst))
      SD = DevNum::Offload;
    // With `requires unified_shared_memory` a device may address host
    // memory, so a host buffer with a device's number is fine there.
    bool HostOnDevice = !PA.requiresUnifiedSharedMemory();
    auto Bad = [&](const Side &S, DevNum N) {
      return (S.M == Mem::Device && N == DevNum::Initial) ||
             (S.M == Mem::Pageable && N == DevNum::Offload && HostOnDevice);
    };
    bool DstBad = Bad(Dst, DD), SrcBad = Bad(Src, SD);
    if (!DstBad && !SrcBad)
      return;
    std::string Callee = calleeText(Call);
    SourceLocation Loc = SM.getExpansionLoc(Call->getBeginLoc());
    if (DstBad && SrcBad) {
      std::string DT = text(DstDevE), ST = text(SrcDevE);
      std::string Fixed = callWith(Call, {{A.Dev, ST}, {A.SrcDev, DT}});
      auto R1 = replace(DstDevE, ST), R2 = replace(SrcDevE, DT);
      {
        auto D = Diag(Loc,
                      "the device numbers of '%0' are swapped: the "
                      "destination '%1' is %2 and the source '%3' is %4; the "
                      "call should be '%5'",
                      DiagnosticIDs::Warning)
                 << Callee << text(Dst.Arg) << Dst.What << text(Src.Arg)
                 << Src.What << Fixed;
        if (R1 && R2)
          D << *R1 << *R2;
      }
      // The other reading: the pointers (and their offsets) are swapped.
      ::usm::CopyArgs CA = ::usm::copyArgs(A);
      std::map<int, std::string> Alt{{A.Ptr, text(Src.Arg)},
                                     {A.Src, text(Dst.Arg)}};
      if (CA.DstOffset >= 0 && CA.SrcOffset >= 0)
        if (const Expr *DO = argAt(*Call, CA.DstOffset))
          if (const Expr *SO = argAt(*Call, CA.SrcOffset)) {
            Alt[CA.DstOffset] = text(SO);
            Alt[CA.SrcOffset] = text(DO);
          }
      Diag(Loc,
           "if the copy should go the other way, swap the destination and "
           "source instead: '%0'",
           DiagnosticIDs::Note)
          << callWith(Call, Alt);
      allocNote(Dst);
      allocNote(Src);
      facts(Loc, F, Src, "SwapDeviceNumbers", "swap the device numbers",
            Fixed, R1 && R2,
            R1 && R2 ? "" : "a device number is written inside a macro");
      return;
    }
    const Side &S = DstBad ? Dst : Src;
    const Expr *DevE = DstBad ? DstDevE : SrcDevE;
    int DevIdx = DstBad ? A.Dev : A.SrcDev;
    std::string Want;
    if (S.M == Mem::Device) {
      const Expr *AD = allocDevice(S);
      Expr::EvalResult R;
      if (AD && !AD->isValueDependent() && !engine::neverConstant(AD) &&
          AD->EvaluateAsInt(R, Ctx))
        Want = text(AD);
      else if (const VarDecl *V = varOf(AD);
               V && S.O->Fn == F.Fn && Sizes.vars(F.Fn).stable(V) &&
               visibleAt(V, Call, F.Fn))
        Want = text(AD);
    } else {
      Want = std::string(::usm::modelInfo(A.M).HostDevice);
    }
    std::string Role = DstBad ? "destination" : "source";
    std::string Is = S.M == Mem::Device
                         ? "the initial device (the host)"
                         : "an offload device's number";
    bool Fixed = false;
    std::string Fix =
        Want.empty() ? "pass the number of the device it was allocated on"
                     : "the call should be '" +
                           callWith(Call, {{DevIdx, Want}}) + "'";
    {
      auto D = Diag(Loc,
                    "the %0 '%1' of '%2' is %3 but its device number '%4' is "
                    "%5; %6",
                    DiagnosticIDs::Warning)
               << Role << text(S.Arg) << Callee << S.What << text(DevE) << Is
               << Fix;
      if (!Want.empty())
        if (auto R = replace(DevE, Want)) {
          D << *R;
          Fixed = true;
        }
    }
    allocNote(S);
    facts(Loc, F, S, "SetDeviceNumber",
          "pass the number of the device the " + Role + "'s memory is on",
          Want.empty() ? "" : callWith(Call, {{DevIdx, Want}}), Fixed,
          Fixed ? ""
          : Want.empty()
              ? "the device it was allocated on is not visible at the copy"
              : "the device number is written inside a macro");
  }

  /// The finding's structured facts (FindingFacts.h): the copy, the
  /// pointer it is about and its allocation, and the corrected call.
  void facts(SourceLocation Loc, const CopyFact &F, const Side &S,
             const std::string &FixId, const std::string &Title,
             const std::string &Code, bool FixIt,
             const std::string &NotOffered) {
    ::usm::FindingFacts X;
    X.Rule = "usm-memcpy-direction";
    X.Access = F.Api->R == ::usm::Role::Copy ? "copy" : "fill";
    if (S.Arg) {
      X.AccessExpr = writtenText(S.Arg, Ctx);
      if (const auto *DRE =
              dyn_cast_or_null<DeclRefExpr>(stripCasts(pointerBase(S.Arg))))
        X.Pointer = DRE->getDecl()->getNameAsString();
    }
    X.Model = std::string(::usm::name(F.Api->M));
    if (S.O && S.O->Site && S.O->A) {
      SourceLocation At = S.O->Site->getBeginLoc();
      X.AllocSite = refOf(SM, At);
      X.AllocLine = lineOf(SM, At);
      X.AllocApi = std::string(S.O->A->Name);
      X.Model = std::string(::usm::name(S.O->A->M));
      X.Kind = kindFact(S.O->K);
      if (const auto *AC = dyn_cast<CallExpr>(S.O->Site)) {
        X.AllocSpelling = writtenCallee(*AC, Ctx);
        const Expr *DevE = argAt(*AC, S.O->A->Dev);
        X.Device = deviceFact(S.O->ArgParam, DevE, Ctx);
        if (DevE)
          X.DeviceText = writtenText(DevE, Ctx);
        if (const Expr *SizeE = argAt(*AC, S.O->A->Size))
          X.SizeText = writtenText(SizeE, Ctx);
      }
      if (S.Arg)
        X.Steps = pointerSteps(Ctx, S.O->Site, S.O->Fn, S.Arg, F.Call, F.Fn,
                               "access");
    }
    ::usm::FactFix FF;
    FF.Id = FixId;
    FF.Title = Title;
    FF.Code = Code;
    FF.Replacement = Code;
    FF.FixIt = FixIt;
    FF.NotOffered = NotOffered;
    X.Fixes.push_back(FF);
    Attach(Loc, X);
  }

  void allocNote(const Side &S) {
    if (S.O && S.O->Site)
      Diag(S.O->Site->getBeginLoc(), "'%0' allocated here as %1 by '%2'",
           DiagnosticIDs::Note)
          << text(S.Arg) << S.Kind << std::string(S.O->A->Name);
  }

  //--- copy kinds (CUDA, HIP) ------------------------------------------------

  const ::usm::Direction *directionOf(const Expr *E) {
    if (!E)
      return nullptr;
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
      E = DA->getExpr();
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripCasts(E));
    if (!DRE)
      return nullptr;
    if (const ::usm::Direction *D =
            ::usm::findDirection(constantName(*DRE->getDecl())))
      return D;
    return ::usm::findDirection(DRE->getDecl()->getName());
  }

  static bool dstIsDevice(::usm::Dir D) {
    return D == ::usm::Dir::HostToDevice || D == ::usm::Dir::DeviceToDevice;
  }
  static bool srcIsDevice(::usm::Dir D) {
    return D == ::usm::Dir::DeviceToHost || D == ::usm::Dir::DeviceToDevice;
  }

  const ::usm::Direction *directionRow(::usm::Model M, ::usm::Dir D) {
    for (const ::usm::Direction &Row : ::usm::directions())
      if (Row.M == M && Row.D == D)
        return &Row;
    return nullptr;
  }

  void copyKind(const CopyFact &F, const Side &Dst, const Side &Src) {
    const ::usm::Api &A = *F.Api;
    const Expr *KindE = argAt(*F.Call, A.DirArg);
    ::usm::Dir D = A.D;
    std::string KindText;
    if (A.D == ::usm::Dir::FromArg) {
      const ::usm::Direction *Row = directionOf(KindE);
      if (!Row)
        return;
      D = Row->D;
      KindText = std::string(Row->Name);
    }
    if (D == ::usm::Dir::Any || D == ::usm::Dir::None ||
        D == ::usm::Dir::FromArg)
      return;
    auto Bad = [](const Side &S, bool SaysDevice) {
      return SaysDevice ? S.M == Mem::Pageable : S.M == Mem::Device;
    };
    bool DstBad = Bad(Dst, dstIsDevice(D)), SrcBad = Bad(Src, srcIsDevice(D));
    if (!DstBad && !SrcBad)
      return;
    // Which side each pointer is on; unknown when the engine cannot tell.
    auto Want = [](const Side &S, bool Written) -> int {
      if (S.M == Mem::Device)
        return 1;
      if (isHost(S.M))
        return 0;
      if (S.M == Mem::Shared)
        return Written;
      return -1;
    };
    int WD = Want(Dst, dstIsDevice(D)), WS = Want(Src, srcIsDevice(D));
    std::string Problem;
    auto Add = [&](const char *Role, const Side &S) {
      if (!Problem.empty())
        Problem += " and ";
      Problem += std::string("the ") + Role + " '" + text(S.Arg) + "' is " +
                 S.What;
    };
    if (DstBad)
      Add("destination", Dst);
    if (SrcBad)
      Add("source", Src);
    std::string Callee = calleeText(F.Call);
    SourceLocation Loc = SM.getExpansionLoc(F.Call->getBeginLoc());
    if (A.D != ::usm::Dir::FromArg) {
      Diag(Loc, "'%0' copies %1, but %2", DiagnosticIDs::Warning)
          << Callee << std::string(::usm::name(D)) << Problem;
      allocNote(DstBad ? Dst : Src);
      facts(Loc, F, DstBad ? Dst : Src, "MatchingCopy",
            "use a copy whose direction matches the pointers", "", false,
            "another function is needed");
      return;
    }
    ::usm::Dir Fixed = ::usm::Dir::Any;
    if (WD >= 0 && WS >= 0)
      Fixed = WS ? (WD ? ::usm::Dir::DeviceToDevice : ::usm::Dir::DeviceToHost)
                 : (WD ? ::usm::Dir::HostToDevice : ::usm::Dir::HostToHost);
    const ::usm::Direction *Row = directionRow(A.M, Fixed);
    std::string FixedText = Row ? std::string(Row->Name) : "";
    bool KindFixed = false;
    std::string Suggest =
        Row ? "; the call should be '" +
                  callWith(F.Call, {{A.DirArg, FixedText}}) + "'"
            : "";
    {
      auto Diagnostic = Diag(Loc, "the copy kind '%0' of '%1' contradicts "
                                  "its pointers: %2%3",
                             DiagnosticIDs::Warning)
                        << KindText << Callee << Problem << Suggest;
      if (Row)
        if (auto R = replace(KindE, FixedText)) {
          Diagnostic << *R;
          KindFixed = true;
        }
    }
    if (DstBad)
      allocNote(Dst);
    if (SrcBad)
      allocNote(Src);
    facts(Loc, F, SrcBad ? Src : Dst, "SetCopyKind",
          "pass the copy kind that matches the pointers",
          Row ? callWith(F.Call, {{A.DirArg, FixedText}}) : "", KindFixed,
          KindFixed ? "" : "the copy kind is not written at the call");
  }

  //--- ranges beyond an allocation ---------------------------------------------

  void bounds(const CopyFact &F, const Side &S, const OriginSet &Os,
              bool Known, int OffsetIdx, ::usm::SizeUnit Unit,
              const char *Verb) {
    const ::usm::Api &A = *F.Api;
    const Expr *CountE = argAt(*F.Call, A.Size);
    if (!CountE || !S.Arg)
      return;
    // The pointer must be the start of the allocation: an array, or a local
    // pointer that only ever holds the start of its allocations.
    const Expr *P = stripCasts(S.Arg);
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(P);
    const VarDecl *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    std::vector<std::pair<SymSize, const Origin *>> Allocs;
    if (const VarDecl *Obj = hostObject(P)) {
      auto B = Sizes.sizeOfType(Obj->getType());
      if (!B)
        return;
      Allocs.push_back({SymSize::constant(*B), nullptr});
    } else if (!VD) {
      return;
    } else if (hostArray(P)) {
      auto B = Sizes.arrayBytes(VD);
      if (!B)
        return;
      Allocs.push_back({*B, nullptr});
    } else {
      if (!Known || Os.empty() || !Sizes.vars(F.Fn).startOfAllocation(VD))
        return;
      for (const Origin &O : Os) {
        auto B = Sizes.allocationBytes(O);
        if (!B)
          return;
        Allocs.push_back({*B, &O});
      }
    }
    auto Count = Sizes.valueOf(CountE, F.Fn);
    if (!Count)
      return;
    std::int64_t Elem = 1;
    if (Unit != ::usm::SizeUnit::Bytes) {
      QualType T;
      const FunctionDecl *Callee = directCallee(*F.Call);
      if (const TemplateArgumentList *TA =
              Callee ? Callee->getTemplateSpecializationArgs() : nullptr;
          TA && TA->size() >= 1 &&
          TA->get(0).getKind() == TemplateArgument::Type)
        T = TA->get(0).getAsType();
      else
        T = S.Arg->getType()->getPointeeType();
      auto E = Sizes.sizeOfType(T);
      if (!E)
        return;
      Elem = *E;
      auto Scaled = Count->times(SymSize::constant(Elem));
      if (!Scaled)
        return;
      Count = *Scaled;
    }
    SymSize End = *Count;
    const Expr *OffE = argAt(*F.Call, OffsetIdx);
    if (OffE) {
      auto Off = Sizes.valueOf(OffE, F.Fn);
      if (!Off)
        return;
      End = End.plus(*Off);
    }
    for (const auto &[Size, O] : Allocs)
      if (!certainlyBeyond(End, Size))
        return;
    std::string Range = "'" + text(CountE) + "'" +
                        (Elem == 1 ? std::string(" bytes")
                                   : " elements of " + std::to_string(Elem) +
                                         " bytes");
    bool HasOffset = OffE && !(Sizes.valueOf(OffE, F.Fn)->Terms.empty());
    if (HasOffset)
      Range += " at offset '" + text(OffE) + "'";
    const auto &[Size0, O0] = Allocs.front();
    std::string Has;
    if (Size0.isConstant())
      Has = std::to_string(Size0.constantTerm()) + " bytes";
    else if (O0 && O0->Site && isa<CallExpr>(O0->Site)) {
      const auto *AC = cast<CallExpr>(O0->Site);
      Has = "'" + text(argAt(*AC, O0->A->Size)) + "'";
      const FunctionDecl *AF = directCallee(*AC);
      const TemplateArgumentList *TA =
          AF ? AF->getTemplateSpecializationArgs() : nullptr;
      std::optional<std::int64_t> ES;
      if (::usm::allocUnit(*O0->A) != ::usm::SizeUnit::Bytes && TA &&
          TA->size() >= 1 && TA->get(0).getKind() == TemplateArgument::Type)
        ES = Sizes.sizeOfType(TA->get(0).getAsType());
      Has += ES ? " elements of " + std::to_string(*ES) + " bytes"
                : std::string(" bytes");
    }
    else if (O0 && O0->Site)
      Has = "'" + text(cast<Expr>(O0->Site)) + "'";
    else
      Has = "its size";
    std::string Name = text(S.Arg);
    SourceLocation Loc = SM.getExpansionLoc(F.Call->getBeginLoc());
    Diag(Loc,
         "'%0' %1 %2 %3 '%4', beyond the end of its allocation (%5)",
         DiagnosticIDs::Warning)
        << calleeText(F.Call) << Verb << Range
        << (std::string(Verb) == "reads" ? "from" : "of") << Name << Has;
    if (O0 && O0->Site)
      Diag(O0->Site->getBeginLoc(), "'%0' allocated here with %1",
           DiagnosticIDs::Note)
          << Name << Has;
    Side At = S;
    At.O = O0;
    facts(Loc, F, At, "FitRange",
          "copy no more than the allocation holds past the offset", "",
          false, "whether the count or the allocation is wrong is the "
                 "author's decision");
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const LangOptions &LO;
  ProvenanceAnalysis &PA;
  SizeFacts Sizes;
  DiagFn Diag;
  FactsFn Attach;
};

} // namespace

void MemcpyDirectionCheck::analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) {
  auto Diag = [this](SourceLocation Loc, StringRef Msg,
                     DiagnosticIDs::Level L) { return diag(Loc, Msg, L); };
  auto Attach = [this](SourceLocation Loc, const ::usm::FindingFacts &F) {
    attachFacts(*this, Loc, F);
  };
  Checker C(Ctx, PA, Diag, Attach);
  for (const CopyFact &F : PA.copies()) {
    if (hasErrors(F.Fn) || F.Call->getBeginLoc().isInvalid())
      continue;
    C.check(F);
  }
}

} // namespace clang::tidy::usm
