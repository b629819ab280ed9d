// SAXPY with SYCL device USM: y = a * x + y, copied back and verified.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

int main() {
  constexpr size_t N = 1 << 20;
  constexpr float A = 3.0f;
  sycl::queue q;
  std::vector<float> hx(N, 1.0f), hy(N, 2.0f);

  float *dx = sycl::malloc_device<float>(N, q);
  float *dy = sycl::malloc_device<float>(N, q);
  q.memcpy(dx, hx.data(), N * sizeof(float));
  q.memcpy(dy, hy.data(), N * sizeof(float));
  q.wait();

  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     dy[i] = A * dx[i] + dy[i];
   }).wait();

  q.memcpy(hy.data(), dy, N * sizeof(float)).wait();
  size_t errors = 0;
  for (size_t i = 0; i < N; ++i)
    errors += hy[i] != 5.0f;
  std::printf("saxpy: %zu errors\n", errors);
  sycl::free(dx, q);
  sycl::free(dy, q);
  return errors != 0;
}
