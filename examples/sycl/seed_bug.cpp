// The seed bug in SYCL: malloc_device memory read by host code after the
// kernel filled it.
#include <sycl/sycl.hpp>
#include <cstdio>

int main() {
  constexpr size_t N = 1024;
  sycl::queue q;
  double *buf = sycl::malloc_device<double>(N, q);
  if (buf == nullptr)
    return 1;

  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { buf[i] = i; }).wait();

  std::printf("buf[100] = %f\n", buf[100]);
  sycl::free(buf, q);
  return 0;
}
