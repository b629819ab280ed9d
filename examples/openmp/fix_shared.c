// Fix 2: shared memory. Host and device both use the data; the runtime
// migrates the pages between them.
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc_shared(N * sizeof(double), dev);
  if (buf == NULL)
    return 1;

#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;

  printf("buf[100] = %f\n", buf[100]);
  omp_target_free(buf, dev);
  return 0;
}
