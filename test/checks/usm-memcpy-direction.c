// clang-format off
// usm-memcpy-direction: OpenMP here; CUDA, HIP, SYCL/Level Zero, the
// `requires unified_shared_memory` and the --fix cases in Inputs/.
// RUN: %check_clang_tidy %s usm-memcpy-direction %t
// RUN: %check_clang_tidy %S/Inputs/usm-memcpy-direction/cuda.cu usm-memcpy-direction %t-cuda
// RUN: %check_clang_tidy %S/Inputs/usm-memcpy-direction/hip.hip usm-memcpy-direction %t-hip
// RUN: %check_clang_tidy %S/Inputs/usm-memcpy-direction/sycl.cpp usm-memcpy-direction %t-sycl -- -std=c++17
// RUN: %check_clang_tidy %S/Inputs/usm-memcpy-direction/requires-usm.c usm-memcpy-direction %t-usm
// The fix: swapped device numbers and wrong kinds are corrected, the result
// compiles and checks clean with every check.
// RUN: %check_clang_tidy %S/Inputs/usm-memcpy-direction/fix.c usm-memcpy-direction %t-fix
// RUN: %clang -fsyntax-only -fopenmp -I%src_root/headers -I%src_root/headers/sdk -include usmcheck/omp_usm.h %t-fix.c
// RUN: %usmcheck check %t-fix.c
// RUN: %check_clang_tidy %S/Inputs/usm-memcpy-direction/fix-cuda.cu usm-memcpy-direction %t-fixcu
// RUN: %usmcheck check %t-fixcu.cu
// clang-format on
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define COPY_TO_HOST(dst, src, n)                                              \
  omp_target_memcpy(dst, src, n, 0, 0, omp_get_initial_device(),              \
                    omp_get_initial_device())

static double *device_buffer(size_t n, int dev) {
  return (double *)omp_target_alloc(n, dev);
}

// ---- findings ---------------------------------------------------------------

void swapped_devices(void) {
  const int N = 1024;
  size_t bytes = N * sizeof(double);
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  double *buf = (double *)omp_target_alloc(bytes, dev);
  double *hbuf = (double *)malloc(bytes);
  omp_target_memcpy(hbuf, buf, bytes, 0, 0, dev, host);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the device numbers of 'omp_target_memcpy' are swapped: the destination 'hbuf' is pageable host memory allocated by 'malloc' and the source 'buf' is device memory allocated by 'omp_target_alloc'; the call should be 'omp_target_memcpy(hbuf, buf, bytes, 0, 0, host, dev)' [usm-memcpy-direction]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: if the copy should go the other way, swap the destination and source instead: 'omp_target_memcpy(buf, hbuf, bytes, 0, 0, dev, host)'
  // CHECK-MESSAGES: :[[@LINE-4]]:28: note: 'hbuf' allocated here as pageable host memory by 'malloc'
  // CHECK-MESSAGES: :[[@LINE-6]]:27: note: 'buf' allocated here as device memory by 'omp_target_alloc'
  free(hbuf);
  omp_target_free(buf, dev);
}

void host_buffer_with_device_number(int n) {
  int dev = omp_get_default_device();
  double *d = device_buffer(n * sizeof(double), dev); // through a helper
  double *h = (double *)malloc(n * sizeof(double));
  double *out = h; // an alias
  omp_target_memcpy(out, d, n * sizeof(double), 0, 0, dev, dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the destination 'out' of 'omp_target_memcpy' is pageable host memory allocated by 'malloc' but its device number 'dev' is an offload device's number; the call should be 'omp_target_memcpy(out, d, n * sizeof(double), 0, 0, omp_get_initial_device(), dev)'
  free(h);
  omp_target_free(d, dev);
}

void device_buffer_with_initial_device(void) {
  int dev = 0;
  int host = omp_get_initial_device();
  float *d = (float *)omp_target_alloc(256, dev);
  float h[64];
  omp_target_memcpy(h, d, sizeof h, 0, 0, host, host);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the source 'd' of 'omp_target_memcpy' is device memory allocated by 'omp_target_alloc' but its device number 'host' is the initial device (the host); the call should be 'omp_target_memcpy(h, d, sizeof h, 0, 0, host, dev)'
  // CHECK-MESSAGES: :[[@LINE-4]]:23: note: 'd' allocated here as device memory by 'omp_target_alloc'
  COPY_TO_HOST(h, d, sizeof h); // in a macro: reported, not fixed
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the source 'd' of 'omp_target_memcpy' is device memory allocated by 'omp_target_alloc' but its device number
  // CHECK-MESSAGES: :[[@LINE-7]]:23: note: 'd' allocated here
  omp_target_free(d, dev);
}

void stack_array_with_device_number(void) {
  double a[32];
  double *d = (double *)omp_target_alloc(sizeof a, 1);
  omp_target_memcpy_async(d, a, sizeof a, 0, 0, 1, 1, 0, NULL);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the source 'a' of 'omp_target_memcpy_async' is host memory (the array 'a') but its device number '1' is an offload device's number; the call should be 'omp_target_memcpy_async(d, a, sizeof a, 0, 0, 1, omp_get_initial_device(), 0, NULL)'
  omp_target_free(d, 1);
}

void beyond_with_offset(void) {
  const int N = 1000;
  size_t bytes = N * sizeof(double);
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc(bytes, dev);
  double *hbuf = (double *)malloc(bytes);
  omp_target_memcpy(hbuf, buf, bytes, 8, 0, omp_get_initial_device(), dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'omp_target_memcpy' writes 'bytes' bytes at offset '8' of 'hbuf', beyond the end of its allocation (8000 bytes) [usm-memcpy-direction]
  // CHECK-MESSAGES: :[[@LINE-3]]:28: note: 'hbuf' allocated here with 8000 bytes
  free(hbuf);
  omp_target_free(buf, dev);
}

void beyond_symbolic(size_t n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
  double *h = (double *)malloc(n * sizeof(double));
  omp_target_memcpy(h, d, n * sizeof(double), 0, 0, omp_get_initial_device(), dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'omp_target_memcpy' reads 'n * sizeof(double)' bytes from 'd', beyond the end of its allocation ('n * sizeof(float)' bytes)
  // CHECK-MESSAGES: :[[@LINE-4]]:23: note: 'd' allocated here with 'n * sizeof(float)' bytes
  free(h);
  omp_target_free(d, dev);
}

// ---- correct code: no findings below -----------------------------------------

void seed_copy_back(void) {
  const int N = 1024;
  size_t bytes = N * sizeof(double);
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  double *buf = (double *)omp_target_alloc(bytes, dev);
  double *hbuf = (double *)malloc(bytes);
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  omp_target_memcpy(hbuf, buf, bytes, 0, 0, host, dev);
  omp_target_memcpy(buf, hbuf, bytes, 0, 0, dev, host);
  omp_target_memcpy(buf, buf, bytes / 2, bytes / 2, 0, dev, dev);
  omp_target_memcpy(hbuf, hbuf, bytes / 2, 0, bytes / 2, host, host);
  free(hbuf);
  omp_target_free(buf, dev);
}

void unknown_provenance(double *dst, const double *src, size_t n, int d1, int d2) {
  omp_target_memcpy(dst, src, n, 0, 0, d1, d2);
  omp_target_memcpy(dst, src, n + 64, 64, 0, 0, omp_get_initial_device());
}

void shared_and_pinned(void) {
  int dev = omp_get_default_device();
  double *s = (double *)omp_target_alloc_shared(512, dev);
  double *p = (double *)llvm_omp_target_alloc_host(512, dev);
  double *d = (double *)omp_target_alloc(512, dev);
  omp_target_memcpy(s, d, 512, 0, 0, omp_get_initial_device(), dev);
  omp_target_memcpy(s, d, 512, 0, 0, dev, dev);
  omp_target_memcpy(d, p, 512, 0, 0, dev, dev); // pinned: device-accessible
  omp_target_free(s, dev);
  llvm_omp_target_free_host(p, dev);
  omp_target_free(d, dev);
}

void initial_device_allocation(void) {
  int host = omp_get_initial_device();
  double *h = (double *)omp_target_alloc(256, host); // host memory
  double *d = (double *)omp_target_alloc(256, 0);
  omp_target_memcpy(h, d, 256, 0, 0, host, 0);
  omp_target_free(h, host);
  omp_target_free(d, 0);
}

void inside_and_changing(size_t n, int dev) {
  double *d = (double *)omp_target_alloc(n * sizeof(double), dev);
  double *h = (double *)malloc(n * sizeof(double));
  size_t half = n / 2;
  omp_target_memcpy(h + half, d + half, half * sizeof(double), 0, 0,
                    omp_get_initial_device(), dev);
  omp_target_memcpy(h, d, (n - 1) * sizeof(double), sizeof(double), 0,
                    omp_get_initial_device(), dev);
  size_t count = n * sizeof(double);
  count = count / 2; // the count changes: its value is not known
  omp_target_memcpy(h, d, count, count, 0, omp_get_initial_device(), dev);
  free(h);
  omp_target_free(d, dev);
}

void mixed_memory(int on_device, int dev) {
  double *p = on_device ? (double *)omp_target_alloc(64, dev)
                        : (double *)malloc(64);
  double h[8];
  omp_target_memcpy(h, p, sizeof h, 0, 0, omp_get_initial_device(), dev);
}

void loop_of_buffers(int ndev, size_t n) {
  for (int d = 0; d < ndev; ++d) {
    size_t bytes = n * (d + 1);
    double *buf = (double *)omp_target_alloc(bytes, d);
    double *h = (double *)malloc(bytes);
    omp_target_memcpy(h, buf, bytes, 0, 0, omp_get_initial_device(), d);
    free(h);
    omp_target_free(buf, d);
  }
}
