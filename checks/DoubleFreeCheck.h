//===- DoubleFreeCheck.h - usm-double-free -----------------------------------===//
#ifndef USMCHECK_CHECKS_DOUBLEFREECHECK_H
#define USMCHECK_CHECKS_DOUBLEFREECHECK_H

#include "utils/LifetimeCheck.h"

#include "clang/AST/Decl.h"

namespace clang::tidy::usm {

/// Finds USM memory released twice: a deallocation of memory that was already
/// released on every path to it, directly, through an alias or by a helper.
///
/// The releases come from the lifetime component of the provenance engine
/// (utils/Lifetime.h): reported only when every allocation the pointer may
/// hold was released on every path to the second release.
class DoubleFreeCheck : public LifetimeCheck {
public:
  DoubleFreeCheck(StringRef Name, ClangTidyContext *Context)
      : LifetimeCheck(Name, Context, LifetimeIssue::DoubleFree) {}

protected:
  std::string message(const LifetimeFinding &F) const override {
    return what(F) + " is released again; it was already released on every "
                     "path to here";
  }
};

} // namespace clang::tidy::usm

#endif
