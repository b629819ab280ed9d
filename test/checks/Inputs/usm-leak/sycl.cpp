// usm-leak, SYCL: early returns and overwritten pointers; quiet for RAII
// owners, containers and returned memory.
// clang-format off
#include <sycl/sycl.hpp>
#include <memory>
#include <vector>

bool validate(const float *p, size_t n);

int early_return(sycl::queue &q, size_t n) {
  float *d = sycl::malloc_device<float>(n, q);
  if (n > 1024)
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: USM device memory allocated by 'sycl::malloc_device' is not released on this path out of 'early_return' [usm-leak]
  q.fill(d, 0.0f, n).wait();
  sycl::free(d, q);
  return 0;
}

template <typename T> void reallocate(sycl::queue &q, size_t n) {
  T *s = sycl::malloc_shared<T>(n, q);
  s = sycl::malloc_shared<T>(2 * n, q);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the last pointer to USM shared memory allocated by 'sycl::malloc_shared' is overwritten here
  sycl::free(s, q);
}
template void reallocate<int>(sycl::queue &, size_t);

// ---- correct code: no findings below ----

struct Owned {
  explicit Owned(sycl::queue &q) : q(q) { p = sycl::malloc_device<double>(8, q); }
  ~Owned() { sycl::free(p, q); }
  sycl::queue &q;
  double *p;
};

void raii(sycl::queue &q) {
  Owned o(q); // no-warning: the owner releases it
  auto del = [&q](float *x) { sycl::free(x, q); };
  std::unique_ptr<float, decltype(del)> u(sycl::malloc_host<float>(8, q), del); // no-warning
  float *s = sycl::malloc_shared<float>(8, q);
  std::unique_ptr<float, decltype(del)> v(s, del); // no-warning
}

void in_container(sycl::queue &q, std::vector<int *> &all) {
  for (int i = 0; i < 4; ++i) {
    int *p = sycl::malloc_device<int>(4, q);
    all.push_back(p); // no-warning: the container keeps it
  }
}

float *returned(sycl::queue &q) {
  float *d = sycl::malloc_device<float>(4, q);
  return d; // no-warning
}

void checked(sycl::queue &q, size_t n) {
  float *h = sycl::malloc_host<float>(n, q);
  if (h == nullptr)
    return; // no-warning: the allocation failed
  sycl::free(h, q);
}
