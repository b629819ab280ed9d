// Correct OpenMP programs: usm-host-access-device must stay quiet.
// RUN: %check_clang_tidy %s usm-host-access-device %t
// The three fixes of DESIGN.md section 1 are clean:
// RUN: %check_clang_tidy %examples/openmp/fix_host.c usm-host-access-device %t-host
// RUN: %check_clang_tidy %examples/openmp/fix_shared.c usm-host-access-device %t-shared
// RUN: %check_clang_tidy %examples/openmp/fix_copy.c usm-host-access-device %t-copy
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

void external_use(double *p);

void only_in_kernels(int dev) {
  double *d = (double *)omp_target_alloc_device(100 * sizeof(double), dev);
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (int i = 0; i < 100; ++i)
    d[i] = i; // no-warning: inside a target region
#pragma omp target is_device_ptr(d)
  {
    d[0] += d[1]; // no-warning: target region
    double *alias = d + 2;
    *alias = 3.0; // no-warning: target region
  }
  omp_target_free(d, dev);
}

void copy_back_then_read(int dev) {
  double *d = (double *)omp_target_alloc(100 * sizeof(double), dev);
  double host[100];
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (int i = 0; i < 100; ++i)
    d[i] = 2 * i;
  omp_target_memcpy(host, d, sizeof host, 0, 0, omp_get_initial_device(), dev);
  printf("%f\n", host[10]); // no-warning: host buffer
  omp_target_free(d, dev);
}

void reassigned(int dev) {
  double *p = (double *)omp_target_alloc(64, dev);
  omp_target_free(p, dev);
  p = (double *)malloc(64);
  p[0] = 1.0; // no-warning: host memory now
  free(p);
}

void reassigned_to_array(int dev) {
  double local[8];
  double *p = (double *)omp_target_alloc(64, dev);
  omp_target_free(p, dev);
  p = local;
  p[0] = 1.0; // no-warning: stack memory now
}

void host_and_shared(int dev) {
  double *h = (double *)omp_target_alloc_host(64, dev);
  double *s = (double *)omp_target_alloc_shared(64, dev);
  double *lh = (double *)llvm_omp_target_alloc_host(64, dev);
  double *ls = (double *)llvm_omp_target_alloc_shared(64, dev);
  h[0] = s[0] = lh[0] = ls[0] = 1.0; // no-warning: host-accessible kinds
  printf("%f %f\n", h[0], s[0]);      // no-warning
}

void pointer_values_only(int dev) {
  double *d = (double *)omp_target_alloc(64, dev);
  if (d == NULL) // no-warning: comparison of the pointer value
    return;
  if (!d) // no-warning
    return;
  printf("%p\n", (void *)d); // no-warning: %p prints the value
  double *end = d + 8;       // no-warning: arithmetic
  double *third = &d[3];     // no-warning: address only
  printf("%ld\n", (long)(end - third)); // no-warning
  unsigned long sz = sizeof(*d); // no-warning: unevaluated
  (void)sz;
  external_use(d); // no-warning: nothing known about the callee
  omp_target_memcpy(d, d + 4, 8, 0, 0, dev, dev); // no-warning: USM API
  omp_target_free(d, dev); // no-warning
}

static int is_null(const double *p) { return p == 0; }
void helper_compares_only(int dev) {
  double *d = (double *)omp_target_alloc(64, dev);
  if (is_null(d)) // no-warning: the helper never dereferences it
    return;
  omp_target_free(d, dev);
}

#pragma omp declare target
static double first(const double *v) { return v[0]; }
#pragma omp end declare target
static double twice(const double *v) { return 2 * v[0]; }

void device_helpers(int dev) {
  double *d = (double *)omp_target_alloc(8 * sizeof(double), dev);
  double r = 0;
#pragma omp target is_device_ptr(d) map(tofrom : r)
  {
    r = first(d); // no-warning: declare target, called on the device
    r += twice(d); // no-warning: called only from device code
  }
  printf("%f\n", r);
  omp_target_free(d, dev);
}

void host_buffer_mapped(void) {
  double a[16];
  for (int i = 0; i < 16; ++i)
    a[i] = i; // no-warning: host array
#pragma omp target map(tofrom : a[0 : 16])
  for (int i = 0; i < 16; ++i)
    a[i] *= 2;
  printf("%f\n", a[3]); // no-warning
}

void unknown_selector(omp_allocator_handle_t al) {
  double *p = (double *)omp_alloc(64, al);
  p[0] = 1.0; // no-warning: the allocator is not known statically
  omp_free(p, al);
}

struct Pair { double *p; int n; };
void aggregate_fields(int dev) {
  struct Pair d = {(double *)omp_target_alloc(64, dev), 8};
  double local[8];
  struct Pair h = {local, 8};
  h.p[0] = 1.0; // no-warning: this object's field holds stack memory
  omp_target_free(d.p, dev);
}

void array_of_pointers(int dev) {
  double host[4];
  double *ptrs[2];
  ptrs[0] = (double *)omp_target_alloc(64, dev);
  ptrs[1] = host;
  ptrs[1][0] = 1.0; // no-warning: element 1 is host memory
  omp_target_free(ptrs[0], dev);
}

void suppressed(int dev) {
  double *d = (double *)omp_target_alloc(64, dev);
  d[0] = 1.0; // NOLINT(usm-host-access-device): no-warning, suppressed by the user
  omp_target_free(d, dev);
}

// One struct type, two objects: the field holds host memory in one and
// device memory in the other. The TU-wide field summary is mixed, so it says
// nothing about `h`.
struct Buf { double *ptr; };
static struct Buf make_host(void) {
  struct Buf b;
  b.ptr = (double *)malloc(64);
  return b;
}
static struct Buf make_dev(int dev) {
  struct Buf b;
  b.ptr = (double *)omp_target_alloc(64, dev);
  return b;
}
void per_object_fields(int dev) {
  struct Buf h = make_host();
  struct Buf d = make_dev(dev);
  h.ptr[0] = 1.0; // no-warning: h's field is host memory
  free(h.ptr);
  omp_target_free(d.ptr, dev);
}
