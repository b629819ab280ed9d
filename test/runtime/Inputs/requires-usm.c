// A program that declares `requires unified_shared_memory` and then reads
// OpenMP device memory on the host: legal on systems with unified memory.
#include <omp.h>
#include <stdio.h>

#pragma omp requires unified_shared_memory

int main(void) {
  int dev = omp_get_default_device();
  double *d = (double *)omp_target_alloc(1024 * sizeof(double), dev);
#pragma omp target is_device_ptr(d)
  for (int i = 0; i < 1024; ++i)
    d[i] = i;
  printf("d[100] = %.1f\n", d[100]);
  printf("d[200] = %.1f\n", d[200]); // same allocation: no second finding
  omp_target_free(d, dev);
  return 0;
}
