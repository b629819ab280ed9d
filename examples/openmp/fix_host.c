// Fix 1: host memory. The host reads the result once, so the data stays in
// host RAM and the kernel writes it remotely over PCIe/fabric.
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc_host(N * sizeof(double), dev);
  if (buf == NULL)
    return 1;

#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;

  printf("buf[100] = %f\n", buf[100]);
  omp_target_free(buf, dev);
  return 0;
}
