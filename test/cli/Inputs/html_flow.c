// A device pointer returned by a helper, copied, then read by the host: the
// HTML report lists each step (docs/html-report.md).
#include <omp.h>
#include <stdio.h>
static double *make(int n, int dev) {
  double *p = (double *)omp_target_alloc_device(n * sizeof(double), dev);
  return p;
}
int main(void) {
  int dev = omp_get_default_device();
  double *q = make(64, dev);
  double *r = q;
  printf("%f\n", r[1]);
  omp_target_free(q, dev);
  return 0;
}
