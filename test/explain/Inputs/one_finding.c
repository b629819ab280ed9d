// One finding for the LLM channel tests: device memory released with the C
// library's free().
#include <omp.h>
#include <stdlib.h>

int main(void) {
  int dev = omp_get_default_device();
  double *p = (double *)omp_target_alloc_device(64 * sizeof(double), dev);
  if (!p)
    return 1;
  free(p);
  return 0;
}
