// 2D Jacobi relaxation: two device grids swapped every iteration; only the
// final grid is copied back for the residual check.
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define IDX(i, j, n) ((i) * (n) + (j))

static void init_grid(double *g, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      g[IDX(i, j, n)] = (i == 0) ? 1.0 : 0.0;
}

int main(void) {
  const int n = 512, iters = 200;
  size_t bytes = (size_t)n * n * sizeof(double);
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  double *h = (double *)malloc(bytes);
  init_grid(h, n);

  double *cur = (double *)omp_target_alloc(bytes, dev);
  double *next = (double *)omp_target_alloc(bytes, dev);
  omp_target_memcpy(cur, h, bytes, 0, 0, dev, host);
  omp_target_memcpy(next, h, bytes, 0, 0, dev, host);

  for (int it = 0; it < iters; ++it) {
#pragma omp target teams distribute parallel for collapse(2) is_device_ptr(cur, next)
    for (int i = 1; i < n - 1; ++i)
      for (int j = 1; j < n - 1; ++j)
        next[IDX(i, j, n)] = 0.25 * (cur[IDX(i - 1, j, n)] + cur[IDX(i + 1, j, n)] +
                                     cur[IDX(i, j - 1, n)] + cur[IDX(i, j + 1, n)]);
    double *tmp = cur;
    cur = next;
    next = tmp;
  }

  omp_target_memcpy(h, cur, bytes, 0, 0, host, dev);
  double sum = 0.0;
  for (int i = 0; i < n * n; ++i)
    sum += h[i];
  printf("jacobi: checksum %.6f\n", sum);
  omp_target_free(cur, dev);
  omp_target_free(next, dev);
  free(h);
  return isfinite(sum) ? 0 : 1;
}
