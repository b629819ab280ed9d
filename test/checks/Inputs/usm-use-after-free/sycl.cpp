// usm-use-after-free, SYCL: kernels, copies and host accesses after
// sycl::free, through template helpers.
// clang-format off
#include <sycl/sycl.hpp>

template <typename T> void release(sycl::queue &q, T *p) { sycl::free(p, q); }
template <typename T> void fill(sycl::queue &q, T *p, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = T(); }).wait();
}

void kernel_after_free(sycl::queue &q, size_t n) {
  float *d = sycl::malloc_device<float>(n, q);
  sycl::free(d, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = 0; }).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:58: error: a kernel uses USM device memory allocated by 'sycl::malloc_device' after it was released [usm-use-after-free]
}

void copy_after_free(sycl::queue &q, float *host, size_t n) {
  float *d = sycl::malloc_device<float>(n, q);
  release(q, d);
  q.memcpy(host, d, n * sizeof(float)).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: a copy uses USM device memory allocated by 'sycl::malloc_device' after it was released
}

void template_helper_use(sycl::queue &q, size_t n) {
  int *s = sycl::malloc_shared<int>(n, q);
  sycl::free(s, q);
  fill(q, s, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: error: 'fill' uses USM shared memory allocated by 'sycl::malloc_shared' after it was released
}

void host_after_free(sycl::queue &q) {
  int *h = sycl::malloc_host<int>(4, q);
  sycl::free(h, q);
  int v = *h;
  // CHECK-MESSAGES: :[[@LINE-1]]:11: error: host code accesses USM host memory allocated by 'sycl::malloc_host' after it was released
  (void)v;
}

// ---- correct code: no findings below ----

void use_then_free(sycl::queue &q, size_t n) {
  float *d = sycl::malloc_device<float>(n, q);
  fill(q, d, n);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] += 1; }).wait();
  sycl::free(d, q); // no-warning: after the last use
}

void other_allocation(sycl::queue &q, size_t n) {
  float *a = sycl::malloc_device<float>(n, q);
  float *b = sycl::malloc_device<float>(n, q);
  sycl::free(a, q);
  fill(q, b, n); // no-warning: b is alive
  sycl::free(b, q);
}
