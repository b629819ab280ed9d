// Sparse matrix-vector product (CSR), repeated power-iteration style; the
// vector is copied back once for the norm.
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n, nnz;
  int *row, *col;
  double *val;
} csr;

static csr tridiagonal(int n) {
  csr m;
  m.n = n;
  m.nnz = 3 * n - 2;
  m.row = (int *)malloc((n + 1) * sizeof(int));
  m.col = (int *)malloc(m.nnz * sizeof(int));
  m.val = (double *)malloc(m.nnz * sizeof(double));
  int k = 0;
  for (int i = 0; i < n; ++i) {
    m.row[i] = k;
    for (int j = i - 1; j <= i + 1; ++j)
      if (j >= 0 && j < n) {
        m.col[k] = j;
        m.val[k++] = (i == j) ? 2.0 : -1.0;
      }
  }
  m.row[n] = k;
  return m;
}

static void *to_device(const void *h, size_t bytes, int dev) {
  void *d = omp_target_alloc(bytes, dev);
  omp_target_memcpy(d, h, bytes, 0, 0, dev, omp_get_initial_device());
  return d;
}

int main(void) {
  const int n = 1 << 16, iters = 20;
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  csr a = tridiagonal(n);
  double *x = (double *)malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    x[i] = 1.0;
  int *d_row = (int *)to_device(a.row, (n + 1) * sizeof(int), dev);
  int *d_col = (int *)to_device(a.col, a.nnz * sizeof(int), dev);
  double *d_val = (double *)to_device(a.val, a.nnz * sizeof(double), dev);
  double *d_x = (double *)to_device(x, n * sizeof(double), dev);
  double *d_y = (double *)omp_target_alloc(n * sizeof(double), dev);
  for (int it = 0; it < iters; ++it) {
#pragma omp target teams distribute parallel for is_device_ptr(d_row, d_col, d_val, d_x, d_y)
    for (int i = 0; i < n; ++i) {
      double s = 0.0;
      for (int k = d_row[i]; k < d_row[i + 1]; ++k)
        s += d_val[k] * d_x[d_col[k]];
      d_y[i] = s;
    }
    double *t = d_x;
    d_x = d_y;
    d_y = t;
  }
  omp_target_memcpy(x, d_x, n * sizeof(double), 0, 0, host, dev);
  double norm = 0.0;
  for (int i = 0; i < n; ++i)
    norm += x[i] * x[i];
  printf("spmv: |x| = %f\n", sqrt(norm));
  omp_target_free(d_row, dev);
  omp_target_free(d_col, dev);
  omp_target_free(d_val, dev);
  omp_target_free(d_x, dev);
  omp_target_free(d_y, dev);
  free(a.row);
  free(a.col);
  free(a.val);
  free(x);
  return 0;
}
