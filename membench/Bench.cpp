//===- Bench.cpp - options, statistics and the measuring loops -------------===//
#include "Bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <unistd.h>

namespace usm::bench {

const char *const HelpText =
    "usage: usmcheck bench [--backend=cuda|openmp] [--device=N] "
    "[--sizes=MIN..MAX]\n"
    "                      [--quick] [--format=text|json|svg] [-o FILE]\n"
    "\n"
    "Measures what each USM kind costs on this GPU and prints the USM feature\n"
    "table with the measured GB/s and microseconds in each row:\n"
    "  - kernel read, write and read-modify-write bandwidth on device, host\n"
    "    and shared memory, for sizes MIN, 4*MIN, ... up to MAX;\n"
    "  - H2D/D2H copy bandwidth from pinned and from pageable host memory,\n"
    "    and device-to-device copies;\n"
    "  - first-touch migration of shared memory written by the host (plain\n"
    "    and prefetched), up to 1 GiB;\n"
    "  - host/device ping-pong on 64 MiB (the host touches every 4 KiB page,\n"
    "    then a kernel touches all of it): shared memory plain, with\n"
    "    prefetch, with advice, against device memory plus copies both ways;\n"
    "  - kernel launch latency and allocation/free latency per kind.\n"
    "Each figure is the median of repetitions after a warm-up, with its\n"
    "spread; GPU clocks, power and the PCIe link are read through NVML when\n"
    "libnvidia-ml.so.1 is present.\n"
    "\n"
    "options:\n"
    "  --backend=cuda     the CUDA driver API (only the NVIDIA driver is\n"
    "                     needed: libcuda.so.1; kernels are embedded PTX)\n"
    "  --backend=openmp   OpenMP offloading (llvm_omp_target_alloc_*) through\n"
    "                     libusmcheck_bench_omp.so (beside usmcheck, or in\n"
    "                     lib/usmcheck of an installed tree)\n"
    "  --device=N         the device to measure (default 0)\n"
    "  --sizes=MIN..MAX   the size sweep (default 64K..8G; K, M, G = KiB, MiB,\n"
    "                     GiB); capped at 40% of the free device memory and a\n"
    "                     quarter of the available host memory\n"
    "  --quick            fewer sizes' repetitions and iterations (about 10x\n"
    "                     faster, noisier)\n"
    "  --format=FORMAT    text (default), json (every sample; the input of\n"
    "                     `usmcheck check --bench-results`), svg (bar chart)\n"
    "  -o FILE            write there instead of stdout\n"
    "  --progress, --no-progress\n"
    "                     the progress bar on stderr (default: when a tty)\n"
    "  --omp-library=FILE the OpenMP backend library to load\n"
    "  --from-json=FILE   measure nothing: print the results a run saved with\n"
    "                     --format=json in the --format asked for\n"
    "\n"
    "Exit status: 0 measured, 2 usage or tool failure, 3 no GPU or no driver\n"
    "(one line \"usmcheck: error: ...\" on stderr).\n";

bool parseSize(const std::string &Text, uint64_t &Bytes) {
  if (Text.empty() || !std::isdigit(static_cast<unsigned char>(Text[0])))
    return false;
  size_t Pos = 0;
  uint64_t V = 0;
  while (Pos < Text.size() && std::isdigit(static_cast<unsigned char>(Text[Pos]))) {
    if (V > (UINT64_MAX - 9) / 10)
      return false;
    V = V * 10 + (Text[Pos++] - '0');
  }
  std::string Unit = Text.substr(Pos);
  for (char &C : Unit)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  uint64_t Mul = 1;
  if (Unit.empty() || Unit == "B")
    Mul = 1;
  else if (Unit == "K" || Unit == "KB" || Unit == "KIB")
    Mul = KiB;
  else if (Unit == "M" || Unit == "MB" || Unit == "MIB")
    Mul = MiB;
  else if (Unit == "G" || Unit == "GB" || Unit == "GIB")
    Mul = GiB;
  else if (Unit == "T" || Unit == "TB" || Unit == "TIB")
    Mul = GiB * 1024;
  else
    return false;
  if (V > UINT64_MAX / Mul)
    return false;
  Bytes = V * Mul;
  return true;
}

std::string formatSize(uint64_t B) {
  const char *Units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int U = 0;
  uint64_t V = B;
  while (U < 4 && V >= 1024 && V % 1024 == 0) {
    V /= 1024;
    ++U;
  }
  return std::to_string(V) + " " + Units[U];
}

bool parseArgs(const std::vector<std::string> &Args, Options &O,
               std::string &Err) {
  auto Value = [](const std::string &A, const char *Prefix, std::string &V) {
    size_t L = std::strlen(Prefix);
    if (A.compare(0, L, Prefix) != 0)
      return false;
    V = A.substr(L);
    return true;
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    std::string V;
    if (A == "-h" || A == "--help") {
      O.Help = true;
    } else if (Value(A, "--backend=", V)) {
      if (V != "cuda" && V != "openmp") {
        Err = "unknown backend '" + V + "' (expected cuda or openmp)";
        return false;
      }
      O.Backend = V;
    } else if (Value(A, "--device=", V)) {
      char *End = nullptr;
      long D = std::strtol(V.c_str(), &End, 10);
      if (V.empty() || *End || D < 0 || D > 1024 ||
          !std::isdigit(static_cast<unsigned char>(V[0]))) {
        Err = "bad --device '" + V + "' (expected a device number: 0, 1, ...)";
        return false;
      }
      O.Device = static_cast<int>(D);
    } else if (Value(A, "--sizes=", V)) {
      size_t Dots = V.find("..");
      uint64_t Lo = 0, Hi = 0;
      bool Ok = Dots != std::string::npos && parseSize(V.substr(0, Dots), Lo) &&
                parseSize(V.substr(Dots + 2), Hi);
      if (!Ok) {
        Err = "bad --sizes '" + V + "' (expected MIN..MAX, e.g. 64K..8G)";
        return false;
      }
      if (Lo < 4 * KiB || Lo > Hi) {
        Err = "bad --sizes '" + V +
              "' (need 4K <= MIN <= MAX, e.g. 64K..8G)";
        return false;
      }
      O.MinBytes = Lo;
      O.MaxBytes = Hi;
    } else if (A == "--quick") {
      O.Quick = true;
    } else if (Value(A, "--format=", V)) {
      if (V != "text" && V != "json" && V != "svg") {
        Err = "unknown format '" + V + "' (expected text, json or svg)";
        return false;
      }
      O.Format = V;
    } else if (A == "-o" || Value(A, "--output=", V)) {
      if (A == "-o") {
        if (I + 1 >= Args.size() || Args[I + 1].empty()) {
          Err = "-o needs a file name";
          return false;
        }
        V = Args[++I];
      }
      if (V.empty()) {
        Err = "--output needs a file name";
        return false;
      }
      O.Output = V;
    } else if (A == "--progress") {
      O.Progress = 1;
    } else if (A == "--no-progress") {
      O.Progress = 0;
    } else if (Value(A, "--from-json=", V)) {
      if (V.empty()) {
        Err = "--from-json needs a file name";
        return false;
      }
      O.FromJson = V;
    } else if (Value(A, "--omp-library=", V)) {
      if (V.empty()) {
        Err = "--omp-library needs a file name";
        return false;
      }
      O.OmpLibrary = V;
    } else {
      Err = "unknown argument '" + A + "' (see usmcheck bench --help)";
      return false;
    }
  }
  return true;
}

std::vector<uint64_t> sweepSizes(uint64_t Min, uint64_t Max) {
  std::vector<uint64_t> S;
  for (uint64_t B = Min; B < Max; B *= 4) {
    S.push_back(B);
    if (B > Max / 4)
      break;
  }
  if (S.empty() || S.back() != Max)
    S.push_back(Max);
  return S;
}

Stats summarize(std::vector<double> V) {
  Stats S;
  S.N = V.size();
  if (V.empty())
    return S;
  std::sort(V.begin(), V.end());
  S.Min = V.front();
  S.Max = V.back();
  size_t H = V.size() / 2;
  S.Median = V.size() % 2 ? V[H] : (V[H - 1] + V[H]) / 2;
  double Sum = 0;
  for (double X : V)
    Sum += X;
  S.Mean = Sum / V.size();
  double Sq = 0;
  for (double X : V)
    Sq += (X - S.Mean) * (X - S.Mean);
  S.Stddev = V.size() > 1 ? std::sqrt(Sq / (V.size() - 1)) : 0;
  return S;
}

double pcieGBs(unsigned Gen, unsigned Width) {
  static const double GTs[] = {0, 2.5, 5, 8, 16, 32, 64};
  if (Gen == 0 || Gen > 6 || Width == 0)
    return 0;
  double Enc = Gen <= 2 ? 8.0 / 10 : Gen <= 5 ? 128.0 / 130 : 242.0 / 256;
  return GTs[Gen] * Width * Enc / 8;
}

const Measurement *Results::find(const std::string &Id, uint64_t Bytes) const {
  const Measurement *Best = nullptr;
  for (const Measurement &X : M)
    if (X.Id == Id && (Bytes ? X.Bytes == Bytes : !Best || X.Bytes > Best->Bytes))
      Best = &X;
  return Best;
}

double Results::median(const std::string &Id, uint64_t Bytes) const {
  const Measurement *X = find(Id, Bytes);
  return X && X->S.N ? X->S.Median : -1;
}

double Results::pcieTheoretical() const {
  const ClockState &C = After.Valid ? After : Before;
  return pcieGBs(C.PcieMaxGen ? C.PcieMaxGen : C.PcieGen,
                 C.PcieMaxWidth ? C.PcieMaxWidth : C.PcieWidth);
}

void Progress::step(const std::string &What) {
  ++Done;
  if (!On)
    return;
  unsigned Pct = Total ? std::min(100u, Done * 100 / Total) : 100;
  char Bar[31];
  unsigned Fill = Pct * 30 / 100;
  for (unsigned I = 0; I < 30; ++I)
    Bar[I] = I < Fill ? '#' : ' ';
  Bar[30] = '\0';
  std::fprintf(stderr, "\r\033[K[%s] %3u%% %s", Bar, Pct,
               What.substr(0, 60).c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (On) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }
}

namespace {

double now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

uint64_t memAvailable() {
  std::ifstream In("/proc/meminfo");
  std::string Key;
  uint64_t KB = 0;
  std::string Unit;
  while (In >> Key >> KB >> Unit)
    if (Key == "MemAvailable:")
      return KB * 1024;
  return 0;
}

/// Touches one byte in every 4 KiB page: what a host loop over the data
/// does to the page tables, at the least host work.
void hostTouch(void *P, uint64_t Bytes) {
  volatile unsigned char *C = static_cast<volatile unsigned char *>(P);
  for (uint64_t Off = 0; Off < Bytes; Off += 4096)
    C[Off] = static_cast<unsigned char>(C[Off] + 1);
}

struct Runner {
  const usmb_ops &Ops;
  const Options &O;
  Results &R;
  Progress &P;
  std::string &Err;

  unsigned Warm = 1, Reps = 7;
  double Cap = 1.5;

  bool fail(const std::string &What) {
    const char *E = Ops.last_error ? Ops.last_error() : "";
    Err = What + (E && *E ? std::string(": ") + E : "");
    return false;
  }

  /// Runs \p Once (returns seconds, < 0 on failure) Warm times untimed, then
  /// up to Reps times, at least 3, stopping after Cap seconds.
  bool repeat(std::vector<double> &Secs, const std::function<double()> &Once,
              unsigned MaxReps = 0) {
    unsigned N = MaxReps ? MaxReps : Reps;
    for (unsigned I = 0; I < Warm; ++I)
      if (Once() < 0)
        return false;
    double Spent = 0;
    for (unsigned I = 0; I < N; ++I) {
      double T = Once();
      if (T < 0)
        return false;
      Secs.push_back(T);
      Spent += T;
      if (I + 1 >= 3 && Spent > Cap)
        break;
    }
    return true;
  }

  void add(const std::string &Id, const std::string &Kind,
           const std::string &What, const std::string &Unit, uint64_t Bytes,
           std::vector<double> Values) {
    Measurement X;
    X.Id = Id;
    X.Kind = Kind;
    X.What = What;
    X.Unit = Unit;
    X.Bytes = Bytes;
    X.Values = std::move(Values);
    X.S = summarize(X.Values);
    R.M.push_back(std::move(X));
  }
  void addBandwidth(const std::string &Id, const std::string &Kind,
                    const std::string &What, uint64_t Bytes, double Moved,
                    const std::vector<double> &Secs) {
    std::vector<double> G;
    for (double S : Secs)
      G.push_back(S > 0 ? Moved / S / 1e9 : 0);
    add(Id, Kind, What, "GB/s", Bytes, G);
  }
  void addMicros(const std::string &Id, const std::string &Kind,
                 const std::string &What, uint64_t Bytes,
                 const std::vector<double> &Secs, double PerSec = 1) {
    std::vector<double> U;
    for (double S : Secs)
      U.push_back(S / PerSec * 1e6);
    add(Id, Kind, What, "us", Bytes, U);
  }

  double kernel(int Op, void *Ptr, uint64_t Bytes) {
    double S = 0;
    return Ops.kernel(Op, Ptr, Bytes, 1, &S) ? -1 : S;
  }
  double copy(void *D, int DK, const void *S, int SK, uint64_t Bytes) {
    double T = 0;
    return Ops.copy(D, DK, S, SK, Bytes, 1, &T) ? -1 : T;
  }

  bool kernelSweep(const char *KindId, const char *KindLabel, int Kind,
                   void *Buf, const std::vector<uint64_t> &Sizes) {
    static const struct {
      int Op;
      const char *Id, *Label;
      double Factor;
    } KOps[] = {{USMB_READ, "read", "kernel read", 1},
                {USMB_WRITE, "write", "kernel write", 1},
                {USMB_RMW, "rmw", "kernel read-modify-write", 2}};
    for (uint64_t B : Sizes)
      for (const auto &K : KOps) {
        P.step(std::string(K.Label) + ", " + KindLabel + " " + formatSize(B));
        std::vector<double> Secs;
        if (!repeat(Secs, [&] { return kernel(K.Op, Buf, B); }))
          return fail(std::string(K.Label) + " on " + KindLabel + " memory");
        addBandwidth(std::string("kernel.") + K.Id + "." + KindId, KindId,
                     std::string(K.Label) + ", " + KindLabel + " memory", B,
                     K.Factor * B, Secs);
      }
    (void)Kind;
    return true;
  }

  /// Host timing of \p Iters iterations of \p Body, one sample per rep.
  bool loop(std::vector<double> &PerIter, unsigned Iters, unsigned NReps,
            const std::function<bool()> &Body) {
    for (unsigned W = 0; W < 1; ++W)
      if (!Body() || Ops.sync())
        return false;
    for (unsigned Rep = 0; Rep < NReps; ++Rep) {
      double T0 = now();
      for (unsigned I = 0; I < Iters; ++I)
        if (!Body())
          return false;
      if (Ops.sync())
        return false;
      PerIter.push_back((now() - T0) / Iters);
    }
    return true;
  }

  int run() {
    if (O.Quick) {
      Warm = 1;
      Reps = 3;
      Cap = 0.25;
    }
    R.Warmup = Warm;
    R.Reps = Reps;
    R.TimeCapS = Cap;
    R.Quick = O.Quick;
    R.Timer = Ops.timer ? Ops.timer : "";

    // Bounds: two device buffers of the largest size must fit in 80% of the
    // free device memory (never more managed memory than the GPU has free),
    // and the pinned and pageable host buffers in half the available host
    // memory.
    uint64_t Max = O.MaxBytes;
    uint64_t DevFree = R.Dev.free_bytes ? R.Dev.free_bytes : R.After.MemFree;
    uint64_t HostAvail = memAvailable();
    uint64_t Bound = UINT64_MAX;
    std::string Why;
    if (DevFree && DevFree * 2 / 5 < Bound) {
      Bound = DevFree * 2 / 5;
      Why = "40% of the free device memory (" + formatSize(DevFree / MiB * MiB) + ")";
    }
    if (HostAvail && HostAvail / 4 < Bound) {
      Bound = HostAvail / 4;
      Why = "a quarter of the available host memory";
    }
    if (Max > Bound) {
      uint64_t B = O.MinBytes;
      while (B * 4 <= Bound)
        B *= 4;
      if (B > Bound) {
        Err = "not enough memory for --sizes starting at " +
              formatSize(O.MinBytes) + " (the bound is " + Why + ")";
        return 2;
      }
      R.Notes.push_back("sizes capped at " + formatSize(B) + " (requested " +
                        formatSize(Max) + "): " + Why);
      Max = B;
    }
    R.Sizes = sweepSizes(O.MinBytes, Max);
    const std::vector<uint64_t> &Sizes = R.Sizes;
    std::vector<uint64_t> TouchSizes;
    for (uint64_t B : Sizes)
      if (B <= GiB)
        TouchSizes.push_back(B);
    uint64_t PP = std::min<uint64_t>(64 * MiB, Max);
    PP = std::max<uint64_t>(PP / 4096 * 4096, 4096);
    R.PingPongBytes = PP;
    R.PingPongIters = O.Quick ? 5 : 20;
    unsigned PPReps = O.Quick ? 2 : 3;

    P.Total = static_cast<unsigned>(Sizes.size() * (3 * 3 + 5) +
                                    TouchSizes.size() * 2 + 5 + 2 + 8);

    // Device memory: kernels, and device-to-device copies.
    void *A = Ops.alloc(USMB_DEVICE, Max);
    void *B2 = A ? Ops.alloc(USMB_DEVICE, Max) : nullptr;
    if (!A || !B2)
      return fail("allocating 2 x " + formatSize(Max) + " of device memory"), 2;
    double Scratch = 0;
    if (Ops.kernel(USMB_WRITE, A, Max, 0, &Scratch) ||
        Ops.kernel(USMB_WRITE, B2, Max, 0, &Scratch) || Ops.sync())
      return fail("initialising device memory"), 2;
    if (!kernelSweep("device", "device", USMB_DEVICE, A, Sizes))
      return 2;
    for (uint64_t B : Sizes) {
      P.step("copy device to device " + formatSize(B));
      std::vector<double> Secs;
      if (!repeat(Secs, [&] { return copy(B2, USMB_DEVICE, A, USMB_DEVICE, B); }))
        return fail("device-to-device copy"), 2;
      addBandwidth("copy.d2d", "copy", "copy device to device (bytes copied)",
                   B, B, Secs);
    }
    Ops.release(USMB_DEVICE, B2);

    // Host memory: kernels over the link; copies from pinned and pageable.
    void *H = Ops.alloc(USMB_HOST, Max);
    if (!H)
      return fail("allocating " + formatSize(Max) + " of host memory"), 2;
    std::memset(H, 1, Max);
    if (!kernelSweep("host", "host", USMB_HOST, H, Sizes))
      return 2;
    void *Pg = Ops.alloc(USMB_PAGEABLE, Max);
    if (!Pg)
      return fail("allocating " + formatSize(Max) + " of pageable memory"), 2;
    std::memset(Pg, 1, Max);
    struct CopyCase {
      const char *Id, *What;
      void *Dst;
      int DK;
      void *Src;
      int SK;
    } Copies[] = {
        {"copy.h2d.pinned", "copy host to device, pinned", A, USMB_DEVICE, H, USMB_HOST},
        {"copy.d2h.pinned", "copy device to host, pinned", H, USMB_HOST, A, USMB_DEVICE},
        {"copy.h2d.pageable", "copy host to device, pageable", A, USMB_DEVICE, Pg, USMB_PAGEABLE},
        {"copy.d2h.pageable", "copy device to host, pageable", Pg, USMB_PAGEABLE, A, USMB_DEVICE},
    };
    for (const CopyCase &C : Copies)
      for (uint64_t B : Sizes) {
        P.step(std::string(C.What) + " " + formatSize(B));
        std::vector<double> Secs;
        if (!repeat(Secs, [&] { return copy(C.Dst, C.DK, C.Src, C.SK, B); }))
          return fail(C.What), 2;
        std::string Id = C.Id;
        addBandwidth(Id, Id.find("pageable") != std::string::npos ? "pageable" : "copy",
                     C.What, B, B, Secs);
      }
    Ops.release(USMB_PAGEABLE, Pg);

    // Ping-pong, the device-memory alternatives first (A and H are live).
    unsigned It = R.PingPongIters;
    {
      P.step("ping-pong, device memory + copies");
      std::vector<double> T;
      if (!loop(T, It, PPReps, [&] {
            double S;
            if (Ops.copy(H, USMB_HOST, A, USMB_DEVICE, PP, 0, &S) || Ops.sync())
              return false;
            hostTouch(H, PP);
            return !Ops.copy(A, USMB_DEVICE, H, USMB_HOST, PP, 0, &S) &&
                   !Ops.kernel(USMB_RMW, A, PP, 0, &S);
          }))
        return fail("ping-pong with device memory and copies"), 2;
      addMicros("pingpong.device-copy", "device",
                "ping-pong: device memory, copy out, host touch, copy in, kernel",
                PP, T);
      P.step("ping-pong, device memory kernel only");
      T.clear();
      if (!loop(T, It, PPReps, [&] {
            double S;
            return !Ops.kernel(USMB_RMW, A, PP, 0, &S);
          }))
        return fail("kernel loop on device memory"), 2;
      addMicros("pingpong.device-only", "device",
                "kernel alone on device memory (no host access)", PP, T);
    }
    Ops.release(USMB_HOST, H);

    // Shared memory: resident kernels, first touch, ping-pong.
    void *Sh = Ops.alloc(USMB_SHARED, Max);
    if (!Sh)
      return fail("allocating " + formatSize(Max) + " of shared memory"), 2;
    if (Ops.kernel(USMB_WRITE, Sh, Max, 0, &Scratch) || Ops.sync())
      return fail("initialising shared memory"), 2;
    if (!kernelSweep("shared", "shared", USMB_SHARED, Sh, Sizes))
      return 2;
    for (uint64_t B : TouchSizes) {
      P.step("first touch of shared memory " + formatSize(B));
      std::vector<double> Secs;
      unsigned Rep = 0;
      if (!repeat(Secs, [&] {
            std::memset(Sh, static_cast<int>(++Rep), B); // pages to the host
            return kernel(USMB_READ, Sh, B);
          }))
        return fail("first touch of shared memory"), 2;
      addBandwidth("firsttouch.shared", "shared",
                   "kernel read of shared memory the host just wrote", B, B,
                   Secs);
      P.step("first touch of shared memory, prefetched " + formatSize(B));
      if (!Ops.prefetch)
        continue;
      Secs.clear();
      if (!repeat(Secs, [&] {
            std::memset(Sh, static_cast<int>(++Rep), B);
            double T0 = now(), S;
            if (Ops.prefetch(Sh, B, USMB_TO_DEVICE) ||
                Ops.kernel(USMB_READ, Sh, B, 0, &S) || Ops.sync())
              return -1.0;
            return now() - T0;
          }))
        return fail("prefetch of shared memory"), 2;
      addBandwidth("firsttouch.shared-prefetch", "shared",
                   "prefetch to the device, then kernel read (host clock)", B,
                   B, Secs);
    }
    {
      P.step("ping-pong, shared memory");
      std::vector<double> T;
      if (!loop(T, It, PPReps, [&] {
            double S;
            hostTouch(Sh, PP);
            return !Ops.kernel(USMB_RMW, Sh, PP, 0, &S) && !Ops.sync();
          }))
        return fail("ping-pong on shared memory"), 2;
      addMicros("pingpong.shared", "shared",
                "ping-pong: shared memory, host touch, kernel", PP, T);
      P.step("ping-pong, shared memory with prefetch");
      if (Ops.prefetch) {
        T.clear();
        if (!loop(T, It, PPReps, [&] {
              double S;
              if (Ops.prefetch(Sh, PP, USMB_TO_HOST) || Ops.sync())
                return false;
              hostTouch(Sh, PP);
              return !Ops.prefetch(Sh, PP, USMB_TO_DEVICE) &&
                     !Ops.kernel(USMB_RMW, Sh, PP, 0, &S) && !Ops.sync();
            }))
          return fail("ping-pong on shared memory with prefetch"), 2;
        addMicros("pingpong.shared-prefetch", "shared",
                  "ping-pong: shared memory, prefetch both ways", PP, T);
      } else {
        R.Notes.push_back("no prefetch in the " + std::string(Ops.name) +
                          " backend: prefetch rows not measured");
      }
      P.step("ping-pong, shared memory with advice");
      if (Ops.advise) {
        T.clear();
        if (Ops.advise(Sh, PP, USMB_ADVISE_HOST_RESIDENT))
          return fail("memory advice"), 2;
        if (!loop(T, It, PPReps, [&] {
              double S;
              hostTouch(Sh, PP);
              return !Ops.kernel(USMB_RMW, Sh, PP, 0, &S) && !Ops.sync();
            }))
          return fail("ping-pong on shared memory with advice"), 2;
        Ops.advise(Sh, PP, USMB_ADVISE_UNSET);
        addMicros("pingpong.shared-advice", "shared",
                  "ping-pong: shared memory advised to stay on the host, "
                  "accessed by the device",
                  PP, T);
      } else {
        R.Notes.push_back("no memory advice in the " + std::string(Ops.name) +
                          " backend: advice rows not measured");
      }
    }
    Ops.release(USMB_SHARED, Sh);

    // Launch latency (A is still live for nothing; the empty kernel needs no
    // memory).
    {
      unsigned N = O.Quick ? 200 : 1000;
      P.step("launch latency, asynchronous");
      std::vector<double> T;
      if (!loop(T, N, O.Quick ? 3 : 5, [&] {
            double S;
            return !Ops.kernel(USMB_EMPTY, nullptr, 0, 0, &S);
          }))
        return fail("empty kernel launches"), 2;
      addMicros("launch.async", "launch",
                "empty kernel, back-to-back launches (per launch)", 0, T);
      P.step("launch latency, launch and wait");
      T.clear();
      if (!loop(T, 1, O.Quick ? 50 : 200, [&] {
            double S;
            return !Ops.kernel(USMB_EMPTY, nullptr, 0, 0, &S) && !Ops.sync();
          }))
        return fail("empty kernel launches"), 2;
      addMicros("launch.sync", "launch", "empty kernel, launch and wait", 0, T);
    }
    Ops.release(USMB_DEVICE, A);

    // Allocation latency per kind.
    {
      const uint64_t AB = 2 * MiB;
      unsigned N = O.Quick ? 5 : 20;
      static const struct {
        int Kind;
        const char *Id, *Label;
      } Kinds[] = {{USMB_DEVICE, "device", "device"},
                   {USMB_HOST, "host", "host"},
                   {USMB_SHARED, "shared", "shared"},
                   {USMB_PAGEABLE, "pageable", "pageable (malloc)"}};
      for (const auto &K : Kinds) {
        P.step(std::string("allocation latency, ") + K.Label);
        std::vector<double> TA, TF;
        for (unsigned I = 0; I < N + 1; ++I) {
          double T0 = now();
          void *X = Ops.alloc(K.Kind, AB);
          double T1 = now();
          if (!X)
            return fail(std::string("allocating ") + K.Label + " memory"), 2;
          Ops.release(K.Kind, X);
          double T2 = now();
          if (I) { // the first is the warm-up
            TA.push_back(T1 - T0);
            TF.push_back(T2 - T1);
          }
        }
        addMicros(std::string("alloc.") + K.Id, K.Id,
                  std::string("allocate 2 MiB, ") + K.Label, AB, TA);
        addMicros(std::string("free.") + K.Id, K.Id,
                  std::string("free 2 MiB, ") + K.Label, AB, TF);
      }
    }
    return 0;
  }
};

} // namespace

int runBench(const usmb_ops &Ops, const Options &O, Results &R, Progress &P,
             std::string &Err) {
  Runner Run{Ops, O, R, P, Err};
  int Rc = Run.run();
  P.finish();
  return Rc;
}

} // namespace usm::bench
