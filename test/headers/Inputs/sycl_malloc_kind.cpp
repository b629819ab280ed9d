// The seed bug in SYCL with the kind chosen by an argument: sycl::malloc
// with usm::alloc::device, read by the host after a generic-lambda kernel.
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  auto *d = static_cast<double *>(
      sycl::malloc(1024 * sizeof(double), q, sycl::usm::alloc::device));
  if (!d)
    return 1;
  q.parallel_for(1024, [=](auto i) { d[i] = i; }).wait();
  std::cout << d[100] << "\n";
  sycl::free(d, q);
  return 0;
}
