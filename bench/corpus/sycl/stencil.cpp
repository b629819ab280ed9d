// 1D three-point stencil with an RAII wrapper owning device memory; the
// result is copied to a std::vector before the host checks it.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

template <typename T> class DeviceArray {
public:
  DeviceArray(sycl::queue &q, size_t n)
      : q_(q), n_(n), data_(sycl::malloc_device<T>(n, q)) {}
  ~DeviceArray() { sycl::free(data_, q_); }
  T *get() const { return data_; }
  size_t size() const { return n_; }
  void upload(const std::vector<T> &h) {
    q_.memcpy(data_, h.data(), n_ * sizeof(T)).wait();
  }
  void download(std::vector<T> &h) const {
    q_.memcpy(h.data(), data_, n_ * sizeof(T)).wait();
  }

private:
  sycl::queue &q_;
  size_t n_;
  T *data_;
};

int main() {
  constexpr size_t N = 4096;
  constexpr int STEPS = 50;
  sycl::queue q;
  std::vector<double> h(N, 0.0);
  h[N / 2] = 1.0;
  DeviceArray<double> a(q, N), b(q, N);
  a.upload(h);
  b.upload(h);
  for (int s = 0; s < STEPS; ++s) {
    double *in = (s % 2 == 0) ? a.get() : b.get();
    double *out = (s % 2 == 0) ? b.get() : a.get();
    q.parallel_for(sycl::range<1>(N - 2), [=](sycl::id<1> idx) {
       size_t i = idx[0] + 1;
       out[i] = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
     }).wait();
  }
  a.download(h);
  double sum = 0.0;
  for (double v : h)
    sum += v;
  std::printf("stencil: mass %.6f\n", sum);
  return 0;
}
