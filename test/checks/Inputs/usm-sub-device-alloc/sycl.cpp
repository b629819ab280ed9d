// usm-sub-device-alloc, SYCL: memory allocated against one sub-device
// (create_sub_devices) and used from the root device or another
// sub-device; quiet on root allocations and on the same sub-device.
// clang-format off
#include <sycl/sycl.hpp>

using sycl::info::partition_affinity_domain;
using sycl::info::partition_property;

void root_queue_kernel(size_t n) {
  sycl::device root{sycl::gpu_selector_v};
  auto subs = root.create_sub_devices<partition_property::partition_by_affinity_domain>(partition_affinity_domain::next_partitionable);
  sycl::queue q0(subs[0]);
  sycl::queue qr(root);
  float *p = sycl::malloc_device<float>(n, q0);
  qr.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; });
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: device memory 'p' is allocated against sub-device 'subs[0]' and used by a kernel on queue 'qr' on device 'root'; Multi-stack/multi-slice GPUs: device and shared allocations belong to the root device; allocating from a sub-device and touching the pointer from other stacks can misbehave. Allocate against the root device. Fix: allocate against the root device 'root' (or a context that spans both stacks) [usm-sub-device-alloc]
  qr.wait();
  sycl::free(p, q0);
}

void sibling_kernel(size_t n) {
  sycl::device root{sycl::gpu_selector_v};
  auto subs = root.create_sub_devices<partition_property::partition_equally>(2);
  sycl::queue q0(subs[0]), q1(subs[1]);
  int *p = sycl::malloc_device<int>(n, q0);
  q1.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 1; });
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: device memory 'p' is allocated against sub-device 'subs[0]' and used by a kernel on queue 'q1' on device 'subs[1]'
  });
  q1.wait();
  sycl::free(p, q0);
}

void shared_copied_on_root(float *host, size_t n) {
  sycl::device root{sycl::gpu_selector_v};
  auto subs = root.create_sub_devices<partition_property::partition_equally>(2);
  sycl::queue q1(subs[1]);
  sycl::queue qr(root);
  float *s = sycl::malloc_shared<float>(n, q1);
  qr.memcpy(host, s, n * sizeof(float)).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared memory 's' is allocated against sub-device 'subs[1]' and copied by 'sycl::queue::memcpy' on queue 'qr' on device 'root'
  sycl::free(s, q1);
}

void device_context_form(size_t n) {
  sycl::device root{sycl::gpu_selector_v};
  auto subs = root.create_sub_devices<partition_property::partition_equally>(2);
  sycl::device s0 = subs[0];
  sycl::context ctx(subs);
  sycl::queue q1(ctx, subs[1]);
  double *p = sycl::malloc_device<double>(n, s0, ctx);
  q1.single_task([=]() { p[0] = 1.0; });
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: device memory 'p' is allocated against sub-device 's0' and used by a kernel on queue 'q1' on device 'subs[1]' in context 'ctx'
  q1.wait();
  sycl::free(p, ctx);
}

// ---- correct code: no findings below ----

void root_allocation(size_t n) {
  sycl::device root{sycl::gpu_selector_v};
  auto subs = root.create_sub_devices<partition_property::partition_equally>(2);
  sycl::queue qr(root), q1(subs[1]);
  float *p = sycl::malloc_device<float>(n, qr);
  q1.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; }); // no-warning: allocated against the root device
  q1.wait();
  sycl::free(p, qr);
}

void same_sub_device(size_t n) {
  sycl::device root{sycl::gpu_selector_v};
  auto subs = root.create_sub_devices<partition_property::partition_equally>(2);
  sycl::queue q0(subs[0]);
  sycl::queue again(subs[0]);
  float *p = sycl::malloc_device<float>(n, q0);
  q0.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; }); // no-warning
  again.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1.f; }); // no-warning: the same sub-device
  again.wait();
  sycl::free(p, q0);
}

void host_memory(size_t n) {
  sycl::device root{sycl::gpu_selector_v};
  auto subs = root.create_sub_devices<partition_property::partition_equally>(2);
  sycl::queue q0(subs[0]), qr(root);
  float *h = sycl::malloc_host<float>(n, q0);
  qr.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] = 0.f; }); // no-warning: host memory
  qr.wait();
  sycl::free(h, q0);
}

void sub_device_by_variable(size_t n, int k) {
  sycl::device root{sycl::gpu_selector_v};
  auto subs = root.create_sub_devices<partition_property::partition_equally>(2);
  sycl::queue q0(subs[0]), qk(subs[k]);
  float *p = sycl::malloc_device<float>(n, q0);
  qk.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; }); // no-warning: k may be 0
  qk.wait();
  sycl::free(p, q0);
}
