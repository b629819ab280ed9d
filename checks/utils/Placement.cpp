//===- Placement.cpp - which device an allocation, kernel or copy is for ---===//
//
// See Placement.h. The queries resolve expressions to DeviceTerms through
// variables that keep one value in their function (never assigned after
// their initialisation, or filled once through an out-parameter), and keep
// per function: its writes, its sub-device arrays, its queue/list creations
// and, when it selects devices, the current device before each allocation,
// launch, copy and target region (one pass over its CFG).
//
//===----------------------------------------------------------------------===//
#include "EngineSupport.h"
#include "Provenance.h"
#include "StmtParents.h"
#include "UsmApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"
#include "clang/AST/PrettyPrinter.h"

#include <unordered_map>

namespace clang::tidy::usm {

using namespace engine;

//===----------------------------------------------------------------------===//
// DeviceContext.def rows
//===----------------------------------------------------------------------===//

namespace {

constexpr int RET = ::usm::RET;

int selectArg(std::string_view Name) {
#define USM_DEVICE_SELECT(N, Arg)                                              \
  if (Name == N)                                                               \
    return Arg;
#include "DeviceContext.def"
#undef USM_DEVICE_SELECT
  return -1;
}

bool isPeer(std::string_view Name) {
#define USM_PEER_ACCESS(N, M)                                                  \
  if (Name == N)                                                               \
    return true;
#include "DeviceContext.def"
#undef USM_PEER_ACCESS
  return false;
}

/// USM_SUB_DEVICES: parent and out positions; false when \p Name is none.
bool subDevices(std::string_view Name, int &Parent, int &Out) {
#define USM_SUB_DEVICES(N, Par, O)                                             \
  if (Name == N) {                                                             \
    Parent = Par;                                                              \
    Out = O;                                                                   \
    return true;                                                               \
  }
#include "DeviceContext.def"
#undef USM_SUB_DEVICES
  return false;
}

bool queueCreate(std::string_view Name, int &Ctx, int &Dev, int &Out) {
#define USM_QUEUE_CREATE(N, C, D, O)                                           \
  if (Name == N) {                                                             \
    Ctx = C;                                                                   \
    Dev = D;                                                                   \
    Out = O;                                                                   \
    return true;                                                               \
  }
#include "DeviceContext.def"
#undef USM_QUEUE_CREATE
  return false;
}

int workOn(std::string_view Name) {
#define USM_WORK_ON(N, Arg)                                                    \
  if (Name == N)                                                               \
    return Arg;
#include "DeviceContext.def"
#undef USM_WORK_ON
  return -1;
}

enum class ClassRole { None, Queue, Device, Context, Handler };

ClassRole classRoleOf(std::string_view Name) {
#define USM_QUEUE_CLASS(N)                                                     \
  if (Name == N)                                                               \
    return ClassRole::Queue;
#define USM_DEVICE_CLASS(N)                                                    \
  if (Name == N)                                                               \
    return ClassRole::Device;
#define USM_CONTEXT_CLASS(N)                                                   \
  if (Name == N)                                                               \
    return ClassRole::Context;
#define USM_HANDLER_CLASS(N)                                                   \
  if (Name == N)                                                               \
    return ClassRole::Handler;
#include "DeviceContext.def"
#undef USM_QUEUE_CLASS
#undef USM_DEVICE_CLASS
#undef USM_CONTEXT_CLASS
#undef USM_HANDLER_CLASS
  return ClassRole::None;
}

enum class CallRole { None, Submit, QueueDevice, QueueContext };

CallRole callRoleOf(std::string_view Name) {
#define USM_SUBMIT(N)                                                          \
  if (Name == N)                                                               \
    return CallRole::Submit;
#define USM_QUEUE_DEVICE(N)                                                    \
  if (Name == N)                                                               \
    return CallRole::QueueDevice;
#define USM_QUEUE_CONTEXT(N)                                                   \
  if (Name == N)                                                               \
    return CallRole::QueueContext;
#include "DeviceContext.def"
#undef USM_SUBMIT
#undef USM_QUEUE_DEVICE
#undef USM_QUEUE_CONTEXT
  return CallRole::None;
}

/// The class role of type \p T (references and const stripped).
ClassRole roleOfType(QualType T) {
  const CXXRecordDecl *RD =
      T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!RD)
    return ClassRole::None;
  // Qualified name without inline namespaces, as catalog names are.
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy PP(RD->getASTContext().getLangOpts());
  PP.SuppressInlineNamespace = true;
  PP.SuppressUnwrittenScope = true;
  RD->printQualifiedName(OS, PP);
  return classRoleOf(OS.str());
}

const Expr *strip(const Expr *E) {
  for (;;) {
    if (!E)
      return nullptr;
    E = ignoreTemporaries(stripCasts(E));
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E))
      if (CE->getNumArgs() == 1 && CE->getConstructor() &&
          CE->getConstructor()->isCopyOrMoveConstructor()) {
        E = CE->getArg(0);
        continue;
      }
    if (const auto *EC = dyn_cast_or_null<ExprWithCleanups>(E)) {
      E = EC->getSubExpr();
      continue;
    }
    return E;
  }
}

const VarDecl *varOf(const Expr *E) {
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(strip(E)))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

} // namespace

namespace engine {

bool isPlacementCall(std::string_view Name, bool &Peer) {
  Peer = isPeer(Name);
  int A, B, C;
  return Peer || selectArg(Name) >= 0 || subDevices(Name, A, B) ||
         queueCreate(Name, A, B, C);
}

bool placesByArgument(const CallExpr &Call, const ::usm::Api &A) {
  const Expr *Dev = argAt(Call, A.Dev);
  if (!Dev)
    return false;
  if (roleOfType(Dev->getType()) != ClassRole::None)
    return true;
  if (!hasInitialDevice(A.M))
    return false;
  // OpenMP: a device number the source names (a constant or a variable),
  // not a call such as omp_get_default_device().
  return !isa<CallExpr>(strip(Dev));
}

} // namespace engine

//===----------------------------------------------------------------------===//
// DeviceTerm
//===----------------------------------------------------------------------===//

bool DeviceTerm::same(const DeviceTerm &O) const {
  if (!known() || F != O.F || D != O.D || N != O.N)
    return false;
  if (!Parent || !O.Parent)
    return !Parent && !O.Parent;
  return Parent->same(*O.Parent);
}

bool DeviceTerm::differs(const DeviceTerm &O) const {
  if (!known() || !O.known())
    return false;
  if (Parent && Parent->same(O))
    return true; // a sub-device and the device it was created from
  if (O.Parent && O.Parent->same(*this))
    return true;
  if (F != O.F)
    return false;
  switch (F) {
  case Form::Number:
    return N != O.N;
  case Form::Var:
  case Form::Element:
    return D == O.D && N != O.N;
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Per-function facts
//===----------------------------------------------------------------------===//

struct ProvenanceAnalysis::PlacementCache {
  struct FnFacts {
    /// Variables assigned after their initialisation (or filled through an
    /// out-parameter more than once).
    llvm::DenseSet<const VarDecl *> Written;
    llvm::DenseMap<const VarDecl *, unsigned> Fills;
    /// Out-parameter fills: the call that filled each variable (the last).
    llvm::DenseMap<const VarDecl *, const CallExpr *> FilledBy;
    /// Arrays filled by a sub-device creation call: the call.
    llvm::DenseMap<const VarDecl *, const CallExpr *> SubArrays;
    bool Selects = false;
    bool FlowDone = false;
    /// The device-selection call in effect before each allocation, launch,
    /// copy and target region (absent: none, or not the same on all paths).
    llvm::DenseMap<const Stmt *, const CallExpr *> Current;
  };

  explicit PlacementCache(ProvenanceAnalysis &P) : P(P) {}

  ProvenanceAnalysis &P;
  /// Placements already worked out, by allocation site and by kernel.
  std::unordered_map<const Expr *, Placement> AllocMemo;
  std::unordered_map<const Stmt *, Placement> UseMemo;
  Placement allocOf(const Origin &O, const CallExpr *Call);
  Placement useOf(const DeviceUse &U);
  std::unordered_map<const FunctionDecl *, FnFacts> Fns;
  std::unordered_map<const FunctionDecl *, int> MaySelect; ///< -1: visiting

  //--- the walk of one function -------------------------------------------------

  FnFacts &facts(const FunctionDecl *FD) {
    auto [It, New] = Fns.try_emplace(FD);
    if (New && FD->getBody())
      walk(P.parents(FD), It->second);
    return It->second;
  }

  void written(const Expr *E, FnFacts &F) {
    if (const VarDecl *VD = varOf(E))
      F.Written.insert(VD);
  }

  /// One pass over the engine's index of the body. The bodies of OpenMP
  /// regions (a CapturedStmt's captured statement) are host code only
  /// through their captures: skipped.
  void walk(const StmtParents &Index, FnFacts &F) {
    llvm::ArrayRef<const Stmt *> All = Index.preorder();
    // Captured bodies ahead or around: [first position, end).
    std::vector<std::pair<unsigned, unsigned>> Skip;
    // Outside the loop: a guarded static inside it is tested on every node.
    static const ClassSet Read =
        ClassSet::of<CapturedStmt, BinaryOperator, UnaryOperator, CallExpr>();
    for (std::uint32_t J : Index.actors()) { // every class read is an actor's
      while (!Skip.empty() && J >= Skip.back().second)
        Skip.pop_back();
      if (!Skip.empty() && J >= Skip.back().first)
        continue;
      if (!Index.is(J, Read))
        continue;
      // Of the operators, only assignments, ++/-- and & are read.
      if ((Index.isBinaryOperator(J) && !Index.isAssignment(J)) ||
          (Index.classAt(J) == Stmt::UnaryOperatorClass &&
           !Index.isIncrementDecrement(J) && !Index.isUnary(J, UO_AddrOf)))
        continue;
      const Stmt *S = All[J];
      if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
        int K = Index.indexOf(CS->getCapturedStmt());
        if (K > static_cast<int>(J))
          Skip.push_back({static_cast<unsigned>(K), Index.subtreeEnd(K)});
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
        if (BO->isAssignmentOp())
          written(BO->getLHS(), F);
      } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
        if (UO->isIncrementDecrementOp())
          written(UO->getSubExpr(), F);
        // &v: one fill through an out-parameter is a definition; a second
        // one, or one of an initialised variable, may change it.
        else if (UO->getOpcode() == UO_AddrOf)
          if (const VarDecl *VD = varOf(UO->getSubExpr()))
            ++F.Fills[VD];
      } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
        if (OC->isAssignmentOp() && OC->getNumArgs() >= 1)
          written(OC->getArg(0), F);
      } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
        call(*Call, F);
      }
    }
    for (auto &[VD, N] : F.Fills)
      if (N > 1 || VD->getInit())
        F.Written.insert(VD);
  }

  void call(const CallExpr &Call, FnFacts &F) {
    const FunctionDecl *Callee = directCallee(Call);
    if (!Callee)
      return;
    // Arguments: &v is filled by the call (counted in walk()), a non-const
    // reference parameter may write it.
    for (unsigned I = 0; I < Call.getNumArgs(); ++I) {
      const Expr *A = stripCasts(Call.getArg(I));
      if (const auto *UO = dyn_cast<UnaryOperator>(A);
          UO && UO->getOpcode() == UO_AddrOf) {
        if (const VarDecl *VD = varOf(UO->getSubExpr()))
          F.FilledBy[VD] = &Call;
        continue;
      }
      if (I < Callee->getNumParams()) {
        QualType T = Callee->getParamDecl(I)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          written(A, F);
      }
    }
    if (Callee->getBuiltinID() || !P.calleeInfo(*Callee).MultiDevice)
      return;
    std::string Name = catalogName(*Callee);
    if (selectArg(Name) >= 0)
      F.Selects = true;
    int Parent, Out;
    if (subDevices(Name, Parent, Out) && Out >= 0)
      if (const Expr *O = argAt(Call, Out)) {
        const Expr *Base = strip(O);
        // vec.data()
        if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Base))
          Base = MC->getImplicitObjectArgument();
        if (const VarDecl *VD = varOf(Base))
          F.SubArrays[VD] = &Call;
      }
  }

  //--- the current device along the CFG ----------------------------------------

  /// Does calling \p FD select a device (itself or through its callees)?
  bool maySelect(const FunctionDecl *FD) {
    const FunctionDecl *Def = FD->getDefinition();
    if (!Def || !Def->getBody())
      return false;
    auto [It, New] = MaySelect.try_emplace(Def, -1);
    if (!New)
      return It->second == 1;
    bool R = facts(Def).Selects;
    if (!R) {
      std::vector<const Stmt *> Stack{Def->getBody()};
      while (!R && !Stack.empty()) {
        const Stmt *S = Stack.back();
        Stack.pop_back();
        if (!S)
          continue;
        if (const auto *Call = dyn_cast<CallExpr>(S))
          if (const FunctionDecl *C = directCallee(*Call))
            if (C->getDefinition() && C->getDefinition() != Def &&
                C->getDefinition()->getBody())
              R = maySelect(C);
        for (const Stmt *C : S->children())
          Stack.push_back(C);
      }
    }
    MaySelect[Def] = R ? 1 : 0;
    return R;
  }

  /// The value of the current device at a point: the selecting call in
  /// effect, none (C null, Top false), or Top: not the same on every path,
  /// or changed by a helper.
  struct Cur {
    const CallExpr *C = nullptr;
    bool Top = false;
    bool operator==(const Cur &O) const { return C == O.C && Top == O.Top; }
    bool operator!=(const Cur &O) const { return !(*this == O); }
  };
  static Cur topValue() { return Cur{nullptr, true}; }

  Cur step(const Stmt *S, Cur V) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call || isa<CUDAKernelCallExpr>(Call))
      return V;
    const FunctionDecl *Callee = directCallee(*Call);
    if (!Callee || Callee->getBuiltinID())
      return V;
    if (P.calleeInfo(*Callee).MultiDevice) {
      int Arg = selectArg(catalogName(*Callee));
      if (Arg >= 0)
        return argAt(*Call, Arg) ? Cur{Call, false} : topValue();
      return V;
    }
    if (P.FunctionSet.count(Callee->getDefinition()) && maySelect(Callee))
      return topValue();
    return V;
  }

  bool wanted(const Stmt *S) {
    if (isa<OMPExecutableDirective>(S) || isa<CUDAKernelCallExpr>(S))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (const ::usm::Api *A = P.apiOf(*Call))
        return A->R == ::usm::Role::Alloc || A->R == ::usm::Role::Copy ||
               A->R == ::usm::Role::Fill;
      if (const FunctionDecl *C = directCallee(*Call))
        return P.calleeInfo(*C).Launcher;
    }
    return false;
  }

  void flow(const FunctionDecl *FD, FnFacts &F) {
    F.FlowDone = true;
    if (!F.Selects)
      return;
    const FunctionCFG *FC = P.cfgOf(FD);
    if (!FC)
      return;
    const CFG &G = *FC->G;
    std::vector<Cur> Out(G.getNumBlockIDs());
    std::vector<char> Has(G.getNumBlockIDs(), 0);
    auto In = [&](const CFGBlock &B) {
      Cur V;
      bool First = true;
      for (const CFGBlock::AdjacentBlock &Pr : B.preds()) {
        const CFGBlock *PB = Pr.getReachableBlock();
        if (!PB || !Has[PB->getBlockID()])
          continue;
        const Cur &O = Out[PB->getBlockID()];
        V = First ? O : (V == O ? V : topValue());
        First = false;
      }
      return V;
    };
    // Passes in reverse post-order until nothing changes. A block whose
    // exit value changes becomes Top, so each block changes at most twice.
    bool Changed = true;
    for (int Pass = 0; Changed && Pass < 8; ++Pass) {
      Changed = false;
      for (const CFGBlock *B : FC->Order) {
        Cur V = In(*B);
        for (const CFGElement &E : *B)
          if (auto CS = E.getAs<CFGStmt>())
            V = step(CS->getStmt(), V);
        unsigned Id = B->getBlockID();
        if (!Has[Id] || Out[Id] != V) {
          Changed = true;
          Out[Id] = Has[Id] ? topValue() : V;
          Has[Id] = 1;
        }
      }
    }
    for (const CFGBlock *B : FC->Order) {
      Cur V = In(*B);
      for (const CFGElement &E : *B)
        if (auto CS = E.getAs<CFGStmt>()) {
          const Stmt *S = CS->getStmt();
          if (V.C && !V.Top && wanted(S))
            F.Current[S] = V.C;
          V = step(S, V);
        }
    }
  }

  /// The device-selection call in effect before \p S of \p FD, or null.
  const CallExpr *current(const FunctionDecl *FD, const Stmt *S) {
    FnFacts &F = facts(FD);
    if (!F.FlowDone)
      flow(FD, F);
    auto It = F.Current.find(S);
    return It == F.Current.end() ? nullptr : It->second;
  }

  //--- terms ---------------------------------------------------------------

  /// Does \p VD keep one value in \p FD (initialised and never written, or
  /// filled once through an out-parameter, or a parameter never written)?
  bool stable(const VarDecl *VD, const FunctionDecl *FD) {
    if (!VD->isLocalVarDecl() && !isa<ParmVarDecl>(VD))
      return VD->getType().isConstQualified() && VD->getInit();
    return !facts(FD).Written.contains(VD);
  }

  static std::shared_ptr<const DeviceTerm> share(DeviceTerm T) {
    return std::make_shared<const DeviceTerm>(std::move(T));
  }

  DeviceTerm term(const Expr *E, const FunctionDecl *FD, int Depth = 0) {
    DeviceTerm T;
    T.Written = E;
    if (!E || Depth > 8 || E->isValueDependent() || E->isTypeDependent())
      return T;
    const Expr *S = strip(E);
    if (!S)
      return T;
    if (S->getType()->isIntegralOrEnumerationType()) {
      // Literals, enumerators and folded expressions; variables are read
      // through their initialisers below, calls are not constants. (The
      // constant evaluator is the expensive part: it runs only when no
      // cheaper reading applies.)
      if (const auto *IL = dyn_cast<IntegerLiteral>(S)) {
        T.F = DeviceTerm::Form::Number;
        T.N = IL->getValue().getSExtValue();
        return T;
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
          T.F = DeviceTerm::Form::Number;
          T.N = EC->getInitVal().getSExtValue();
          return T;
        }
      Expr::EvalResult R;
      if (!isa<DeclRefExpr>(S) && !isa<CallExpr>(S) &&
          !isa<BinaryOperator>(S) && !engine::neverConstant(S) &&
          S->EvaluateAsInt(R, P.Ctx)) {
        T.F = DeviceTerm::Form::Number;
        T.N = R.Val.getInt().getExtValue();
        return T;
      }
      if (isa<CallExpr>(S))
        return T;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      // A clause expression that OpenMP captured before the region.
      if (const auto *CD = dyn_cast_or_null<OMPCapturedExprDecl>(VD)) {
        DeviceTerm I = term(CD->getInit(), FD, Depth + 1);
        return I;
      }
      if (!VD || !stable(VD, FD))
        return T;
      if (const Expr *Init = VD->getInit();
          Init && (VD->isLocalVarDecl() || VD->getType().isConstQualified())) {
        DeviceTerm I = term(Init, FD, Depth + 1);
        if (I.known()) {
          I.Written = E;
          return I;
        }
      }
      T.F = S->getType()->isIntegralOrEnumerationType()
                ? DeviceTerm::Form::Var
                : DeviceTerm::Form::Object;
      T.D = VD;
      return T;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
        return T;
      DeviceTerm L = term(BO->getLHS(), FD, Depth + 1);
      Expr::EvalResult R;
      if ((L.F == DeviceTerm::Form::Var || L.F == DeviceTerm::Form::Number) &&
          !engine::neverConstant(BO->getRHS()) &&
          BO->getRHS()->EvaluateAsInt(R, P.Ctx)) {
        long long K = R.Val.getInt().getExtValue();
        L.N += BO->getOpcode() == BO_Add ? K : -K;
        L.Written = E;
        return L;
      }
      return T;
    }
    // devs[i], devs.at(i), devs.front()
    const Expr *Base = nullptr, *Index = nullptr;
    bool Front = false;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      Base = AS->getBase();
      Index = AS->getIdx();
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2) {
        Base = OC->getArg(0);
        Index = OC->getArg(1);
      }
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      if (M && M->getIdentifier() && MC->getImplicitObjectArgument()) {
        StringRef N = M->getName();
        // Standard containers' element access (not an API of a model).
        if (N == "at" && MC->getNumArgs() == 1) {
          Base = MC->getImplicitObjectArgument();
          Index = MC->getArg(0);
        } else if (N == "front" && MC->getNumArgs() == 0) {
          Base = MC->getImplicitObjectArgument();
          Front = true;
        }
      }
      if (!Base && M) {
        CallRole R = callRoleOf(catalogName(*M));
        if (R == CallRole::QueueDevice)
          return queue(MC->getImplicitObjectArgument(), FD, Depth + 1).Device;
      }
    }
    if (Base) {
      const VarDecl *B = varOf(Base);
      Expr::EvalResult R;
      long long I = 0;
      if (Front)
        I = 0;
      else if (Index && !engine::neverConstant(Index) &&
               Index->EvaluateAsInt(R, P.Ctx))
        I = R.Val.getInt().getExtValue();
      else
        return T;
      if (!B || !stable(B, FD))
        return T;
      T.F = DeviceTerm::Form::Element;
      T.D = B;
      T.N = I;
      T.Parent = subParent(B, FD, Depth);
      return T;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
      // sycl::device{selector}: the device a selector picks.
      if (roleOfType(CE->getType()) == ClassRole::Device &&
          CE->getNumArgs() >= 1)
        if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(CE->getArg(0)))) {
          T.F = DeviceTerm::Form::Object;
          T.D = DRE->getDecl();
          return T;
        }
    }
    return T;
  }

  /// The device \p B's sub-devices were created from, when a sub-device
  /// creation call filled (or initialised) the array \p B.
  std::shared_ptr<const DeviceTerm> subParent(const VarDecl *B,
                                              const FunctionDecl *FD,
                                              int Depth) {
    const CallExpr *Call = nullptr;
    if (const auto *C = dyn_cast_or_null<CallExpr>(strip(B->getInit())))
      Call = C;
    if (!Call) {
      auto It = facts(FD).SubArrays.find(B);
      if (It != facts(FD).SubArrays.end())
        Call = It->second;
    }
    if (!Call || !directCallee(*Call))
      return nullptr;
    int Parent, Out;
    if (!subDevices(catalogName(*directCallee(*Call)), Parent, Out))
      return nullptr;
    const Expr *PE = nullptr;
    if (Parent < 0) {
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
        PE = MC->getImplicitObjectArgument();
    } else {
      PE = argAt(*Call, Parent);
    }
    if (!PE)
      return nullptr;
    DeviceTerm PT = term(PE, FD, Depth + 1);
    if (!PT.known()) {
      // The parent is not visible: still a sub-device, of "some" device.
      PT.F = DeviceTerm::Form::Object;
      PT.D = nullptr;
      PT.Written = PE;
    }
    return share(std::move(PT));
  }

  /// An explicitly constructed context that \p E names, or null.
  const Decl *context(const Expr *E, const FunctionDecl *FD, int Depth = 0) {
    const Expr *S = strip(E);
    if (!S || Depth > 8)
      return nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (const CXXMethodDecl *M = MC->getMethodDecl())
        if (callRoleOf(catalogName(*M)) == CallRole::QueueContext)
          return queue(MC->getImplicitObjectArgument(), FD, Depth + 1).Context;
    const VarDecl *VD = varOf(S);
    if (!VD || !VD->isLocalVarDecl() || !stable(VD, FD))
      return nullptr;
    const Expr *Init = strip(VD->getInit());
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init))
      if (roleOfType(CE->getType()) == ClassRole::Context)
        return VD;
    if (Init && Init != S)
      return context(Init, FD, Depth + 1);
    return nullptr;
  }

  /// The placement of work submitted to queue expression \p E.
  Placement queue(const Expr *E, const FunctionDecl *FD, int Depth = 0) {
    Placement Pl;
    Pl.Written = E;
    const Expr *S = strip(E);
    if (!S || Depth > 8)
      return Pl;
    if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      Pl.Queue = ME->getMemberDecl();
      return Pl;
    }
    const VarDecl *VD = varOf(S);
    if (!VD)
      return Pl;
    if (!stable(VD, FD))
      return Pl;
    const Expr *Init = VD->isLocalVarDecl() ? strip(VD->getInit()) : nullptr;
    if (Init && (VD->getType()->isReferenceType() || isa<DeclRefExpr>(Init) ||
                 isa<MemberExpr>(Init))) {
      Placement R = queue(Init, FD, Depth + 1);
      R.Written = E;
      return R;
    }
    Pl.Queue = VD;
    const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init);
    if (!CE || roleOfType(CE->getType()) != ClassRole::Queue)
      return Pl;
    for (const Expr *A : CE->arguments()) {
      if (isa<CXXDefaultArgExpr>(A))
        continue;
      switch (roleOfType(A->getType())) {
      case ClassRole::Device:
        Pl.Device = term(A, FD, Depth + 1);
        break;
      case ClassRole::Context:
        Pl.Context = context(A, FD, Depth + 1);
        break;
      default:
        // A device selector names the device it picks.
        if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(strip(A));
            DRE && !Pl.Device.known() &&
            (isa<FunctionDecl>(DRE->getDecl()) ||
             isa<VarDecl>(DRE->getDecl()))) {
          Pl.Device.F = DeviceTerm::Form::Object;
          Pl.Device.D = DRE->getDecl();
          Pl.Device.Written = A;
        }
        break;
      }
    }
    return Pl;
  }

  /// The queue a command group's handler \p H (in lambda operator \p FD)
  /// submits to: the object of the USM_SUBMIT call that received the
  /// lambda.
  Placement handlerQueue(const Expr *H, const FunctionDecl *FD) {
    Placement Pl;
    const auto *PVD = dyn_cast_or_null<ParmVarDecl>(varOf(H));
    const LambdaExpr *LE = FD ? P.lambdaOf(FD) : nullptr;
    if (!PVD || !LE)
      return Pl;
    const FunctionDecl *Outer = enclosing(LE);
    if (!Outer || !Outer->getBody())
      return Pl;
    const CallExpr *Call = callAbove(LE, Outer);
    const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Call);
    if (!MC || !MC->getMethodDecl() ||
        callRoleOf(catalogName(*MC->getMethodDecl())) != CallRole::Submit)
      return Pl;
    return queue(MC->getImplicitObjectArgument(), Outer);
  }

  static const FunctionDecl *enclosing(const LambdaExpr *LE) {
    const DeclContext *DC = LE->getLambdaClass()->getDeclContext();
    while (DC && !isa<FunctionDecl>(DC))
      DC = DC->getParent();
    return dyn_cast_or_null<FunctionDecl>(DC);
  }

  /// The call that \p S (a lambda, through temporaries and conversions) is
  /// an argument of, in \p FD.
  const CallExpr *callAbove(const Stmt *S, const FunctionDecl *FD) {
    const StmtParents &PM = P.parents(FD);
    for (int I = 0; I < 8 && S; ++I) {
      S = PM.getParent(S);
      if (const auto *C = dyn_cast_or_null<CallExpr>(S))
        return C;
      if (!S || !isa<Expr>(S))
        return nullptr;
    }
    return nullptr;
  }

  /// Work submitted by member call \p Call (a queue's or a handler's).
  Placement submitted(const CallExpr *Call, const FunctionDecl *FD) {
    const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Call);
    if (!MC || !MC->getImplicitObjectArgument())
      return {};
    const Expr *Obj = MC->getImplicitObjectArgument();
    switch (roleOfType(Obj->getType())) {
    case ClassRole::Queue:
      return queue(Obj, FD);
    case ClassRole::Handler:
      return handlerQueue(Obj, FD);
    default:
      return {};
    }
  }

  /// The placement of a command list or queue handle \p E: the device of
  /// the USM_QUEUE_CREATE call that filled it in \p FD.
  Placement list(const Expr *E, const FunctionDecl *FD) {
    Placement Pl;
    Pl.Written = E;
    const VarDecl *VD = varOf(E);
    if (!VD || !stable(VD, FD))
      return Pl;
    Pl.Queue = VD;
    FnFacts &F = facts(FD);
    auto It = F.FilledBy.find(VD);
    if (It == F.FilledBy.end() || !directCallee(*It->second))
      return Pl;
    int C, D, O;
    if (!queueCreate(catalogName(*directCallee(*It->second)), C, D, O))
      return Pl;
    Pl.Device = term(argAt(*It->second, D), FD);
    return Pl;
  }

  Placement currentPlacement(const FunctionDecl *FD, const Stmt *S) {
    Placement Pl;
    const CallExpr *Sel = current(FD, S);
    if (!Sel)
      return Pl;
    int Arg = selectArg(catalogName(*directCallee(*Sel)));
    Pl.Device = term(argAt(*Sel, Arg), FD);
    Pl.Written = Sel;
    Pl.Current = true;
    return Pl;
  }
};

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

ProvenanceAnalysis::ProvenanceAnalysis(ASTContext &Ctx) : Ctx(Ctx) {}
ProvenanceAnalysis::~ProvenanceAnalysis() = default;

ProvenanceAnalysis::PlacementCache &ProvenanceAnalysis::places() {
  if (!Places)
    Places = std::make_unique<PlacementCache>(*this);
  return *Places;
}

void ProvenanceAnalysis::placementFacts(const FunctionDecl *FD) {
  places().facts(FD);
}

bool ProvenanceAnalysis::placementReadsCfg(const FunctionDecl *FD) {
  // current() runs flow() on the CFG of a body that selects a device.
  return HasMultiDevice && places().facts(FD).Selects;
}

bool ProvenanceAnalysis::deviceUseMust(const Expr *Site,
                                       const DeviceUse &U) const {
  auto It = UseMust.find({Site, U.Anchor});
  return It != UseMust.end() && It->second;
}

Placement ProvenanceAnalysis::allocPlacement(const Origin &O) {
  const auto *Call = dyn_cast_or_null<CallExpr>(O.Site);
  if (!HasMultiDevice || !Call || !O.A || !O.Fn)
    return {};
  PlacementCache &C = places();
  auto [It, New] = C.AllocMemo.try_emplace(Call);
  if (New)
    It->second = C.allocOf(O, Call);
  return It->second;
}

Placement ProvenanceAnalysis::usePlacement(const DeviceUse &U) {
  if (!HasMultiDevice || !U.Anchor || !U.Fn)
    return {};
  PlacementCache &C = places();
  auto [It, New] = C.UseMemo.try_emplace(U.Anchor);
  if (New)
    It->second = C.useOf(U);
  return It->second;
}

Placement ProvenanceAnalysis::PlacementCache::allocOf(const Origin &O,
                                                      const CallExpr *Call) {
  PlacementCache &C = *this;
  const Expr *Dev = argAt(*Call, O.A->Dev);
  if (!Dev)
    return C.currentPlacement(O.Fn, Call);
  switch (roleOfType(Dev->getType())) {
  case ClassRole::Queue:
    return C.queue(Dev, O.Fn);
  case ClassRole::Context:
    return {};
  default:
    break;
  }
  Placement Pl;
  Pl.Device = C.term(Dev, O.Fn);
  Pl.Written = Dev;
  // (device, context) forms: the context argument.
  for (const Expr *A : Call->arguments())
    if (roleOfType(A->getType()) == ClassRole::Context)
      Pl.Context = C.context(A, O.Fn);
  return Pl;
}

Placement ProvenanceAnalysis::PlacementCache::useOf(const DeviceUse &U) {
  PlacementCache &C = *this;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(U.Anchor)) {
    if (const auto *DC = D->getSingleClause<OMPDeviceClause>()) {
      Placement Pl;
      Pl.Device = C.term(DC->getDevice(), U.Fn);
      Pl.Written = DC->getDevice();
      return Pl;
    }
    return C.currentPlacement(U.Fn, U.Anchor);
  }
  if (isa<CUDAKernelCallExpr>(U.Anchor))
    return C.currentPlacement(U.Fn, U.Anchor);
  if (const auto *LE = dyn_cast<LambdaExpr>(U.Anchor))
    return C.submitted(C.callAbove(LE, U.Fn), U.Fn);
  if (const auto *Call = dyn_cast<CallExpr>(U.Anchor)) {
    if (isa<CXXMemberCallExpr>(Call))
      return C.submitted(Call, U.Fn);
    return C.currentPlacement(U.Fn, U.Anchor);
  }
  return {};
}

Placement ProvenanceAnalysis::copyPlacement(const CopyFact &F, bool Source) {
  if (!HasMultiDevice || !F.Call || !F.Api || !F.Fn)
    return {};
  PlacementCache &C = places();
  if (hasInitialDevice(F.Api->M)) {
    const Expr *Dev = argAt(*F.Call, Source ? F.Api->SrcDev : F.Api->Dev);
    if (!Dev)
      return {};
    Placement Pl;
    Pl.Device = C.term(Dev, F.Fn);
    Pl.Written = Dev;
    return Pl;
  }
  if (isa<CXXMemberCallExpr>(F.Call))
    return C.submitted(F.Call, F.Fn);
  if (int Arg = workOn(F.Api->Name); Arg >= 0)
    return C.list(argAt(*F.Call, Arg), F.Fn);
  return C.currentPlacement(F.Fn, F.Call);
}

namespace {
/// The key of the placed uses in ProvenanceAnalysis::derived().
const char PlacedKey = 0;

/// Every placed use, in forEachPlacedUse's order.
std::vector<PlacedUse> placedUses(ProvenanceAnalysis &PA) {
  std::vector<PlacedUse> Out;
  auto Visit = [&](const PlacedUse &X) { Out.push_back(X); };
  auto Visible = [](const Placement &Pl) {
    return Pl.Device.known() || Pl.Context || Pl.Queue;
  };
  for (const Origin &O : PA.usedAllocations()) {
    Placement A = PA.allocPlacement(O);
    if (!Visible(A))
      continue;
    for (const DeviceUse &U : PA.deviceUses(O.Site)) {
      if (!PA.deviceUseMust(O.Site, U))
        continue;
      PlacedUse X;
      X.Alloc = &O;
      X.AllocAt = A;
      X.UseAt = PA.usePlacement(U);
      X.At = U.Anchor;
      X.Fn = U.Fn;
      X.Ptr = U.Ptr;
      X.Var = U.Var;
      Visit(X);
    }
  }
  for (const CopyFact &F : PA.copies())
    for (bool Source : {false, true}) {
      const OriginSet &S = Source ? F.Src : F.Dst;
      if (!(Source ? F.SrcKnown : F.DstKnown) || S.size() != 1 || !S[0].Site)
        continue;
      Placement A = PA.allocPlacement(S[0]);
      if (!Visible(A))
        continue;
      PlacedUse X;
      X.Alloc = &S[0];
      X.AllocAt = A;
      X.UseAt = PA.copyPlacement(F, Source);
      X.At = F.Call;
      X.Fn = F.Fn;
      X.Ptr = argAt(*F.Call, Source ? F.Api->Src : F.Api->Ptr);
      X.CopyApi = F.Api;
      Visit(X);
    }
  return Out;
}
} // namespace

void forEachPlacedUse(ProvenanceAnalysis &PA,
                      llvm::function_ref<void(const PlacedUse &)> Visit) {
  if (!PA.hasMultiDevice())
    return;
  // Computed once per analysis: usm-cross-device and usm-sub-device-alloc
  // both read them, and each use costs several placement queries.
  std::shared_ptr<void> &Slot = PA.derived(&PlacedKey);
  if (!Slot)
    Slot = std::make_shared<std::vector<PlacedUse>>(placedUses(PA));
  for (const PlacedUse &U : *static_cast<std::vector<PlacedUse> *>(Slot.get()))
    Visit(U);
}

std::string_view peerAccessCall(::usm::Model M) {
  using ::usm::Model;
#define USM_PEER_ACCESS(N, Mod)                                                \
  if (M == Model::Mod)                                                         \
    return N;
#include "DeviceContext.def"
#undef USM_PEER_ACCESS
  return "";
}

const ::usm::Api *peerCopyApi(::usm::Model M) {
  const ::usm::Api *First = nullptr;
  for (const ::usm::Api &A : ::usm::apis())
    if (A.M == M && A.R == ::usm::Role::Copy) {
      if (A.Dev >= 0 && A.SrcDev >= 0)
        return &A;
      if (!First)
        First = &A;
    }
  return First;
}

} // namespace clang::tidy::usm
