#include "UsmApi.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy::usm {

std::string catalogName(const FunctionDecl &FD) {
  if (FD.getDeclName().getNameKind() == DeclarationName::CXXOperatorName) {
    OverloadedOperatorKind Op = FD.getOverloadedOperator();
    if (Op == OO_New || Op == OO_Array_New || Op == OO_Delete ||
        Op == OO_Array_Delete)
      return FD.getNameAsString();
  }
  // Names of C functions declared inside `extern "C"` are unqualified.
  return qualifiedName(FD);
}

std::string qualifiedName(const NamedDecl &D) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy Policy(D.getASTContext().getLangOpts());
  Policy.SuppressInlineNamespace = true;
  Policy.SuppressUnwrittenScope = true;
  D.printQualifiedName(OS, Policy);
  OS.flush();
  return Name;
}

const ::usm::Api *apiForCall(const CallExpr &Call) {
  const FunctionDecl *FD = directCallee(Call);
  return FD ? apiForFunction(*FD) : nullptr;
}

namespace {
/// The last component of every catalog name ("memcpy" of
/// "sycl::queue::memcpy"): a function named otherwise is not in the
/// catalog, which saves printing its qualified name.
/// The last name component ("data" of "std::vector::data") of every row.
template <typename Rows> llvm::StringSet<> lastComponents(const Rows &R) {
  llvm::StringSet<> S;
  for (const auto &Row : R) {
    llvm::StringRef N(Row.Name.data(), Row.Name.size());
    size_t Colon = N.rfind("::");
    S.insert(Colon == llvm::StringRef::npos ? N : N.substr(Colon + 2));
  }
  return S;
}

const llvm::StringSet<> &catalogLastNames() {
  static const llvm::StringSet<> Names = lastComponents(::usm::apis());
  return Names;
}

/// The last name component of every selector constant: a reference to any
/// other name is no selector, whatever its qualification.
const llvm::StringSet<> &selectorLastNames() {
  static const llvm::StringSet<> Names = lastComponents(::usm::selectors());
  return Names;
}
} // namespace

const ::usm::Api *apiForFunction(const FunctionDecl &FD) {
  if (FD.getDeclName().isIdentifier()) {
    llvm::StringRef Last = FD.getName();
    if (!catalogLastNames().contains(Last) && !Last.consume_back("_v2") &&
        !Last.consume_back("_v3"))
      return nullptr;
    if (!catalogLastNames().contains(Last))
      return nullptr;
  }
  std::string Name = catalogName(FD);
  if (const ::usm::Api *A = ::usm::findApi(Name))
    return A;
  // The real cuda.h maps cuMemAlloc & co to versioned symbols.
  llvm::StringRef N(Name);
  if (N.consume_back("_v2") || N.consume_back("_v3"))
    return ::usm::findApi(N);
  // A member of a class template's specialization is listed under the
  // template's name ("std::vector::data" for std::vector<float>::data).
  if (const auto *MD = dyn_cast<CXXMethodDecl>(&FD))
    if (const auto *Spec =
            dyn_cast<ClassTemplateSpecializationDecl>(MD->getParent()))
      return ::usm::findApi(qualifiedName(*Spec->getSpecializedTemplate()) +
                            "::" + FD.getNameAsString());
  return nullptr;
}

std::vector<std::string> apiNames(::usm::Role R,
                                  std::optional<::usm::Kind> K) {
  std::vector<std::string> Names;
  for (const ::usm::Api &A : ::usm::apis())
    if (A.R == R && (!K || A.K == *K))
      Names.emplace_back(A.Name);
  return Names;
}

const Expr *argAt(const CallExpr &Call, int Index) {
  if (Index < 0)
    return nullptr;
  // Member calls written as q.memcpy(...) have the object separately; C++
  // operator calls have it as argument 0.
  unsigned Shift = isa<CXXOperatorCallExpr>(Call) &&
                           isa<CXXMethodDecl>(directCallee(Call))
                       ? 1
                       : 0;
  unsigned I = static_cast<unsigned>(Index) + Shift;
  if (I >= Call.getNumArgs())
    return nullptr;
  const Expr *Arg = Call.getArg(I);
  if (isa<CXXDefaultArgExpr>(Arg))
    return nullptr;
  return Arg;
}

const ::usm::Api *renamableDealloc(const ::usm::Api &Alloc,
                                   const ::usm::Api &CurrentFree) {
  std::string_view D = Alloc.Dealloc;
  const ::usm::Api *Want = ::usm::findApi(D.substr(0, D.find('|')));
  // Same pointer position, and the same device/context position (or none)
  // in the same model: the arguments mean the same to both.
  if (!Want || Want->Ptr != CurrentFree.Ptr || Want->Dev != CurrentFree.Dev ||
      (Want->Dev != ::usm::NA && Want->M != CurrentFree.M))
    return nullptr;
  return Want;
}

static std::optional<::usm::Kind> kindOfSelectorExpr(const Expr *E) {
  E = stripCasts(E);
  if (!E)
    return std::nullopt;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    // A const variable initialised from a selector.
    auto ConstInit = [&]() -> std::optional<::usm::Kind> {
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (VD->getType().isConstQualified() && VD->getInit())
          return kindOfSelectorExpr(VD->getInit());
      return std::nullopt;
    };
    if (D->getDeclName().isIdentifier() &&
        !selectorLastNames().contains(D->getName()))
      return ConstInit();
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    PrintingPolicy Policy(D->getASTContext().getLangOpts());
    Policy.SuppressInlineNamespace = true;
    Policy.SuppressUnwrittenScope = true;
    D->printQualifiedName(OS, Policy);
    OS.flush();
    if (const ::usm::Selector *S = ::usm::findSelector(Name))
      return S->K;
    // Enumerators of unscoped C enums print unqualified already; scoped
    // enumerators (sycl::usm::alloc::device) print with their enum.
    if (const ::usm::Selector *S = ::usm::findSelector(D->getName()))
      return S->K;
    return ConstInit();
  }
  return std::nullopt;
}

std::optional<::usm::Kind> selectorKind(const Expr *E) {
  return kindOfSelectorExpr(E);
}

std::string constantName(const ValueDecl &D) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  PrintingPolicy Policy(D.getASTContext().getLangOpts());
  Policy.SuppressInlineNamespace = true;
  Policy.SuppressUnwrittenScope = true;
  D.printQualifiedName(OS, Policy);
  OS.flush();
  return Name;
}

std::optional<::usm::Kind> kindFromArguments(const CallExpr &Call,
                                             SelectorReader Read) {
  for (const Expr *Arg : Call.arguments())
    if (auto K = Read(Arg))
      return K;
  return std::nullopt;
}

std::optional<::usm::Kind> allocationKind(const CallExpr &Call,
                                          const ::usm::Api &A,
                                          SelectorReader Read) {
  if (A.R != ::usm::Role::Alloc)
    return std::nullopt;
  if (A.K == ::usm::Kind::ByArg)
    return kindFromArguments(Call, Read);
  return A.K;
}

} // namespace clang::tidy::usm
