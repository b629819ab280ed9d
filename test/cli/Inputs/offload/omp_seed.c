#include <omp.h>
#include <stdio.h>
int main(void) {
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc(1024 * sizeof(double), dev);
#pragma omp target teams distribute parallel for is_device_ptr(buf) device(dev)
  for (int i = 0; i < 1024; ++i)
    buf[i] = i;
  printf("%f\n", buf[100]);
  omp_target_free(buf, dev);
  return 0;
}
