//===- stmt_parents_test.cpp - the engine's index of a function body ------===//
//
// checks/utils/StmtParents against a plain recursive walk of the same
// definition (children() in order, a CapturedStmt's captured statement, an
// OpaqueValueExpr's source, each statement indexed where it is first
// reached): the same preorder, parents, subtree extents, classes,
// operators and lists of actors and references, on bodies with and without
// statements reached twice.
//
//===----------------------------------------------------------------------===//
#include "snippet_ast.h"
#include "utils/StmtParents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace clang;
using clang::tidy::usm::StmtParents;

namespace {

/// The reference: what the index must hold, walked recursively.
struct Reference {
  std::vector<const Stmt *> Order;
  std::vector<unsigned> Parent; ///< StmtParents::None for the root
  std::vector<unsigned> End;
  std::set<const Stmt *> Seen;
  bool Twice = false;  ///< some statement was reached again
  bool Source = false; ///< some OpaqueValueExpr has a source

  void walk(const Stmt *S, unsigned P) {
    if (!S)
      return;
    if (!Seen.insert(S).second) {
      Twice = true;
      return;
    }
    unsigned I = Order.size();
    Order.push_back(S);
    Parent.push_back(P);
    End.push_back(I + 1);
    for (const Stmt *C : S->children())
      walk(C, I);
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      walk(CS->getCapturedStmt(), I);
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S)) {
      Source |= OVE->getSourceExpr() != nullptr;
      walk(OVE->getSourceExpr(), I);
    }
    End[I] = Order.size();
  }
};

struct Bodies : RecursiveASTVisitor<Bodies> {
  std::map<std::string, const Stmt *> ByName;
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasBody() && FD->getIdentifier() &&
        FD->getASTContext().getSourceManager().isInMainFile(
            FD->getLocation()))
      ByName[FD->getName().str()] = FD->getBody();
    return true;
  }
};

/// Compares the index of \p Body, built with each size hint, with the
/// reference.
void compareOne(const Stmt *Body) {
  Reference R;
  R.walk(Body, StmtParents::None);
  for (unsigned Hint : {0u, 3u, 100000u}) {
    SCOPED_TRACE(Hint);
    StmtParents PM(Body, Hint);
    // shared(): a statement reached twice makes the index's parents
    // differ from the AST's; without one (and without a source to read),
    // every parent is the AST's (FindingFacts' definitionsOf relies on it).
    if (R.Twice) {
      EXPECT_TRUE(PM.shared());
    }
    if (!R.Twice && !R.Source) {
      EXPECT_FALSE(PM.shared());
    }
    ASSERT_EQ(PM.preorder().size(), R.Order.size());
    for (unsigned I = 0; I < R.Order.size(); ++I) {
      const Stmt *S = R.Order[I];
      ASSERT_EQ(PM.at(I), S) << "position " << I;
      EXPECT_EQ(PM.indexOf(S), static_cast<int>(I));
      EXPECT_EQ(PM.parentIndex(I), R.Parent[I]);
      EXPECT_EQ(PM.subtreeEnd(I), R.End[I]);
      EXPECT_EQ(PM.classAt(I), S->getStmtClass());
      EXPECT_EQ(PM.getParent(S), R.Parent[I] == StmtParents::None
                                     ? nullptr
                                     : R.Order[R.Parent[I]]);
      if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
        EXPECT_TRUE(PM.isBinary(I, BO->getOpcode()));
      } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
        EXPECT_TRUE(PM.isUnary(I, UO->getOpcode()));
      } else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S)) {
        EXPECT_TRUE(PM.isImplicitCast(I, ICE->getCastKind()));
      }
    }
    EXPECT_EQ(PM.indexOf(nullptr), -1);
    // The lists of actors and references, by their definition.
    std::vector<std::uint32_t> Actors, Refs, Loops;
    for (unsigned I = 0; I < R.Order.size(); ++I) {
      const Stmt *S = R.Order[I];
      if (isa<DoStmt, ForStmt, WhileStmt, CXXForRangeStmt>(S))
        Loops.push_back(I);
      bool Actor = isa<DeclStmt, ReturnStmt, CallExpr, LambdaExpr, CXXNewExpr,
                       OMPExecutableDirective, CapturedStmt,
                       ArraySubscriptExpr, MemberExpr>(S);
      if (const auto *BO = dyn_cast<BinaryOperator>(S))
        Actor = BO->isAssignmentOp();
      if (const auto *UO = dyn_cast<UnaryOperator>(S))
        Actor = UO->isIncrementDecrementOp() ||
                UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref;
      if (Actor)
        Actors.push_back(I);
      if (isa<DeclRefExpr>(S))
        Refs.push_back(I);
    }
    EXPECT_EQ(std::vector<std::uint32_t>(PM.actors().begin(),
                                         PM.actors().end()),
              Actors);
    EXPECT_EQ(std::vector<std::uint32_t>(PM.references().begin(),
                                         PM.references().end()),
              Refs);
    EXPECT_EQ(std::vector<std::uint32_t>(PM.loops().begin(), PM.loops().end()),
              Loops);
    // Each reference's declaration, as read when the body was indexed.
    ASSERT_EQ(PM.referenceDecls().size(), Refs.size());
    for (unsigned K = 0; K < Refs.size(); ++K)
      EXPECT_EQ(PM.referenceDecls()[K],
                cast<DeclRefExpr>(R.Order[Refs[K]])->getDecl());
    for (unsigned I = 0; I < R.Order.size(); I += 7) {
      std::vector<std::uint32_t> In;
      for (std::uint32_t J : Refs)
        if (J >= I && J < R.End[I])
          In.push_back(J);
      auto [B, E] = PM.referenceSpan(I, R.End[I]);
      ASSERT_LE(B, E);
      ASSERT_LE(E, Refs.size());
      EXPECT_EQ(std::vector<std::uint32_t>(PM.references().begin() + B,
                                           PM.references().begin() + E),
                In);
    }
  }
}

/// Compares the index of every body in \p Code with the reference; returns
/// how many OpaqueValueExprs the bodies hold.
unsigned compareAll(const std::string &Code,
                    const std::vector<std::string> &Args,
                    const std::string &FileName) {
  std::unique_ptr<ASTUnit> AST = snippetAST(Code, Args, FileName);
  if (!AST)
    return 0;
  Bodies B;
  B.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  EXPECT_FALSE(B.ByName.empty());
  unsigned OVEs = 0;
  for (const auto &[Name, Body] : B.ByName) {
    SCOPED_TRACE(Name);
    compareOne(Body);
    Reference R;
    R.walk(Body, StmtParents::None);
    for (const Stmt *S : R.Order)
      OVEs += isa<OpaqueValueExpr>(S);
  }
  return OVEs;
}

TEST(StmtParents, PlainBodiesMatchTheReference) {
  const char *Code = R"(
    struct P { double *d; int n; };
    double f(int n, double *a, struct P *p) {
      double s = 0, *q = a + 1, *r = n > 2 ? a : q;
      int k[4] = {1, 2, 3, 4};
      for (int i = 0; i < n; ++i) {
        s += a[i] * 2.0 + (double)k[i % 4] + i[a];
        if (!p || p->n == i) continue;
        *q += -s;
      }
      switch (n) { case 1: s = 1; break; default: s = sizeof(int); }
      do { s = s * 2; } while (0);
      s += ({ int t = n; t * 2; });
      return s + p->d[0] + 'c' + 1.5f;
    }
  )";
  EXPECT_EQ(compareAll(Code, {"-std=gnu11"}, "plain.c"), 0u);
}

TEST(StmtParents, OpenMPRegionsMatchTheReference) {
  const char *Code = R"(
    void g(int n, double *d) {
      #pragma omp target teams distribute parallel for is_device_ptr(d)
      for (int i = 0; i < n; ++i)
        d[i] = i;
      #pragma omp parallel
      { d[0] += 1; }
    }
  )";
  EXPECT_EQ(compareAll(Code, {"-fopenmp"}, "omp.c"), 0u);
}

TEST(StmtParents, SharedExpressionsAreIndexedOnce) {
  // a ?: b holds its condition once as a child and again as the source of
  // the OpaqueValueExprs it reads it through: the careful walk.
  const char *Code = R"(
    int h(int *p, int n) {
      int x = (p[0] + n) ?: n;
      int y = n ?: (x ?: 1);
      return x + y;
    }
  )";
  EXPECT_GT(compareAll(Code, {"-std=gnu11"}, "shared.c"), 0u);
}

TEST(StmtParents, LambdasAndDeclarationsMatchTheReference) {
  const char *Code = R"(
    int u(int n) {
      int a = 1, b = n, c[3] = {a, b, 3};
      auto f = [&, n](int k) { return a + k * n + c[1]; };
      auto g = [c]() { return c[0]; }; // copies an array: ArrayInitLoopExpr
      for (int v : c)
        while (v-- > 0)
          a += [&] { for (;;) return v; }();
      return f(b) + g();
    }
  )";
  compareAll(Code, {"-std=c++17"}, "lambda.cpp");
}

} // namespace
