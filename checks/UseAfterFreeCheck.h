//===- UseAfterFreeCheck.h - usm-use-after-free ------------------------------===//
#ifndef USMCHECK_CHECKS_USEAFTERFREECHECK_H
#define USMCHECK_CHECKS_USEAFTERFREECHECK_H

#include "utils/LifetimeCheck.h"

#include "clang/AST/Decl.h"

namespace clang::tidy::usm {

/// Finds USM memory used after it was released: a host access, a kernel, a
/// copy or a helper that uses memory released on every path to it.
///
/// Uses and releases come from the lifetime component of the provenance
/// engine (utils/Lifetime.h): reported only when every allocation the
/// pointer may hold was released on every path to the use.
class UseAfterFreeCheck : public LifetimeCheck {
public:
  UseAfterFreeCheck(StringRef Name, ClangTidyContext *Context)
      : LifetimeCheck(Name, Context, LifetimeIssue::UseAfterFree) {}

protected:
  std::string message(const LifetimeFinding &F) const override {
    std::string Who;
    switch (F.Use) {
    case LifetimeUse::Host:
      Who = "host code accesses ";
      break;
    case LifetimeUse::Kernel:
      Who = "a kernel uses ";
      break;
    case LifetimeUse::Copy:
      Who = "a copy uses ";
      break;
    case LifetimeUse::Helper:
      Who = "'" + (F.Helper ? F.Helper->getNameAsString() : std::string()) +
            "' uses ";
      break;
    }
    return Who + what(F) + " after it was released";
  }
};

} // namespace clang::tidy::usm

#endif
