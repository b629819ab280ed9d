// Correct SYCL programs: usm-host-access-device stays quiet.
// RUN: %check_clang_tidy %s usm-host-access-device %t -- -std=c++17
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

struct Scale {
  float *data;
  float factor;
  void operator()(sycl::id<1> i) const { data[i] *= factor; } // no-warning: kernel functor
};

int copy_back_and_verify() {
  constexpr size_t N = 256;
  sycl::queue q;
  std::vector<float> host(N, 1.0f);
  float *d = sycl::malloc_device<float>(N, q);
  q.memcpy(d, host.data(), N * sizeof(float)).wait(); // no-warning: USM copy
  q.parallel_for(sycl::range<1>(N), Scale{d, 2.0f}).wait();
  q.single_task([=]() { d[0] += 1.0f; }).wait(); // no-warning: kernel
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { d[i] += 0.5f; }); // no-warning
  });
  q.wait();
  q.memcpy(host.data(), d, N * sizeof(float)).wait(); // no-warning
  int errors = 0;
  for (size_t i = 0; i < N; ++i)
    errors += host[i] != 2.5f + (i == 0); // no-warning: host vector
  if (d == nullptr) // no-warning: pointer value
    return 1;
  std::printf("%p\n", static_cast<void *>(d)); // no-warning: %p
  sycl::free(d, q);
  return errors;
}

void shared_and_host() {
  sycl::queue q;
  int *s = sycl::malloc_shared<int>(8, q);
  int *h = sycl::malloc_host<int>(8, q);
  int *m = sycl::malloc<int>(8, q, sycl::usm::alloc::shared);
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { s[i] = h[i] = m[i] = 1; }).wait();
  std::printf("%d %d %d\n", s[0], h[0], m[0]); // no-warning: host-accessible
  sycl::free(s, q);
  sycl::free(h, q);
  sycl::free(m, q);
}

void host_task_on_host_memory() {
  sycl::queue q;
  int *h = sycl::malloc_host<int>(8, q);
  q.submit([&](sycl::handler &cgh) {
    cgh.host_task([=]() { std::printf("%d\n", h[0]); }); // no-warning: host memory
  });
  q.wait();
  sycl::free(h, q);
}

template <typename T> void template_kernel(sycl::queue &q, size_t n) {
  T *d = sycl::malloc_device<T>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = T(1); }).wait(); // no-warning
  sycl::free(d, q);
}
void instantiate(sycl::queue &q) {
  template_kernel<float>(q, 4);
  template_kernel<double>(q, 4);
}

#define KERNEL_SET(ptr, v) [=](sycl::id<1> i) { (ptr)[i] = (v); }
void macro_kernel(sycl::queue &q) {
  float *d = sycl::malloc_device<float>(4, q);
  q.parallel_for(sycl::range<1>(4), KERNEL_SET(d, 3.0f)).wait(); // no-warning
  sycl::free(d, q);
}

void pointer_reassigned(sycl::queue &q) {
  std::vector<float> mirror(4);
  float *p = sycl::malloc_device<float>(4, q);
  sycl::free(p, q);
  p = mirror.data();
  p[0] = 1.0f; // no-warning: host vector storage now
}
