// usm-device-access-pageable, OpenMP (C): plain host memory handed to a
// target region as a device address (is_device_ptr, has_device_addr) and
// dereferenced there; quiet on device memory, mapped data, use_device_ptr
// regions, declare-target arrays, unknown origins and pointers the region
// does not dereference.
// clang-format off
#include <omp.h>
#include <stdlib.h>

float g_table[256];

void heap_is_device_ptr(int n) {
  float *p = (float *)malloc(n * sizeof(float));
#pragma omp target teams distribute parallel for is_device_ptr(p)
  for (int i = 0; i < n; ++i)
    p[i] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: 'p' holds plain host memory allocated by 'malloc', which the device cannot access, and is dereferenced by the kernel; allocate it with omp_target_alloc (device) or omp_target_alloc_shared (shared), or map it (map(tofrom: p[0:n]) instead of is_device_ptr/has_device_addr) [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-5]]:23: note: allocated here by 'malloc'
  free(p);
}

void zeroed_through_alias(int n) {
  double *buf = (double *)calloc(n, sizeof(double));
  double *q = buf + 1;
#pragma omp target is_device_ptr(q)
  { *q = 2.0; }
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: 'q' holds plain host memory allocated by 'calloc'{{.*}} [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-5]]:27: note: allocated here by 'calloc'
  free(buf);
}

void stack_array(void) {
  int local[64];
#pragma omp target has_device_addr(local)
  { local[3] = 7; }
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: 'local' is a stack array, which the device cannot access, and is dereferenced by the kernel{{.*}} [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'local' declared here
}

void static_array(int n) {
#pragma omp target teams distribute parallel for has_device_addr(g_table)
  for (int i = 0; i < n; ++i)
    g_table[i] *= 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: 'g_table' is a static array, which the device cannot access{{.*}} [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-35]]:7: note: 'g_table' declared here
}

// ---- correct code: no findings below ----

float g_mirror[256];
#pragma omp declare target(g_mirror)

void device_memory(int n, int dev) {
  float *d = (float *)omp_target_alloc(n * sizeof(float), dev);
#pragma omp target teams distribute parallel for is_device_ptr(d) device(dev)
  for (int i = 0; i < n; ++i)
    d[i] = 0.0f; // no-warning: device memory
  omp_target_free(d, dev);
}

void mapped(int n) {
  float *p = (float *)malloc(n * sizeof(float));
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] += 1.0f; // no-warning: mapped
  free(p);
}

void use_device_ptr_region(int n) {
  float *p = (float *)malloc(n * sizeof(float));
#pragma omp target data map(tofrom: p[0:n])
  {
#pragma omp target data use_device_ptr(p)
    {
#pragma omp target is_device_ptr(p)
      { p[0] = 1.0f; } // no-warning: p is the device address here
    }
  }
  free(p);
}

void enter_data(int n) {
  float *p = (float *)malloc(n * sizeof(float));
#pragma omp target enter data map(to: p[0:n])
#pragma omp target is_device_ptr(p)
  { p[0] = 1.0f; } // no-warning: the function maps p (a region visibly open)
#pragma omp target exit data map(delete: p[0:n])
  free(p);
}

void declare_target_array(int n) {
#pragma omp target has_device_addr(g_mirror)
  { g_mirror[0] = 1.0f; } // no-warning: the device has its own copy
}

void unknown_origin(float *from_caller, int n) {
#pragma omp target is_device_ptr(from_caller)
  { from_caller[0] = 1.0f; } // no-warning: the caller is not visible
}

void not_dereferenced(int n) {
  float *p = (float *)malloc(n * sizeof(float));
  int same = 0;
#pragma omp target is_device_ptr(p) map(from: same)
  { same = p != 0; } // no-warning: the address is compared, not read
  free(p);
}

void maybe_device(int n, int dev, int cond) {
  float *p = cond ? (float *)malloc(n * sizeof(float))
                  : (float *)omp_target_alloc(n * sizeof(float), dev);
#pragma omp target is_device_ptr(p)
  { p[0] = 1.0f; } // no-warning: device memory on one path
}
