//===- HostAccessDeviceCheck.h - usm-host-access-device ---------------------===//
#ifndef USMCHECK_CHECKS_HOSTACCESSDEVICECHECK_H
#define USMCHECK_CHECKS_HOSTACCESSDEVICECHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/ErrorFree.h"

namespace clang::tidy::usm {

/// Finds host code that reads or writes device-only USM memory.
///
/// The pointer's provenance comes from utils/Provenance.h (flow-sensitive,
/// through copies, fields, calls, lambdas and smart pointers); device
/// contexts (OpenMP target regions, SYCL kernels, CUDA/HIP device functions)
/// are never reported. Each finding names the access, the allocator and its
/// site, and ranks the three fixes of the USM feature table by what the code
/// does; the top fix is a fix-it when it is an allocator swap.
class HostAccessDeviceCheck : public ClangTidyCheck {
public:
  HostAccessDeviceCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                           Preprocessor *) override {
    Errors.watch(PP);
    this->PP = PP;
  }
  void onStartOfTranslationUnit() override { Errors.clear(); }
  void onEndOfTranslationUnit() override;

private:
  const ASTContext *Analyzed = nullptr; ///< whose shared analysis to drop
  ErrorFree Errors; ///< no findings from functions with compile errors
  const Preprocessor *PP = nullptr; ///< the user's macros (fix spellings)
};

} // namespace clang::tidy::usm

#endif
