//===- FindingFacts.h - the structured facts the checks attach -------------===//
//
// Every finding carries its facts (report/Finding.h, FindingFacts): the
// access, the allocation site and its catalog row, kind, device, the steps
// that carried the pointer from the allocation to the access, and the ranked
// fixes. The checks fill them with these helpers and attach them to the
// finding as a note that the driver turns back into data (attachFacts), so
// every writer reads the same facts and nobody parses note text.
//
// Spellings: under a compatibility macro (`#define omp_target_alloc_device(s,
// d) llvm_omp_target_alloc_device(s, d)`) the user writes the macro's name;
// writtenCallee() returns it, and userSpelling() picks the name the user's
// code base uses for another catalog API (the macro of the same family when
// the code defines or declares one, otherwise the real name).
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_FINDINGFACTS_H
#define USMCHECK_CHECKS_UTILS_FINDINGFACTS_H

#include "Catalog.h"
#include "Finding.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace clang {
class Preprocessor;
}

namespace clang::tidy::usm {

/// File (as the SourceManager names it), line and column of \p Loc's
/// expansion.
::usm::SourceRef refOf(const SourceManager &SM, SourceLocation Loc);
/// The text of \p Loc's expanded line.
std::string lineOf(const SourceManager &SM, SourceLocation Loc);
/// The source text of \p E as the user wrote it (macro arguments included).
std::string writtenText(const Expr *E, const ASTContext &Ctx);

/// The name written at the callee position of \p Call: the callee's own
/// name, or the name of the macro whose expansion the call is.
std::string writtenCallee(const CallExpr &Call, const ASTContext &Ctx);

/// The location of the name to replace to swap \p Call's callee for another
/// spelling: the callee's name token, or the macro name when the call is the
/// whole expansion of a macro invoked by its name (object-like `#define A
/// B`, or function-like `#define A(x, y) B(x, y)`). Invalid when the name
/// cannot be replaced (the call is inside a larger macro).
SourceLocation replaceableCalleeLoc(const CallExpr &Call,
                                    const ASTContext &Ctx);

/// How the user's code spells catalog API \p Target, given that it wrote
/// \p Written for catalog API \p WrittenFor: the catalog sibling of
/// \p Written's own row (same family, Target's kind) when the code defines
/// it as a macro or declares it, else Target's real (unqualified) name.
std::string userSpelling(const ::usm::Api &Target, const std::string &Written,
                         const ::usm::Api &WrittenFor, const ASTContext &Ctx,
                         const Preprocessor *PP);

/// Is \p Name (unqualified) the spelling of a catalog allocator of model
/// \p M? (A compatibility macro named like one stands for it.)
bool isCatalogSpelling(const std::string &Name, ::usm::Model M);

/// The steps that carried a pointer from allocation \p Site (in \p SiteFn)
/// to \p Pointer at \p At (in \p UseFn): assignments, calls, returns and
/// parameters found in the source, allocation first, the access last. A
/// best-effort trace for reports: at most a dozen steps.
std::vector<::usm::FactStep>
pointerSteps(const ASTContext &Ctx, const Expr *Site, const FunctionDecl *SiteFn,
             const Expr *Pointer, const Stmt *At, const FunctionDecl *UseFn,
             const char *LastKind);

/// Attaches \p F to the finding \p Check reported last (at \p Loc).
void attachFacts(ClangTidyCheck &Check, SourceLocation Loc,
                 const ::usm::FindingFacts &F);

/// The device argument \p DevE of an allocation: "constant" (an integer
/// constant or the initial device), "symbolic" (a parameter of the
/// allocating function, resolved by its callers; \p ArgParam >= 0 says the
/// engine resolved it so), or "unknown" (a run-time value).
std::string deviceFact(int ArgParam, const Expr *DevE, const ASTContext &Ctx);

/// Lower-case kind names for the facts.
std::string kindFact(::usm::Kind K);

enum class AccessKind; // Summaries.h
/// "read", "write", "read-write": the facts' access word (also in messages).
const char *accessFact(AccessKind AK);

} // namespace clang::tidy::usm

#endif
