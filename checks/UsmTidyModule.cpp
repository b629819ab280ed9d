//===- UsmTidyModule.cpp - the clang-tidy `usm` module ------------------------===//
//
// Registers every check listed in checks.def. Adding a check: its class files,
// one row in checks.def, its lit test, its doc page and its changelog line.
//
//===----------------------------------------------------------------------===//
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

#include "AllChecks.h"

namespace clang::tidy::usm {

class UsmModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
#define USM_CHECK(Name, Class, Severity, Summary, Help)                            \
  Factories.registerCheck<Class>(Name);
#include "checks.def"
#undef USM_CHECK
  }
};

} // namespace clang::tidy::usm

namespace clang::tidy {
static ClangTidyModuleRegistry::Add<usm::UsmModule>
    X("usm-module", "Unified Shared Memory checks (usmcheck).");

// The driver references this symbol so the linker keeps the registration.
volatile int UsmModuleAnchorSource = 0;
} // namespace clang::tidy
