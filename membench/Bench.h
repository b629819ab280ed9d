//===- Bench.h - `usmcheck bench`: measuring what each USM kind costs -------===//
//
// Options (parseArgs), the measuring loops over a backend (runBench), the
// statistics (summarize) and the writers (text, JSON, SVG). The backends
// (BackendAbi.h) only allocate, launch, copy, prefetch and advise; everything
// else is here so that it is the same for CUDA and OpenMP and testable
// without a GPU (the unit tests drive runBench with a fake backend).
//
// Every measurement is a series of repetitions after a warm-up; a result
// keeps all samples plus median, min, max, mean and spread. Bandwidths are
// GB/s (1e9 bytes per second) of bytes moved: a read-modify-write kernel moves
// each byte twice, a copy once.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_MEMBENCH_BENCH_H
#define USMCHECK_MEMBENCH_BENCH_H

#include "BackendAbi.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace usm::bench {

constexpr uint64_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;

/// Exit status of `usmcheck bench` when there is no GPU or no driver (0 ok,
/// 2 usage or tool failure as for every command).
constexpr int ExitNoDevice = 3;

struct Options {
  std::string Backend = "cuda";
  int Device = 0;
  uint64_t MinBytes = 64 * KiB, MaxBytes = 8 * GiB;
  bool Quick = false;
  std::string Format = "text";
  std::string Output;          // -o FILE; empty: stdout
  std::string OmpLibrary;      // --omp-library=FILE (default: beside usmcheck)
  std::string FromJson;        // --from-json=FILE: re-render, measure nothing
  int Progress = -1;           // -1 auto (a tty), 0 off, 1 on
  bool Help = false;
};

/// "64K", "8G", "1M", "4096", "2GiB" -> bytes (K/M/G/T are powers of 1024).
bool parseSize(const std::string &Text, uint64_t &Bytes);
/// 65536 -> "64 KiB", 8589934592 -> "8 GiB", 3000 -> "3000 B".
std::string formatSize(uint64_t Bytes);
/// Parses the arguments of `usmcheck bench` (without the command name).
/// Returns false with a one-line message in \p Err on bad input.
bool parseArgs(const std::vector<std::string> &Args, Options &O,
               std::string &Err);
extern const char *const HelpText;

/// The sweep: MinBytes, then x4 each step, and MaxBytes last.
std::vector<uint64_t> sweepSizes(uint64_t Min, uint64_t Max);

struct Stats {
  size_t N = 0;
  double Median = 0, Min = 0, Max = 0, Mean = 0, Stddev = 0;
  /// (max - min) / median in percent.
  double spreadPct() const { return Median > 0 ? (Max - Min) / Median * 100 : 0; }
};
Stats summarize(std::vector<double> Values);

struct Measurement {
  std::string Id;    // "kernel.read.device", "copy.h2d.pinned", "pingpong.shared"
  std::string Kind;  // device, host, shared, pageable, copy, launch
  std::string What;  // human label
  std::string Unit;  // "GB/s" or "us"
  uint64_t Bytes = 0;
  std::vector<double> Values;
  Stats S;
};

struct ClockState {
  bool Valid = false;
  std::string Source; // "NVML" or why not
  std::string Name;   // the GPU's name as NVML gives it
  unsigned SmMHz = 0, MemMHz = 0, MaxSmMHz = 0, MaxMemMHz = 0;
  int PState = -1;
  unsigned TempC = 0;
  double PowerW = 0, PowerLimitW = 0;
  unsigned PcieGen = 0, PcieWidth = 0, PcieMaxGen = 0, PcieMaxWidth = 0;
  unsigned long long MemFree = 0, MemTotal = 0;
};
/// NVML (libnvidia-ml.so.1, dlopen()ed) for the device with this PCI bus id,
/// or by index when the id is empty. Invalid with a reason when absent.
ClockState readClocks(const std::string &PciBusId, int Index);
/// Theoretical one-direction PCIe rate in GB/s (after line encoding).
double pcieGBs(unsigned Gen, unsigned Width);

struct Results {
  std::string Version, Backend, Date, Timer;
  usmb_device_info Dev{};
  ClockState Before, After;
  std::vector<uint64_t> Sizes;
  uint64_t PingPongBytes = 0;
  unsigned PingPongIters = 0, Warmup = 0, Reps = 0;
  double TimeCapS = 0;
  bool Quick = false;
  std::vector<Measurement> M;
  std::vector<std::string> Notes;

  /// The measurement with this id at \p Bytes (0: the largest size).
  const Measurement *find(const std::string &Id, uint64_t Bytes = 0) const;
  /// Median of find(Id, Bytes), or -1.
  double median(const std::string &Id, uint64_t Bytes = 0) const;
  /// PCIe theoretical rate from the clock state (max link), or 0.
  double pcieTheoretical() const;
};

/// Progress on stderr ("\r[#####     ]  42% kernel read, host 1 GiB").
struct Progress {
  bool On = false;
  unsigned Total = 1, Done = 0;
  void step(const std::string &What);
  void finish();
};

/// Runs every measurement. Returns 0, or 2 with \p Err set.
int runBench(const usmb_ops &Ops, const Options &O, Results &R, Progress &P,
             std::string &Err);

std::string writeText(const Results &R);
std::string writeJson(const Results &R);
std::string writeSvg(const Results &R);
/// Reads what writeJson wrote (for --from-json and the advisor checks).
bool readJson(const std::string &Text, Results &R, std::string &Err);

const usmb_ops *cudaOps();

/// Reads FILE (the JSON of a run) into the "key=value;..." string that the
/// advisor checks read from USMCHECK_BENCH_SUMMARY (checks/utils/Advisor.h):
/// device, date, shared_us, device_copy_us, ping_pong_ratio, host_read_gbs,
/// device_read_gbs, host_read_ratio. False with a one-line error.
bool summaryForChecks(const std::string &File, std::string &Summary,
                      std::string &Err);

} // namespace usm::bench

#endif
