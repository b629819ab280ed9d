// clang-format off
// usm-memcpy-direction on SYCL and Level Zero: copies and fills beyond the
// allocation. SYCL has no direction argument: queue::memcpy works out the
// direction from the pointers. (Run from ../../usm-memcpy-direction.c.)
#include <sycl/sycl.hpp>
#include <level_zero/ze_api.h>
#include <vector>

// ---- findings ---------------------------------------------------------------

void queue_copies(sycl::queue &q, size_t n) {
  float *d = sycl::malloc_device<float>(n, q);
  double *h = sycl::malloc_host<double>(n, q);
  q.memcpy(h, d, n * sizeof(double)).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'q.memcpy' reads 'n * sizeof(double)' bytes from 'd', beyond the end of its allocation ('n' elements of 4 bytes) [usm-memcpy-direction]
  // CHECK-MESSAGES: :[[@LINE-4]]:14: note: 'd' allocated here with 'n' elements of 4 bytes
  q.copy(h, h + 1, n); // inside the allocation: fine
  q.copy(d, (float *)h, n + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'q.copy' reads 'n + 1' elements of 4 bytes from 'd', beyond the end of its allocation ('n' elements of 4 bytes)
  // CHECK-MESSAGES: :[[@LINE-8]]:14: note: 'd' allocated here
  q.fill(d, 0.0f, 2 * n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'q.fill' fills '2 * n' elements of 4 bytes of 'd', beyond the end of its allocation ('n' elements of 4 bytes)
  // CHECK-MESSAGES: :[[@LINE-11]]:14: note: 'd' allocated here
  q.memset(h, 0, n * sizeof(double) + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'q.memset' fills 'n * sizeof(double) + 1' bytes of 'h', beyond the end of its allocation ('n' elements of 8 bytes)
  // CHECK-MESSAGES: :[[@LINE-13]]:15: note: 'h' allocated here
  sycl::free(d, q);
  sycl::free(h, q);
}

void handler_copy(sycl::queue &q) {
  constexpr size_t N = 256;
  int *d = static_cast<int *>(sycl::malloc_device(N * sizeof(int), q));
  int host[N];
  q.submit([&](sycl::handler &cgh) { cgh.memcpy(host, d, N * sizeof(int) + 4); }).wait();
  // CHECK-MESSAGES: :[[@LINE-1]]:38: error: 'cgh.memcpy' writes 'N * sizeof(int) + 4' bytes of 'host', beyond the end of its allocation (1024 bytes)
  sycl::free(d, q);
}

void level_zero(ze_context_handle_t ctx, ze_device_handle_t dev, ze_command_list_handle_t list) {
  ze_device_mem_alloc_desc_t desc = {};
  void *d = nullptr;
  zeMemAllocDevice(ctx, &desc, 4096, 64, dev, &d);
  std::vector<char> h(8192);
  zeCommandListAppendMemoryCopy(list, d, h.data(), 8192, nullptr, 0, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'zeCommandListAppendMemoryCopy' writes '8192' bytes of 'd', beyond the end of its allocation (4096 bytes)
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'd' allocated here with 4096 bytes
  zeCommandListAppendMemoryCopy(list, h.data(), d, 4096, nullptr, 0, nullptr);
  zeMemFree(ctx, d);
}

// ---- correct code: no findings below -----------------------------------------

void correct(sycl::queue &q, size_t n, float *unknown) {
  float *d = sycl::malloc_device<float>(n, q);
  float *s = sycl::malloc_shared<float>(n, q);
  std::vector<float> h(n);
  q.memcpy(d, h.data(), n * sizeof(float)).wait();
  q.memcpy(h.data(), d, n * sizeof(float)).wait();
  q.copy(d, s, n).wait();
  q.copy(d + 1, s, n - 1).wait();
  q.fill(s, 1.0f, n).wait();
  q.memset(d, 0, n * sizeof(float)).wait();
  q.memcpy(d, unknown, n * sizeof(float)).wait(); // unknown source size
  void *raw = sycl::malloc_device(n * sizeof(float), q);
  q.memcpy(raw, h.data(), n * sizeof(float)).wait();
  q.submit([&](sycl::handler &cgh) { cgh.copy(d, s, n); }).wait();
  sycl::free(raw, q);
  sycl::free(d, q);
  sycl::free(s, q);
}

template <typename T> void typed(sycl::queue &q, size_t n) {
  T *a = sycl::malloc_device<T>(n, q);
  T *b = sycl::malloc_device<T>(n, q);
  q.copy(a, b, n).wait();
  q.memcpy(b, a, n * sizeof(T)).wait();
  sycl::free(a, q);
  sycl::free(b, q);
}
template void typed<double>(sycl::queue &, size_t);
template void typed<char>(sycl::queue &, size_t);
