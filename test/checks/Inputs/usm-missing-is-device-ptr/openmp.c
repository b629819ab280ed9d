// usm-missing-is-device-ptr: device memory dereferenced in a target region
// that does not list its pointer in is_device_ptr/has_device_addr; quiet
// when it is listed, mapped, inside use_device_ptr, not dereferenced, of
// unknown origin, or not device memory.
// clang-format off
#include <omp.h>
#include <stdlib.h>

void plain_target(int n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
#pragma omp target device(dev)
  { d[0] = 1.0f; }
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'd' holds device memory allocated by 'omp_target_alloc' and is dereferenced in a target region that does not list it in is_device_ptr; the region relies on implicit pointer attachment; add is_device_ptr(d) to the directive [usm-missing-is-device-ptr]
  // CHECK-MESSAGES: :[[@LINE-3]]:1: note: the target directive is here
  // CHECK-MESSAGES: :[[@LINE-5]]:23: note: allocated here by 'omp_target_alloc'
  omp_target_free(d, dev);
}

void combined_loop(int n, int dev) {
  double *a = (double *)omp_target_alloc_device(n * sizeof(double), dev);
#pragma omp target teams distribute parallel for device(dev)
  for (int i = 0; i < n; ++i)
    a[i] = i;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'a' holds device memory allocated by 'omp_target_alloc_device'{{.*}} [usm-missing-is-device-ptr]
  omp_target_free(a, dev);
}

void one_of_two_listed(int n, int dev) {
  int *x = (int *)omp_target_alloc(n * sizeof(int), dev);
  int *y = (int *)omp_target_alloc(n * sizeof(int), dev);
#pragma omp target is_device_ptr(x) device(dev)
  { x[0] = y[0]; }
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'y' holds device memory allocated by 'omp_target_alloc'{{.*}} [usm-missing-is-device-ptr]
  omp_target_free(x, dev);
  omp_target_free(y, dev);
}

void through_arrow(int dev) {
  struct Cell { int v; } *c =
      (struct Cell *)llvm_omp_target_alloc_device(sizeof(struct Cell), dev);
#pragma omp target device(dev)
  { c->v = 3; }
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c' holds device memory allocated by 'llvm_omp_target_alloc_device'{{.*}} [usm-missing-is-device-ptr]
  omp_target_free(c, dev);
}

void deref_star(int n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
  float *mid = d + n / 2;
#pragma omp target parallel device(dev)
  { *mid = 0.0f; }
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mid' holds device memory allocated by 'omp_target_alloc'{{.*}} [usm-missing-is-device-ptr]
  omp_target_free(d, dev);
}

void teams_region(int n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
#pragma omp target teams device(dev)
  { d[omp_get_team_num()] = 1.0f; }
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'd' holds device memory{{.*}} [usm-missing-is-device-ptr]
  omp_target_free(d, dev);
}

void allocator_device(int n, int dev) {
  float *d = (float *)omp_alloc(n * sizeof(float), llvm_omp_target_device_mem_alloc);
#pragma omp target
  { d[0] = 2.0f; }
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'd' holds device memory allocated by 'omp_alloc'{{.*}} [usm-missing-is-device-ptr]
  omp_free(d, llvm_omp_target_device_mem_alloc);
}

void in_loop(int n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
  for (int s = 0; s < 4; ++s) {
#pragma omp target teams distribute parallel for device(dev)
    for (int i = 0; i < n; ++i)
      d[i] += s;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'd' holds device memory{{.*}} [usm-missing-is-device-ptr]
  }
  omp_target_free(d, dev);
}

// ---- correct code: no findings below ----

void listed(int n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
#pragma omp target is_device_ptr(d) device(dev)
  { d[0] = 1.0f; } // no-warning
  omp_target_free(d, dev);
}

void has_device_addr(int n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
#pragma omp target has_device_addr(d[0:n]) device(dev)
  { d[0] = 1.0f; } // no-warning
  omp_target_free(d, dev);
}

void use_device_ptr_region(int n) {
  float *h = (float *)malloc(n * sizeof(float));
#pragma omp target data map(tofrom: h[0:n]) use_device_ptr(h)
  {
#pragma omp target
    { h[0] = 1.0f; } // no-warning: host memory, mapped
  }
  free(h);
}

void not_dereferenced(int n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
  int set = 0;
#pragma omp target map(from: set) device(dev)
  { set = d != 0; } // no-warning: only compared
  omp_target_free(d, dev);
}

void shared_memory(int n, int dev) {
  float *s = (float *)omp_target_alloc_shared(n * sizeof(float), dev);
#pragma omp target device(dev)
  { s[0] = 1.0f; } // no-warning: not device memory
  omp_target_free(s, dev);
}

void unknown_origin(float *p) {
#pragma omp target
  { p[0] = 1.0f; } // no-warning: the caller is not visible
}

void maybe_device(int n, int dev, int c) {
  float *p = c ? (float *)omp_target_alloc(n * sizeof(float), dev)
               : (float *)malloc(n * sizeof(float));
#pragma omp target
  { p[0] = 1.0f; } // no-warning: device memory on one path only
}

void mapped_host(int n) {
  float *h = (float *)malloc(n * sizeof(float));
#pragma omp target map(tofrom: h[0:n])
  { h[0] = 1.0f; } // no-warning: host memory, mapped
  free(h);
}
