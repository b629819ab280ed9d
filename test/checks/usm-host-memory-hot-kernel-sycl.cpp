// usm-host-memory-hot-kernel, SYCL: malloc_host memory captured by a kernel
// submitted in a loop (positives); submitted once, device or shared memory,
// host-only use (negatives).
// RUN: %check_clang_tidy %s usm-host-memory-hot-kernel %t -- -std=c++17
#include <sycl/sycl.hpp>

void each_step(sycl::queue &q, size_t n, float *d) {
  float *h = sycl::malloc_host<float>(n, q);
  for (int s = 0; s < 100; ++s)
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] += h[i]; }).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h' remotely on every launch; kernels typically read host memory tens of times slower than device memory (not measured here: see usmcheck bench); allocate device memory and copy the data once before the loop [usm-host-memory-hot-kernel]
  sycl::free(h, q);
}

void submit_form(sycl::queue &q, size_t n) {
  int *h = sycl::malloc_host<int>(n, q);
  for (int s = 0; s < 10; ++s) {
    q.submit([&](sycl::handler &cgh) {
      cgh.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] += s; });
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
    });
    q.wait();
  }
  sycl::free(h, q);
}

void single_task_loop(sycl::queue &q) {
  double *h = static_cast<double *>(sycl::malloc_host(64 * sizeof(double), q));
  int s = 0;
  while (s++ < 10)
    q.single_task([=]() { h[0] += 1; }).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
  sycl::free(h, q);
}

void do_loop(sycl::queue &q, size_t n, float *d) {
  float *h = sycl::malloc_host<float>(n, q);
  int s = 0;
  do {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] = d[i]; }).wait();
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
  } while (++s < 3);
  sycl::free(h, q);
}

void nested(sycl::queue &q, size_t n, int m) {
  float *h = sycl::malloc_host<float>(n, q);
  for (int a = 0; a < m; ++a)
    for (int b = 0; b < m; ++b)
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] *= 2; }).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
  sycl::free(h, q);
}

struct Params {
  float a;
};
void params(sycl::queue &q, size_t n, float *d) {
  Params *p = sycl::malloc_host<Params>(1, q);
  for (int s = 0; s < 1000; ++s)
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] *= p->a; }).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'p'{{.*}} [usm-host-memory-hot-kernel]
  sycl::free(p, q);
}

// Negatives.
void submitted_once(sycl::queue &q, size_t n) {
  float *h = sycl::malloc_host<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] = 0; }).wait(); // no-warning
  sycl::free(h, q);
}

void device_memory(sycl::queue &q, size_t n) {
  float *d = sycl::malloc_device<float>(n, q);
  for (int s = 0; s < 10; ++s)
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] += 1; }).wait(); // no-warning
  sycl::free(d, q);
}

void shared_memory(sycl::queue &q, size_t n) {
  float *p = sycl::malloc_shared<float>(n, q);
  for (int s = 0; s < 10; ++s)
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1; }).wait(); // no-warning
  sycl::free(p, q);
}

void host_only(sycl::queue &q, size_t n) {
  float *h = sycl::malloc_host<float>(n, q);
  for (int s = 0; s < 10; ++s)
    for (size_t i = 0; i < n; ++i)
      h[i] = s; // no-warning: host code
  sycl::free(h, q);
}

void copied_once(sycl::queue &q, size_t n) {
  float *h = sycl::malloc_host<float>(n, q);
  float *d = sycl::malloc_device<float>(n, q);
  q.memcpy(d, h, n * sizeof(float)).wait();
  for (int s = 0; s < 10; ++s)
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] += 1; }).wait(); // no-warning: the fix
  sycl::free(d, q);
  sycl::free(h, q);
}

void other_pointer_in_loop(sycl::queue &q, size_t n, float *d) {
  float *h = sycl::malloc_host<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] = 1; }).wait(); // no-warning: once
  for (int s = 0; s < 10; ++s)
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] += 1; }).wait(); // no-warning
  sycl::free(h, q);
}
