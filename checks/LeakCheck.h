//===- LeakCheck.h - usm-leak ------------------------------------------------===//
#ifndef USMCHECK_CHECKS_LEAKCHECK_H
#define USMCHECK_CHECKS_LEAKCHECK_H

#include "utils/LifetimeCheck.h"

#include "clang/AST/Decl.h"

namespace clang::tidy::usm {

/// Finds USM allocations that are not released on some path out of the
/// function that owns them, or whose last pointer is overwritten.
///
/// Allocations, releases and escapes come from the lifetime component of the
/// provenance engine (utils/Lifetime.h): memory that is returned, stored
/// outside the function, handed to an owner or to a function that keeps it
/// or whose body is unknown is not this function's to release.
class LeakCheck : public LifetimeCheck {
public:
  LeakCheck(StringRef Name, ClangTidyContext *Context)
      : LifetimeCheck(Name, Context, LifetimeIssue::Leak) {}

protected:
  std::string message(const LifetimeFinding &F) const override {
    if (F.Overwritten)
      return "the last pointer to " + what(F) +
             " is overwritten here; the memory can no longer be released";
    return what(F) + " is not released on this path out of '" +
           (F.Fn ? F.Fn->getNameAsString() : std::string()) + "'";
  }
};

} // namespace clang::tidy::usm

#endif
