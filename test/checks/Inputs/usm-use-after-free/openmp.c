// usm-use-after-free, OpenMP: host accesses, target regions and copies
// after the free, through aliases, helpers and macros; quiet after a fresh
// allocation, a reset, on paths without the free and before it.
// clang-format off
#include <omp.h>
#include <stdio.h>
#include <stddef.h>

static double first(const double *p) { return p[0]; }
static void release(double *p, int dev) { omp_target_free(p, dev); }
#define FREE_ON(dev, p) omp_target_free((p), (dev))

void host_access(int dev) {
  double *h = (double *)omp_target_alloc_host(64, dev);
  double *alias = h;
  omp_target_free(h, dev);
  alias[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code accesses USM host memory allocated by 'omp_target_alloc_host' after it was released [usm-use-after-free]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: released here
  // CHECK-MESSAGES: :[[@LINE-6]]:25: note: allocated here by 'omp_target_alloc_host'
}

void target_region(int dev, int n) {
  double *d = (double *)omp_target_alloc(n * sizeof(double), dev);
  FREE_ON(dev, d);
  #pragma omp target is_device_ptr(d) device(dev)
  for (int i = 0; i < n; ++i)
    d[i] = i;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: a kernel uses USM device memory allocated by 'omp_target_alloc' after it was released
}

void copy_after_free(int dev, double *host) {
  double *d = (double *)omp_target_alloc(64, dev);
  release(d, dev);
  omp_target_memcpy(host, d, 64, 0, 0, omp_get_initial_device(), dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: error: a copy uses USM device memory allocated by 'omp_target_alloc' after it was released
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: released here by the call of 'release'
}

void helper_use(int dev) {
  double *s = (double *)omp_target_alloc_shared(64, dev);
  omp_target_free(s, dev);
  printf("%f\n", first(s));
  // CHECK-MESSAGES: :[[@LINE-1]]:24: error: 'first' uses USM shared memory allocated by 'omp_target_alloc_shared' after it was released
  // CHECK-MESSAGES: :[[@LINE-36]]:47: note: 'first' uses the memory here
}

// ---- correct code: no findings below ----

void fresh(int dev) {
  double *h = (double *)omp_target_alloc_host(64, dev);
  omp_target_free(h, dev);
  h = (double *)omp_target_alloc_host(64, dev);
  h[0] = 1.0; // no-warning: a new allocation
  omp_target_free(h, dev);
}

int early_exit(int dev, int n) {
  double *h = (double *)omp_target_alloc_host(64, dev);
  if (n < 0) {
    omp_target_free(h, dev);
    return -1;
  }
  h[0] = n; // no-warning: the free returned
  omp_target_free(h, dev);
  return 0;
}

void reset(int dev) {
  double *h = (double *)omp_target_alloc_host(64, dev);
  omp_target_free(h, dev);
  h = NULL;
  if (h)
    h[0] = 1.0; // no-warning: reset to null
  printf("%p\n", (void *)h); // no-warning: the value only
}

void loop(int dev, int n) {
  for (int i = 0; i < n; ++i) {
    double *d = (double *)omp_target_alloc(64, dev);
    #pragma omp target is_device_ptr(d) device(dev)
    d[0] = i; // no-warning: used before the free of this iteration
    omp_target_free(d, dev);
  }
}
