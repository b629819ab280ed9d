#include <stddef.h>
void *omp_target_alloc(size_t, int);
void free(void *);
void a(void) {
  double *p = (double *)omp_target_alloc(100, 0);
  free(p); // NOLINT(usm-free-mismatch)
}
void b(void) {
  double *p = (double *)omp_target_alloc(100, 0);
  // NOLINTNEXTLINE(usm-free-mismatch)
  free(p);
}
void c(void) {
  double *p = (double *)omp_target_alloc(100, 0);
  free(p); // NOLINT(usm-some-other-check)
}
void d(void) {
  double *p = (double *)omp_target_alloc(100, 0);
  free(p); // NOLINT
}
