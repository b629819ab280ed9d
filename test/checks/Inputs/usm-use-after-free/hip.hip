// usm-use-after-free, HIP.
// clang-format off
#include <hip/hip_runtime.h>

__global__ void inc(float *p) { p[threadIdx.x] += 1; }

void launch_after_free(int n) {
  float *d;
  hipMalloc(&d, n);
  hipFree(d);
  hipLaunchKernelGGL(inc, dim3(1), dim3(64), 0, 0, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:52: error: a kernel uses USM device memory allocated by 'hipMalloc' after it was released [usm-use-after-free]
}

void pinned_after_free(int n) {
  float *h;
  hipHostMalloc(&h, n);
  float *view = h + 1;
  hipHostFree(h);
  view[0] = 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code accesses USM host memory allocated by 'hipHostMalloc' after it was released
}

// ---- correct code: no findings below ----

void freed_on_one_path(int n, bool fail) {
  float *d;
  hipMalloc(&d, n);
  if (fail) {
    hipFree(d);
    d = nullptr;
  }
  if (d)
    hipLaunchKernelGGL(inc, dim3(1), dim3(64), 0, 0, d); // no-warning
  hipFree(d);
}
