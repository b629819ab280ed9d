#include <omp.h>
#include <stdio.h>
#include "config.h"
/* Legal where the system supports unified shared memory: usmcheck warns. */
#pragma omp requires unified_shared_memory
double first(void) {
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc(N * sizeof(double), dev);
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  double x = buf[0];
  omp_target_free(buf, dev);
  return x;
}
