//===- snippet_ast.h - ASTs of code snippets for the engine's unit tests --===//
#ifndef USMCHECK_UNITTESTS_SNIPPET_AST_H
#define USMCHECK_UNITTESTS_SNIPPET_AST_H

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

/// The AST of \p Code compiled as \p FileName with \p Args; a test failure
/// and null when it cannot be built, a test failure when it has errors.
inline std::unique_ptr<clang::ASTUnit>
snippetAST(const std::string &Code, const std::vector<std::string> &Args,
           const std::string &FileName) {
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, Args, FileName);
  EXPECT_TRUE(AST);
  if (AST) {
    EXPECT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  }
  return AST;
}

#endif
