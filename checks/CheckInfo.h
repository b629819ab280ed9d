//===- CheckInfo.h - metadata of the usm checks (from checks.def) -------------===//
#ifndef USMCHECK_CHECKS_CHECKINFO_H
#define USMCHECK_CHECKS_CHECKINFO_H

#include "Finding.h"

#include <string>
#include <string_view>

namespace usm {

struct CheckInfo {
  std::string_view Name;
  Severity DefaultSeverity;
  std::string_view Summary;
  std::string_view Help;
};

/// All registered checks, sorted by name.
const CheckInfo *checkInfos(std::size_t &Count);
const CheckInfo *findCheckInfo(std::string_view Name);
/// Is \p Name off unless enabled by name (checks.def USM_CHECK_OPT_IN)?
bool isOptInCheck(std::string_view Name);
/// The checks enabled by default, as clang-tidy globs: every usm check but
/// the opt-in ones.
std::string defaultCheckGlobs();

} // namespace usm

#endif
