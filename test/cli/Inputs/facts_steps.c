#include <omp.h>
#include <stdio.h>
static double *make(int n, int dev) {
  double *d = (double *)omp_target_alloc(n * sizeof(double), dev);
  return d;
}
int main(void) {
  int dev = omp_get_default_device();
  double *a = make(64, dev);
  double *b = a;
  printf("%f\n", b[0]);
  omp_target_free(a, dev);
  return 0;
}
