// usm-cross-device, OpenMP: device numbers of allocations, target regions
// and copies; quiet on the same number, on unknown numbers and on shared
// memory.
// clang-format off
#include <omp.h>
#include <stddef.h>

#define GPU_B 1

static const int gpu_a = 0;

void constant_numbers(size_t n) {
  double *p = (double *)omp_target_alloc(n * sizeof(double), 1);
#pragma omp target teams distribute parallel for device(0) is_device_ptr(p)
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: device memory 'p' allocated for device 1 is used by a kernel on device 0; device memory is accessible only from the device it was allocated for; allocate it on the device that uses it, copy it to that device with 'omp_target_memcpy' [usm-cross-device]
  for (size_t i = 0; i < n; ++i)
    p[i] = 0.0;
  omp_target_free(p, 1);
}

void named_constants(size_t n) {
  double *p = (double *)omp_target_alloc_device(n * sizeof(double), gpu_a);
#pragma omp target device(GPU_B) is_device_ptr(p)
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: device memory 'p' allocated for device 'gpu_a' (0) is used by a kernel on device 'GPU_B' (1)
  p[0] = 1.0;
  omp_target_free(p, gpu_a);
}

void same_variable_offset(size_t n) {
  int dev = omp_get_default_device();
  double *p = (double *)omp_target_alloc(n * sizeof(double), dev);
#pragma omp target device(dev + 1) is_device_ptr(p)
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: device memory 'p' allocated for device 'dev' is used by a kernel on device 'dev + 1'
  p[0] = 1.0;
  omp_target_free(p, dev);
}

void copy_names_other_device(double *host, size_t n) {
  double *p = (double *)omp_target_alloc(n * sizeof(double), 1);
  omp_target_memcpy(p, host, n * sizeof(double), 0, 0, 0, omp_get_initial_device());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'p' allocated for device 1 is copied by 'omp_target_memcpy' on device 0; device memory is accessible only from the device it was allocated for; pass the number of the device it was allocated for
  omp_target_free(p, 1);
}

void copy_source_other_device(double *host, size_t n) {
  int d = 2;
  double *p = (double *)omp_target_alloc(n * sizeof(double), d);
  omp_target_memcpy(host, p, n * sizeof(double), 0, 0, omp_get_initial_device(), 3);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'p' allocated for device 'd' (2) is copied by 'omp_target_memcpy' on device 3
  omp_target_free(p, d);
}

void default_device_selected(size_t n) {
  double *p = (double *)omp_target_alloc(n * sizeof(double), 0);
  omp_set_default_device(1);
#pragma omp target is_device_ptr(p)
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: device memory 'p' allocated for device 0 is used by a kernel on the device selected by 'omp_set_default_device(1)' (1)
  p[0] = 1.0;
  omp_target_free(p, 0);
}

void through_alias(size_t n) {
  double *p = (double *)omp_target_alloc(n * sizeof(double), 2);
  double *q = p + 1;
#pragma omp target device(1) is_device_ptr(q)
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: device memory 'q' allocated for device 2 is used by a kernel on device 1
  q[0] = 1.0;
  omp_target_free(p, 2);
}

// ---- correct code: no findings below ----

void same_constant(size_t n) {
  double *p = (double *)omp_target_alloc(n * sizeof(double), 1);
#pragma omp target device(1) is_device_ptr(p) // no-warning: same device
  p[0] = 1.0;
  omp_target_free(p, 1);
}

void same_variable(size_t n) {
  int dev = omp_get_default_device();
  double *p = (double *)omp_target_alloc(n * sizeof(double), dev);
#pragma omp target device(dev) is_device_ptr(p) // no-warning: same variable, not assigned between
  p[0] = 1.0;
  omp_target_free(p, dev);
}

void different_unknown_variables(size_t n, int a, int b) {
  double *p = (double *)omp_target_alloc(n * sizeof(double), a);
#pragma omp target device(b) is_device_ptr(p) // no-warning: a and b may be equal
  p[0] = 1.0;
  omp_target_free(p, a);
}

void every_device(size_t n, double **bufs) {
  for (int d = 0; d < omp_get_num_devices(); ++d) {
    double *p = (double *)omp_target_alloc(n * sizeof(double), d);
#pragma omp target device(d) is_device_ptr(p) // no-warning: same device in each iteration
    p[0] = 1.0;
    bufs[d] = p;
  }
}

void shared_memory(size_t n) {
  double *s = (double *)omp_target_alloc_shared(n * sizeof(double), 1);
#pragma omp target device(0) is_device_ptr(s) // no-warning: shared memory, not device memory
  s[0] = 1.0;
  omp_target_free(s, 1);
}

void right_copy(double *host, size_t n) {
  double *p = (double *)omp_target_alloc(n * sizeof(double), 1);
  omp_target_memcpy(p, host, n * sizeof(double), 0, 0, 1, omp_get_initial_device()); // no-warning
  omp_target_memcpy(host, p, n * sizeof(double), 0, 0, omp_get_initial_device(), 1); // no-warning
  omp_target_free(p, 1);
}

void either_allocation(size_t n, int c) {
  double *a = (double *)omp_target_alloc(n * sizeof(double), 0);
  double *b = (double *)omp_target_alloc(n * sizeof(double), 1);
  double *p = c ? a : b;
#pragma omp target device(1) is_device_ptr(p) // no-warning: p may hold b
  p[0] = 1.0;
  omp_target_free(a, 0);
  omp_target_free(b, 1);
}

void default_device_matches(size_t n) {
  double *p = (double *)omp_target_alloc(n * sizeof(double), 1);
  omp_set_default_device(1);
#pragma omp target is_device_ptr(p) // no-warning: the default device is 1
  p[0] = 1.0;
  omp_target_free(p, 1);
}

void default_device_unknown(size_t n) {
  double *p = (double *)omp_target_alloc(n * sizeof(double), 1);
#pragma omp target is_device_ptr(p) // no-warning: the default device is not visible
  p[0] = 1.0;
  omp_target_free(p, 1);
}
