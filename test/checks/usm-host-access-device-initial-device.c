// omp_target_alloc* on the initial device (the host) returns host memory:
// directly, through a variable, or through a helper's parameter. Any other
// device number is device memory.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <omp.h>
#include <stddef.h>

void direct(int n) {
  double *a = (double *)omp_target_alloc(n * sizeof(double), omp_get_initial_device());
  a[0] = 1.0; // no-warning: host memory
  double *b = (double *)omp_target_alloc_device(n * sizeof(double), omp_get_initial_device());
  b[0] = 1.0; // no-warning
  double *c = (double *)omp_target_alloc(n * sizeof(double), omp_get_default_device());
  c[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
  omp_target_free(a, omp_get_initial_device());
  omp_target_free(b, omp_get_initial_device());
  omp_target_free(c, omp_get_default_device());
}

void via_variable(int n, int flag) {
  int host = omp_get_initial_device();
  double *a = (double *)omp_target_alloc(n * sizeof(double), host);
  a[0] = 1.0; // no-warning
  int dev = omp_get_default_device();
  double *b = (double *)omp_target_alloc(n * sizeof(double), dev);
  b[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
  int where = omp_get_initial_device();
  if (flag)
    where = dev; // the initial device on one path only
  double *c = (double *)omp_target_alloc_shared(n * sizeof(double), where);
  double *d = (double *)omp_target_alloc(n * sizeof(double), where);
  c[0] = 1.0; // no-warning: shared memory either way
  d[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
}

static double *make(size_t n, int where) {
  return (double *)omp_target_alloc(n * sizeof(double), where);
}

static double *make_twice(size_t n, int where) { return make(n, where); }

void via_helper(int n) {
  double *a = make(n, omp_get_initial_device());
  a[0] = 1.0; // no-warning
  int host = omp_get_initial_device();
  double *b = make_twice(n, host);
  b[0] = 1.0; // no-warning: two call levels
  double *c = make(n, omp_get_default_device());
  c[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
  double *d = make_twice(n, 0);
  d[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
}
