// Host WRITE to OpenMP device memory (Intel spelling via the compat header).
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc_device(N * sizeof(double), dev);
  if (buf == NULL)
    return 1;
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  buf[3] = -1.0; /* host write to device memory */
  omp_target_free(buf, dev);
  return 0;
}
