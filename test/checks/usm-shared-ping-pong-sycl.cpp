// usm-shared-ping-pong, SYCL: malloc_shared memory touched by a host loop
// and by a kernel in the same iteration (positives); prefetch, advice,
// device memory, one element, or no alternation (negatives).
// RUN: %check_clang_tidy %s usm-shared-ping-pong %t -- -std=c++17
#include <sycl/sycl.hpp>
#include <cstdio>

void host_after_kernel(sycl::queue &q, size_t n) {
  float *p = sycl::malloc_shared<float>(n, q);
  for (int s = 0; s < 10; ++s) {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1.0f; }).wait();
    for (size_t i = 0; i < n; ++i)
      p[i] *= 0.5f;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host and by a kernel in the same loop without prefetch or advice, so its pages migrate back and forth every iteration; typically several times the cost of device memory plus explicit copies (not measured here: see usmcheck bench); use device memory and copy only what the host needs, or prefetch with 'sycl::queue::prefetch' [usm-shared-ping-pong]
  }
  sycl::free(p, q);
}

void host_before_kernel(sycl::queue &q, size_t n) {
  double *p = sycl::malloc_shared<double>(n, q);
  for (int s = 0; s < 10; ++s) {
    for (size_t i = 0; i < n; ++i)
      p[i] = s;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
    q.single_task([=]() { p[0] += 1; }).wait();
  }
  sycl::free(p, q);
}

void submit_form(sycl::queue &q, size_t n) {
  int *p = sycl::malloc_shared<int>(n, q);
  for (int s = 0; s < 10; ++s) {
    q.submit([&](sycl::handler &h) {
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += s; });
    });
    q.wait();
    for (size_t i = 0; i < n; ++i)
      p[i] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
  }
  sycl::free(p, q);
}

double while_sum(sycl::queue &q, size_t n) {
  float *p = static_cast<float *>(sycl::malloc_shared(n * sizeof(float), q));
  double sum = 0;
  int it = 0;
  while (it++ < 5) {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = it; }).wait();
    for (size_t i = 0; i < n; ++i)
      sum += p[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
  }
  sycl::free(p, q);
  return sum;
}

void do_loop(sycl::queue &q, size_t n) {
  float *p = sycl::malloc_shared<float>(n, q);
  int s = 0;
  do {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] *= 2; }).wait();
    for (size_t i = 0; i < n; i += 16)
      p[i] = 1;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
  } while (++s < 4);
  sycl::free(p, q);
}

struct Cell {
  float v;
};
void structs(sycl::queue &q, size_t n) {
  Cell *c = sycl::malloc_shared<Cell>(n, q);
  for (int s = 0; s < 10; ++s) {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { c[i].v += 1; }).wait();
    for (size_t i = 0; i < n; ++i)
      if (c[i].v > 5)
        // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'c' is touched by the host{{.*}} [usm-shared-ping-pong]
        c[i].v = 0;
  }
  sycl::free(c, q);
}

// Negatives.
void prefetched(sycl::queue &q, size_t n) {
  float *p = sycl::malloc_shared<float>(n, q);
  for (int s = 0; s < 10; ++s) {
    q.prefetch(p, n * sizeof(float));
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1.0f; }).wait();
    for (size_t i = 0; i < n; ++i)
      p[i] *= 0.5f; // no-warning: prefetched
  }
  sycl::free(p, q);
}

void advised(sycl::queue &q, size_t n) {
  float *p = sycl::malloc_shared<float>(n, q);
  q.mem_advise(p, n * sizeof(float), 0);
  for (int s = 0; s < 10; ++s) {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1.0f; }).wait();
    for (size_t i = 0; i < n; ++i)
      p[i] *= 0.5f; // no-warning: advised
  }
  sycl::free(p, q);
}

void device_memory(sycl::queue &q, size_t n, float *h) {
  float *d = sycl::malloc_device<float>(n, q);
  for (int s = 0; s < 10; ++s) {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] += 1.0f; }).wait();
    q.memcpy(h, d, n * sizeof(float)).wait();
    for (size_t i = 0; i < n; ++i)
      h[i] += 1; // no-warning: host copy
  }
  sycl::free(d, q);
}

void one_element(sycl::queue &q, size_t n) {
  float *p = sycl::malloc_shared<float>(n, q);
  for (int s = 0; s < 10; ++s) {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1.0f; }).wait();
    std::printf("%f\n", p[0]); // no-warning: one page
  }
  sycl::free(p, q);
}

void after_the_loop(sycl::queue &q, size_t n) {
  float *p = sycl::malloc_shared<float>(n, q);
  for (int s = 0; s < 10; ++s)
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1.0f; });
  q.wait();
  for (size_t i = 0; i < n; ++i)
    std::printf("%f\n", p[i]); // no-warning: once, after the loop
  sycl::free(p, q);
}

void kernels_only(sycl::queue &q, size_t n) {
  float *p = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i)
    p[i] = 0; // no-warning: before the loop
  for (int s = 0; s < 10; ++s)
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1.0f; }).wait();
  sycl::free(p, q);
}
