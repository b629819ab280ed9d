// The seed's third fix with the device numbers swapped: the destination is
// the host buffer, so the destination device must be the initial device.
// The guard reports the call against its records before libomptarget runs
// it.
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int N = 1024;
  static double hbuf[1024];
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  double *buf = (double *)omp_target_alloc(N * sizeof(double), dev);
  if (buf == NULL)
    return 1;
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  int rc = omp_target_memcpy(hbuf, buf, N * sizeof(double), 0, 0, dev, host);
  printf("rc=%d hbuf[100] = %f\n", rc, hbuf[100]);
  omp_target_free(buf, dev);
  return 0;
}
