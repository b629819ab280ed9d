// With `requires unified_shared_memory` the host read is legal on systems
// with unified memory: reported as a warning with a note that says why.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <omp.h>
#include <stdio.h>

#pragma omp requires unified_shared_memory

int main(void) {
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc_device(64 * sizeof(double), dev);
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < 64; ++i)
    buf[i] = i;
  printf("%f\n", buf[10]);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: host code reads device memory allocated by 'omp_target_alloc_device'; the host cannot access device memory [usm-host-access-device]
  // CHECK-MESSAGES: :[[@LINE-10]]:13: note: this translation unit requires unified_shared_memory: the access is legal only on systems with unified memory, where the host can reach device memory; elsewhere it faults
  omp_target_free(buf, dev);
  return 0;
}
