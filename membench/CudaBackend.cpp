//===- CudaBackend.cpp - `usmcheck bench --backend=cuda` ------------------===//
//
// Needs nothing but the NVIDIA driver: libcuda.so.1 is dlopen()ed and the few
// driver API entry points are declared here (no CUDA headers at build time);
// the kernels are PTX compiled from kernels.cu by clang at build time and
// embedded in usmcheck, JIT-compiled by the driver on first use. Times of
// kernels and copies come from CUDA events on one non-blocking stream.
//
// UVA: every pointer (cuMemAlloc, cuMemHostAlloc, cuMemAllocManaged, malloc)
// is passed to cuMemcpyAsync and to the kernels as is.
//
//===----------------------------------------------------------------------===//
#include "BackendAbi.h"
#include "Bench.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

extern "C" const char UsmbKernelsPtx[]; // generated from kernels.cu

namespace usm::bench {
namespace {

// The driver API, declared from its documented C ABI.
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;
struct CUmemLocation {
  int type; // 1 device, 2 host
  int id;
};

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr int ATTR_CLOCK_RATE = 13, ATTR_SM_COUNT = 16,
              ATTR_MEM_CLOCK_RATE = 36, ATTR_MEM_BUS_WIDTH = 37,
              ATTR_CC_MAJOR = 75, ATTR_CC_MINOR = 76,
              ATTR_CONCURRENT_MANAGED_ACCESS = 89;
constexpr int JIT_ERROR_LOG_BUFFER = 5, JIT_ERROR_LOG_BUFFER_SIZE = 6;
constexpr int ADVISE_SET_PREFERRED_LOCATION = 3,
              ADVISE_UNSET_PREFERRED_LOCATION = 4, ADVISE_SET_ACCESSED_BY = 5,
              ADVISE_UNSET_ACCESSED_BY = 6;
constexpr CUdevice DEVICE_CPU = -1;
constexpr unsigned STREAM_NON_BLOCKING = 1, MEM_ATTACH_GLOBAL = 1;

struct Driver {
  void *Lib = nullptr;
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuDeviceGetPCIBusId)(char *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuMemGetInfo)(size_t *, size_t *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, unsigned, CUstream,
                             void **, void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemHostAlloc)(void **, size_t, unsigned);
  CUresult (*cuMemFreeHost)(void *);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  // Prefetch and advice changed signature in CUDA 12.2 (_v2: a location
  // struct); the driver exports both, older drivers only the first.
  CUresult (*cuMemPrefetchAsync)(CUdeviceptr, size_t, CUdevice, CUstream);
  CUresult (*cuMemPrefetchAsync_v2)(CUdeviceptr, size_t, CUmemLocation,
                                    unsigned, CUstream);
  CUresult (*cuMemAdvise)(CUdeviceptr, size_t, int, CUdevice);
  CUresult (*cuMemAdvise_v2)(CUdeviceptr, size_t, int, CUmemLocation);
  CUresult (*cuGetErrorName)(CUresult, const char **);
};

struct State {
  Driver D;
  CUdevice Dev = 0;
  CUcontext Ctx = nullptr;
  CUmodule Mod = nullptr;
  CUfunction Fn[4] = {};
  CUstream Stream = nullptr;
  CUevent Start = nullptr, Stop = nullptr;
  CUdeviceptr Sink = 0;
  int SmCount = 1;
  std::string Error;
} S;

std::string errName(CUresult R) {
  const char *N = nullptr;
  if (S.D.cuGetErrorName && S.D.cuGetErrorName(R, &N) == CUDA_SUCCESS && N)
    return N;
  return "CUDA error " + std::to_string(R);
}

bool ok(CUresult R, const char *What) {
  if (R == CUDA_SUCCESS)
    return true;
  S.Error = std::string(What) + ": " + errName(R);
  return false;
}

template <typename F> bool sym(F &Ptr, const char *Name, bool Required = true) {
  Ptr = reinterpret_cast<F>(dlsym(S.D.Lib, Name));
  if (!Ptr && Required)
    S.Error = std::string("libcuda.so.1 lacks ") + Name;
  return Ptr || !Required;
}

bool loadDriver() {
  S.D.Lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!S.D.Lib) {
    const char *E = dlerror();
    S.Error = std::string("no NVIDIA driver: cannot load libcuda.so.1") +
              (E ? std::string(" (") + E + ")" : "");
    return false;
  }
  Driver &D = S.D;
  bool Ok = sym(D.cuInit, "cuInit") &&
            sym(D.cuDriverGetVersion, "cuDriverGetVersion") &&
            sym(D.cuDeviceGetCount, "cuDeviceGetCount") &&
            sym(D.cuDeviceGet, "cuDeviceGet") &&
            sym(D.cuDeviceGetName, "cuDeviceGetName") &&
            sym(D.cuDeviceGetAttribute, "cuDeviceGetAttribute") &&
            sym(D.cuDeviceTotalMem, "cuDeviceTotalMem_v2") &&
            sym(D.cuDeviceGetPCIBusId, "cuDeviceGetPCIBusId") &&
            sym(D.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain") &&
            sym(D.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2") &&
            sym(D.cuCtxSetCurrent, "cuCtxSetCurrent") &&
            sym(D.cuMemGetInfo, "cuMemGetInfo_v2") &&
            sym(D.cuModuleLoadDataEx, "cuModuleLoadDataEx") &&
            sym(D.cuModuleGetFunction, "cuModuleGetFunction") &&
            sym(D.cuModuleUnload, "cuModuleUnload") &&
            sym(D.cuLaunchKernel, "cuLaunchKernel") &&
            sym(D.cuStreamCreate, "cuStreamCreate") &&
            sym(D.cuStreamSynchronize, "cuStreamSynchronize") &&
            sym(D.cuStreamDestroy, "cuStreamDestroy_v2") &&
            sym(D.cuEventCreate, "cuEventCreate") &&
            sym(D.cuEventRecord, "cuEventRecord") &&
            sym(D.cuEventSynchronize, "cuEventSynchronize") &&
            sym(D.cuEventElapsedTime, "cuEventElapsedTime") &&
            sym(D.cuEventDestroy, "cuEventDestroy_v2") &&
            sym(D.cuMemAlloc, "cuMemAlloc_v2") &&
            sym(D.cuMemFree, "cuMemFree_v2") &&
            sym(D.cuMemHostAlloc, "cuMemHostAlloc") &&
            sym(D.cuMemFreeHost, "cuMemFreeHost") &&
            sym(D.cuMemAllocManaged, "cuMemAllocManaged") &&
            sym(D.cuMemcpyAsync, "cuMemcpyAsync") &&
            sym(D.cuGetErrorName, "cuGetErrorName");
  sym(D.cuMemPrefetchAsync_v2, "cuMemPrefetchAsync_v2", false);
  sym(D.cuMemPrefetchAsync, "cuMemPrefetchAsync", false);
  sym(D.cuMemAdvise_v2, "cuMemAdvise_v2", false);
  sym(D.cuMemAdvise, "cuMemAdvise", false);
  return Ok;
}

int cuOpen(int Index, usmb_device_info *Info) {
  S.Error.clear();
  if (!S.D.Lib && !loadDriver())
    return S.D.Lib ? USMB_FAILED : USMB_NO_DRIVER;
  CUresult R = S.D.cuInit(0);
  if (R == CUDA_ERROR_NO_DEVICE) {
    S.Error = "no CUDA device (the NVIDIA driver is installed but sees no GPU)";
    return USMB_NO_DEVICE;
  }
  if (!ok(R, "cuInit"))
    return USMB_NO_DEVICE; // e.g. driver/library mismatch: no usable GPU
  int Count = 0;
  if (!ok(S.D.cuDeviceGetCount(&Count), "cuDeviceGetCount"))
    return USMB_FAILED;
  if (Count == 0) {
    S.Error = "no CUDA device";
    return USMB_NO_DEVICE;
  }
  if (Index < 0 || Index >= Count) {
    S.Error = "no CUDA device " + std::to_string(Index) + " (devices 0.." +
              std::to_string(Count - 1) + " present)";
    return USMB_BAD_DEVICE;
  }
  if (!ok(S.D.cuDeviceGet(&S.Dev, Index), "cuDeviceGet") ||
      !ok(S.D.cuDevicePrimaryCtxRetain(&S.Ctx, S.Dev),
          "cuDevicePrimaryCtxRetain") ||
      !ok(S.D.cuCtxSetCurrent(S.Ctx), "cuCtxSetCurrent"))
    return USMB_FAILED;

  *Info = usmb_device_info{};
  Info->index = Index;
  Info->count = Count;
  Info->is_gpu = 1;
  S.D.cuDeviceGetName(Info->name, sizeof(Info->name), S.Dev);
  S.D.cuDeviceGetPCIBusId(Info->pci_bus_id, sizeof(Info->pci_bus_id), S.Dev);
  auto Attr = [](int A) {
    int V = 0;
    return S.D.cuDeviceGetAttribute(&V, A, S.Dev) == CUDA_SUCCESS ? V : 0;
  };
  Info->sm_count = Attr(ATTR_SM_COUNT);
  Info->clock_khz = Attr(ATTR_CLOCK_RATE);
  Info->mem_clock_khz = Attr(ATTR_MEM_CLOCK_RATE);
  Info->mem_bus_bits = Attr(ATTR_MEM_BUS_WIDTH);
  S.SmCount = Info->sm_count > 0 ? Info->sm_count : 1;
  int Ver = 0;
  S.D.cuDriverGetVersion(&Ver);
  std::snprintf(Info->detail, sizeof(Info->detail),
                "compute capability %d.%d, %d SMs, CUDA driver API %d.%d, "
                "concurrent managed access %s",
                Attr(ATTR_CC_MAJOR), Attr(ATTR_CC_MINOR), Info->sm_count,
                Ver / 1000, Ver % 1000 / 10,
                Attr(ATTR_CONCURRENT_MANAGED_ACCESS) ? "yes" : "no");
  size_t Free = 0, Total = 0;
  if (ok(S.D.cuMemGetInfo(&Free, &Total), "cuMemGetInfo")) {
    Info->free_bytes = Free;
    Info->total_bytes = Total;
  }

  char Log[4096] = "";
  int Opts[] = {JIT_ERROR_LOG_BUFFER, JIT_ERROR_LOG_BUFFER_SIZE};
  void *Vals[] = {Log, reinterpret_cast<void *>(sizeof(Log))};
  R = S.D.cuModuleLoadDataEx(&S.Mod, UsmbKernelsPtx, 2, Opts, Vals);
  if (R != CUDA_SUCCESS) {
    S.Error = "the driver cannot load the bench kernels (PTX for sm_70): " +
              errName(R) + (Log[0] ? std::string(": ") + Log : "");
    for (char &C : S.Error)
      if (C == '\n')
        C = ' ';
    return USMB_FAILED;
  }
  const char *Names[4] = {"usmb_empty", "usmb_read", "usmb_write", "usmb_rmw"};
  for (int I = 0; I < 4; ++I)
    if (!ok(S.D.cuModuleGetFunction(&S.Fn[I], S.Mod, Names[I]),
            "cuModuleGetFunction"))
      return USMB_FAILED;
  if (!ok(S.D.cuStreamCreate(&S.Stream, STREAM_NON_BLOCKING),
          "cuStreamCreate") ||
      !ok(S.D.cuEventCreate(&S.Start, 0), "cuEventCreate") ||
      !ok(S.D.cuEventCreate(&S.Stop, 0), "cuEventCreate") ||
      !ok(S.D.cuMemAlloc(&S.Sink, 16), "cuMemAlloc"))
    return USMB_FAILED;
  return USMB_OK;
}

void cuClose() {
  if (!S.Ctx)
    return;
  S.D.cuCtxSetCurrent(S.Ctx);
  if (S.Sink)
    S.D.cuMemFree(S.Sink);
  if (S.Start)
    S.D.cuEventDestroy(S.Start);
  if (S.Stop)
    S.D.cuEventDestroy(S.Stop);
  if (S.Stream)
    S.D.cuStreamDestroy(S.Stream);
  if (S.Mod)
    S.D.cuModuleUnload(S.Mod);
  S.D.cuDevicePrimaryCtxRelease(S.Dev);
  S.Ctx = nullptr;
}

void *cuAlloc(int Kind, size_t Bytes) {
  CUdeviceptr P = 0;
  void *H = nullptr;
  switch (Kind) {
  case USMB_DEVICE:
    return ok(S.D.cuMemAlloc(&P, Bytes), "cuMemAlloc")
               ? reinterpret_cast<void *>(P)
               : nullptr;
  case USMB_HOST:
    return ok(S.D.cuMemHostAlloc(&H, Bytes, 0), "cuMemHostAlloc") ? H
                                                                   : nullptr;
  case USMB_SHARED:
    return ok(S.D.cuMemAllocManaged(&P, Bytes, MEM_ATTACH_GLOBAL),
              "cuMemAllocManaged")
               ? reinterpret_cast<void *>(P)
               : nullptr;
  default:
    H = std::malloc(Bytes);
    if (!H)
      S.Error = "malloc failed";
    return H;
  }
}

void cuRelease(int Kind, void *P) {
  if (!P)
    return;
  if (Kind == USMB_DEVICE || Kind == USMB_SHARED)
    S.D.cuMemFree(reinterpret_cast<CUdeviceptr>(P));
  else if (Kind == USMB_HOST)
    S.D.cuMemFreeHost(P);
  else
    std::free(P);
}

bool timedEnd(int Timed, double *Sec) {
  if (!Timed)
    return true;
  float Ms = 0;
  if (!ok(S.D.cuEventRecord(S.Stop, S.Stream), "cuEventRecord") ||
      !ok(S.D.cuEventSynchronize(S.Stop), "the kernel or copy") ||
      !ok(S.D.cuEventElapsedTime(&Ms, S.Start, S.Stop), "cuEventElapsedTime"))
    return false;
  *Sec = Ms * 1e-3;
  return true;
}

int cuKernel(int Op, void *P, size_t Bytes, int Timed, double *Sec) {
  unsigned long long N = Bytes / 16;
  unsigned Threads = 256;
  unsigned long long Want = (N + Threads - 1) / Threads;
  unsigned long long Max = static_cast<unsigned long long>(S.SmCount) * 16;
  unsigned Blocks = Op == USMB_EMPTY ? 1 : static_cast<unsigned>(
                                               Want < 1 ? 1
                                               : Want < Max ? Want
                                                            : Max);
  unsigned Value = 0x5a5a5a5au;
  void *Ptr = P;
  void *SinkP = reinterpret_cast<void *>(S.Sink);
  void *ReadArgs[] = {&Ptr, &N, &SinkP};
  void *WriteArgs[] = {&Ptr, &N, &Value};
  void *RmwArgs[] = {&Ptr, &N};
  void **Args = Op == USMB_READ    ? ReadArgs
                : Op == USMB_WRITE ? WriteArgs
                : Op == USMB_RMW   ? RmwArgs
                                   : nullptr;
  if (Timed && !ok(S.D.cuEventRecord(S.Start, S.Stream), "cuEventRecord"))
    return 1;
  if (!ok(S.D.cuLaunchKernel(S.Fn[Op], Blocks, 1, 1, Op == USMB_EMPTY ? 1 : Threads,
                             1, 1, 0, S.Stream, Args, nullptr),
          "cuLaunchKernel"))
    return 1;
  return timedEnd(Timed, Sec) ? 0 : 1;
}

int cuCopy(void *Dst, int, const void *Src, int, size_t Bytes, int Timed,
           double *Sec) {
  if (Timed && !ok(S.D.cuEventRecord(S.Start, S.Stream), "cuEventRecord"))
    return 1;
  if (!ok(S.D.cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(Dst),
                            reinterpret_cast<CUdeviceptr>(Src), Bytes,
                            S.Stream),
          "cuMemcpyAsync"))
    return 1;
  return timedEnd(Timed, Sec) ? 0 : 1;
}

int cuPrefetch(void *P, size_t Bytes, int Where) {
  auto Ptr = reinterpret_cast<CUdeviceptr>(P);
  if (S.D.cuMemPrefetchAsync_v2) {
    CUmemLocation L{Where == USMB_TO_HOST ? 2 : 1,
                    Where == USMB_TO_HOST ? 0 : S.Dev};
    return ok(S.D.cuMemPrefetchAsync_v2(Ptr, Bytes, L, 0, S.Stream),
              "cuMemPrefetchAsync_v2")
               ? 0
               : 1;
  }
  if (S.D.cuMemPrefetchAsync)
    return ok(S.D.cuMemPrefetchAsync(
                  Ptr, Bytes, Where == USMB_TO_HOST ? DEVICE_CPU : S.Dev,
                  S.Stream),
              "cuMemPrefetchAsync")
               ? 0
               : 1;
  S.Error = "the driver has no cuMemPrefetchAsync";
  return 1;
}

int cuAdvise(void *P, size_t Bytes, int Advice) {
  auto Ptr = reinterpret_cast<CUdeviceptr>(P);
  bool Set = Advice == USMB_ADVISE_HOST_RESIDENT;
  int Pref = Set ? ADVISE_SET_PREFERRED_LOCATION
                 : ADVISE_UNSET_PREFERRED_LOCATION;
  int Acc = Set ? ADVISE_SET_ACCESSED_BY : ADVISE_UNSET_ACCESSED_BY;
  if (S.D.cuMemAdvise_v2) {
    CUmemLocation Host{2, 0}, Dev{1, S.Dev};
    return ok(S.D.cuMemAdvise_v2(Ptr, Bytes, Pref, Host), "cuMemAdvise_v2") &&
                   ok(S.D.cuMemAdvise_v2(Ptr, Bytes, Acc, Dev),
                      "cuMemAdvise_v2")
               ? 0
               : 1;
  }
  if (S.D.cuMemAdvise)
    return ok(S.D.cuMemAdvise(Ptr, Bytes, Pref, DEVICE_CPU), "cuMemAdvise") &&
                   ok(S.D.cuMemAdvise(Ptr, Bytes, Acc, S.Dev), "cuMemAdvise")
               ? 0
               : 1;
  S.Error = "the driver has no cuMemAdvise";
  return 1;
}

int cuSync() {
  return ok(S.D.cuStreamSynchronize(S.Stream), "cuStreamSynchronize") ? 0 : 1;
}

const char *cuLastError() { return S.Error.c_str(); }

const usmb_ops CudaOps = {USMB_ABI_VERSION,
                          "cuda",
                          cuOpen,
                          cuClose,
                          cuAlloc,
                          cuRelease,
                          cuKernel,
                          cuCopy,
                          cuPrefetch,
                          cuAdvise,
                          cuSync,
                          cuLastError,
                          "CUDA events on one stream"};

} // namespace

const usmb_ops *cudaOps() { return &CudaOps; }

} // namespace usm::bench
