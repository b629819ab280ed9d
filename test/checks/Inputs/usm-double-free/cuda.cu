// usm-double-free, CUDA: out-parameter allocators, helper chains, macros;
// quiet on a pointer reassigned from another allocation.
// clang-format off
#include <cuda_runtime.h>

static void release(float *p) { cudaFree(p); }
static void release_all(float *a, float *b) { release(a); cudaFree(b); }
#define CUDA_RELEASE(p) cudaFree(p)

void managed_twice() {
  float *m;
  cudaMallocManaged(&m, 64);
  CUDA_RELEASE(m);
  CUDA_RELEASE(m);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM shared memory allocated by 'cudaMallocManaged' is released again; it was already released on every path to here [usm-double-free]
}

void helper_chain() {
  float *a, *b;
  cudaMalloc(&a, 64);
  cudaMalloc(&b, 64);
  release_all(a, b);
  cudaFree(b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM device memory allocated by 'cudaMalloc' is released again
  release(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM device memory allocated by 'cudaMalloc' is released again
}

// ---- correct code: no findings below ----

void swapped(int n) {
  float *a, *b;
  cudaMalloc(&a, n);
  cudaMalloc(&b, n);
  float *t = a;
  a = b;
  b = t;
  cudaFree(a);
  cudaFree(b); // no-warning: two allocations, one free each
}

void pinned_then_device(int n) {
  float *h;
  cudaMallocHost(&h, n);
  cudaFreeHost(h);
  cudaMalloc(&h, n);
  cudaFree(h); // no-warning: a new allocation
}
