//===- BenchCommand.cpp - `usmcheck bench` ---------------------------------===//
//
// Picks the backend (CUDA in-process, OpenMP from a dlopen()ed library),
// opens the device, reads clocks before and after, runs the measurements
// and writes text, JSON or SVG. No GPU or no driver: one error line and
// exit status 3, so that scripts can tell "nothing to measure" from misuse.
//
//===----------------------------------------------------------------------===//
#include "Bench.h"
#include "Commands.h"
#include "Version.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <iterator>

namespace usm {

using namespace bench;

namespace {

int fail(int Status, const std::string &Msg) {
  usageError(Msg);
  return Status;
}

std::string utcNow() {
  std::time_t T = std::time(nullptr);
  std::tm Tm{};
  gmtime_r(&T, &Tm);
  char B[64];
  std::strftime(B, sizeof B, "%Y-%m-%d %H:%M UTC", &Tm);
  return B;
}

int emit(const Options &O, const Results &R) {
  std::string Out = O.Format == "json"  ? writeJson(R)
                    : O.Format == "svg" ? writeSvg(R)
                                        : writeText(R);
  if (O.Output.empty()) {
    std::fwrite(Out.data(), 1, Out.size(), stdout);
    return 0;
  }
  std::ofstream File(O.Output, std::ios::binary | std::ios::trunc);
  File << Out;
  File.close();
  if (!File)
    return fail(2, "cannot write '" + O.Output + "'");
  return 0;
}

} // namespace

int benchMain(const Args &A) {
  Options O;
  std::string Err;
  if (!parseArgs(A, O, Err))
    return usageError(Err);
  if (O.Help) {
    std::fputs(HelpText, stdout);
    return 0;
  }

  if (!O.FromJson.empty()) {
    std::ifstream In(O.FromJson, std::ios::binary);
    if (!In)
      return fail(2, "cannot read '" + O.FromJson + "'");
    std::string Text((std::istreambuf_iterator<char>(In)),
                     std::istreambuf_iterator<char>());
    Results R;
    if (!readJson(Text, R, Err))
      return fail(2, O.FromJson + ": " + Err);
    return emit(O, R);
  }

  const usmb_ops *Ops = nullptr;
  if (O.Backend == "cuda") {
    Ops = cudaOps();
  } else {
    std::string Lib = O.OmpLibrary;
    if (Lib.empty()) {
      // Beside usmcheck in a build tree, in <prefix>/lib/usmcheck when
      // installed (relative to the executable, like the runtime guard).
      std::string Self = selfExecutablePath();
      std::string Dir = Self.substr(0, Self.rfind('/') + 1);
      Lib = Dir + "libusmcheck_bench_omp.so";
      std::string Installed =
          Dir + USMCHECK_BIN_TO_PKGLIB + "/libusmcheck_bench_omp.so";
      if (access(Lib.c_str(), R_OK) != 0 && access(Installed.c_str(), R_OK) == 0)
        Lib = Installed;
    }
    void *H = dlopen(Lib.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!H) {
      const char *E = dlerror();
      return fail(2, "cannot load the OpenMP backend " + Lib + ": " +
                         (E ? E : "dlopen failed"));
    }
    auto Fn = reinterpret_cast<usmb_ops_fn>(dlsym(H, "usmb_openmp_ops"));
    Ops = Fn ? Fn() : nullptr;
    if (!Ops || Ops->abi_version != USMB_ABI_VERSION)
      return fail(2, Lib + " is not a usmcheck bench backend of this version");
  }

  // Check the output before measuring for minutes.
  std::ofstream File;
  if (!O.Output.empty()) {
    File.open(O.Output, std::ios::binary | std::ios::app);
    if (!File)
      return fail(2, "cannot write '" + O.Output + "'");
  }

  Results R;
  R.Version = USMCHECK_VERSION;
  R.Backend = Ops->name;
  R.Date = utcNow();
  int St = Ops->open(O.Device, &R.Dev);
  if (St != USMB_OK) {
    std::string Why = Ops->last_error();
    if (St == USMB_NO_DRIVER || St == USMB_NO_DEVICE)
      return fail(ExitNoDevice, "bench: " + Why);
    return fail(2, "bench: " + Why);
  }
  if (R.Dev.is_gpu) {
    R.Before = readClocks(R.Dev.pci_bus_id, R.Dev.index);
    if (!R.Dev.free_bytes && R.Before.Valid) { // OpenMP: NVML says more
      R.Dev.free_bytes = R.Before.MemFree;
      R.Dev.total_bytes = R.Before.MemTotal;
      std::string Name = std::string(R.Dev.name) + " = " + R.Before.Name;
      std::snprintf(R.Dev.name, sizeof R.Dev.name, "%s", Name.c_str());
    }
  } else {
    R.Before.Source = "not a GPU";
  }

  Progress P;
  P.On = O.Progress == 1 || (O.Progress == -1 && isatty(2));
  int Rc = runBench(*Ops, O, R, P, Err);
  if (R.Dev.is_gpu)
    R.After = readClocks(R.Dev.pci_bus_id, R.Dev.index);
  else
    R.After.Source = "not a GPU";
  Ops->close();
  if (Rc)
    return fail(Rc, "bench: " + Err);

  File.close();
  return emit(O, R);
}

} // namespace usm
