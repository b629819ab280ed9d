//===- WholeTU.h - checks that analyse the translation unit at once -------===//
//
// Every usm check works on the whole translation unit at once: one match of
// the TranslationUnitDecl, then queries to the shared provenance engine.
// clang-tidy's MatchFinder would still walk every node of the AST after that
// match, matching nothing (about 4% of clang's parse time, bench/engine).
// A check that registers through WholeTU lets the walk be skipped: when
// every check enabled for the file registered this way, the last of them to
// run empties the ASTContext's traversal scope (the callbacks for the TU
// node run before its children are visited, and an empty scope has no
// children), and the scope is put back at the end of the translation unit,
// before any later consumer or parent query. When some enabled check was
// not registered through WholeTU (it may match other nodes), nothing
// changes.
//
// Use in a check:
//   MyCheck(StringRef Name, ClangTidyContext *Context)
//       : ClangTidyCheck(Name, Context), TU(this, Context) {}
//   void registerMatchers(MatchFinder *F) override { TU.registerMatchers(F); }
//   void check(const MatchFinder::MatchResult &R) override {
//     WholeTU::Running Run(TU, *R.Context);   // first statement
//     ...
//   }
//   void onEndOfTranslationUnit() override { TU.endOfTranslationUnit(); ... }
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_WHOLETU_H
#define USMCHECK_CHECKS_UTILS_WHOLETU_H

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::usm {

class WholeTU {
public:
  WholeTU(ClangTidyCheck *Check, ClangTidyContext *Context)
      : Check(Check), Context(Context) {}
  ~WholeTU();
  WholeTU(const WholeTU &) = delete;
  WholeTU &operator=(const WholeTU &) = delete;

  /// Matches the TranslationUnitDecl for the check.
  void registerMatchers(ast_matchers::MatchFinder *Finder);
  /// Puts the traversal scope back (from onEndOfTranslationUnit()).
  void endOfTranslationUnit();

  /// Marks the check's work on the TU node as done when it goes out of
  /// scope (whatever way check() returns).
  class Running {
  public:
    Running(WholeTU &TU, ASTContext &Ctx) : TU(TU), Ctx(Ctx) {}
    ~Running() { TU.ran(Ctx); }
    Running(const Running &) = delete;
    Running &operator=(const Running &) = delete;

  private:
    WholeTU &TU;
    ASTContext &Ctx;
  };

private:
  void ran(ASTContext &Ctx);

  ClangTidyCheck *Check;
  ClangTidyContext *Context;
  const ast_matchers::MatchFinder *Finder = nullptr;
};

} // namespace clang::tidy::usm

#endif
