//===- Reporters.h - text, JSON and SARIF output of findings ----------------===//
//
// Every command that prints findings goes through these writers, so that the
// three formats always carry the same information:
//   text   clang style: `file:line:col: error: message [check]`, the source
//          line, a caret, then notes; colour only when asked for.
//   json   {"findings": [{check, severity, file, line, column, message,
//          notes, fixes}], "files": [{file, partial, compile_errors}]}
//   sarif  SARIF 2.1.0 as GitHub code scanning reads it.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_REPORT_REPORTERS_H
#define USMCHECK_REPORT_REPORTERS_H

#include "Finding.h"

#include <string>
#include <vector>

namespace usm {

/// What SARIF needs to know about a check.
struct RuleInfo {
  std::string Id;
  Severity DefaultSeverity = Severity::Warning;
  std::string Summary;
  std::string Help;
  std::string HelpUri;
};

struct ToolInfo {
  std::string Name = "usmcheck";
  std::string Version;
  std::string InformationUri;
  std::string SrcRootUri; ///< file:///abs/dir/ that relative paths start at
};

std::string formatText(const AnalysisResult &R, bool Color);
std::string formatJson(const AnalysisResult &R, const ToolInfo &Tool);
std::string formatSarif(const AnalysisResult &R, const ToolInfo &Tool,
                        const std::vector<RuleInfo> &Rules);

/// \p S safe to print on a terminal: control bytes (C0 but tab, DEL, the
/// C1 range in UTF-8) become `\xNN`; everything else is kept. File names
/// and source text can hold escape sequences.
std::string printable(const std::string &S);

/// \p Path as a URI reference (RFC 3986): bytes other than unreserved
/// characters and '/' are percent-encoded.
std::string uriReference(const std::string &Path);

/// One-line summary for stderr, e.g. "1 error and 0 warnings in 3 files".
std::string summaryLine(const AnalysisResult &R);

} // namespace usm

#endif
