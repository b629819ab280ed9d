// `#pragma omp requires unified_shared_memory` and a host read of
// omp_target_alloc memory (issue 10, item 13) on a real device. The guard
// follows the system: where the host can reach the memory (the runtime
// gives the program unified memory) nothing faults and nothing is
// reported; where it cannot, the fault is real and the guard reports an
// ERROR whose "Requires:" line says the requirement is not met on this
// system. Never a WARNING: that is the emulated case only.
#include <omp.h>
#include <stdio.h>

#pragma omp requires unified_shared_memory

int main(void) {
  int dev = omp_get_default_device();
  double *d = (double *)omp_target_alloc(1024 * sizeof(double), dev);
  if (!d)
    return 20;
#pragma omp target is_device_ptr(d)
  for (int i = 0; i < 1024; ++i)
    d[i] = i;
  printf("requires usm: d[100] = %.1f\n", d[100]); /* host read */
  omp_target_free(d, dev);
  return 0;
}
