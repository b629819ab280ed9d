//===- PlacedReport.h - text and facts of placement findings ---------------===//
//
// usm-cross-device and usm-sub-device-alloc report the same shape of
// finding: an allocation placed on one device (Placement.h) and a kernel or
// copy placed on another. These helpers word the placements, report the
// finding with its notes and attach its structured facts (FindingFacts.h).
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_PLACEDREPORT_H
#define USMCHECK_CHECKS_UTILS_PLACEDREPORT_H

#include "Placement.h"
#include "Provenance.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <string>
#include <vector>

namespace clang::tidy::usm {

/// "device 1", "device 'dev + 1' (1)", "the device selected by
/// 'cudaSetDevice(1)'", "queue 'q2' on device 'devs[1]'", "command list
/// 'list' on device 'subs[1]'".
std::string placementText(const Placement &Pl, const ASTContext &Ctx);

/// The text of a device term as written ("subs[0]"), or "".
std::string deviceText(const DeviceTerm &T, const ASTContext &Ctx);

/// The pointer's name as written ('p', or the captured variable).
std::string pointerText(const PlacedUse &U, const ASTContext &Ctx);

/// One fix of a placement finding.
struct PlacedFix {
  std::string Id, Title, Code;
};

/// Reports \p Message at the kernel or copy of \p U, with a note at the
/// allocation ("allocated for ... here") and one where the use's placement
/// is written, and attaches the facts.
void reportPlaced(ClangTidyCheck &Check, const ASTContext &Ctx,
                  const PlacedUse &U, const std::string &Rule,
                  const std::string &Message,
                  const std::vector<PlacedFix> &Fixes);

} // namespace clang::tidy::usm

#endif
