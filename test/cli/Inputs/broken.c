#include <stddef.h>
void *omp_target_alloc(size_t, int);
void free(void *);
void f(void) {
  double *p = (double *)omp_target_alloc(100, 0);
  free(p);
}
void g(void) {
  this is not C;
}
