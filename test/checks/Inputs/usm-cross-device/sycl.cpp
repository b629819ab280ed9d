// usm-cross-device, SYCL: queues on different devices or in different
// contexts; quiet on the same queue, its copies, queues on one device and
// queues whose devices are not visible.
// clang-format off
#include <sycl/sycl.hpp>

void kernel_on_other_device(size_t n) {
  auto devs = sycl::device::get_devices(sycl::info::device_type::gpu);
  sycl::queue q0(devs[0]);
  sycl::queue q1(devs[1]);
  float *p = sycl::malloc_device<float>(n, q0);
  q1.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; });
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: device memory 'p' allocated for queue 'q0' on device 'devs[0]' is used by a kernel on queue 'q1' on device 'devs[1]'; device memory is accessible only from the device it was allocated for; allocate it on the device that uses it, copy it to that device with 'sycl::queue::memcpy', or enable peer access with 'sycl::device::ext_oneapi_enable_peer_access' [usm-cross-device]
  q1.wait();
  sycl::free(p, q0);
}

void submitted_kernel(size_t n) {
  auto devs = sycl::device::get_devices();
  sycl::device d0 = devs[0];
  sycl::queue q0(d0);
  sycl::queue q1(devs[1]);
  int *p = sycl::malloc_device<int>(n, q0);
  q1.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 1; });
    // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: device memory 'p' allocated for queue 'q0' on device 'd0' is used by a kernel on queue 'q1' on device 'devs[1]'
  });
  q1.wait();
  sycl::free(p, q0);
}

void copy_on_other_device(float *host, size_t n) {
  auto devs = sycl::device::get_devices();
  sycl::queue q0(devs[0]), q1(devs[1]);
  float *p = sycl::malloc_device<float>(n, q0);
  q1.memcpy(host, p, n * sizeof(float)).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'p' allocated for queue 'q0' on device 'devs[0]' is copied by 'sycl::queue::memcpy' on queue 'q1' on device 'devs[1]'
  sycl::free(p, q0);
}

void device_and_context_form(size_t n) {
  auto devs = sycl::device::get_devices();
  sycl::context ctx(devs);
  sycl::queue q1(ctx, devs[1]);
  double *p = sycl::malloc_device<double>(n, devs[0], ctx);
  q1.single_task([=]() { p[0] = 1.0; });
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: device memory 'p' allocated for device 'devs[0]' in context 'ctx' is used by a kernel on queue 'q1' on device 'devs[1]' in context 'ctx'
  q1.wait();
  sycl::free(p, ctx);
}

void other_context(size_t n) {
  sycl::device dev{sycl::gpu_selector_v};
  sycl::context c1(dev);
  sycl::context c2(dev);
  sycl::queue qa(c1, dev);
  sycl::queue qb(c2, dev);
  float *s = sycl::malloc_shared<float>(n, qa);
  qb.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] = 0.f; });
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: USM shared memory 's' allocated for queue 'qa' on device 'dev' in context 'c1' is used by a kernel on queue 'qb' on device 'dev' in context 'c2', another context; USM pointers are valid only in the context they were allocated in
  qb.wait();
  sycl::free(s, qa);
}

// ---- correct code: no findings below ----

void same_queue(size_t n) {
  auto devs = sycl::device::get_devices();
  sycl::queue q0(devs[0]);
  float *p = sycl::malloc_device<float>(n, q0);
  q0.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; }); // no-warning
  q0.wait();
  sycl::free(p, q0);
}

void copied_queue(size_t n) {
  auto devs = sycl::device::get_devices();
  sycl::queue q0(devs[1]);
  sycl::queue q2 = q0;
  float *p = sycl::malloc_device<float>(n, q0);
  q2.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; }); // no-warning: a copy of q0
  q2.wait();
  sycl::free(p, q0);
}

void two_queues_one_device(size_t n) {
  sycl::device dev{sycl::gpu_selector_v};
  sycl::queue a(dev), b(dev);
  float *p = sycl::malloc_device<float>(n, a);
  b.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; }); // no-warning: same device
  b.wait();
  sycl::free(p, a);
}

void queue_device_and_context(sycl::queue &q, size_t n) {
  float *p = sycl::malloc_device<float>(n, q.get_device(), q.get_context());
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; }); // no-warning: q's own device
  });
  q.wait();
  sycl::free(p, q);
}

void unknown_devices(sycl::queue &qa, sycl::queue &qb, size_t n) {
  float *p = sycl::malloc_device<float>(n, qa);
  qb.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.f; }); // no-warning: qa and qb may share a device
  qb.wait();
  sycl::free(p, qa);
}

void shared_across_devices(size_t n) {
  auto devs = sycl::device::get_devices();
  sycl::queue q0(devs[0]), q1(devs[1]);
  float *s = sycl::malloc_shared<float>(n, q0);
  q1.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] = 0.f; }); // no-warning: shared memory of the same (default) context
  q1.wait();
  sycl::free(s, q0);
}

void device_index_variable(size_t n, int i) {
  auto devs = sycl::device::get_devices();
  sycl::queue q0(devs[0]), qi(devs[i]);
  float *p = sycl::malloc_device<float>(n, q0);
  qi.parallel_for(sycl::range<1>(n), [=](sycl::id<1> k) { p[k] = 0.f; }); // no-warning: i may be 0
  qi.wait();
  sycl::free(p, q0);
}

void reassigned_queue(size_t n) {
  auto devs = sycl::device::get_devices();
  sycl::queue q0(devs[0]);
  sycl::queue q1(devs[1]);
  float *p = sycl::malloc_device<float>(n, q0);
  q1 = q0;
  q1.parallel_for(sycl::range<1>(n), [=](sycl::id<1> k) { p[k] = 0.f; }); // no-warning: q1 now is q0
  q1.wait();
  sycl::free(p, q0);
}
