/*===- OmpBackend.c - `usmcheck bench --backend=openmp` ------------------===*
 *
 * Built by clang with -fopenmp and offloading (the host as a device in CI,
 * sm_90 for the H200: scripts/gpu/build-gpu-tests.sh) into
 * libusmcheck_bench_omp.so, which usmcheck dlopen()s. The three USM kinds
 * are LLVM's llvm_omp_target_alloc_{device,host,shared}, released by the
 * matching llvm_omp_target_free_* (omp_target_free aborts on host memory in
 * LLVM 19's CUDA plugin). Target regions are synchronous, so the timer is
 * the host's monotonic clock around each region or copy: clock_gettime,
 * not omp_get_wtime, whose resolution in LLVM's libomp is a microsecond,
 * about the time of a 64 KB copy on the host offload device (a sample of
 * zero ticks read as 0 GB/s). OpenMP has no prefetch and no memory advice:
 * those entries are NULL.
 *===----------------------------------------------------------------------===*/
#include "BackendAbi.h"

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Not declared by LLVM's omp.h. */
void *llvm_omp_target_alloc_device(size_t, int);
void *llvm_omp_target_alloc_host(size_t, int);
void *llvm_omp_target_alloc_shared(size_t, int);
void llvm_omp_target_free_device(void *, int);
void llvm_omp_target_free_host(void *, int);
void llvm_omp_target_free_shared(void *, int);

#pragma omp begin declare target
static int usmbGpuYes(void) { return 1; }
#pragma omp declare variant(usmbGpuYes) match(device = {kind(gpu)})
static int usmbOnGpu(void) { return 0; }
#pragma omp end declare target

/* Seconds on the monotonic clock (nanosecond resolution). */
static double hostSeconds(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (double)T.tv_sec + (double)T.tv_nsec * 1e-9;
}

static int Dev = 0;
static int OnGpu; /* the host offload plugin runs teams as host threads */
static uint64_t *SinkBuf; /* 64 bytes of device memory */
static char Error[256];

static int ompOpen(int Index, struct usmb_device_info *Info) {
  int N = omp_get_num_devices();
  memset(Info, 0, sizeof *Info);
  if (N <= 0) {
    snprintf(Error, sizeof Error,
             "no OpenMP offload device (omp_get_num_devices() = 0)");
    return USMB_NO_DEVICE;
  }
  if (Index < 0 || Index >= N) {
    snprintf(Error, sizeof Error,
             "no OpenMP device %d (devices 0..%d present)", Index, N - 1);
    return USMB_BAD_DEVICE;
  }
  Dev = Index;
  int OnHost = 1;
#pragma omp target device(Dev) map(from : OnHost)
  OnHost = omp_is_initial_device();
  /* The host offload plugin runs target regions as host code: every kind
   * is host memory there. (The region's body must be the same source in
   * the host and the device compilation, hence declare variant rather than
   * #if __NVPTX__: diverging bodies gave an illegal address on sm_90.) */
  int HostPlugin = 1;
#pragma omp target device(Dev) map(from : HostPlugin)
  HostPlugin = !usmbOnGpu();
  SinkBuf = (uint64_t *)llvm_omp_target_alloc_device(64, Dev);
  if (!SinkBuf) {
    snprintf(Error, sizeof Error, "cannot allocate device memory");
    return USMB_FAILED;
  }
  Info->index = Index;
  Info->count = N;
  Info->is_gpu = OnGpu = !HostPlugin && !OnHost;
  snprintf(Info->name, sizeof Info->name, "OpenMP device %d%s", Index,
           Info->is_gpu ? "" : " (host offload)");
  snprintf(Info->detail, sizeof Info->detail,
           "libomptarget, %d offload device(s), OpenMP %d; target regions %s",
           N, _OPENMP, OnHost ? "ran on the initial device" : "offloaded");
  return USMB_OK;
}

static void ompClose(void) {
  if (SinkBuf)
    llvm_omp_target_free_device(SinkBuf, Dev);
  SinkBuf = NULL;
}

static void *ompAlloc(int Kind, size_t Bytes) {
  void *P = NULL;
  switch (Kind) {
  case USMB_DEVICE:
    P = llvm_omp_target_alloc_device(Bytes, Dev);
    break;
  case USMB_HOST:
    P = llvm_omp_target_alloc_host(Bytes, Dev);
    break;
  case USMB_SHARED:
    P = llvm_omp_target_alloc_shared(Bytes, Dev);
    break;
  default:
    P = malloc(Bytes);
  }
  if (!P)
    snprintf(Error, sizeof Error, "allocation of %zu bytes failed", Bytes);
  return P;
}

static void ompRelease(int Kind, void *P) {
  if (!P)
    return;
  if (Kind == USMB_DEVICE)
    llvm_omp_target_free_device(P, Dev);
  else if (Kind == USMB_HOST)
    llvm_omp_target_free_host(P, Dev);
  else if (Kind == USMB_SHARED)
    llvm_omp_target_free_shared(P, Dev);
  else
    free(P);
}


/* The launch geometry of the kernels, set explicitly: THREADS per team and
 * one team per THREADS * PER_THREAD loop iterations (capped at 2^24 teams), with
 * the default static schedules, so that each team reads one contiguous block
 * and a team's threads read neighbouring elements. LLVM 19's own choice for
 * `target teams distribute parallel for` (few teams, a long loop in each
 * thread) read device memory at 956 GB/s on an H200 (docs/bench.md).
 * USMCHECK_BENCH_OMP_THREADS and USMCHECK_BENCH_OMP_PER_THREAD override the
 * defaults (for measuring other geometries). */
static int Threads, PerThread;

static int envInt(const char *Name, int Default, int Max) {
  const char *V = getenv(Name);
  int N = V ? atoi(V) : 0;
  return N > 0 && N <= Max ? N : Default;
}

static int ompTeams(size_t N) {
  if (!OnGpu) { /* one team of the host's threads */
    Threads = omp_get_num_procs();
    return 1;
  }
  if (!Threads) {
    Threads = envInt("USMCHECK_BENCH_OMP_THREADS", 256, 1024);
    PerThread = envInt("USMCHECK_BENCH_OMP_PER_THREAD", 4, 1 << 20);
  }
  size_t Per = (size_t)Threads * (size_t)PerThread;
  size_t T = (N + Per - 1) / Per;
  return T < 1 ? 1 : T > (1u << 24) ? (1 << 24) : (int)T;
}

/* Two elements per access: a 16-byte load or store per thread (the widest
 * an NVIDIA thread issues), so that twice the bytes are in flight per
 * thread. USMCHECK_BENCH_OMP_WIDTH=1 selects 8-byte accesses. */
typedef uint64_t usmb_pair __attribute__((ext_vector_type(2)));
#define USMB_MAGIC 0x9e3779b97f4a7c15ull

static int ompKernel(int Op, void *Ptr, size_t Bytes, int Timed, double *Sec) {
  uint64_t *P = (uint64_t *)Ptr;
  size_t N = Bytes / sizeof(uint64_t);
  int Wide = envInt("USMCHECK_BENCH_OMP_WIDTH", 2, 2) == 2 && N % 2 == 0 &&
             (uintptr_t)Ptr % sizeof(usmb_pair) == 0;
  size_t Iters = Wide ? N / 2 : N;
  /* The read kernel keeps four 16-byte loads in flight per thread: each
   * iteration reads one pair in each quarter of the buffer (neighbouring
   * threads still read neighbouring pairs). USMCHECK_BENCH_OMP_UNROLL=1
   * reads one pair per iteration. */
  int Four = Wide && Op == USMB_READ && Iters % 4 == 0 &&
             envInt("USMCHECK_BENCH_OMP_UNROLL", 4, 4) == 4;
  size_t Quarter = Iters / 4;
  int Teams = ompTeams(Four ? Quarter : Iters), Limit = Threads;
  usmb_pair *Q = (usmb_pair *)Ptr;
  double T0 = hostSeconds();
  if (Op == USMB_EMPTY) {
#pragma omp target device(Dev)
    {
    }
  } else if (Four) {
    uint64_t *S = SinkBuf;
#pragma omp target teams distribute parallel for device(Dev) \
    is_device_ptr(Q, S) num_teams(Teams) thread_limit(Limit)
    for (size_t I = 0; I < Quarter; ++I) {
      usmb_pair V = Q[I] ^ Q[I + Quarter] ^ Q[I + 2 * Quarter] ^
                    Q[I + 3 * Quarter];
      if (V.x == USMB_MAGIC || V.y == USMB_MAGIC)
        S[0] = I;
    }
  } else if (Op == USMB_READ && Wide) {
    /* No reduction (LLVM 19's costs more than the loads): a store that
     * practically never happens keeps the loads alive. */
    uint64_t *S = SinkBuf;
#pragma omp target teams distribute parallel for device(Dev) \
    is_device_ptr(Q, S) num_teams(Teams) thread_limit(Limit)
    for (size_t I = 0; I < Iters; ++I) {
      usmb_pair V = Q[I];
      if (V.x == USMB_MAGIC || V.y == USMB_MAGIC)
        S[0] = I;
    }
  } else if (Op == USMB_READ) {
    uint64_t *S = SinkBuf;
#pragma omp target teams distribute parallel for device(Dev) \
    is_device_ptr(P, S) num_teams(Teams) thread_limit(Limit)
    for (size_t I = 0; I < Iters; ++I)
      if (P[I] == USMB_MAGIC)
        S[0] = I;
  } else if (Op == USMB_WRITE && Wide) {
#pragma omp target teams distribute parallel for device(Dev) is_device_ptr(Q) \
    num_teams(Teams) thread_limit(Limit)
    for (size_t I = 0; I < Iters; ++I)
      Q[I] = (usmb_pair){2 * I, 2 * I + 1};
  } else if (Op == USMB_WRITE) {
#pragma omp target teams distribute parallel for device(Dev) is_device_ptr(P) \
    num_teams(Teams) thread_limit(Limit)
    for (size_t I = 0; I < Iters; ++I)
      P[I] = I;
  } else if (Wide) {
#pragma omp target teams distribute parallel for device(Dev) is_device_ptr(Q) \
    num_teams(Teams) thread_limit(Limit)
    for (size_t I = 0; I < Iters; ++I)
      Q[I] += 1;
  } else {
#pragma omp target teams distribute parallel for device(Dev) is_device_ptr(P) \
    num_teams(Teams) thread_limit(Limit)
    for (size_t I = 0; I < Iters; ++I)
      P[I] += 1;
  }
  if (Timed && Sec)
    *Sec = hostSeconds() - T0;
  return 0;
}

static int ompCopy(void *Dst, int DstKind, const void *Src, int SrcKind,
                   size_t Bytes, int Timed, double *Sec) {
  int Host = omp_get_initial_device();
  double T0 = hostSeconds();
  if (omp_target_memcpy(Dst, Src, Bytes, 0, 0,
                        DstKind == USMB_DEVICE ? Dev : Host,
                        SrcKind == USMB_DEVICE ? Dev : Host)) {
    snprintf(Error, sizeof Error, "omp_target_memcpy of %zu bytes failed",
             Bytes);
    return 1;
  }
  if (Timed && Sec)
    *Sec = hostSeconds() - T0;
  return 0;
}

static int ompSync(void) { return 0; }

static const char *ompLastError(void) { return Error; }

static const struct usmb_ops OmpOps = {
    USMB_ABI_VERSION, "openmp", ompOpen, ompClose, ompAlloc, ompRelease,
    ompKernel,        ompCopy,  NULL,    NULL,     ompSync,  ompLastError,
    "host clock (clock_gettime, monotonic) around synchronous target regions"};

__attribute__((visibility("default"))) const struct usmb_ops *
usmb_openmp_ops(void) {
  return &OmpOps;
}
