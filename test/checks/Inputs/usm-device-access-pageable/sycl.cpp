// usm-device-access-pageable, SYCL: plain host memory captured as a raw
// pointer by a kernel lambda and dereferenced there; quiet on USM
// allocations, buffers and accessors, arrays captured by copy, vectors over
// a USM allocator and unknown origins.
// clang-format off
#include <sycl/sycl.hpp>
#include <cstdlib>
#include <vector>

void heap_in_kernel(sycl::queue &q, size_t n) {
  float *h = static_cast<float *>(std::malloc(n * sizeof(float)));
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] = 0.0f; }).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:58: error: 'h' holds plain host memory allocated by 'malloc', which the device cannot access, and is dereferenced by the kernel; allocate it with sycl::malloc_device (device) or sycl::malloc_shared (shared), or keep the data in a buffer and read it through an accessor in the kernel [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-3]]:35: note: allocated here by 'malloc'
  std::free(h);
}

void new_in_handler(sycl::queue &q, size_t n) {
  int *h = new int[n];
  q.submit([&](sycl::handler &cgh) {
    cgh.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] += 1; });
    // CHECK-MESSAGES: :[[@LINE-1]]:62: error: 'h' holds plain host memory allocated by 'operator new[]'{{.*}} [usm-device-access-pageable]
    // CHECK-MESSAGES: :[[@LINE-4]]:12: note: allocated here by 'operator new[]'
  });
  q.wait();
  delete[] h;
}

void vector_storage(sycl::queue &q, size_t n) {
  std::vector<float> v(n);
  float *p = v.data();
  q.single_task([=]() { *p = 1.0f; }).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: error: 'p' holds plain host memory allocated by 'std::vector::data'{{.*}} [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-3]]:14: note: allocated here by 'std::vector::data'
}

void array_by_reference(sycl::queue &q) {
  int counts[16] = {0};
  q.single_task([&]() { counts[0] = 1; }).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: error: 'counts' is a stack array, which the device cannot access{{.*}} [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'counts' declared here
}

// ---- correct code: no findings below ----

void shared_memory(sycl::queue &q, size_t n) {
  float *s = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] = 0.0f; }).wait(); // no-warning
  sycl::free(s, q);
}

void device_memory(sycl::queue &q, size_t n) {
  float *d = sycl::malloc_device<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = 0.0f; }).wait(); // no-warning
  sycl::free(d, q);
}

void buffer_accessor(sycl::queue &q, size_t n) {
  std::vector<float> v(n);
  {
    sycl::buffer<float, 1> b(v.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &cgh) {
      sycl::accessor a(b, cgh, sycl::read_write);
      cgh.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] *= 2.0f; }); // no-warning
    });
  }
}

void array_by_copy(sycl::queue &q, float *out) {
  float coeffs[4] = {1, 2, 3, 4};
  q.single_task([=]() { out[0] = coeffs[2]; }).wait(); // no-warning: copied
}

void usm_vector(sycl::queue &q, size_t n) {
  sycl::usm_allocator<float, sycl::usm::alloc::shared> alloc(q);
  std::vector<float, sycl::usm_allocator<float, sycl::usm::alloc::shared>> v(n, alloc);
  float *p = v.data();
  q.single_task([=]() { p[0] = 1.0f; }).wait(); // no-warning: shared USM
}

void from_caller(sycl::queue &q, float *p) {
  q.single_task([=]() { p[0] = 1.0f; }).wait(); // no-warning: unknown origin
}

void not_dereferenced(sycl::queue &q, int *flag) {
  float *h = static_cast<float *>(std::malloc(64));
  q.single_task([=]() { flag[0] = h != nullptr; }).wait(); // no-warning
  std::free(h);
}
