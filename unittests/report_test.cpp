// Units for report/: the text, JSON and SARIF writers on hand-built findings.
#include "Reporters.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace usm;

namespace {

AnalysisResult sample() {
  AnalysisResult R;
  FileResult F;
  F.File = "a.c";
  Finding D;
  D.Check = "usm-free-mismatch";
  D.Sev = Severity::Error;
  D.Loc = {"a.c", 7, 3};
  D.Message = "bad free";
  D.SourceLine = "  free(p);";
  Note N;
  N.Loc = {"a.c", 5, 13};
  N.Message = "allocated here";
  N.SourceLine = "  void *p = cudaMallocHost_();";
  D.Notes.push_back(N);
  FixIt X;
  X.File = "a.c";
  X.Offset = 40;
  X.Length = 4;
  X.Line = 7;
  X.Column = 3;
  X.EndLine = 7;
  X.EndColumn = 7;
  X.Replacement = "cudaFreeHost";
  D.Fixes.push_back(X);
  F.Findings.push_back(D);
  R.Files.push_back(F);
  return R;
}

TEST(ReportText, ClangStyleLineCaretAndNote) {
  std::string T = formatText(sample(), /*Color=*/false);
  EXPECT_NE(T.find("a.c:7:3: error: bad free [usm-free-mismatch]\n"
                   "  free(p);\n"
                   "  ^\n"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("a.c:5:13: note: allocated here\n"), std::string::npos);
  EXPECT_EQ(T.find("\033["), std::string::npos) << "no colour when off";
  EXPECT_NE(formatText(sample(), true).find("\033["), std::string::npos);
}

TEST(ReportText, SummaryCountsErrorsAndWarnings) {
  AnalysisResult R = sample();
  EXPECT_EQ(summaryLine(R), "1 error and 0 warnings in 1 file");
  R.Files[0].Findings[0].Sev = Severity::Warning;
  EXPECT_EQ(R.errorCount(), 0u);
  EXPECT_EQ(R.warningCount(), 1u);
}

TEST(ReportJson, OneObjectPerFindingWithAllFields) {
  auto J = nlohmann::json::parse(formatJson(sample(), ToolInfo()));
  ASSERT_EQ(J["findings"].size(), 1u);
  auto &F = J["findings"][0];
  EXPECT_EQ(F["check"], "usm-free-mismatch");
  EXPECT_EQ(F["severity"], "error");
  EXPECT_EQ(F["line"], 7);
  EXPECT_EQ(F["column"], 3);
  EXPECT_EQ(F["notes"][0]["line"], 5);
  EXPECT_EQ(F["fixes"][0]["replacement"], "cudaFreeHost");
}

TEST(ReportSarif, RequiredPropertiesAndRuleIndex) {
  RuleInfo Rule{"usm-free-mismatch", Severity::Error, "summary", "help", "u"};
  ToolInfo Tool;
  Tool.Version = "1.2.3";
  Tool.InformationUri = "https://example.invalid/usmcheck";
  Tool.SrcRootUri = "file:///src/";
  auto J = nlohmann::json::parse(formatSarif(sample(), Tool, {Rule}));
  EXPECT_EQ(J["version"], "2.1.0");
  auto &Run = J["runs"][0];
  EXPECT_EQ(Run["tool"]["driver"]["name"], "usmcheck");
  EXPECT_EQ(Run["tool"]["driver"]["rules"][0]["id"], "usm-free-mismatch");
  auto &Res = Run["results"][0];
  EXPECT_EQ(Res["ruleIndex"], 0);
  EXPECT_EQ(Res["level"], "error");
  EXPECT_EQ(Res["locations"][0]["physicalLocation"]["region"]["startLine"], 7);
  EXPECT_EQ(Res["relatedLocations"][0]["message"]["text"], "allocated here");
  EXPECT_FALSE(Res["partialFingerprints"].empty());
}

TEST(ReportSarif, FingerprintIgnoresLineNumberMoves) {
  AnalysisResult A = sample(), B = sample();
  B.Files[0].Findings[0].Loc.Line = 42; // code moved down, same text
  auto FA = nlohmann::json::parse(formatSarif(A, ToolInfo(), {}));
  auto FB = nlohmann::json::parse(formatSarif(B, ToolInfo(), {}));
  EXPECT_EQ(FA["runs"][0]["results"][0]["partialFingerprints"],
            FB["runs"][0]["results"][0]["partialFingerprints"]);
  B.Files[0].Findings[0].Message = "other";
  auto FC = nlohmann::json::parse(formatSarif(B, ToolInfo(), {}));
  EXPECT_NE(FA["runs"][0]["results"][0]["partialFingerprints"],
            FC["runs"][0]["results"][0]["partialFingerprints"]);
}

} // namespace
