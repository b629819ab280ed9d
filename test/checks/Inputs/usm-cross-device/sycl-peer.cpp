// usm-cross-device, SYCL: peer access between the two devices is enabled.
// clang-format off
#include <sycl/sycl.hpp>

void peer(size_t n) {
  auto devs = sycl::device::get_devices();
  devs[1].ext_oneapi_enable_peer_access(devs[0]);
  sycl::queue q0(devs[0]), q1(devs[1]);
  float *p = sycl::malloc_device<float>(n, q0);
  q1.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; }); // no-warning: peer access
  q1.wait();
  sycl::free(p, q0);
}
