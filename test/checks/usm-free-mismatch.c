// RUN: not %usmcheck check --checks='-*,usm-free-mismatch' %s -- 2>&1 | FileCheck %s --implicit-check-not='[usm-'
// RUN: cp %s %t.c && not %usmcheck check --checks='-*,usm-free-mismatch' --fix %t.c -- >/dev/null 2>&1
// RUN: FileCheck --check-prefix=FIXED --input-file=%t.c %s
// RUN: cp %t.c %t2.c && not %usmcheck check --checks='-*,usm-free-mismatch' --fix %t.c -- >/dev/null 2>&1
// RUN: diff %t.c %t2.c
#include <stddef.h>

void *malloc(size_t);
void free(void *);
void *omp_target_alloc(size_t, int);
void *omp_target_alloc_host(size_t, int);
void omp_target_free(void *, int);
typedef int cudaError_t;
cudaError_t cudaMalloc(void **, size_t);
cudaError_t cudaMallocHost(void **, size_t);
cudaError_t cudaMallocManaged(void **, size_t, unsigned);
cudaError_t cudaFree(void *);
cudaError_t cudaFreeHost(void *);

void device_with_free(void) {
  double *p = (double *)omp_target_alloc(100, 0);
  free(p);
  // CHECK: :[[@LINE-1]]:3: error: USM device memory allocated by 'omp_target_alloc' (OpenMP) is released with 'free'; release it with 'omp_target_free' [usm-free-mismatch]
  // CHECK: :[[@LINE-3]]:25: note: allocated here as device memory by 'omp_target_alloc'
}

void malloc_with_usm_free(void) {
  double *q = (double *)malloc(100);
  omp_target_free(q, 0);
  // CHECK: :[[@LINE-1]]:3: error: not USM memory allocated by 'malloc' (host C/C++) is released with 'omp_target_free'; release it with 'free' [usm-free-mismatch]
}

void cuda_host_with_cudaFree(void) {
  float *h;
  cudaMallocHost((void **)&h, 64);
  cudaFree(h);
  // FIXED: {{^}}  cudaFreeHost(h);
  // CHECK: :[[@LINE-2]]:3: error: USM host memory allocated by 'cudaMallocHost' (CUDA) is released with 'cudaFree'; release it with 'cudaFreeHost' [usm-free-mismatch]
  // CHECK: :[[@LINE-4]]:3: note: allocated here as host memory by 'cudaMallocHost'
}

void cuda_device_with_cudaFreeHost(void) {
  float *d;
  cudaMalloc((void **)&d, 64);
  cudaFreeHost(d);
  // FIXED: {{^}}  cudaFree(d);
  // CHECK: :[[@LINE-2]]:3: error: USM device memory allocated by 'cudaMalloc' (CUDA) is released with 'cudaFreeHost'; release it with 'cudaFree' [usm-free-mismatch]
}

// ---- correct code: no findings below ----

void matching_pairs(void) {
  double *a = (double *)omp_target_alloc(100, 0);
  omp_target_free(a, 0); // no-warning: the matching free
  double *b = (double *)omp_target_alloc_host(100, 0);
  omp_target_free(b, 0); // no-warning: host kind, same deallocator family
  float *m;
  cudaMallocManaged((void **)&m, 64, 1);
  cudaFree(m); // no-warning: managed memory is released with cudaFree
  float *h;
  cudaMallocHost((void **)&h, 64);
  cudaFreeHost(h); // no-warning
  double *c = (double *)malloc(8);
  free(c); // no-warning
}

void reassigned(int gpu) {
  double *p = (double *)omp_target_alloc(100, 0);
  omp_target_free(p, 0);
  p = (double *)malloc(100);
  free(p); // no-warning: the malloc assignment replaced the USM pointer
}

void branches(int gpu) {
  double *p;
  if (gpu)
    p = (double *)omp_target_alloc(100, 0);
  else
    p = (double *)malloc(100);
  if (gpu)
    omp_target_free(p, 0); // no-warning: one of the origins matches
  else
    free(p); // no-warning: one of the origins matches
}

void loop_reuse(int n) {
  double *p = (double *)malloc(8);
  for (int i = 0; i < n; ++i) {
    free(p); // no-warning: malloc memory, and on later iterations...
    p = (double *)malloc(8); // ...this malloc
  }
  free(p);
}

void unknown_origin(double *param) {
  free(param); // no-warning: the origin is a parameter (unknown)
}

void escaped(void) {
  double *p = (double *)malloc(8);
  double **pp = &p; // the address escapes: origins unknown
  omp_target_free(p, 0); // no-warning: unknown
  (void)pp;
}

#define RELEASE(x) free(x)
void in_macro(void) {
  double *p = (double *)omp_target_alloc(100, 0);
  RELEASE(p);
  // CHECK: :[[@LINE-1]]:3: error: USM device memory allocated by 'omp_target_alloc' (OpenMP) is released with 'free'; release it with 'omp_target_free' [usm-free-mismatch]
}

void suppressed(void) {
  double *p = (double *)omp_target_alloc(100, 0);
  free(p); // NOLINT(usm-free-mismatch)
}
