// Device pointers stored in a struct that a helper returns by value
// (initialiser list, designated initialisers, compound literal), read
// through the struct's fields by the caller.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <omp.h>
#include <stdlib.h>

struct Bufs {
  double *dev;
  double *host;
  int n;
};

static struct Bufs make_list(int n, int dev) {
  struct Bufs b = {(double *)omp_target_alloc(n * sizeof(double), dev),
                   (double *)malloc(n * sizeof(double)), n};
  return b;
}

static struct Bufs make_designated(int n, int dev) {
  struct Bufs b = {.host = (double *)malloc(n * sizeof(double)),
                   .n = n,
                   .dev = (double *)omp_target_alloc(n * sizeof(double), dev)};
  return b;
}

static struct Bufs make_literal(int n, int dev) {
  return (struct Bufs){.dev = (double *)omp_target_alloc(n * sizeof(double), dev),
                       .host = (double *)malloc(n * sizeof(double)),
                       .n = n};
}

void use(int n, int dev) {
  struct Bufs a = make_list(n, dev);
  a.host[0] = 1.0; // no-warning: host memory
  a.dev[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
  struct Bufs b = make_designated(n, dev);
  b.host[1] = 1.0; // no-warning
  double x = b.dev[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: host code reads device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
  struct Bufs c;
  c = make_literal(n, dev);
  c.host[2] = x; // no-warning
  c.dev[2] = x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
}
