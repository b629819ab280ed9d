#include <omp.h>
#include <stdlib.h>

int main(void) {
  size_t bytes = 1024 * sizeof(double);
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  double *buf = (double *)omp_target_alloc(bytes, dev);
  double *hbuf = (double *)malloc(bytes);
  omp_target_memcpy(hbuf, buf, bytes, 0, 0, dev, host);
  free(hbuf);
  omp_target_free(buf, dev);
  return 0;
}
