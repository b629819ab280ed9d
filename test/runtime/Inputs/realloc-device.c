// omp_realloc of OpenMP device memory (allocator handle for device memory):
// grow a block written by a kernel, check the copy in a kernel, free it.
// With "bug" the host reads the grown block.
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int n = 1000;
  double *d =
      (double *)omp_alloc(n * sizeof(double), omp_target_device_mem_alloc);
#pragma omp target is_device_ptr(d)
  for (int i = 0; i < n; ++i)
    d[i] = i;
  d = (double *)omp_realloc(d, 2 * n * sizeof(double),
                            omp_target_device_mem_alloc,
                            omp_target_device_mem_alloc);
  double sum = 0;
#pragma omp target is_device_ptr(d) map(tofrom : sum)
  for (int i = 0; i < n; ++i)
    sum += d[i];
  printf("sum = %.1f\n", sum);
  if (argc > 1 && !strcmp(argv[1], "bug"))
    printf("d[1] = %.1f\n", d[1]);
  omp_free(d, omp_target_device_mem_alloc);
  return 0;
}
