/*===- BackendAbi.h - what a `usmcheck bench` backend provides -------------===*
 *
 * The measuring loops, the statistics and the writers are common code
 * (Bench.cpp); a backend only allocates each USM kind, launches the four
 * kernels, copies, and (where the model has them) prefetches and advises.
 *
 *   cuda    CudaBackend.cpp, inside usmcheck: libcuda.so.1 is dlopen()ed and
 *           the kernels are PTX embedded in the executable (kernels.cu,
 *           compiled by clang at build time), JIT-compiled by the driver.
 *   openmp  OmpBackend.c, built by clang with -fopenmp offloading into
 *           libusmcheck_bench_omp.so beside usmcheck and dlopen()ed; it
 *           exports usmb_openmp_ops().
 *
 * Plain C so that the OpenMP backend can be compiled by clang alone. Every
 * function returns 0 on success; last_error() then says what failed.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_MEMBENCH_BACKENDABI_H
#define USMCHECK_MEMBENCH_BACKENDABI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define USMB_ABI_VERSION 1

/* Memory kinds: the three USM kinds and plain (pageable) host memory. */
enum usmb_kind { USMB_DEVICE = 0, USMB_HOST = 1, USMB_SHARED = 2, USMB_PAGEABLE = 3 };
/* Kernels: each touches every 16-byte element of [p, p + bytes). */
enum usmb_kernel { USMB_EMPTY = 0, USMB_READ = 1, USMB_WRITE = 2, USMB_RMW = 3 };
/* Prefetch destinations. */
enum usmb_where { USMB_TO_DEVICE = 0, USMB_TO_HOST = 1 };
/* Advice: SET = preferred location host + accessed by the device (the
 * kernel reaches the pages remotely instead of migrating them); UNSET
 * undoes both. */
enum usmb_advice { USMB_ADVISE_HOST_RESIDENT = 0, USMB_ADVISE_UNSET = 1 };
/* open() failures: a distinct exit status for "no GPU/driver". */
enum usmb_open_status { USMB_OK = 0, USMB_NO_DRIVER = 1, USMB_NO_DEVICE = 2,
                        USMB_BAD_DEVICE = 3, USMB_FAILED = 4 };

struct usmb_device_info {
  char name[128];       /* "NVIDIA H200", "OpenMP device 0 (host offload)" */
  char detail[256];     /* driver/runtime version, compute capability */
  char pci_bus_id[32];  /* "0000:3b:00.0" or "" */
  int index, count;     /* the device used, devices present */
  int is_gpu;           /* 0 for OpenMP host offload */
  unsigned long long total_bytes, free_bytes; /* 0 = unknown */
  int sm_count, clock_khz, mem_clock_khz, mem_bus_bits; /* 0 = unknown */
};

struct usmb_ops {
  int abi_version; /* USMB_ABI_VERSION */
  const char *name;
  int (*open)(int device, struct usmb_device_info *info);
  void (*close)(void);
  void *(*alloc)(int kind, size_t bytes);
  void (*release)(int kind, void *p);
  /* timed != 0: run to completion and store the device-side time in *sec;
   * timed == 0: enqueue only (sync() waits). */
  int (*kernel)(int op, void *p, size_t bytes, int timed, double *sec);
  int (*copy)(void *dst, int dst_kind, const void *src, int src_kind,
              size_t bytes, int timed, double *sec);
  /* Optional (NULL when the model has no such call). prefetch enqueues. */
  int (*prefetch)(void *p, size_t bytes, int where);
  int (*advise)(void *p, size_t bytes, int advice);
  int (*sync)(void);
  const char *(*last_error)(void);
  const char *timer; /* how kernel/copy times are taken, for the report */
};

/* Exported by libusmcheck_bench_omp.so. */
typedef const struct usmb_ops *(*usmb_ops_fn)(void);
const struct usmb_ops *usmb_openmp_ops(void);

#ifdef __cplusplus
}
#endif

#endif
