//===- WholeTU.cpp - checks that analyse the translation unit at once -----===//
#include "WholeTU.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <map>
#include <mutex>
#include <vector>

namespace clang::tidy::usm {
namespace {

/// The whole-TU checks of one MatchFinder (one translation unit).
struct Group {
  unsigned Enabled = 0;    ///< checks enabled for the file
  unsigned Registered = 0; ///< of them, registered through WholeTU
  unsigned Ran = 0;        ///< of them, done with the TU node
  ASTContext *Scoped = nullptr;
  std::vector<Decl *> Saved; ///< the traversal scope before
};

std::mutex Lock;
std::map<const ast_matchers::MatchFinder *, Group> &groups() {
  static std::map<const ast_matchers::MatchFinder *, Group> G;
  return G;
}

/// How many checks clang-tidy creates for the current file: every check of
/// every registered module that the configuration enables (an upper bound:
/// clang-tidy also drops checks that do not support the language).
unsigned enabledChecks(ClangTidyContext &Context) {
  ClangTidyCheckFactories Factories;
  for (const auto &Entry : ClangTidyModuleRegistry::entries())
    Entry.instantiate()->addCheckFactories(Factories);
  unsigned N = 0;
  for (const auto &F : Factories)
    N += Context.isCheckEnabled(F.getKey());
  return N;
}

} // namespace

void WholeTU::registerMatchers(ast_matchers::MatchFinder *F) {
  using namespace ast_matchers;
  F->addMatcher(translationUnitDecl().bind("tu"), Check);
  std::lock_guard<std::mutex> G(Lock);
  auto [It, New] = groups().try_emplace(F);
  if (New)
    It->second.Enabled = enabledChecks(*Context);
  ++It->second.Registered;
  Finder = F;
}

void WholeTU::ran(ASTContext &Ctx) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = groups().find(Finder);
  if (It == groups().end())
    return;
  Group &Gr = It->second;
  if (++Gr.Ran != Gr.Enabled || Gr.Registered != Gr.Enabled || Gr.Scoped)
    return;
  // Every check has seen the TU node: MatchFinder's walk below it would
  // match nothing.
  Gr.Scoped = &Ctx;
  Gr.Saved = Ctx.getTraversalScope();
  Ctx.setTraversalScope({});
}

void WholeTU::endOfTranslationUnit() {
  std::lock_guard<std::mutex> G(Lock);
  auto It = groups().find(Finder);
  if (It == groups().end())
    return;
  Group &Gr = It->second;
  if (Gr.Scoped)
    Gr.Scoped->setTraversalScope(Gr.Saved);
  Gr.Scoped = nullptr;
  Gr.Saved.clear();
  Gr.Ran = 0;
}

WholeTU::~WholeTU() {
  std::lock_guard<std::mutex> G(Lock);
  auto It = groups().find(Finder);
  if (It != groups().end() && --It->second.Registered == 0)
    groups().erase(It);
}

} // namespace clang::tidy::usm
