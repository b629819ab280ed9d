//===- EngineSupport.cpp - helpers shared by the engine's parts
//------------===//
#include "EngineSupport.h"
#include "StmtParents.h"
#include "UsmApi.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/StmtCXX.h"

namespace clang::tidy::usm::engine {

bool neverConstant(const Expr *E) {
  if (!E)
    return false;
  // A variable read as a whole (callers strip the lvalue-to-rvalue cast).
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return !VD->getType().isConstQualified() &&
             !VD->getType()->isReferenceType() && !VD->isConstexpr();
  bool Reads = false;
  llvm::SmallVector<const Stmt *, 16> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    switch (S->getStmtClass()) {
    case Stmt::UnaryExprOrTypeTraitExprClass: // sizeof: not evaluated
    case Stmt::IntegerLiteralClass:
    case Stmt::FloatingLiteralClass:
    case Stmt::CharacterLiteralClass:
    case Stmt::CXXBoolLiteralExprClass:
    case Stmt::CXXNullPtrLiteralExprClass:
    case Stmt::StringLiteralClass:
      continue;
    case Stmt::ImplicitCastExprClass: {
      const auto *ICE = cast<ImplicitCastExpr>(S);
      if (ICE->getCastKind() == CK_LValueToRValue)
        if (const auto *DRE = dyn_cast<DeclRefExpr>(
                ICE->getSubExpr()->IgnoreParens()))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
            QualType T = VD->getType();
            if (T.isConstQualified() || T->isReferenceType() ||
                VD->isConstexpr())
              return false; // may have a constant value
            Reads = true;
            continue;
          }
      break;
    }
    case Stmt::DeclRefExprClass:
      // An enumerator is a constant; anything else not under an
      // lvalue-to-rvalue conversion (an address, an array, a function)
      // may be one.
      if (!isa<EnumConstantDecl>(cast<DeclRefExpr>(S)->getDecl()))
        return false;
      continue;
    case Stmt::BinaryOperatorClass: {
      const auto *BO = cast<BinaryOperator>(S);
      if (BO->isLogicalOp() || BO->isCommaOp() || BO->isAssignmentOp())
        return false;
      break;
    }
    case Stmt::UnaryOperatorClass:
      if (cast<UnaryOperator>(S)->isIncrementDecrementOp() ||
          cast<UnaryOperator>(S)->getOpcode() == UO_AddrOf)
        return false;
      break;
    case Stmt::ParenExprClass:
    case Stmt::CStyleCastExprClass:
    case Stmt::ArraySubscriptExprClass:
    case Stmt::MemberExprClass:
      break;
    default:
      return false; // calls, conditionals, and everything not listed
    }
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return Reads;
}

bool isLauncher(std::string_view Name) {
#define USM_KERNEL_LAUNCHER(N)                                                 \
  if (Name == N)                                                               \
    return true;
#include "DeviceContext.def"
#undef USM_KERNEL_LAUNCHER
  return false;
}

int hostRegisterArg(std::string_view Name) {
#define USM_HOST_REGISTER(N, M, Ptr)                                           \
  if (Name == N)                                                               \
    return Ptr;
#include "DeviceContext.def"
#undef USM_HOST_REGISTER
  return -1;
}

std::string_view hostRegisterName(::usm::Model Model) {
#define USM_HOST_REGISTER(N, M, Ptr)                                           \
  if (Model == ::usm::Model::M)                                                \
    return N;
#include "DeviceContext.def"
#undef USM_HOST_REGISTER
  return {};
}

bool isDeviceAnnotation(StringRef Text) {
#define USM_DEVICE_ANNOTATION(N)                                               \
  if (Text == N)                                                               \
    return true;
#include "DeviceContext.def"
#undef USM_DEVICE_ANNOTATION
  return false;
}

/// CUDA/HIP device code: __global__ or __device__ without __host__.
bool isCudaDevice(const FunctionDecl *FD) {
  if (FD->hasAttr<CUDAGlobalAttr>() ||
      (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>()))
    return true;
  for (const auto *A : FD->specific_attrs<AnnotateAttr>())
    if (isDeviceAnnotation(A->getAnnotation()))
      return true;
  return false;
}

/// Device numbers, allocator handles, memory spaces: values that decide an
/// allocation's kind.
bool isScalar(QualType T) {
  return T.getNonReferenceType()->isIntegralOrEnumerationType();
}

/// Is \p Call the model's "initial device" call (omp_get_initial_device()),
/// as models.def names it?
bool isInitialDeviceCall(const CallExpr &Call) {
  const FunctionDecl *Callee = directCallee(Call);
  if (!Callee || Call.getNumArgs() != 0)
    return false;
  std::string Name = catalogName(*Callee) + "()";
  for (const ::usm::ModelInfo &M : ::usm::models())
    if (!M.HostDevice.empty() && M.HostDevice == Name)
      return true;
  return false;
}

bool hasInitialDevice(::usm::Model M) {
  return !::usm::modelInfo(M).HostDevice.empty();
}

/// A constant that a kind query answers with, or nullptr.
const ::usm::QueryAnswer *queryAnswerOf(const Expr *E) {
  E = stripCasts(E);
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  if (!DRE)
    return nullptr;
  if (const ::usm::QueryAnswer *A =
          ::usm::findQueryAnswer(constantName(*DRE->getDecl())))
    return A;
  return ::usm::findQueryAnswer(DRE->getDecl()->getName());
}

bool isPointerLike(QualType T) {
  T = T.getNonReferenceType();
  return T->isPointerType() || T->isRecordType() ||
         (T->isArrayType() &&
          T->getPointeeOrArrayElementType()->isPointerType());
}

/// The name under which host_access.def lists \p FD: members of class
/// template specializations use the template's name ("std::vector::vector").
std::string hostAccessName(const FunctionDecl &FD) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(&FD))
    if (const auto *Spec =
            dyn_cast<ClassTemplateSpecializationDecl>(MD->getParent())) {
      std::string Name;
      llvm::raw_string_ostream OS(Name);
      PrintingPolicy Policy(FD.getASTContext().getLangOpts());
      Policy.SuppressInlineNamespace = true;
      Policy.SuppressUnwrittenScope = true;
      Spec->getSpecializedTemplate()->printQualifiedName(OS, Policy);
      OS << "::";
      if (isa<CXXConstructorDecl>(MD))
        OS << Spec->getName();
      else
        OS << MD->getName();
      return OS.str();
    }
  return catalogName(FD);
}

/// A statement that can run its body more than once. `do { } while (0)`
/// (the macro idiom, e.g. hipLaunchKernelGGL in HIP mode) is not one.
bool isLoop(const Stmt *S, const ASTContext &Ctx) {
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    bool Value = true;
    const Expr *Cond = Do->getCond();
    if (Cond && !Cond->isValueDependent() &&
        Cond->EvaluateAsBooleanCondition(Value, Ctx) && !Value)
      return false;
    return true;
  }
  return isa<ForStmt, WhileStmt, CXXForRangeStmt>(S);
}

bool isLoopAt(const StmtParents &PM, unsigned P, const ASTContext &Ctx) {
  return PM.classAt(P) != Stmt::DoStmtClass || isLoop(PM.at(P), Ctx);
}

const ClassSet &loopClasses() { return StmtParents::LoopClasses; }

const VarDecl *decayedArray(const Expr *E) {
  if (!E)
    return nullptr;
  const Expr *Inner = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(Inner)) {
    if (IC->getCastKind() != CK_ArrayToPointerDecay)
      return nullptr;
    Inner = IC->getSubExpr()->IgnoreParens();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Inner);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || isa<ParmVarDecl>(VD) || !VD->getType()->isArrayType() ||
      VD->getType()->isReferenceType())
    return nullptr;
  return VD;
}

const ::usm::Api *containerAllocator(const CallExpr &Call) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(&Call);
  const CXXRecordDecl *RD = MC ? MC->getRecordDecl() : nullptr;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec)
    return nullptr;
  for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray()) {
    if (Arg.getKind() != TemplateArgument::Type)
      continue;
    const CXXRecordDecl *ArgRD = Arg.getAsType()->getAsCXXRecordDecl();
    if (!ArgRD)
      continue;
    if (const ::usm::Api *A = ::usm::findApi(qualifiedName(*ArgRD)))
      if (A->R == ::usm::Role::Allocator)
        return A;
  }
  return nullptr;
}

} // namespace clang::tidy::usm::engine
