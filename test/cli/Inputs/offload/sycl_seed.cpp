#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  double *buf = sycl::malloc_device<double>(1024, q);
  q.parallel_for(sycl::range<1>(1024), [=](sycl::id<1> i) { buf[i] = i; }).wait();
  std::printf("%f\n", buf[100]);
  sycl::free(buf, q);
}
