//===- AllocSize.h - how many bytes an allocation has, when that is certain ===//
//
// The size facts that usm-memcpy-direction compares a copy's extent with.
// A size is a polynomial with integer coefficients over variables that hold
// one value during a call of their function ("stable": parameters and locals
// that are never written after their initialisation and are not declared
// inside a loop). A stable variable initialised from a size expression is
// replaced by that expression, so `bytes = n * sizeof(double)` and
// `n * sizeof(double)` are the same size. Anything else (a call, a variable
// that changes) makes the size unknown, and then nothing is compared.
//
// Allocation sizes come from the catalog: the allocation call's Size
// argument (usm_apis.def) in the unit that usm_copies.def gives it, or the
// array size of a new-expression.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_ALLOCSIZE_H
#define USMCHECK_CHECKS_UTILS_ALLOCSIZE_H

#include "Lattice.h"
#include "Provenance.h"
#include "StmtParents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace clang::tidy::usm {

/// The base of a copy's pointer argument: casts, `p + k`, `p - k` and
/// `&p[k]` stripped (a copy may start inside an allocation).
const Expr *pointerBase(const Expr *E);

/// sum of Coefficient x (product of variables); the empty product is the
/// constant term.
struct SymSize {
  std::map<std::vector<const VarDecl *>, std::int64_t> Terms;

  static SymSize constant(std::int64_t C);
  bool isConstant() const;
  std::int64_t constantTerm() const;
  SymSize plus(const SymSize &O) const;
  SymSize minus(const SymSize &O) const;
  /// nullopt when a coefficient would overflow or there are too many terms.
  std::optional<SymSize> times(const SymSize &O) const;
};

/// Is a range ending at \p End (offset + bytes) certainly beyond an
/// allocation of \p Size bytes? True when End - Size has no negative
/// coefficient and a positive one: the range leaves the allocation for every
/// value of the variables (but a zero count).
bool certainlyBeyond(const SymSize &End, const SymSize &Size);

/// Which variables of one function are stable, and which pointer variables
/// only ever hold the start of an allocation (every write stores an
/// allocation call, a new-expression, a null pointer or another such
/// variable; no arithmetic, no escaping address).
class StableVars {
public:
  /// Reads the engine's index of FD's body (PA.parents(FD)).
  StableVars(const FunctionDecl *FD, ProvenanceAnalysis &PA);
  bool stable(const VarDecl *VD) const;
  bool startOfAllocation(const VarDecl *VD) const;

private:
  const FunctionDecl *FD;
  ProvenanceAnalysis &PA;
  /// Declarations, not only variables: a reference's declaration is
  /// recorded without being read (queries are by variable).
  llvm::DenseSet<const ValueDecl *> Written, NotStart;
  llvm::DenseSet<const VarDecl *> InLoop;
  friend class StableScan;
};

/// Sizes of expressions and allocations, with the stable variables of each
/// function worked out once.
class SizeFacts {
public:
  SizeFacts(ASTContext &Ctx, ProvenanceAnalysis &PA) : Ctx(Ctx), PA(PA) {}

  /// The value of the integer expression \p E in function \p FD.
  std::optional<SymSize> valueOf(const Expr *E, const FunctionDecl *FD);
  /// Bytes of allocation \p O (its Site and catalog row), or nullopt.
  std::optional<SymSize> allocationBytes(const Origin &O);
  /// Bytes of the array variable \p VD (host memory: stack or global).
  std::optional<SymSize> arrayBytes(const VarDecl *VD);
  /// sizeof(\p T), or nullopt for incomplete or dependent types.
  std::optional<std::int64_t> sizeOfType(QualType T);
  const StableVars &vars(const FunctionDecl *FD);

private:
  std::optional<SymSize> value(const Expr *E, const FunctionDecl *FD,
                               int Depth);
  ASTContext &Ctx;
  ProvenanceAnalysis &PA;
  std::map<const FunctionDecl *, std::unique_ptr<StableVars>> Vars;
};

} // namespace clang::tidy::usm

#endif
