// Dot product: device-resident vectors, reduction into a mapped host scalar.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const int n = 1 << 22;
  int dev = omp_get_default_device();
  double *x = (double *)omp_target_alloc_device(n * sizeof(double), dev);
  double *y = (double *)omp_target_alloc_device(n * sizeof(double), dev);
  if (x == NULL || y == NULL)
    return 1;

#pragma omp target teams distribute parallel for is_device_ptr(x, y)
  for (int i = 0; i < n; ++i) {
    x[i] = 1.0;
    y[i] = 0.5;
  }

  double dot = 0.0;
#pragma omp target teams distribute parallel for reduction(+ : dot) is_device_ptr(x, y) map(tofrom : dot)
  for (int i = 0; i < n; ++i)
    dot += x[i] * y[i];

  printf("dot = %f (expected %f)\n", dot, 0.5 * n);
  omp_target_free(x, dev);
  omp_target_free(y, dev);
  return dot == 0.5 * n ? 0 : 1;
}
