// clang-format off
// With `requires unified_shared_memory` a device may address host memory:
// a host buffer given a device's number is fine. A device buffer given the
// initial device is still wrong. (Run from ../../usm-memcpy-direction.c.)
#include <omp.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory

void copies(int n) {
  int dev = omp_get_default_device();
  double *d = (double *)omp_target_alloc(n * sizeof(double), dev);
  double *h = (double *)malloc(n * sizeof(double));
  omp_target_memcpy(h, d, n * sizeof(double), 0, 0, dev, dev);
  omp_target_memcpy(d, h, n * sizeof(double), 0, 0, dev, dev);
  omp_target_memcpy(h, d, n * sizeof(double), 0, 0, omp_get_initial_device(), omp_get_initial_device());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the source 'd' of 'omp_target_memcpy' is device memory allocated by 'omp_target_alloc' but its device number 'omp_get_initial_device()' is the initial device (the host); the call should be 'omp_target_memcpy(h, d, n * sizeof(double), 0, 0, omp_get_initial_device(), dev)'
  // CHECK-MESSAGES: :[[@LINE-6]]:25: note: 'd' allocated here
  free(h);
  omp_target_free(d, dev);
}
