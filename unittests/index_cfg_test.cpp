//===- index_cfg_test.cpp - the CFG built from a body's index -------------===//
//
// buildCfgFromIndex() (checks/utils/IndexCfg) against clang::CFG::buildCFG
// with the engine's options, on every function of programs that use each
// construct the builder covers: the two CFGs must have the same blocks
// (ids, entry, exit), and each block the same elements (the same
// statements; a group declaration's synthetic statements by their
// declaration), terminator, loop target, no-return mark, and successors
// and predecessors (reachable and unreachable alike). The bodies with a
// construct it leaves to clang's builder must get nullptr, and every body
// of the covered programs must get a CFG: a builder that gave up
// everywhere would fail here.
//
//===----------------------------------------------------------------------===//
#include "snippet_ast.h"
#include "utils/IndexCfg.h"
#include "utils/Provenance.h"
#include "utils/StmtParents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

using namespace clang;
using clang::tidy::usm::buildCfgFromIndex;
using clang::tidy::usm::engineCfgOptions;
using clang::tidy::usm::ProvenanceAnalysis;

namespace {

struct Functions : RecursiveASTVisitor<Functions> {
  std::vector<FunctionDecl *> All;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
        FD->getASTContext().getSourceManager().isInMainFile(
            FD->getLocation()))
      All.push_back(FD);
    return true;
  }
};

/// Everything about \p G that a reader of a CFG can see, as text.
std::string describe(const CFG &G) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  auto Id = [](const CFGBlock *B) {
    return B ? static_cast<int>(B->getBlockID()) : -1;
  };
  OS << "blocks " << G.getNumBlockIDs() << " entry " << Id(&G.getEntry())
     << " exit " << Id(&G.getExit()) << "\n";
  for (const CFGBlock *B : G) {
    OS << "B" << Id(B) << " noreturn " << B->hasNoReturnElement()
       << " terminator " << B->getTerminatorStmt() << " kind "
       << static_cast<int>(B->getTerminator().getKind()) << " loop "
       << B->getLoopTarget() << " label " << B->getLabel() << "\n";
    for (const CFGElement &E : *B) {
      OS << "  element " << static_cast<int>(E.getKind());
      if (auto CS = E.getAs<CFGStmt>()) {
        const Stmt *S = CS->getStmt();
        const auto *DS = dyn_cast<DeclStmt>(S);
        if (DS && DS->isSingleDecl() &&
            llvm::any_of(G.synthetic_stmts(),
                         [&](const auto &P) { return P.first == DS; }))
          OS << " synthetic " << DS->getSingleDecl();
        else
          OS << " " << S << " " << S->getStmtClassName();
      }
      OS << "\n";
    }
    for (const CFGBlock::AdjacentBlock &A : B->succs())
      OS << "  succ " << Id(A.getReachableBlock()) << " "
         << Id(A.getPossiblyUnreachableBlock()) << "\n";
    for (const CFGBlock::AdjacentBlock &A : B->preds())
      OS << "  pred " << Id(A.getReachableBlock()) << " "
         << Id(A.getPossiblyUnreachableBlock()) << "\n";
  }
  return Out;
}

struct Counts {
  unsigned Built = 0;    ///< bodies the index builder built
  unsigned LeftOut = 0;  ///< bodies it left to clang's builder
};

/// Compares the two builders on every function of \p AST.
Counts compareAll(ASTUnit &AST) {
  ASTContext &Ctx = AST.getASTContext();
  Functions F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  EXPECT_FALSE(F.All.empty());
  ProvenanceAnalysis PA(Ctx);
  const CFG::BuildOptions Opts = engineCfgOptions();
  Counts C;
  for (FunctionDecl *FD : F.All) {
    SCOPED_TRACE(FD->getNameAsString());
    std::unique_ptr<CFG> Mine =
        buildCfgFromIndex(FD, FD->getBody(), PA.parents(FD), Ctx, Opts);
    std::unique_ptr<CFG> Clang = CFG::buildCFG(FD, FD->getBody(), &Ctx, Opts);
    if (!Mine) {
      ++C.LeftOut;
      continue;
    }
    ++C.Built;
    EXPECT_TRUE(Clang);
    if (Clang) {
      EXPECT_EQ(describe(*Mine), describe(*Clang));
    }
  }
  return C;
}

TEST(IndexCfg, StatementsOfCMatchClangs) {
  const char *Code = R"(
    #include <stdlib.h>
    struct P { double *d; int n; };
    typedef int count_t;
    extern void stop(void) __attribute__((noreturn));
    double loops(int n, double *a) {
      double s = 0;
      for (int i = 0; i < n; ++i) {
        s += a[i];
        if (s > 10) continue;
        while (s > 100) { s /= 2; if (s < 1) break; }
        do { s -= 1; } while (0);
        do s += 2; while (s < 0);
      }
      for (;;) { if (s) break; }
      for (int j = 0;; ++j) { if (j > n) break; }
      for (; n > 0;) --n;
      while (1) { if (--n < 0) break; }
      return s;
    }
    int branches(int x, int *p) {
      if (x) x = 1; else if (x > 2) x = 2; else ;
      if (x) ;
      if (0) x = 3;
      if (1) { x = 4; } else { x = 5; }
      if (x == 2) x++;
      if ((x & 8) == 4) x--;
      if (!x == 10) x += 7;
      if ((x > 3) < 5) x -= 1;
      if (x | 4) x *= 2;
      if (x * 0) x = 0;
      if (x & 0) x = 0;
      int y = x ? 1 : 2, z, w = y + 1;
      y = (x > 0) ? (p ? p[0] : 0) : -1;
      y = (1) ? 3 : 4;
      y = (z = 2, z + y);
      x = x || 1;
      x = 0 && y;
      if (x || 1) y = 0;
      if (0 && y) y = 1;
      for (; 0 && x;) ;
      return y + z + w;
    }
    double *exprs(struct P pr, int n) {
      count_t c = sizeof(double) + sizeof pr + sizeof(pr.n);
      double *d = (double *)malloc(n * sizeof(double));
      struct P q = {d, n};
      struct P r = (struct P){0};
      double arr[3] = {1.0, 2.0};
      const char *msg = "text";
      d[0] = arr[1] + q.d[0] + r.n + msg[0] + c;
      *d += -pr.d[n / 2];
      d = d + 1;
      if (!d) stop();
      if (!d) abort();
      if (n < 0) exit(1);
      ;
      {}
      { int inner = 3; d[inner] = 0; }
      return d - 1;
    }
    int logic(int a, int b, int *p) {
      if (a > 0 && b > 0) return 1;
      if (p == 0 || *p == 0) return 2;
      if (a && !a) return 3;
      if (!b || b) return 4;
      while (a-- > 0 && (b || p)) b--;
      for (int i = 0; i < a && p[i]; ++i) b++;
      b = (a || b) ? a && b : (a, b);
      return (a > 1 || b < 2) && p != 0;
    }
    void empty(void) {}
    void onlyReturn(void) { return; }
  )";
  std::unique_ptr<ASTUnit> AST = snippetAST(Code, {"-std=gnu11"}, "c.c");
  ASSERT_TRUE(AST);
  Counts C = compareAll(*AST);
  EXPECT_EQ(C.Built, 6u);
  EXPECT_EQ(C.LeftOut, 0u);
}

TEST(IndexCfg, OpenMPDirectivesMatchClangs) {
  const char *Code = R"(
    #include <omp.h>
    double kernels(int n, int dev) {
      double *d = (double *)omp_target_alloc(n * sizeof(double), dev);
      double *h = (double *)malloc(n * sizeof(double));
      double sum = 0;
    #pragma omp target teams distribute parallel for is_device_ptr(d) \
        device(dev) if(n > 10) num_teams(4) firstprivate(sum)
      for (int i = 0; i < n; ++i)
        d[i] = i * 2.0 + sum;
    #pragma omp target map(tofrom: sum) map(to: h[0:n]) device(dev)
      {
        for (int i = 0; i < n; ++i)
          sum += h[i];
      }
    #pragma omp target enter data map(to: h[0:n]) device(dev)
    #pragma omp target update from(h[0:n]) device(dev)
    #pragma omp target exit data map(release: h[0:n]) device(dev)
    #pragma omp parallel for reduction(+: sum)
      for (int i = 0; i < n; ++i)
        sum += h[i];
    #pragma omp parallel
      {
    #pragma omp single
        sum += 1;
    #pragma omp critical
        sum += 2;
    #pragma omp atomic
        sum += 3;
    #pragma omp barrier
      }
    #pragma omp taskwait
      omp_target_memcpy(h, d, n * sizeof(double), 0, 0,
                        omp_get_initial_device(), dev);
      omp_target_free(d, dev);
      free(h);
      return sum;
    }
  )";
  std::unique_ptr<ASTUnit> AST = snippetAST(
      Code, {"-std=gnu11", "-fopenmp", "-include", "stdlib.h"}, "omp.c");
  ASSERT_TRUE(AST);
  Counts C = compareAll(*AST);
  EXPECT_EQ(C.Built, 1u);
  EXPECT_EQ(C.LeftOut, 0u);
}

TEST(IndexCfg, CxxExpressionsMatchClangs) {
  const char *Code = R"(
    struct V {
      double *p = nullptr;
      int n = 0;
      V() = default;
      V(double *q, int m) : p(q), n(m) {}
      double &operator[](int i) { return p[i]; }
      double get(int i = 0) const { return this->p[i]; }
      V operator+(const V &o) const { return V(p, n + o.n); }
    };
    template <int K> int scaled(int x) { return x * K; }
    double use(V v, int m) {
      V w{v.p, m};
      V t = v + w;
      double s = v[1] + w.get() + V(v.p, 2).get(1) + t.n;
      s += static_cast<double>(m) + reinterpret_cast<long>(v.p) +
           double(m) + scaled<3>(m);
      const V &r = V();
      double *q = const_cast<double *>(r.p);
      bool b = true;
      if (b && q == nullptr) s = 0;
      return s + (q ? *q : 0.0);
    }
  )";
  std::unique_ptr<ASTUnit> AST = snippetAST(Code, {"-std=c++17"}, "cxx.cpp");
  ASSERT_TRUE(AST);
  Counts C = compareAll(*AST);
  // The two constructors (clang's adds their initializers) are left to
  // clang's builder; use(), the operators, get() and scaled<3>() are built.
  EXPECT_EQ(C.LeftOut, 2u);
  EXPECT_EQ(C.Built, 5u);
}

TEST(IndexCfg, OtherConstructsAreLeftToClangs) {
  const char *Code = R"(
    #include <stdlib.h>
    int sw(int x) {
      switch (x) { case 1: return 2; default: break; }
      return 0;
    }
    int jump(int x) {
      if (x) goto out;
      x = 2;
    out:
      return x;
    }
    int stmtExpr(int x) { return ({ int y = x; y + 1; }); }
    int vla(int n) { int a[n]; a[0] = 1; return a[0]; }
    int range(int a) { if (a > 0 && a < 10) return 1; return 0; }
  )";
  std::unique_ptr<ASTUnit> AST = snippetAST(Code, {"-std=gnu11"}, "left.c");
  ASSERT_TRUE(AST);
  Counts C = compareAll(*AST);
  EXPECT_EQ(C.Built, 0u);
  EXPECT_EQ(C.LeftOut, 5u);
}

} // namespace
