// Units for membench/: option parsing, sizes, statistics, the measuring
// loops on a fake backend (known times in, known GB/s out), and the text,
// JSON and SVG writers, without a GPU.
#include "Bench.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <cstring>
#include <map>

using namespace usm::bench;

namespace {

TEST(BenchSizes, ParseAndFormat) {
  uint64_t B = 0;
  EXPECT_TRUE(parseSize("64K", B));
  EXPECT_EQ(B, 64 * KiB);
  EXPECT_TRUE(parseSize("8G", B));
  EXPECT_EQ(B, 8 * GiB);
  EXPECT_TRUE(parseSize("2MiB", B));
  EXPECT_EQ(B, 2 * MiB);
  EXPECT_TRUE(parseSize("4096", B));
  EXPECT_EQ(B, 4096u);
  for (const char *Bad : {"", "K", "-1", "12Q", "1.5G", "99999999999999999999",
                          "20000000000T"})
    EXPECT_FALSE(parseSize(Bad, B)) << Bad;
  EXPECT_EQ(formatSize(64 * KiB), "64 KiB");
  EXPECT_EQ(formatSize(8 * GiB), "8 GiB");
  EXPECT_EQ(formatSize(3000), "3000 B");
}

TEST(BenchSizes, SweepIsPowersOfFourEndingAtMax) {
  std::vector<uint64_t> S = sweepSizes(64 * KiB, 8 * GiB);
  ASSERT_EQ(S.size(), 10u);
  EXPECT_EQ(S.front(), 64 * KiB);
  EXPECT_EQ(S[1], 256 * KiB);
  EXPECT_EQ(S[8], 4 * GiB);
  EXPECT_EQ(S.back(), 8 * GiB);
  EXPECT_EQ(sweepSizes(MiB, MiB), std::vector<uint64_t>{MiB});
  EXPECT_EQ(sweepSizes(MiB, 4 * MiB), (std::vector<uint64_t>{MiB, 4 * MiB}));
}

TEST(BenchOptions, Defaults) {
  Options O;
  std::string Err;
  ASSERT_TRUE(parseArgs({}, O, Err));
  EXPECT_EQ(O.Backend, "cuda");
  EXPECT_EQ(O.Device, 0);
  EXPECT_EQ(O.MinBytes, 64 * KiB);
  EXPECT_EQ(O.MaxBytes, 8 * GiB);
  EXPECT_EQ(O.Format, "text");
  EXPECT_FALSE(O.Quick);
}

TEST(BenchOptions, AllOptions) {
  Options O;
  std::string Err;
  ASSERT_TRUE(parseArgs({"--backend=openmp", "--device=2", "--sizes=1M..1G",
                         "--quick", "--format=svg", "-o", "x.svg",
                         "--no-progress"},
                        O, Err))
      << Err;
  EXPECT_EQ(O.Backend, "openmp");
  EXPECT_EQ(O.Device, 2);
  EXPECT_EQ(O.MinBytes, MiB);
  EXPECT_EQ(O.MaxBytes, GiB);
  EXPECT_TRUE(O.Quick);
  EXPECT_EQ(O.Format, "svg");
  EXPECT_EQ(O.Output, "x.svg");
  EXPECT_EQ(O.Progress, 0);
}

TEST(BenchOptions, ErrorsAreOneLineAndSpecific) {
  std::map<std::vector<std::string>, std::string> Cases = {
      {{"--backend=hip"}, "unknown backend 'hip'"},
      {{"--device=-1"}, "bad --device '-1'"},
      {{"--device=one"}, "bad --device 'one'"},
      {{"--sizes=8G..64K"}, "need 4K <= MIN <= MAX"},
      {{"--sizes=1K..1M"}, "need 4K <= MIN <= MAX"},
      {{"--sizes=64K"}, "expected MIN..MAX"},
      {{"--sizes=64X..1G"}, "expected MIN..MAX"},
      {{"--format=html"}, "unknown format 'html'"},
      {{"-o"}, "-o needs a file name"},
      {{"--frobnicate"}, "unknown argument '--frobnicate'"},
  };
  for (const auto &[Args, Want] : Cases) {
    Options O;
    std::string Err;
    EXPECT_FALSE(parseArgs(Args, O, Err)) << Args[0];
    EXPECT_NE(Err.find(Want), std::string::npos) << Err;
    EXPECT_EQ(Err.find('\n'), std::string::npos);
  }
}

TEST(BenchStats, MedianSpreadAndDeviation) {
  Stats S = summarize({3, 1, 2});
  EXPECT_EQ(S.N, 3u);
  EXPECT_DOUBLE_EQ(S.Median, 2);
  EXPECT_DOUBLE_EQ(S.Min, 1);
  EXPECT_DOUBLE_EQ(S.Max, 3);
  EXPECT_DOUBLE_EQ(S.Mean, 2);
  EXPECT_DOUBLE_EQ(S.Stddev, 1);
  EXPECT_DOUBLE_EQ(S.spreadPct(), 100);
  EXPECT_DOUBLE_EQ(summarize({4, 1, 2, 3}).Median, 2.5);
  EXPECT_EQ(summarize({}).N, 0u);
  EXPECT_DOUBLE_EQ(summarize({5}).Stddev, 0);
}

TEST(BenchStats, PcieRates) {
  EXPECT_NEAR(pcieGBs(5, 16), 63.015, 0.01);
  EXPECT_NEAR(pcieGBs(4, 16), 31.51, 0.01);
  EXPECT_NEAR(pcieGBs(3, 16), 15.75, 0.01);
  EXPECT_NEAR(pcieGBs(1, 1), 0.25, 1e-9);
  EXPECT_EQ(pcieGBs(0, 16), 0);
  EXPECT_EQ(pcieGBs(9, 16), 0);
}

// A fake backend: kernels take bytes / rate with a per-kind rate, copies
// likewise; host memory is real malloc so that the host touches work.
struct Fake {
  static inline std::map<void *, int> Kinds;
  static inline unsigned Allocs = 0, Frees = 0, Prefetches = 0;
  static double rate(int Kind) {
    return Kind == USMB_DEVICE ? 4000e9 : Kind == USMB_HOST ? 50e9 : 2000e9;
  }
  static int open(int Dev, usmb_device_info *I) {
    *I = usmb_device_info{};
    std::strcpy(I->name, "Fake GPU");
    I->count = 1;
    I->is_gpu = 1;
    I->free_bytes = 1ull << 40;
    return Dev == 0 ? USMB_OK : USMB_BAD_DEVICE;
  }
  static void close() {}
  static void *alloc(int K, size_t B) {
    void *P = std::malloc(B);
    Kinds[P] = K;
    ++Allocs;
    return P;
  }
  static void release(int K, void *P) {
    Kinds.erase(P);
    ++Frees;
    std::free(P);
  }
  static int kernel(int Op, void *P, size_t B, int Timed, double *Sec) {
    if (Timed)
      *Sec = Op == USMB_EMPTY ? 2e-6
                              : (Op == USMB_RMW ? 2.0 : 1.0) * B / rate(Kinds[P]);
    return 0;
  }
  static int copy(void *, int, const void *, int SK, size_t B, int Timed,
                  double *Sec) {
    if (Timed)
      *Sec = B / (SK == USMB_PAGEABLE ? 10e9 : 25e9);
    return 0;
  }
  static int prefetch(void *, size_t, int) { return ++Prefetches, 0; }
  static int advise(void *, size_t, int) { return 0; }
  static int sync() { return 0; }
  static const char *lastError() { return ""; }
};

const usmb_ops FakeOps = {USMB_ABI_VERSION, "fake",         Fake::open,
                          Fake::close,      Fake::alloc,    Fake::release,
                          Fake::kernel,     Fake::copy,     Fake::prefetch,
                          Fake::advise,     Fake::sync,     Fake::lastError,
                          "fake timer"};

Results fakeRun() {
  Options O;
  O.Quick = true;
  O.MinBytes = 64 * KiB;
  O.MaxBytes = 4 * MiB;
  Results R;
  FakeOps.open(0, &R.Dev);
  Progress P;
  std::string Err;
  EXPECT_EQ(runBench(FakeOps, O, R, P, Err), 0) << Err;
  R.Backend = "fake";
  R.Date = "2026-11-30 00:00 UTC";
  return R;
}

TEST(BenchRun, FakeBackendGivesItsRates) {
  Fake::Allocs = Fake::Frees = 0;
  Results R = fakeRun();
  EXPECT_EQ(Fake::Allocs, Fake::Frees) << "every buffer released";
  EXPECT_EQ(R.Sizes, (std::vector<uint64_t>{64 * KiB, 256 * KiB, MiB, 4 * MiB}));
  EXPECT_NEAR(R.median("kernel.read.device"), 4000, 1e-6);
  EXPECT_NEAR(R.median("kernel.rmw.device"), 4000, 1e-6) << "rmw counts 2x";
  EXPECT_NEAR(R.median("kernel.read.host", 64 * KiB), 50, 1e-6);
  EXPECT_NEAR(R.median("kernel.write.shared"), 2000, 1e-6);
  EXPECT_NEAR(R.median("copy.h2d.pageable"), 10, 1e-6);
  EXPECT_NEAR(R.median("copy.d2d"), 25, 1e-6);
  ASSERT_NE(R.find("launch.async"), nullptr);
  EXPECT_GE(R.find("kernel.read.device")->S.N, 3u);
  for (const char *Id : {"pingpong.shared", "pingpong.shared-prefetch",
                         "pingpong.shared-advice", "pingpong.device-copy",
                         "pingpong.device-only", "alloc.device", "free.host",
                         "firsttouch.shared", "firsttouch.shared-prefetch"})
    EXPECT_NE(R.find(Id), nullptr) << Id;
  EXPECT_EQ(R.PingPongBytes, 4 * MiB);
  EXPECT_GT(Fake::Prefetches, 0u);
}

TEST(BenchRun, SizesBoundedByFreeDeviceMemory) {
  Options O;
  O.Quick = true;
  O.MinBytes = 64 * KiB;
  O.MaxBytes = 8 * GiB;
  Results R;
  FakeOps.open(0, &R.Dev);
  R.Dev.free_bytes = 5 * MiB; // 40% = 2 MiB: the sweep stops at 1 MiB
  Progress P;
  std::string Err;
  ASSERT_EQ(runBench(FakeOps, O, R, P, Err), 0) << Err;
  EXPECT_EQ(R.Sizes.back(), MiB);
  ASSERT_FALSE(R.Notes.empty());
  EXPECT_NE(R.Notes[0].find("sizes capped at 1 MiB"), std::string::npos);

  O.MinBytes = 4 * MiB;
  Results R2;
  FakeOps.open(0, &R2.Dev);
  R2.Dev.free_bytes = 5 * MiB;
  EXPECT_EQ(runBench(FakeOps, O, R2, P, Err), 2);
  EXPECT_NE(Err.find("not enough memory"), std::string::npos) << Err;
}

TEST(BenchWriters, JsonRoundTripAndSummary) {
  Results R = fakeRun();
  std::string J = writeJson(R);
  nlohmann::json V = nlohmann::json::parse(J);
  EXPECT_EQ(V["tool"], "usmcheck bench");
  EXPECT_EQ(V["device"]["name"], "Fake GPU");
  EXPECT_NEAR(V["summary"]["device_kernel_read_gbs"].get<double>(), 4000, 1e-6);
  EXPECT_NEAR(V["summary"]["device_read_over_host_read"].get<double>(), 80, 1e-6);
  EXPECT_TRUE(V["summary"]["pcie_theoretical_gbs"].is_null()) << "no NVML";
  EXPECT_EQ(V["table"].size(), 4u);
  EXPECT_EQ(V["table"][0]["kind"], "device");
  Results Back;
  std::string Err;
  ASSERT_TRUE(readJson(J, Back, Err)) << Err;
  EXPECT_EQ(Back.M.size(), R.M.size());
  EXPECT_EQ(writeJson(Back), J) << "re-rendering changes nothing";
  EXPECT_FALSE(readJson("{}", Back, Err));
  EXPECT_NE(Err.find("not the JSON output of usmcheck bench"), std::string::npos);
  EXPECT_FALSE(readJson("not json", Back, Err));
}

TEST(BenchWriters, TextIsTheFeatureTableWithFigures) {
  std::string T = writeText(fakeRun());
  for (const char *Want :
       {"device memory: device-attached memory", "host memory: host memory",
        "shared memory: migrates between host and device",
        "not USM memory:", "explicit copies", "kernel launch",
        "kernel read                                             4000 GB/s",
        "Sweep: median GB/s by size", "64KB   256KB     1MB     4MB"})
    EXPECT_NE(T.find(Want), std::string::npos) << Want << "\n" << T;
}

TEST(BenchWriters, SvgHasABarPerFigureAndEscapes) {
  Results R = fakeRun();
  std::strcpy(R.Dev.name, "GPU <A&B>");
  std::string S = writeSvg(R);
  EXPECT_EQ(S.rfind("<svg ", 0), 0u);
  EXPECT_NE(S.find("GPU &lt;A&amp;B&gt;"), std::string::npos);
  EXPECT_NE(S.find(">4000 GB/s</text>"), std::string::npos);
  EXPECT_NE(S.find(">kernel read, host (remote)</text>"), std::string::npos);
  size_t Bars = 0;
  for (size_t P = 0; (P = S.find("<rect x=\"310\"", P)) != std::string::npos; ++P)
    ++Bars;
  EXPECT_EQ(Bars, 16u + 11u) << "16 bandwidth bars, 11 time bars";
  EXPECT_NE(S.find("</svg>"), std::string::npos);
}

} // namespace
