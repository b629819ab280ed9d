// usm-leak, HIP.
// clang-format off
#include <hip/hip_runtime.h>

int early_return(int n) {
  float *d;
  if (hipMalloc(&d, n) != hipSuccess)
    return 1; // no-warning: nothing was allocated
  if (n > 4096)
    return 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: USM device memory allocated by 'hipMalloc' is not released on this path out of 'early_return' [usm-leak]
  hipFree(d);
  return 0;
}

void loop_reallocates(int n) {
  float *h = nullptr;
  for (int i = 0; i < n; ++i)
    hipHostMalloc(&h, 64);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: the last pointer to USM host memory allocated by 'hipHostMalloc' is overwritten here
  hipHostFree(h);
}

// ---- correct code: no findings below ----

static void release(float *p) { hipFree(p); }

void freed_by_helper(int n) {
  float *d;
  hipMalloc(&d, n);
  release(d); // no-warning
}

void loop_frees(int n) {
  for (int i = 0; i < n; ++i) {
    float *d;
    hipMalloc(&d, 64);
    hipFree(d); // no-warning
  }
}
