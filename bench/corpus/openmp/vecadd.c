// Vector addition with OpenMP device memory: c = a + b, verified on the host.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : (1 << 20);
  size_t bytes = (size_t)n * sizeof(float);
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();

  float *h_a = (float *)malloc(bytes);
  float *h_b = (float *)malloc(bytes);
  float *h_c = (float *)malloc(bytes);
  for (int i = 0; i < n; ++i) {
    h_a[i] = (float)i;
    h_b[i] = 2.0f * i;
  }

  float *d_a = (float *)omp_target_alloc(bytes, dev);
  float *d_b = (float *)omp_target_alloc(bytes, dev);
  float *d_c = (float *)omp_target_alloc(bytes, dev);
  if (!d_a || !d_b || !d_c) {
    fprintf(stderr, "device allocation failed\n");
    return 1;
  }
  omp_target_memcpy(d_a, h_a, bytes, 0, 0, dev, host);
  omp_target_memcpy(d_b, h_b, bytes, 0, 0, dev, host);

#pragma omp target teams distribute parallel for is_device_ptr(d_a, d_b, d_c)
  for (int i = 0; i < n; ++i)
    d_c[i] = d_a[i] + d_b[i];

  omp_target_memcpy(h_c, d_c, bytes, 0, 0, host, dev);
  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (h_c[i] != 3.0f * i)
      ++errors;
  printf("vecadd: %s (%d errors)\n", errors ? "FAIL" : "PASS", errors);

  omp_target_free(d_a, dev);
  omp_target_free(d_b, dev);
  omp_target_free(d_c, dev);
  free(h_a);
  free(h_b);
  free(h_c);
  return errors != 0;
}
