//===- IndexCfg.h - a body's CFG built from its index ----------------------===//
//
// clang::CFG::buildCFG walks every node of a body through the AST once more
// after the engine's index (StmtParents) has walked it: on bench/engine's
// long functions it was a quarter of the instructions the analysis adds,
// most of them spent reading nodes that are no longer in the core's cache.
// buildCfgFromIndex() builds the same CFG (the same blocks in the same order
// and with the same ids, elements, terminators, successors and loop targets)
// by the same algorithm, run backwards as clang's is, but it reads each
// node's class and children from the index (contiguous arrays) and reads a
// node itself only where the CFG depends on more than its class: control
// statements, calls, declarations, conditions, OpenMP directives.
//
// It covers the statements of C-like code: compound statements,
// declarations, if (with else), for, while, do, break, continue, return,
// OpenMP directives (their clause expressions and associated statement as
// clang visits them), and the expressions built from references, literals,
// casts, parentheses, operators, calls, subscripts, member accesses, ?:,
// sizeof, initializer lists, and the C++ and CUDA expressions of
// supportedClasses() in IndexCfg.cpp. For anything else (constructors'
// initializers, switch, goto, lambdas, new, delete, throw, statement
// expressions, VLA types, two comparisons of one operand with constants
// joined by && or ||, whose value clang's decides from their ranges) it
// returns nullptr and the caller builds clang's CFG: one builder is
// chosen per body, never a mix. unittests/index_cfg_test.cpp compares the
// two on every body of its programs.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_INDEXCFG_H
#define USMCHECK_CHECKS_UTILS_INDEXCFG_H

#include "clang/Analysis/CFG.h"

#include <memory>

namespace clang {
class ASTContext;
class Decl;
class Stmt;
} // namespace clang

namespace clang::tidy::usm {

class StmtParents;

/// The options the engine builds every CFG with (ProvenanceAnalysis::cfgOf).
CFG::BuildOptions engineCfgOptions();

/// What clang::CFG::buildCFG(\p D, \p Body, &\p Ctx, \p Opts) returns, built
/// from \p Index (the index of \p Body); nullptr when the body has a
/// construct this builder leaves to clang's, or when clang's would fail.
std::unique_ptr<CFG> buildCfgFromIndex(const Decl *D, Stmt *Body,
                                       const StmtParents &Index,
                                       ASTContext &Ctx,
                                       const CFG::BuildOptions &Opts);

} // namespace clang::tidy::usm

#endif
