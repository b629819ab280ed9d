#include <omp.h>

void fill(double **out, int n);

/* The definitions of a pointer that the steps go back through: the last
   assignment before the access counts, not the declaration or a later
   assignment; &p handed to a call is a definition too. */
double reassigned(int n, int dev, double *host) {
  double *a = (double *)omp_target_alloc(n * sizeof(double), dev);
  double *b = host;
  double *c = 0;
  fill(&c, n);
  b = a;
  double r = b[0];
  b = host;
  return r + c[0];
}

/* A GNU ?: shares its condition (an OpaqueValueExpr): the body is read
   whole for the definitions, with the same steps. */
double shared_condition(int n, int dev, double *host) {
  double *a = (double *)omp_target_alloc(n * sizeof(double), dev);
  double *b = 0;
  b = a;
  double *c = b ?: host;
  return b[1] + c[0];
}
