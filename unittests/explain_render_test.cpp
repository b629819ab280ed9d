//===- explain_render_test.cpp - findings explained against the table
//-------===//
//
// Builds findings by hand, shaped like the checks' diagnostics (a message, a
// note "allocated ... by 'API'" at the allocation line), and checks what
// `usmcheck explain` derives from them through the catalog: the allocation
// API and kind, the pointer, the size and device arguments, the copy-back
// call with the right device numbers (the seed bug's copy-back fix spells the OpenMP
// one), the fix code, and the rendered table rows.
//
//===----------------------------------------------------------------------===//
#include "Catalog.h"
#include "Explanation.h"

#include <gtest/gtest.h>

using namespace usm;
using namespace usm::explain;

namespace {

Finding hostAccess(const std::string &File, unsigned Line,
                   const std::string &AccessLine, unsigned AllocLineNo,
                   const std::string &AllocLine, const std::string &Api) {
  Finding F;
  F.Check = "usm-host-access-device";
  F.Sev = Severity::Error;
  F.Loc = {File, Line, 29};
  F.Message = "host code reads device memory allocated by '" + Api +
              "'; the host cannot access device memory";
  F.SourceLine = AccessLine;
  Note N;
  N.Loc = {File, AllocLineNo, 27};
  N.Message = "allocated as device memory by '" + Api + "' here";
  N.SourceLine = AllocLine;
  F.Notes.push_back(N);
  // What explain reads: the facts the check attaches (the arguments are
  // left for explain to read off the allocation line).
  F.Facts.Rule = F.Check;
  F.Facts.Access = "read";
  F.Facts.AllocSite = N.Loc;
  F.Facts.AllocLine = AllocLine;
  F.Facts.AllocApi = Api;
  F.Facts.Kind = "device";
  return F;
}

const char *const OmpAlloc =
    "  double *buf = (double *)omp_target_alloc_device(N * sizeof(double), "
    "dev);";
const char *const OmpAccess = "  printf(\"buf[100] = %f\\n\", buf[100]);";

TEST(ExplainFacts, OpenMPDeviceAllocation) {
  Finding F = hostAccess("seed.c", 18, OmpAccess, 10, OmpAlloc,
                         "omp_target_alloc_device");
  ExplainFacts Facts = deriveFacts(F);
  ASSERT_NE(Facts.Alloc, nullptr);
  EXPECT_EQ(Facts.Alloc->Name, "omp_target_alloc_device");
  ASSERT_TRUE(Facts.K.has_value());
  EXPECT_EQ(*Facts.K, Kind::Device);
  ASSERT_TRUE(Facts.M.has_value());
  EXPECT_EQ(*Facts.M, Model::OpenMP);
  EXPECT_EQ(Facts.S, Side::Host);
  EXPECT_EQ(Facts.Pointer, "buf");
  EXPECT_EQ(Facts.ElemType, "double");
  EXPECT_EQ(Facts.SizeExpr, "N * sizeof(double)");
  EXPECT_EQ(Facts.DevExpr, "dev");
  EXPECT_EQ(Facts.AllocLoc.Line, 10u);
  ASSERT_EQ(Facts.Fixes.size(), 3u);
  EXPECT_EQ(Facts.Fixes[0], FixId::UseHost);
  EXPECT_EQ(Facts.Fixes[2], FixId::CopyBack);
  // The copy-back fix: destination first, host is the initial device.
  EXPECT_EQ(fillCopyBack(modelInfo(Model::OpenMP).CopyBack, Facts, "hbuf"),
            "omp_target_memcpy(hbuf, buf, N * sizeof(double), 0, 0, "
            "omp_get_initial_device(), dev)");
}

TEST(ExplainFacts, SyclTemplateFormCountsElements) {
  Finding F = hostAccess("seed.cpp", 15,
                         "  std::printf(\"buf[100] = %f\\n\", buf[100]);", 9,
                         "  double *buf = sycl::malloc_device<double>(N, q);",
                         "sycl::malloc_device");
  ExplainFacts Facts = deriveFacts(F);
  ASSERT_NE(Facts.Alloc, nullptr);
  EXPECT_EQ(*Facts.M, Model::SYCL);
  EXPECT_EQ(Facts.SizeExpr, "N * sizeof(double)");
  EXPECT_EQ(Facts.DevExpr, "q");
  EXPECT_EQ(fillCopyBack(modelInfo(Model::SYCL).CopyBack, Facts, "h"),
            "q.memcpy(h, buf, N * sizeof(double)).wait()");
}

TEST(ExplainFacts, CudaOutParameterAndTypeFromFile) {
  std::vector<std::string> Lines = {
      "int main() {",
      "  const int N = 1024;",
      "  double *buf = nullptr;",
      "  if (cudaMalloc(&buf, N * sizeof(double)) != cudaSuccess)",
      "    return 1;",
      "  std::printf(\"%f\\n\", buf[100]);"};
  Finding F = hostAccess("seed.cu", 6, Lines[5], 4, Lines[3], "cudaMalloc");
  ExplainFacts Facts = deriveFacts(F, &Lines);
  EXPECT_EQ(Facts.Pointer, "buf");
  EXPECT_EQ(Facts.SizeExpr, "N * sizeof(double)");
  EXPECT_EQ(Facts.ElemType, "double");
  EXPECT_EQ(fillCopyBack(modelInfo(Model::CUDA).CopyBack, Facts, "h"),
            "cudaMemcpy(h, buf, N * sizeof(double), cudaMemcpyDeviceToHost)");
  // The host-memory fix swaps in the family member and names its free.
  std::string Out = renderExplanation(F, OutputFormat::Text, &Lines);
  EXPECT_NE(Out.find("if (cudaMallocHost(&buf, N * sizeof(double)) != "
                     "cudaSuccess)"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("release it with cudaFreeHost"), std::string::npos) << Out;
  EXPECT_NE(Out.find("cudaMallocManaged(&buf"), std::string::npos) << Out;
}

TEST(ExplainFacts, SelectorPicksKindOfByArgAllocator) {
  Finding F;
  F.Check = "usm-free-mismatch";
  F.Loc = {"a.c", 5, 3};
  F.Message = "memory released with the wrong deallocator";
  Note N;
  N.Loc = {"a.c", 3, 13};
  N.Message = "allocated here by 'omp_alloc'";
  N.SourceLine = "  double *p = omp_alloc(64, omp_target_shared_mem_alloc);";
  F.Notes.push_back(N);
  F.Facts.Rule = F.Check;
  F.Facts.Access = "free";
  F.Facts.AllocSite = N.Loc;
  F.Facts.AllocLine = N.SourceLine;
  F.Facts.AllocApi = "omp_alloc";
  F.Facts.Kind = "shared"; // the check resolved the allocator handle
  ExplainFacts Facts = deriveFacts(F);
  ASSERT_NE(Facts.Alloc, nullptr);
  ASSERT_TRUE(Facts.K.has_value());
  EXPECT_EQ(*Facts.K, Kind::Shared);
  EXPECT_EQ(Facts.S, Side::None);
  EXPECT_TRUE(Facts.Fixes.empty());
  EXPECT_EQ(Facts.Pointer, "p");
}

TEST(ExplainFacts, CheckRecommendationRanksFirst) {
  Finding F = hostAccess("seed.c", 18, OmpAccess, 10, OmpAlloc,
                         "omp_target_alloc_device");
  ::usm::FactFix Top;
  Top.Id = "UseShared";
  Top.Reason = "the host and the kernels take turns on it";
  F.Facts.Fixes.push_back(Top);
  ExplainFacts Facts = deriveFacts(F);
  ASSERT_TRUE(Facts.Recommended.has_value());
  EXPECT_EQ(*Facts.Recommended, FixId::UseShared);
  ASSERT_EQ(Facts.Fixes.size(), 3u);
  EXPECT_EQ(Facts.Fixes[0], FixId::UseShared);
  EXPECT_EQ(Facts.Fixes[1], FixId::UseHost);
  EXPECT_EQ(Facts.RecommendReason,
            "since the host and the kernels take turns on it");
}

// explain reads the facts, not the wording of the notes: a finding whose
// notes say something else entirely (or nothing) explains the same way.
TEST(ExplainFacts, NoteWordingDoesNotMatter) {
  Finding F = hostAccess("seed.c", 18, OmpAccess, 10, OmpAlloc,
                         "omp_target_alloc_device");
  std::string Before = renderExplanation(F, OutputFormat::Text, nullptr);
  F.Notes[0].Message = "something reworded, naming 'cudaMallocHost'";
  Note Odd;
  Odd.Loc = {"seed.c", 10, 27};
  Odd.Message = "recommended fix, since reasons: copy it back instead";
  F.Notes.push_back(Odd);
  F.Message = "host code reads 'omp_target_alloc_shared' memory";
  ExplainFacts Facts = deriveFacts(F);
  ASSERT_NE(Facts.Alloc, nullptr);
  EXPECT_EQ(Facts.Alloc->Name, "omp_target_alloc_device");
  EXPECT_FALSE(Facts.Recommended.has_value());
  EXPECT_EQ(Facts.Fixes[0], FixId::UseHost);
  std::string After = renderExplanation(F, OutputFormat::Text, nullptr);
  EXPECT_NE(After.find("omp_target_alloc_host(N * sizeof(double), dev);"),
            std::string::npos)
      << After;
  // The check's ranking and spelling come from the facts alone.
  ::usm::FactFix Copy;
  Copy.Id = "CopyBack";
  Copy.Reason = "kernels touch this memory repeatedly";
  ::usm::FactFix Host;
  Host.Id = "UseHost";
  Host.Replacement = "my_alloc_host";
  F.Facts.Fixes = {Copy, Host};
  F.Facts.SizeText = "bytes_of(buf)";
  F.Facts.DeviceText = "gpu";
  F.Facts.Pointer = "buf";
  Facts = deriveFacts(F);
  ASSERT_TRUE(Facts.Recommended.has_value());
  EXPECT_EQ(*Facts.Recommended, FixId::CopyBack);
  EXPECT_EQ(Facts.RecommendReason, "since kernels touch this memory repeatedly");
  std::string Ranked = renderExplanation(F, OutputFormat::Text, nullptr);
  EXPECT_NE(Ranked.find("omp_target_memcpy(host_buf, buf, bytes_of(buf), 0, 0, "
                        "omp_get_initial_device(), gpu);"),
            std::string::npos)
      << Ranked;
  EXPECT_NE(Ranked.find("my_alloc_host(N * sizeof(double), dev);"),
            std::string::npos)
      << Ranked;
}

// The JSON form of the facts survives the worker wire format.
TEST(ExplainFacts, FactsRoundTripAsJson) {
  Finding F = hostAccess("seed.c", 18, OmpAccess, 10, OmpAlloc,
                         "omp_target_alloc_device");
  F.Facts.Steps.push_back({"allocation", {"seed.c", 10, 27}, "omp_target_alloc_device(...)"});
  ::usm::FactFix Host;
  Host.Id = "UseHost";
  Host.FixIt = true;
  F.Facts.Fixes.push_back(Host);
  ::usm::FindingFacts Back;
  ASSERT_TRUE(::usm::factsFromJsonText(::usm::factsToJsonText(F.Facts), Back));
  EXPECT_EQ(Back.AllocApi, "omp_target_alloc_device");
  EXPECT_EQ(Back.AllocSite.Line, 10u);
  ASSERT_EQ(Back.Steps.size(), 1u);
  EXPECT_EQ(Back.Steps[0].Kind, "allocation");
  ASSERT_EQ(Back.Fixes.size(), 1u);
  EXPECT_TRUE(Back.Fixes[0].FixIt);
}

TEST(ExplainRender, TextQuotesTableRowsAndFixCode) {
  Finding F = hostAccess("seed.c", 18, OmpAccess, 10, OmpAlloc,
                         "omp_target_alloc_device");
  std::string Out = renderExplanation(F, OutputFormat::Text, nullptr);
  // Rows come from the catalog, not from the renderer.
  for (Kind K : {Kind::Device, Kind::Host, Kind::Shared}) {
    const KindRow *R = findKindRow(K);
    ASSERT_NE(R, nullptr);
    EXPECT_NE(Out.find(std::string(R->LivesIn)), std::string::npos) << Out;
  }
  EXPECT_EQ(Out.find("not USM memory"), std::string::npos)
      << "rows of kinds not involved are left out";
  EXPECT_NE(Out.find("host may access:   no: explicit copy needed"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("omp_target_alloc_host(N * sizeof(double), dev);"),
            std::string::npos);
  EXPECT_NE(Out.find("omp_target_alloc_shared(N * sizeof(double), dev);"),
            std::string::npos);
  EXPECT_NE(
      Out.find("double *host_buf = (double *)malloc(N * sizeof(double));"),
      std::string::npos)
      << Out;
  EXPECT_NE(Out.find("omp_target_memcpy(host_buf, buf, N * sizeof(double), 0, "
                     "0, omp_get_initial_device(), dev);"),
            std::string::npos);
  EXPECT_NE(Out.find("printf(\"buf[100] = %f\\n\", host_buf[100]);"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("before line 18"), std::string::npos);
  // Ranked: host before shared before copy.
  EXPECT_LT(Out.find("1. allocate host memory"),
            Out.find("2. allocate shared memory"));
  EXPECT_LT(Out.find("2. allocate shared memory"), Out.find("3. keep device"));
}

TEST(ExplainRender, MarkdownHasTableAndFences) {
  Finding F = hostAccess("seed.c", 18, OmpAccess, 10, OmpAlloc,
                         "omp_target_alloc_device");
  std::string Out = renderExplanation(F, OutputFormat::Markdown, nullptr);
  EXPECT_NE(Out.find("### usm-host-access-device at `seed.c:18:29`"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("| kind | lives in | host may access |"),
            std::string::npos);
  EXPECT_NE(Out.find("| **device** (this allocation) |"), std::string::npos);
  EXPECT_NE(Out.find("```c\n"), std::string::npos);
  EXPECT_NE(Out.find("**Why this breaks the rule:**"), std::string::npos);
}

TEST(ExplainRender, UnknownCheckClaimsNoRule) {
  Finding F;
  F.Check = "usm-some-future-check";
  F.Sev = Severity::Warning;
  F.Loc = {"x.c", 3, 1};
  F.Message = "something odd";
  F.SourceLine = "  foo();";
  ExplainFacts Facts = deriveFacts(F);
  EXPECT_EQ(Facts.S, Side::None);
  EXPECT_FALSE(Facts.K.has_value());
  std::string Out = renderExplanation(F, OutputFormat::Text, nullptr);
  EXPECT_NE(Out.find("something odd"), std::string::npos);
  EXPECT_EQ(Out.find("fixes, best first"), std::string::npos);
  EXPECT_EQ(Out.find("feature table"), std::string::npos);
}

TEST(ExplainRender, PromptCarriesRowsAndFixedQuestion) {
  Finding F = hostAccess("seed.c", 18, OmpAccess, 10, OmpAlloc,
                         "omp_target_alloc_device");
  std::string P = buildPrompt(F, nullptr);
  EXPECT_NE(P.find(OmpAccess), std::string::npos);
  EXPECT_NE(P.find(std::string(findKindRow(Kind::Device)->HostText)),
            std::string::npos);
  EXPECT_NE(P.find(LlmQuestion), std::string::npos);
  EXPECT_NE(P.find("[usm-host-access-device]"), std::string::npos);
}

TEST(ExplainText, CallArguments) {
  std::vector<std::string> Args;
  std::string T;
  ASSERT_TRUE(callArguments("x = f(a, g(b, c), d[1, 2]);", "f", Args, &T));
  ASSERT_EQ(Args.size(), 3u);
  EXPECT_EQ(Args[1], "g(b, c)");
  EXPECT_EQ(Args[2], "d[1, 2]");
  EXPECT_TRUE(T.empty());
  // A call that continues on the next line cannot be split.
  EXPECT_FALSE(callArguments("p = f(a,", "f", Args, &T));
  // "ff(" is not a call to f.
  EXPECT_FALSE(callArguments("ff(1)", "f", Args, &T));
}

TEST(ExplainText, ReplaceIdentifierSkipsLiterals) {
  EXPECT_EQ(replaceIdentifier("printf(\"buf[100] = %f\\n\", buf[100]);", "buf",
                              "h_buf"),
            "printf(\"buf[100] = %f\\n\", h_buf[100]);");
  EXPECT_EQ(replaceIdentifier("bufx = buf + 'b';", "buf", "q"),
            "bufx = q + 'b';");
}

} // namespace
