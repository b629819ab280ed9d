#include <omp.h>
#include <stdio.h>
#include "buffer.h"

int main(void) {
  int dev = omp_get_default_device();
  double *buf = (double *)ALLOC_BUFFER(64 * sizeof(double), dev);
  buf[0] = 1.0;
  printf("%f\n", buf[0]);
  return 0;
}
