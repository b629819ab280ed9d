//===- FindingJson.h - JSON of findings' parts, shared by the writers ------===//
//
// The JSON report and the worker wire format (Finding.cpp) write fix-its
// the same way; this is that one way. Internal to report/.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_REPORT_FINDINGJSON_H
#define USMCHECK_REPORT_FINDINGJSON_H

#include "Finding.h"

#include <nlohmann/json.hpp>

namespace usm {

/// [{file, offset, length, line, column, end_line, end_column, replacement}]
nlohmann::json fixesJson(const std::vector<FixIt> &Fixes);

/// The `facts` object of a finding (docs/check.md describes its shape).
nlohmann::json factsJson(const FindingFacts &F);
/// Reads factsJson()'s output; throws nlohmann::json::exception.
FindingFacts factsFrom(const nlohmann::json &J);

} // namespace usm

#endif
