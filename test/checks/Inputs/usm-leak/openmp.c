// usm-leak, OpenMP: early returns, overwritten pointers in loops, helpers;
// quiet when the memory is returned, stored in a global or a field, handed
// to an unknown function, released by a helper, or when the allocation
// failed.
// clang-format off
#include <omp.h>
#include <stddef.h>

struct Grid { double *cells; size_t n; };
double *g_scratch;
void keep_somewhere(double *p); // body not visible: it may keep p
static void release(double *p, int dev) { omp_target_free(p, dev); }

int early_return(int dev, size_t n) {
  double *a = (double *)omp_target_alloc(n * sizeof(double), dev);
  if (!a)
    return -1; // no-warning: nothing was allocated
  double *b = (double *)omp_target_alloc(n * sizeof(double), dev);
  if (!b)
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: USM device memory allocated by 'omp_target_alloc' is not released on this path out of 'early_return' [usm-leak]
  // CHECK-MESSAGES: :[[@LINE-7]]:25: note: allocated here by 'omp_target_alloc'
  release(a, dev);
  release(b, dev);
  return 0;
}

void overwritten_in_loop(int dev, int steps) {
  double *buf = NULL;
  for (int s = 0; s < steps; ++s) {
    buf = (double *)omp_target_alloc_shared(64, dev);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the last pointer to USM shared memory allocated by 'omp_target_alloc_shared' is overwritten here; the memory can no longer be released [usm-leak]
    buf[0] = s;
  }
  omp_target_free(buf, dev);
}

#define DEVICE_BUFFER(n, dev) ((double *)omp_target_alloc((n) * sizeof(double), (dev)))
void never_released(int dev) {
  double *d = DEVICE_BUFFER(16, dev);
  #pragma omp target is_device_ptr(d) device(dev)
  d[0] = 1;
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: USM device memory allocated by 'omp_target_alloc' is not released on this path out of 'never_released'

// ---- correct code: no findings below ----

double *factory(int dev, size_t n) {
  double *d = (double *)omp_target_alloc(n * sizeof(double), dev);
  if (!d)
    return NULL;
  return d; // no-warning: the caller owns it
}

void stored_globally(int dev) {
  g_scratch = (double *)omp_target_alloc(64, dev); // no-warning
  double *local = (double *)omp_target_alloc(64, dev);
  g_scratch = local; // no-warning: stored in a global
}

void stored_in_struct(struct Grid *g, int dev) {
  double *c = (double *)omp_target_alloc(g->n * sizeof(double), dev);
  g->cells = c; // no-warning: the grid outlives the function
}

void handed_over(int dev) {
  double *d = (double *)omp_target_alloc(64, dev);
  keep_somewhere(d); // no-warning: an unknown function may keep it
}

void owner_from_factory(int dev) {
  double *d = factory(dev, 8);
  if (!d)
    return;
  release(d, dev); // no-warning: released by the helper
}
