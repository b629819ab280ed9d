//===- CheckFuzzer.cpp - libFuzzer target: `usmcheck check`, in process ----===//
//
// Each input is a source file. It is written to a scratch folder and
// analysed by usm::analyze() with AnalysisOptions::InProcess, beside a
// sentinel file with one known finding: the same input validation, compile
// command inference (language from the extension, -fopenmp for `#pragma
// omp`, the analysis headers), clang-tidy run and finding conversion as
// `usmcheck check FILE SENTINEL`, minus the worker process per file. The
// result then goes through the text, JSON and SARIF reporters.
//
// The contract under test:
//  - no crash, sanitizer report, exception or hang (libFuzzer's -timeout);
//  - no lost finding: the sentinel, analysed after the input in the same
//    process, still reports exactly its one finding
//    (usm-host-access-device at sentinel.c:11:3), complete;
//  - the input is either analysed or refused with a one-line reason.
//
// The language of an input follows its text, so that seeds keep theirs:
// "hip_runtime" or "hipMalloc": HIP (.hip); "cuda_runtime", "cudaMalloc" or
// "__global__": CUDA (.cu); "sycl", "ze_api", "::" or "template": C++
// (.cpp); otherwise C (.c).
//
// USMCHECK_FUZZ_RESOURCE_DIR=DIR, when set, analyses with clang's resource
// headers from DIR instead of the configured USMCHECK_RESOURCE_DIR, as
// `usmcheck check --extra-arg-before=-resource-dir=DIR` does; the fuzz pack
// (scripts/fuzz/) runs the target on machines without LLVM this way.
//
//===----------------------------------------------------------------------===//

#include "Analysis.h"
#include "Reporters.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace {

// Line 11 reads device memory on the host: one usm-host-access-device.
const char Sentinel[] = "// usmcheck fuzz sentinel: exactly one finding.\n"
                        "#include <omp.h>\n"
                        "\n"
                        "int main(void) {\n"
                        "  int dev = omp_get_default_device();\n"
                        "  int *p = (int *)omp_target_alloc_device(64, dev);\n"
                        "  if (!p)\n"
                        "    return 1;\n"
                        "#pragma omp target is_device_ptr(p)\n"
                        "  p[0] = 1;\n"
                        "  p[1] = 2;\n"
                        "  omp_target_free(p, dev);\n"
                        "  return 0;\n"
                        "}\n";
const unsigned SentinelLine = 11, SentinelColumn = 3;

std::string scratchDir() {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Dir = std::string(Tmp && *Tmp ? Tmp : "/tmp") +
                    "/usmcheck-fuzz-check-" + std::to_string(::getpid());
  ::mkdir(Dir.c_str(), 0700);
  return Dir;
}

void writeFile(const std::string &Path, const char *Data, size_t Size) {
  std::FILE *F = std::fopen(Path.c_str(), "wb");
  if (!F) {
    std::fprintf(stderr, "usmcheck-fuzz-check: cannot write %s\n",
                 Path.c_str());
    std::abort();
  }
  if (Size && std::fwrite(Data, 1, Size, F) != Size)
    std::abort();
  std::fclose(F);
}

const char *extensionFor(const std::string &Text) {
  auto Has = [&Text](const char *W) {
    return Text.find(W) != std::string::npos;
  };
  if (Has("hip_runtime") || Has("hipMalloc"))
    return ".hip";
  if (Has("cuda_runtime") || Has("cudaMalloc") || Has("__global__"))
    return ".cu";
  if (Has("sycl") || Has("ze_api") || Has("::") || Has("template"))
    return ".cpp";
  return ".c";
}

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "usmcheck-fuzz-check: %s\n", What.c_str());
  std::abort();
}

struct Scratch {
  std::string Dir = scratchDir();
  std::string SentinelPath = Dir + "/sentinel.c";
  Scratch() { writeFile(SentinelPath, Sentinel, sizeof(Sentinel) - 1); }
  ~Scratch() {
    for (const char *Ext : {".c", ".cpp", ".cu", ".hip"})
      std::remove((Dir + "/input" + Ext).c_str());
    std::remove(SentinelPath.c_str());
    ::rmdir(Dir.c_str());
  }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static Scratch S;
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  const std::string Input = S.Dir + "/input" + extensionFor(Text);
  writeFile(Input, Text.data(), Text.size());

  usm::AnalysisOptions Opts;
  Opts.Files = {Input, S.SentinelPath};
  Opts.InProcess = true;
  static const char *ResourceDir = std::getenv("USMCHECK_FUZZ_RESOURCE_DIR");
  if (ResourceDir && *ResourceDir)
    Opts.ExtraArgsBefore = {std::string("-resource-dir=") + ResourceDir};
  usm::AnalysisResult Result;
  std::string Error;
  if (!usm::analyze(Opts, Result, Error))
    fail("analyze() refused the run: " + Error);
  if (Result.Files.size() != 2)
    fail("expected 2 file results, got " +
         std::to_string(Result.Files.size()));

  // The input: analysed (perhaps partially), or refused in one line.
  const usm::FileResult &In = Result.Files[0];
  if (In.Failure.find('\n') != std::string::npos)
    fail("a multi-line failure: " + In.Failure);
  if (In.Failure.find("crashed") != std::string::npos)
    fail("the input's analysis crashed: " + In.Failure);

  // The sentinel: exactly its one finding, fully analysed.
  const usm::FileResult &Sen = Result.Files[1];
  unsigned Found = 0;
  for (const usm::Finding &F : Sen.Findings)
    Found += F.Check == "usm-host-access-device" &&
             F.Loc.Line == SentinelLine && F.Loc.Column == SentinelColumn;
  if (!Sen.Failure.empty() || Sen.partial() || Sen.Findings.size() != 1 ||
      Found != 1)
    fail("LOST FINDING: the sentinel reported " +
         std::to_string(Sen.Findings.size()) + " findings (" +
         std::to_string(Found) + " expected ones), failure '" + Sen.Failure +
         "'");

  // The reporters see every string the analysis produced.
  usm::ToolInfo Tool;
  std::string Out = usm::formatText(Result, /*Color=*/false) +
                    usm::formatJson(Result, Tool) +
                    usm::formatSarif(Result, Tool, {}) +
                    usm::summaryLine(Result);
  if (Out.empty())
    std::abort();
  return 0;
}
