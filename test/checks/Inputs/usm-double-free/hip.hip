// usm-double-free, HIP.
// clang-format off
#include <hip/hip_runtime.h>

void pinned_twice(int n) {
  float *h;
  hipHostMalloc(&h, n);
  hipHostFree(h);
  float *alias = h;
  hipHostFree(alias);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM host memory allocated by 'hipHostMalloc' is released again; it was already released on every path to here [usm-double-free]
}

void device_twice(int n) {
  float *d;
  if (hipMalloc(&d, n) != hipSuccess)
    return;
  hipFree(d);
  hipFree(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM device memory allocated by 'hipMalloc' is released again
}

// ---- correct code: no findings below ----

void maybe_freed(int n, bool early) {
  float *d;
  hipMalloc(&d, n);
  if (early) {
    hipFree(d);
    d = nullptr;
  }
  if (d)
    hipFree(d); // no-warning: freed only when not freed before
}
