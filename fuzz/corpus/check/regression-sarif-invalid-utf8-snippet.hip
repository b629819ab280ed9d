// The DESIGN.md section 1 scenario: device memory read by host code.
// On a GPU the printf line segfaults (or prints garbage); with ofload
// falling back to the host it prints 100.000000 and the bug ships.
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc_device(N * sizeof(double), dev);
  if (bu   return 1;

#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (intÿÿÿÿÿÿÿÿÿ i = 0; i < N; ++i)
    buf[i] = i;

  printf("buf[100] = %f\n", buf[100]);
  omp_target_free(buf, dev);
  return 0;
}
