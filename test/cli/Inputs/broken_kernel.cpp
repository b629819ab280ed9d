#include <sycl/sycl.hpp>
// The kernel launch does not compile (no such overload): clang drops the
// call, and the lambda's body would look like host code reading device
// memory. Nothing may be reported from this function.
void broken(sycl::queue &q) {
  double *d = sycl::malloc_device<double>(8, q);
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { d[i] = d[i] + 1; }, no_such_arg);
  sycl::free(d, q);
}
// The same code without the error is analysed: the host read is reported.
double fine(sycl::queue &q) {
  double *d = sycl::malloc_device<double>(8, q);
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { d[i] = 1; }).wait();
  double x = d[0];
  sycl::free(d, q);
  return x;
}
