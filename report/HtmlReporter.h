//===- HtmlReporter.h - one self-contained HTML page of findings ------------===//
//
// `usmcheck check --format=html` (docs/html-report.md): a single file with
// inline CSS, no scripts, no external resources (a Content-Security-Policy
// forbids any), readable in any browser with JavaScript off. It shows the
// summary (files analysed completely, partly, not at all; findings per rule
// and severity), then per finding the source excerpt with the access and the
// allocation marked, the steps between them, the feature-table rows
// involved and the ranked fixes as diffs, then the files not analysed and
// why. Every piece of text from the user's files, names and messages is
// HTML-escaped; bytes that are not UTF-8 show as \xNN.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_REPORT_HTMLREPORTER_H
#define USMCHECK_REPORT_HTMLREPORTER_H

#include "HtmlCommon.h"
#include "Reporters.h"

#include <string>
#include <vector>

namespace usm {

/// The report page. Source excerpts are read from the findings' files (as
/// the analysis saw them: paths relative to the current directory).
std::string formatHtml(const AnalysisResult &R, const ToolInfo &Tool,
                       const std::vector<RuleInfo> &Rules);

} // namespace usm

#endif
