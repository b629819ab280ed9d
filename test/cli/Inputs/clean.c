#include <stddef.h>
void *omp_target_alloc(size_t, int);
void omp_target_free(void *, int);
void f(void) {
  double *p = (double *)omp_target_alloc(100, 0);
  omp_target_free(p, 0);
}
