// Fix 3: keep device memory (kernels are hot) and copy the result to a host
// buffer before the host reads it. Destination first; the host is the
// initial device.
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  int host_dev = omp_get_initial_device();
  double *buf = (double *)omp_target_alloc_device(N * sizeof(double), dev);
  if (buf == NULL)
    return 1;

#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;

  double hbuf[1024];
  if (omp_target_memcpy(hbuf, buf, N * sizeof(double), 0, 0, host_dev, dev))
    return 1;
  printf("buf[100] = %f\n", hbuf[100]);
  omp_target_free(buf, dev);
  return 0;
}
