//===- Nvml.cpp - clocks, power and the PCIe link through NVML ------------===//
//
// libnvidia-ml.so.1 comes with the NVIDIA driver; it is dlopen()ed and the
// handful of entry points are declared from NVML's documented C ABI. Absent
// (no driver, or the OpenMP backend on the host), the report says so.
//
//===----------------------------------------------------------------------===//
#include "Bench.h"

#include <dlfcn.h>

namespace usm::bench {
namespace {

using nvmlReturn_t = int;
struct nvmlDevice_st;
using nvmlDevice_t = nvmlDevice_st *;
struct nvmlMemory_t {
  unsigned long long total, free, used;
};
constexpr int NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2, NVML_TEMPERATURE_GPU = 0;

struct Nvml {
  void *Lib = nullptr;
  bool Ready = false;
  nvmlReturn_t (*Init)();
  nvmlReturn_t (*ByBusId)(const char *, nvmlDevice_t *);
  nvmlReturn_t (*ByIndex)(unsigned, nvmlDevice_t *);
  nvmlReturn_t (*Clock)(nvmlDevice_t, int, unsigned *);
  nvmlReturn_t (*MaxClock)(nvmlDevice_t, int, unsigned *);
  nvmlReturn_t (*Power)(nvmlDevice_t, unsigned *);
  nvmlReturn_t (*PowerLimit)(nvmlDevice_t, unsigned *);
  nvmlReturn_t (*PState)(nvmlDevice_t, int *);
  nvmlReturn_t (*Temp)(nvmlDevice_t, int, unsigned *);
  nvmlReturn_t (*LinkGen)(nvmlDevice_t, unsigned *);
  nvmlReturn_t (*LinkWidth)(nvmlDevice_t, unsigned *);
  nvmlReturn_t (*MaxLinkGen)(nvmlDevice_t, unsigned *);
  nvmlReturn_t (*MaxLinkWidth)(nvmlDevice_t, unsigned *);
  nvmlReturn_t (*Memory)(nvmlDevice_t, nvmlMemory_t *);
  nvmlReturn_t (*Name)(nvmlDevice_t, char *, unsigned);
} N;

template <typename F> bool sym(F &P, const char *Name) {
  P = reinterpret_cast<F>(dlsym(N.Lib, Name));
  return P != nullptr;
}

std::string load() {
  if (N.Ready)
    return "";
  if (!N.Lib)
    N.Lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!N.Lib)
    return "no NVML (libnvidia-ml.so.1 not found)";
  if (!(sym(N.Init, "nvmlInit_v2") &&
        sym(N.ByBusId, "nvmlDeviceGetHandleByPciBusId_v2") &&
        sym(N.ByIndex, "nvmlDeviceGetHandleByIndex_v2") &&
        sym(N.Clock, "nvmlDeviceGetClockInfo") &&
        sym(N.MaxClock, "nvmlDeviceGetMaxClockInfo") &&
        sym(N.Power, "nvmlDeviceGetPowerUsage") &&
        sym(N.PowerLimit, "nvmlDeviceGetEnforcedPowerLimit") &&
        sym(N.PState, "nvmlDeviceGetPerformanceState") &&
        sym(N.Temp, "nvmlDeviceGetTemperature") &&
        sym(N.LinkGen, "nvmlDeviceGetCurrPcieLinkGeneration") &&
        sym(N.LinkWidth, "nvmlDeviceGetCurrPcieLinkWidth") &&
        sym(N.MaxLinkGen, "nvmlDeviceGetMaxPcieLinkGeneration") &&
        sym(N.MaxLinkWidth, "nvmlDeviceGetMaxPcieLinkWidth") &&
        sym(N.Memory, "nvmlDeviceGetMemoryInfo") &&
        sym(N.Name, "nvmlDeviceGetName")))
    return "NVML lacks an entry point";
  if (N.Init() != 0)
    return "nvmlInit failed";
  N.Ready = true;
  return "";
}

} // namespace

ClockState readClocks(const std::string &PciBusId, int Index) {
  ClockState C;
  C.Source = load();
  if (!C.Source.empty())
    return C;
  nvmlDevice_t D = nullptr;
  if ((PciBusId.empty() || N.ByBusId(PciBusId.c_str(), &D) != 0) &&
      N.ByIndex(static_cast<unsigned>(Index), &D) != 0) {
    C.Source = "NVML does not know the device";
    return C;
  }
  C.Valid = true;
  C.Source = "NVML";
  N.Clock(D, NVML_CLOCK_SM, &C.SmMHz);
  N.Clock(D, NVML_CLOCK_MEM, &C.MemMHz);
  N.MaxClock(D, NVML_CLOCK_SM, &C.MaxSmMHz);
  N.MaxClock(D, NVML_CLOCK_MEM, &C.MaxMemMHz);
  unsigned MilliW = 0;
  if (N.Power(D, &MilliW) == 0)
    C.PowerW = MilliW / 1000.0;
  if (N.PowerLimit(D, &MilliW) == 0)
    C.PowerLimitW = MilliW / 1000.0;
  N.PState(D, &C.PState);
  N.Temp(D, NVML_TEMPERATURE_GPU, &C.TempC);
  N.LinkGen(D, &C.PcieGen);
  N.LinkWidth(D, &C.PcieWidth);
  N.MaxLinkGen(D, &C.PcieMaxGen);
  N.MaxLinkWidth(D, &C.PcieMaxWidth);
  char Name[96] = "";
  if (N.Name(D, Name, sizeof Name) == 0)
    C.Name = Name;
  nvmlMemory_t M{};
  if (N.Memory(D, &M) == 0) {
    C.MemFree = M.free;
    C.MemTotal = M.total;
  }
  return C;
}

} // namespace usm::bench
