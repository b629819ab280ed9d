// usm-double-free, OpenMP: direct, through aliases, helpers and macros;
// quiet after resets, fresh allocations and on correlated paths.
// clang-format off
#include <omp.h>
#include <stddef.h>

static void release(double *p, int dev) { omp_target_free(p, dev); }
static void release_twice_removed(double *p, int dev) { release(p, dev); }
#define RELEASE(p, dev) omp_target_free((p), (dev))

void direct(int dev) {
  double *p = (double *)omp_target_alloc(64, dev);
  omp_target_free(p, dev);
  omp_target_free(p, dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM device memory allocated by 'omp_target_alloc' is released again; it was already released on every path to here [usm-double-free]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: released here
  // CHECK-MESSAGES: :[[@LINE-5]]:25: note: allocated here by 'omp_target_alloc'
}

void alias(int dev) {
  double *p = (double *)omp_target_alloc_shared(64, dev);
  double *q = p + 1;
  omp_target_free(p, dev);
  omp_target_free(q - 1, dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM shared memory allocated by 'omp_target_alloc_shared' is released again
}

void through_helpers(int dev) {
  double *p = (double *)omp_target_alloc(64, dev);
  release_twice_removed(p, dev);
  RELEASE(p, dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM device memory allocated by 'omp_target_alloc' is released again
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: released here by the call of 'release_twice_removed'
  // CHECK-MESSAGES: :[[@LINE-27]]:43: note: which releases it here
}

void both_branches(int dev, int c) {
  double *p = (double *)omp_target_alloc(64, dev);
  if (c)
    omp_target_free(p, dev);
  else
    release(p, dev);
  omp_target_free(p, dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM device memory allocated by 'omp_target_alloc' is released again
}

// ---- correct code: no findings below ----

void reset_to_null(int dev) {
  double *p = (double *)omp_target_alloc(64, dev);
  omp_target_free(p, dev);
  p = NULL;
  omp_target_free(p, dev); // no-warning: freeing a null pointer
}

void fresh_allocation(int dev) {
  double *p = (double *)omp_target_alloc(64, dev);
  omp_target_free(p, dev);
  p = (double *)omp_target_alloc(64, dev);
  omp_target_free(p, dev); // no-warning: a new allocation
}

void correlated(int dev, int c) {
  double *p = (double *)omp_target_alloc(64, dev);
  if (c)
    omp_target_free(p, dev);
  if (!c)
    omp_target_free(p, dev); // no-warning: not freed on this path
}

int error_path(int dev, int n) {
  double *p = (double *)omp_target_alloc(64, dev);
  if (n < 0) {
    omp_target_free(p, dev);
    return -1;
  }
  omp_target_free(p, dev); // no-warning: the other free returned
  return 0;
}

void in_loop(int dev) {
  for (int i = 0; i < 4; ++i) {
    double *p = (double *)omp_target_alloc(64, dev);
    omp_target_free(p, dev); // no-warning: one free per iteration
  }
}
