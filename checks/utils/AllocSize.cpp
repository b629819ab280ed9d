//===- AllocSize.cpp - allocation sizes and stable variables --------------===//
#include "AllocSize.h"
#include "EngineSupport.h"
#include "Queries.h"
#include "UsmApi.h"

#include "clang/AST/ExprCXX.h"

#include <algorithm>

namespace clang::tidy::usm {

const Expr *pointerBase(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    E = stripCasts(E);
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAdditiveOp() && BO->getLHS()->getType()->isPointerType()) {
        E = BO->getLHS();
        continue;
      }
      if (BO->getOpcode() == BO_Add &&
          BO->getRHS()->getType()->isPointerType()) {
        E = BO->getRHS();
        continue;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_AddrOf)
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(
              UO->getSubExpr()->IgnoreParenImpCasts())) {
        E = AS->getBase();
        continue;
      }
    return E;
  }
  return E;
}

//--- SymSize -----------------------------------------------------------------

namespace {
constexpr std::int64_t Limit = std::int64_t(1) << 48;
constexpr std::size_t MaxTerms = 8;

void addTerm(SymSize &S, const std::vector<const VarDecl *> &M,
             std::int64_t C) {
  auto &V = S.Terms[M];
  V += C;
  if (V == 0)
    S.Terms.erase(M);
}
} // namespace

SymSize SymSize::constant(std::int64_t C) {
  SymSize S;
  if (C)
    S.Terms[{}] = C;
  return S;
}

bool SymSize::isConstant() const {
  return Terms.empty() || (Terms.size() == 1 && Terms.begin()->first.empty());
}

std::int64_t SymSize::constantTerm() const {
  auto It = Terms.find({});
  return It == Terms.end() ? 0 : It->second;
}

SymSize SymSize::plus(const SymSize &O) const {
  SymSize R = *this;
  for (const auto &[M, C] : O.Terms)
    addTerm(R, M, C);
  return R;
}

SymSize SymSize::minus(const SymSize &O) const {
  SymSize R = *this;
  for (const auto &[M, C] : O.Terms)
    addTerm(R, M, -C);
  return R;
}

std::optional<SymSize> SymSize::times(const SymSize &O) const {
  SymSize R;
  for (const auto &[MA, CA] : Terms)
    for (const auto &[MB, CB] : O.Terms) {
      if (CA > Limit || CA < -Limit || CB > Limit || CB < -Limit)
        return std::nullopt;
      __int128 P = static_cast<__int128>(CA) * CB;
      if (P > Limit || P < -Limit)
        return std::nullopt;
      std::vector<const VarDecl *> M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      std::sort(M.begin(), M.end());
      addTerm(R, M, static_cast<std::int64_t>(P));
    }
  if (R.Terms.size() > MaxTerms)
    return std::nullopt;
  return R;
}

bool certainlyBeyond(const SymSize &End, const SymSize &Size) {
  SymSize D = End.minus(Size);
  bool Positive = false;
  for (const auto &[M, C] : D.Terms) {
    if (C < 0)
      return false;
    Positive |= C > 0;
  }
  return Positive;
}

//--- StableVars --------------------------------------------------------------

/// Is \p E the start of an allocation (or null)?
static bool startValue(ProvenanceAnalysis &PA, const Expr *E) {
  E = stripCasts(E);
  if (!E)
    return false;
  if (!engine::neverConstant(E) &&
      E->isNullPointerConstant(PA.context(), Expr::NPC_ValueDependentIsNotNull))
    return true;
  if (isa<CXXNewExpr>(E))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const ::usm::Api *A = PA.apiOf(*Call))
      return A->R == ::usm::Role::Alloc && A->Ptr == ::usm::RET;
  return false;
}

/// One pass over the engine's index of a function body: which variables are
/// written after their initialisation, declared inside a loop, or (pointers)
/// hold something else than the start of an allocation.
class StableScan {
public:
  StableScan(StableVars &SV, ProvenanceAnalysis &PA, const StmtParents &PM)
      : SV(SV), PA(PA), PM(PM) {}

  void run() {
    // Only declarations (actors of the index) and references are read;
    // what each adds to the sets does not depend on the order.
    for (std::uint32_t I : PM.actors())
      if (PM.classAt(I) == Stmt::DeclStmtClass)
        visitDeclStmt(I);
    llvm::ArrayRef<std::uint32_t> Refs = PM.references();
    llvm::ArrayRef<const ValueDecl *> Decls = PM.referenceDecls();
    for (unsigned K = 0; K < Refs.size(); ++K)
      visitReference(Decls[K], Refs[K]);
  }

private:
  // Only declarations inside loops are read (the engine's table of a
  // body's loops answers by position): a variable's own initialiser is
  // looked at when startOfAllocation() asks about it (most declarations are
  // never asked about).
  void visitDeclStmt(unsigned At) {
    if (!PA.enclosingLoopAt(SV.FD, At))
      return;
    for (const Decl *D : cast<DeclStmt>(PM.at(At))->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        SV.InLoop.insert(VD);
  }

  /// The reference at position \p At, to \p D (from the index).
  void visitReference(const ValueDecl *D, unsigned At) {
    // Walk up through parentheses and no-op casts. The parents come first:
    // most references are reads, told by their parent alone, and neither
    // the reference nor its declaration need be read for them.
    unsigned CurI = At;
    unsigned ParI = PM.parentIndex(CurI);
    auto Transparent = [&](unsigned P) {
      return PM.classAt(P) == Stmt::ParenExprClass ||
             PM.isImplicitCast(P, CK_NoOp);
    };
    while (ParI != StmtParents::None && Transparent(ParI)) {
      CurI = ParI;
      ParI = PM.parentIndex(CurI);
    }
    if (ParI == StmtParents::None)
      return; // a full statement of its own: a discarded read
    if (PM.isImplicitCast(ParI, CK_LValueToRValue) ||
        PM.isImplicitCast(ParI, CK_ArrayToPointerDecay) ||
        PM.isImplicitCast(ParI, CK_FunctionToPointerDecay))
      return;
    if (PM.classAt(ParI) == Stmt::UnaryExprOrTypeTraitExprClass)
      return; // sizeof v
    if (!D)
      return;
    // The parent's class and operator come from the index too: only an
    // assignment's node and the variable of its left side are read. The
    // other writes record the declaration without reading it (a lookup
    // with a variable never finds a declaration of another kind).
    // A store of the start of an allocation into a pointer variable.
    if (PM.isBinary(ParI, BO_Assign)) {
      const auto *BO = cast<BinaryOperator>(PM.at(ParI));
      const auto *VD = dyn_cast<VarDecl>(D);
      if (BO->getLHS() == PM.at(CurI) && VD && VD->getType()->isPointerType()) {
        SV.Written.insert(VD);
        if (!startValue(PA, BO->getRHS()))
          SV.NotStart.insert(VD);
        return;
      }
    }
    // &p as the out-parameter of a catalog allocator.
    if (PM.isUnary(ParI, UO_AddrOf) && allocOut(ParI)) {
      SV.Written.insert(D);
      return;
    }
    SV.Written.insert(D);
    SV.NotStart.insert(D);
  }

  /// Is the unary operator at position \p At the pointer out-argument of a
  /// catalog allocation call?
  bool allocOut(unsigned At) {
    static const ClassSet Through = ClassSet::of<ParenExpr, CastExpr>();
    static const ClassSet Calls = ClassSet::of<CallExpr>();
    unsigned CurI = At;
    unsigned ParI = PM.parentIndex(CurI);
    while (ParI != StmtParents::None && PM.is(ParI, Through)) {
      CurI = ParI;
      ParI = PM.parentIndex(CurI);
    }
    if (ParI == StmtParents::None || !PM.is(ParI, Calls))
      return false;
    const Stmt *Cur = PM.at(CurI);
    const auto *Call = cast<CallExpr>(PM.at(ParI));
    const ::usm::Api *A = PA.apiOf(*Call);
    return A && A->R == ::usm::Role::Alloc && A->Ptr >= 0 &&
           argAt(*Call, A->Ptr) == Cur;
  }

  StableVars &SV;
  ProvenanceAnalysis &PA;
  const StmtParents &PM;
};

StableVars::StableVars(const FunctionDecl *FD, ProvenanceAnalysis &PA)
    : FD(FD), PA(PA) {
  if (!FD->getBody())
    return;
  StableScan Scan(*this, PA, PA.parents(FD));
  Scan.run();
}

bool StableVars::stable(const VarDecl *VD) const {
  if (!VD || VD->getParentFunctionOrMethod() != FD)
    return false;
  if (!isa<ParmVarDecl>(VD) && !VD->isLocalVarDecl())
    return false;
  if (VD->isStaticLocal() || VD->getType()->isReferenceType() ||
      VD->getType().isVolatileQualified())
    return false;
  return !Written.contains(VD) && !InLoop.contains(VD);
}

bool StableVars::startOfAllocation(const VarDecl *VD) const {
  // A local variable of FD is declared in FD's body: its initialiser is the
  // one store the scan of references does not see.
  return VD && VD->getParentFunctionOrMethod() == FD && VD->isLocalVarDecl() &&
         !VD->isStaticLocal() && !VD->getType()->isReferenceType() &&
         VD->getType()->isPointerType() && !NotStart.contains(VD) &&
         (!VD->getInit() || startValue(PA, VD->getInit()));
}

//--- SizeFacts ---------------------------------------------------------------

const StableVars &SizeFacts::vars(const FunctionDecl *FD) {
  auto &SV = Vars[FD];
  if (!SV)
    SV = std::make_unique<StableVars>(FD, PA);
  return *SV;
}

std::optional<std::int64_t> SizeFacts::sizeOfType(QualType T) {
  if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
      T->isVoidType() || T->isFunctionType())
    return std::nullopt;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

std::optional<SymSize> SizeFacts::valueOf(const Expr *E,
                                          const FunctionDecl *FD) {
  return value(E, FD, 0);
}

std::optional<SymSize> SizeFacts::value(const Expr *E, const FunctionDecl *FD,
                                        int Depth) {
  if (!E || Depth > 6)
    return std::nullopt;
  E = E->IgnoreParenCasts();
  if (E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!engine::neverConstant(E) && E->EvaluateAsInt(R, Ctx)) {
    const llvm::APSInt &V = R.Val.getInt();
    if (V.getSignificantBits() > 48)
      return std::nullopt;
    return SymSize::constant(V.getExtValue());
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !FD || !vars(FD).stable(VD))
      return std::nullopt;
    if (const Expr *Init = VD->getInit())
      if (auto V = value(Init, FD, Depth + 1))
        return V;
    if (!isa<ParmVarDecl>(VD) && !VD->getInit())
      return std::nullopt; // never given a value
    SymSize S;
    S.Terms[{VD}] = 1;
    return S;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto L = value(BO->getLHS(), FD, Depth + 1);
    if (!L)
      return std::nullopt;
    auto Rv = value(BO->getRHS(), FD, Depth + 1);
    if (!Rv)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case BO_Add:
      return L->plus(*Rv);
    case BO_Sub:
      return L->minus(*Rv);
    case BO_Mul:
      return L->times(*Rv);
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<SymSize> SizeFacts::allocationBytes(const Origin &O) {
  if (!O.Site)
    return std::nullopt;
  if (const auto *New = dyn_cast<CXXNewExpr>(O.Site)) {
    auto Elem = sizeOfType(New->getAllocatedType());
    if (!Elem)
      return std::nullopt;
    if (!New->isArray())
      return SymSize::constant(*Elem);
    std::optional<const Expr *> N = New->getArraySize();
    if (!N || !*N)
      return std::nullopt;
    auto Count = value(*N, O.Fn, 0);
    if (!Count)
      return std::nullopt;
    return Count->times(SymSize::constant(*Elem));
  }
  const auto *Call = dyn_cast<CallExpr>(O.Site);
  if (!Call || !O.A || O.A->R != ::usm::Role::Alloc)
    return std::nullopt;
  auto Count = value(argAt(*Call, O.A->Size), O.Fn, 0);
  if (!Count)
    return std::nullopt;
  if (::usm::allocUnit(*O.A) == ::usm::SizeUnit::Bytes)
    return Count;
  // Elements when the call names a template type argument.
  const FunctionDecl *Callee = directCallee(*Call);
  const TemplateArgumentList *TA =
      Callee ? Callee->getTemplateSpecializationArgs() : nullptr;
  if (!TA)
    return Count;
  if (TA->size() < 1 || TA->get(0).getKind() != TemplateArgument::Type)
    return std::nullopt;
  auto Elem = sizeOfType(TA->get(0).getAsType());
  if (!Elem)
    return std::nullopt;
  return Count->times(SymSize::constant(*Elem));
}

std::optional<SymSize> SizeFacts::arrayBytes(const VarDecl *VD) {
  if (!VD || !isa<ConstantArrayType>(VD->getType().getTypePtr()))
    return std::nullopt;
  auto B = sizeOfType(VD->getType());
  if (!B)
    return std::nullopt;
  return SymSize::constant(*B);
}

} // namespace clang::tidy::usm
