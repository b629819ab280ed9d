// report/RunHtml.cpp: reading the guard's JSON records back, and the page.
#include "RunHtml.h"

#include <gtest/gtest.h>

using namespace usm;

namespace {

const char *const Record =
    R"({"pid":7,"type":"double-free","severity":"error",)"
    R"("message":"free of \"p\" \u0026 more","stacks":[{"role":"call",)"
    R"("title":"called here:","frames":[{"pc":"0x10","function":"f<a>",)"
    R"("file":"/src/x\udcff.c","line":3,"column":4,"module":"/bin/p",)"
    R"("offset":"0x1"},{"pc":"0x20","module":"/bin/p","offset":"0x2",)"
    R"("inlined":true}]}],"memory_kind":"device",)"
    R"("fixes":[{"title":"free it once"}],"action":"CONTINUING"})";

TEST(RunHtmlTest, ReadsRecordsAndKeepsBytesThatAreNotUtf8) {
  unsigned Bad = 9;
  std::vector<RunRecord> R = parseRunRecords(std::string(Record) + "\n\n", Bad);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(Bad, 0u);
  EXPECT_EQ(R[0].Pid, 7);
  EXPECT_EQ(R[0].Message, "free of \"p\" & more");
  ASSERT_EQ(R[0].Stacks.size(), 1u);
  ASSERT_EQ(R[0].Stacks[0].Frames.size(), 2u);
  const RunFrame &F = R[0].Stacks[0].Frames[0];
  EXPECT_EQ(F.File, "/src/x\xff.c"); // \udcff: the byte 0xFF
  EXPECT_EQ(F.Function, "f<a>");
  EXPECT_EQ(F.Line, 3u);
  EXPECT_EQ(F.Column, 4u);
  EXPECT_TRUE(R[0].Stacks[0].Frames[1].Inlined);
  ASSERT_EQ(R[0].Fixes.size(), 1u);
  EXPECT_EQ(R[0].Fixes[0].Title, "free it once");
}

TEST(RunHtmlTest, CountsLinesThatAreNotRecords) {
  unsigned Bad = 0;
  std::string Half = std::string(Record).substr(0, 40);
  std::vector<RunRecord> R = parseRunRecords(
      Half + "\n" + Record + "\n{\"pid\":1}\n[1,2]\n\"\\uZZZZ\"\n", Bad);
  EXPECT_EQ(R.size(), 1u);
  EXPECT_EQ(Bad, 4u);
}

TEST(RunHtmlTest, SurrogatePairsAndOtherEscapes) {
  unsigned Bad = 0;
  std::vector<RunRecord> R = parseRunRecords(
      R"({"type":"t","message":"\ud83d\ude00 \u00e9 \/ \t \ud800x"})", Bad);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Message, "\xf0\x9f\x98\x80 \xc3\xa9 / \t \xef\xbf\xbdx");
}

TEST(RunHtmlTest, PageEscapesEverythingFromTheProgram) {
  RunInfo I;
  I.Argv = {"./p<script>", "a'b"};
  I.Directory = "/d&\xff";
  unsigned Bad = 0;
  I.Records = parseRunRecords(Record, Bad);
  std::string Page = formatRunHtml(I, "1.0");
  EXPECT_EQ(Page.find("<script"), std::string::npos);
  EXPECT_NE(Page.find("./p&lt;script&gt;"), std::string::npos);
  EXPECT_NE(Page.find("&#39;a&#39;\\&#39;&#39;b&#39;"), std::string::npos);
  EXPECT_NE(Page.find("/d&amp;<span class=\"bad\">\\xFF</span>"),
            std::string::npos);
  EXPECT_NE(Page.find("<code>f&lt;a&gt;</code>"), std::string::npos);
  EXPECT_NE(Page.find("/src/x<span class=\"bad\">\\xFF</span>.c:3:4"),
            std::string::npos);
  EXPECT_NE(Page.find("free of &quot;p&quot; &amp; more"), std::string::npos);
  EXPECT_NE(Page.find("<a href=\"#row-device\">"), std::string::npos);
  EXPECT_EQ(Page.find("id=\"no-reports\""), std::string::npos);
}

TEST(RunHtmlTest, NoReportsAndASignal) {
  RunInfo I;
  I.Argv = {"./p"};
  I.Signaled = true;
  I.Status = 11;
  std::string Page = formatRunHtml(I, "1.0");
  EXPECT_NE(Page.find("<td id=\"exit-status\">killed by signal 11 (SIGSEGV)"),
            std::string::npos);
  EXPECT_NE(Page.find("<p id=\"no-reports\">No reports"), std::string::npos);
  EXPECT_NE(Page.find("<td id=\"report-count\">0</td>"), std::string::npos);
}

} // namespace
