// usm-double-free, SYCL: aliases, template helpers; RAII owners, two
// allocations from one factory.
// clang-format off
#include <sycl/sycl.hpp>
#include <memory>

template <typename T> void release(T *p, sycl::queue &q) { sycl::free(p, q); }
template <typename T> T *make(sycl::queue &q, size_t n) {
  return sycl::malloc_device<T>(n, q);
}

void alias(sycl::queue &q) {
  float *d = sycl::malloc_device<float>(16, q);
  float *e = d;
  sycl::free(d, q);
  sycl::free(e, q);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM device memory allocated by 'sycl::malloc_device' is released again; it was already released on every path to here [usm-double-free]
}

void template_helper(sycl::queue &q) {
  int *h = sycl::malloc_host<int>(16, q);
  release(h, q);
  release(h, q);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM host memory allocated by 'sycl::malloc_host' is released again
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: released here by the call of 'release'
}

void from_factory(sycl::queue &q) {
  double *d = make<double>(q, 8);
  sycl::free(d, q);
  sycl::free(d, q);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: USM device memory allocated by 'sycl::malloc_device' is released again
  // CHECK-MESSAGES: :[[@LINE-4]]:15: note: returned to 'from_factory' by the call of 'make' here
}

// ---- correct code: no findings below ----

struct DeviceBuffer {
  DeviceBuffer(sycl::queue &q, size_t n) : q(q), p(sycl::malloc_device<float>(n, q)) {}
  ~DeviceBuffer() { sycl::free(p, q); }
  sycl::queue &q;
  float *p;
};

void raii_owner(sycl::queue &q) {
  DeviceBuffer b(q, 16);
  float *s = sycl::malloc_shared<float>(16, q);
  auto del = [&q](float *x) { sycl::free(x, q); };
  std::unique_ptr<float, decltype(del)> owner(s, del);
} // no-warning: each owner releases once

void two_from_factory(sycl::queue &q) {
  double *a = make<double>(q, 8);
  double *b = make<double>(q, 8);
  sycl::free(a, q);
  sycl::free(b, q); // no-warning: another allocation of the same factory
}

void null_guard(sycl::queue &q) {
  float *d = sycl::malloc_device<float>(16, q);
  if (d)
    sycl::free(d, q);
  d = nullptr;
  if (d)
    sycl::free(d, q); // no-warning: reset
}
