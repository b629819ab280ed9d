// Host code touching SYCL device USM: every device allocator form, host_task
// (host code), host library algorithms, lambdas, smart pointers, templates.
// RUN: %check_clang_tidy %s usm-host-access-device %t -- -std=c++17
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

void seed() {
  constexpr size_t N = 1024;
  sycl::queue q;
  double *buf = sycl::malloc_device<double>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { buf[i] = i; }).wait();
  std::printf("buf[100] = %f\n", buf[100]);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: error: host code reads device memory allocated by 'sycl::malloc_device'; the host cannot access device memory [usm-host-access-device]
  // CHECK-MESSAGES: :[[@LINE-4]]:17: note: allocated as device memory by 'sycl::malloc_device' (SYCL) here
  // CHECK-MESSAGES: :[[@LINE-5]]:17: note: recommended fix, since the host touches this memory only after the kernels, not repeatedly between them: allocate host memory instead with 'sycl::malloc_host' (same arguments)
  // CHECK-MESSAGES: :[[@LINE-6]]:17: note: alternative fix: allocate shared memory instead with 'sycl::malloc_shared'
  // CHECK-MESSAGES: :[[@LINE-5]]:34: note: alternative fix: keep device memory and copy to a host buffer before the host reads: declare a host buffer 'h_buf', copy into it before this access with q.memcpy(h_buf, buf, (N) * sizeof(double)).wait(), and read 'h_buf' instead
  sycl::free(buf, q);
}

void allocator_forms(sycl::queue &q) {
  float *a = static_cast<float *>(sycl::malloc_device(64 * sizeof(float), q));
  float *b = sycl::aligned_alloc_device<float>(64, 16, q);
  float *c = sycl::malloc<float>(16, q, sycl::usm::alloc::device);
  int *d = static_cast<int *>(sycl::malloc(64, q, sycl::usm::alloc::device));
  a[0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'sycl::malloc_device'
  b[0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'sycl::aligned_alloc_device'
  c[0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'sycl::malloc'
  d[0] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'sycl::malloc'
}

void host_task_is_host(sycl::queue &q) {
  int *d = sycl::malloc_device<int>(16, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { d[i] = 1; }); // no-warning: kernel
  });
  q.submit([&](sycl::handler &h) {
    h.host_task([=]() { std::printf("%d\n", d[0]); });
    // CHECK-MESSAGES: :[[@LINE-1]]:45: error: host code reads device memory allocated by 'sycl::malloc_device'
  });
}

void host_algorithms(sycl::queue &q) {
  constexpr size_t N = 128;
  double *d = sycl::malloc_device<double>(N, q);
  std::vector<double> copy(d, d + N);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: error: 'vector' reads device memory allocated by 'sycl::malloc_device' on the host
  std::fill(d, d + N, 0.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: 'fill' writes device memory allocated by 'sycl::malloc_device' on the host
  std::sort(d, d + N);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: 'sort' reads and writes device memory allocated by 'sycl::malloc_device' on the host
}

void lambdas(sycl::queue &q) {
  float *d = sycl::malloc_device<float>(8, q);
  auto peek = [=](int i) { return d[i]; };
  // CHECK-MESSAGES: :[[@LINE-1]]:35: error: host code reads device memory allocated by 'sycl::malloc_device'
  float v = peek(2);
  (void)v;
}

struct UsmDeleter {
  sycl::queue *q;
  void operator()(float *p) const { sycl::free(p, *q); }
};

void smart_pointers(sycl::queue &q) {
  std::unique_ptr<float, UsmDeleter> up(sycl::malloc_device<float>(8, q),
                                        UsmDeleter{&q});
  float first = up.get()[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:17: error: host code reads device memory allocated by 'sycl::malloc_device'
  std::shared_ptr<float> sp(sycl::malloc_device<float>(8, q),
                            [&q](float *p) { sycl::free(p, q); });
  *sp = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'sycl::malloc_device'
  (void)first;
}

class Field {
public:
  explicit Field(sycl::queue &q, size_t n)
      : q_(q), data_(sycl::malloc_device<double>(n, q)), n_(n) {}
  double front() const { return data_[0]; }
  // CHECK-MESSAGES: :[[@LINE-1]]:33: error: host code reads device memory allocated by 'sycl::malloc_device'
  void fill_on_device() {
    double *d = data_;
    q_.parallel_for(sycl::range<1>(n_), [=](sycl::id<1> i) { d[i] = 0; }); // no-warning
  }

private:
  sycl::queue &q_;
  double *data_;
  size_t n_;
};

template <typename T> T read_first(sycl::queue &q) {
  T *p = sycl::malloc_device<T>(4, q);
  return p[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: host code reads device memory allocated by 'sycl::malloc_device'
}
// Two instantiations, one report.
int use_templates(sycl::queue &q) {
  return read_first<int>(q) + static_cast<int>(read_first<float>(q));
}

#include <numeric>
double more_algorithms(sycl::queue &q) {
  double *d = sycl::malloc_device<double>(16, q);
  std::vector<double> out(16);
  std::transform(d, d + 16, out.begin(), [](double v) { return 2 * v; });
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: 'transform' reads device memory allocated by 'sycl::malloc_device' on the host
  return std::accumulate(d, d + 16, 0.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: 'accumulate' reads device memory allocated by 'sycl::malloc_device' on the host
}
