// usm-missing-is-device-ptr under `requires unified_shared_memory`:
// pointers reach the region unchanged; no findings.
// clang-format off
#include <omp.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory

void device_pointer(int n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
#pragma omp target device(dev)
  { d[0] = 1.0f; } // no-warning
  omp_target_free(d, dev);
}

void host_pointer(int n) {
  float *h = (float *)malloc(n * sizeof(float));
#pragma omp target
  { h[0] = 1.0f; } // no-warning
  free(h);
}

void shared_pointer(int n, int dev) {
  float *s = (float *)omp_target_alloc_shared(n * sizeof(float), dev);
#pragma omp target
  { s[0] = 1.0f; } // no-warning
  omp_target_free(s, dev);
}
