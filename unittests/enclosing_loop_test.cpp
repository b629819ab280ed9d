//===- enclosing_loop_test.cpp - the engine's loops around a statement ----===//
//
// ProvenanceAnalysis::enclosingLoop() (a per-function table of loop
// statements and a binary search) against the walk up the statement's
// ancestors in the body index that it replaces: the innermost ancestor
// that isLoop() accepts, for every statement of bodies with nested loops,
// do-while(0) wrappers, sibling loops and loops in lambdas.
//
//===----------------------------------------------------------------------===//
#include "snippet_ast.h"
#include "utils/EngineSupport.h"
#include "utils/Provenance.h"
#include "utils/StmtParents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Frontend/ASTUnit.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace clang;
using clang::tidy::usm::ProvenanceAnalysis;
using clang::tidy::usm::StmtParents;

namespace {

struct Functions : RecursiveASTVisitor<Functions> {
  std::vector<const FunctionDecl *> All;
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasBody() && FD->getASTContext().getSourceManager().isInMainFile(
                             FD->getLocation()))
      All.push_back(FD);
    return true;
  }
};

/// The answer of the walk up the index: the innermost ancestor of \p S
/// that is a loop.
const Stmt *walkUp(const StmtParents &PM, const Stmt *S,
                   const ASTContext &Ctx) {
  int I = PM.indexOf(S);
  if (I < 0)
    return nullptr;
  for (unsigned Cur = PM.parentIndex(I); Cur != StmtParents::None;
       Cur = PM.parentIndex(Cur))
    if (clang::tidy::usm::engine::isLoop(PM.at(Cur), Ctx))
      return PM.at(Cur);
  return nullptr;
}

/// Compares enclosingLoop() with walkUp() for every statement of every
/// function of \p AST; returns how many statements have a loop around.
unsigned compareAll(ASTUnit &AST) {
  ASTContext &Ctx = AST.getASTContext();
  Functions F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  EXPECT_FALSE(F.All.empty());
  ProvenanceAnalysis PA(Ctx);
  unsigned InLoop = 0;
  for (const FunctionDecl *FD : F.All) {
    SCOPED_TRACE(FD->getNameAsString());
    const StmtParents &PM = PA.parents(FD);
    // Statements asked in two orders: the table is built by the first.
    std::vector<const Stmt *> Order(PM.preorder().begin(),
                                    PM.preorder().end());
    for (int Pass = 0; Pass < 2; ++Pass) {
      for (const Stmt *S : Order) {
        const Stmt *Want = walkUp(PM, S, Ctx);
        EXPECT_EQ(PA.enclosingLoop(S, FD), Want)
            << "at position " << PM.indexOf(S);
        InLoop += Pass == 0 && Want;
      }
      std::reverse(Order.begin(), Order.end());
    }
    EXPECT_EQ(PA.enclosingLoop(FD->getBody(), FD), nullptr);
  }
  return InLoop;
}

TEST(EnclosingLoop, NestedAndSiblingLoopsMatchTheWalk) {
  const char *Code = R"(
    double f(int n, double *a) {
      double s = 0;
      for (int i = 0; i < n; ++i) {
        s += a[i];
        while (s > 10) {
          s /= 2;
          do { s -= 1; } while (0);        // not a loop
          do { s -= 1; } while (s > 100);  // a loop
        }
        if (s < 0) { for (;;) break; }
      }
      for (int j = 0; j < 3; ++j) s += j;
      for (int k = 0; k < 3; ++k) { s += k; }
      do { s += 1; } while (0);
      return s;
    }
    void g(void) { do { } while (0); }
  )";
  std::unique_ptr<ASTUnit> AST = snippetAST(Code, {"-std=gnu11"}, "loops.c");
  ASSERT_TRUE(AST);
  EXPECT_GT(compareAll(*AST), 20u);
}

TEST(EnclosingLoop, LambdasAndRangeLoopsMatchTheWalk) {
  const char *Code = R"(
    int h(int n) {
      int v[4] = {1, 2, 3, 4}, t = 0;
      for (int x : v) {
        auto add = [&](int k) {
          for (int i = 0; i < k; ++i) t += x;
          return t;
        };
        t += add(n);
      }
      auto outer = [&]() { while (t > 0) --t; return t; };
      return outer();
    }
  )";
  std::unique_ptr<ASTUnit> AST = snippetAST(Code, {"-std=c++17"}, "loops.cpp");
  ASSERT_TRUE(AST);
  EXPECT_GT(compareAll(*AST), 10u);
}

} // namespace
