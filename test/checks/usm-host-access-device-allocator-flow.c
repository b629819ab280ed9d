// omp_alloc / omp_aligned_alloc whose allocator handle travels through a
// variable, a parameter, a struct field, or comes from omp_init_allocator
// with a device memory space: device memory, reported; host allocators and
// host memory spaces are not.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <omp.h>
#include <stddef.h>

void through_variable(size_t n) {
  omp_allocator_handle_t al = llvm_omp_target_device_mem_alloc;
  double *a = (double *)omp_alloc(n * sizeof(double), al);
  a[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_alloc'; the host cannot access device memory [usm-host-access-device]
  omp_allocator_handle_t host = omp_default_mem_alloc;
  double *b = (double *)omp_alloc(n * sizeof(double), host);
  b[0] = 1.0; // no-warning
  al = omp_default_mem_alloc; // reassigned to a host allocator
  double *c = (double *)omp_aligned_alloc(64, n * sizeof(double), al);
  c[0] = 1.0; // no-warning
  omp_free(a, llvm_omp_target_device_mem_alloc);
  omp_free(b, omp_default_mem_alloc);
  omp_free(c, omp_default_mem_alloc);
}

static double *alloc_with(size_t bytes, omp_allocator_handle_t al) {
  return (double *)omp_alloc(bytes, al);
}

void through_parameter(size_t n) {
  double *a = alloc_with(n * sizeof(double), omp_target_device_mem_alloc);
  a[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_alloc'; the host cannot access device memory [usm-host-access-device]
  double *b = alloc_with(n * sizeof(double), omp_default_mem_alloc);
  b[0] = 1.0; // no-warning
}

struct Config {
  omp_allocator_handle_t al;
  size_t n;
};

void through_field(size_t n) {
  struct Config c;
  c.al = llvm_omp_target_device_mem_alloc;
  c.n = n;
  double *a = (double *)omp_aligned_alloc(64, c.n * sizeof(double), c.al);
  a[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_aligned_alloc'; the host cannot access device memory [usm-host-access-device]
  struct Config h = {omp_default_mem_alloc, n};
  double *b = (double *)omp_alloc(h.n * sizeof(double), h.al);
  b[0] = 1.0; // no-warning
}

void from_init_allocator(size_t n) {
  omp_allocator_handle_t al =
      omp_init_allocator(llvm_omp_target_device_mem_space, 0, NULL);
  double *a = (double *)omp_alloc(n * sizeof(double), al);
  a[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_alloc'; the host cannot access device memory [usm-host-access-device]
  omp_allocator_handle_t host = omp_init_allocator(omp_default_mem_space, 0, NULL);
  double *b = (double *)omp_alloc(n * sizeof(double), host);
  b[0] = 1.0; // no-warning
  omp_destroy_allocator(al);
  omp_destroy_allocator(host);
}
