// clang-format off
// usm-memcpy-direction on CUDA: copy kinds against the pointers' memory,
// copies and fills beyond an allocation. (Run from ../../usm-memcpy-direction.c.)
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess)                                                     \
      std::printf("CUDA error %d\n", (int)e_);                                 \
  } while (0)

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

// ---- findings ---------------------------------------------------------------

void kind_host_to_device_from_device(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  float *h = (float *)std::malloc(n * sizeof(float));
  scale<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the copy kind 'cudaMemcpyHostToDevice' of 'cudaMemcpy' contradicts its pointers: the destination 'h' is pageable host memory allocated by 'malloc' and the source 'd' is device memory allocated by 'cudaMalloc'; the call should be 'cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost)' [usm-memcpy-direction]
  // CHECK-MESSAGES: :[[@LINE-4]]:23: note: 'h' allocated here as pageable host memory by 'malloc'
  // CHECK-MESSAGES: :[[@LINE-6]]:3: note: 'd' allocated here as device memory by 'cudaMalloc'
  std::free(h);
  cudaFree(d);
}

void kind_device_to_host_into_device(int n) {
  std::vector<float> host(n, 1.0f);
  float *d = nullptr;
  CUDA_CHECK(cudaMalloc((void **)&d, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d, host.data(), n * sizeof(float), cudaMemcpyDeviceToHost));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the copy kind 'cudaMemcpyDeviceToHost' of 'cudaMemcpy' contradicts its pointers: the destination 'd' is device memory allocated by 'cudaMalloc' and the source 'host.data()' is pageable host memory of a standard container; the call should be 'cudaMemcpy(d, host.data(), n * sizeof(float), cudaMemcpyHostToDevice)'
  // CHECK-MESSAGES: :[[@LINE-3]]:14: note: 'd' allocated here as device memory by 'cudaMalloc'
  cudaFree(d);
}

template <typename T> T *upload(const T *src, size_t n) {
  T *d;
  cudaMalloc(&d, n * sizeof(T));
  cudaMemcpyAsync(d, src, n * sizeof(T), cudaMemcpyDeviceToDevice, 0);
  return d;
}

void template_helper(const double *src, size_t n) {
  double local[16] = {0};
  double *d = upload(src, n); // unknown source: quiet in upload()
  cudaMemcpy(local, d, 16 * sizeof(double), cudaMemcpyDeviceToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the copy kind 'cudaMemcpyDeviceToDevice' of 'cudaMemcpy' contradicts its pointers: the destination 'local' is host memory (the array 'local'); the call should be 'cudaMemcpy(local, d, 16 * sizeof(double), cudaMemcpyDeviceToHost)'
  cudaFree(d);
}

void beyond(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  float *h = new float[n];
  cudaMemcpy(d, h, (n + 1) * sizeof(float), cudaMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'cudaMemcpy' reads '(n + 1) * sizeof(float)' bytes from 'h', beyond the end of its allocation ('new float[n]')
  // CHECK-MESSAGES: :[[@LINE-3]]:14: note: 'h' allocated here with 'new float[n]'
  // CHECK-MESSAGES: :[[@LINE-3]]:3: error: 'cudaMemcpy' writes '(n + 1) * sizeof(float)' bytes of 'd', beyond the end of its allocation ('n * sizeof(float)' bytes)
  // CHECK-MESSAGES: :[[@LINE-6]]:3: note: 'd' allocated here with 'n * sizeof(float)' bytes
  cudaMemset(d, 0, n * sizeof(double));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'cudaMemset' fills 'n * sizeof(double)' bytes of 'd', beyond the end of its allocation ('n * sizeof(float)' bytes)
  // CHECK-MESSAGES: :[[@LINE-9]]:3: note: 'd' allocated here
  delete[] h;
  cudaFree(d);
}

void scalar_result() {
  int *d_count;
  cudaMalloc(&d_count, sizeof(int));
  int count = 0;
  cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the copy kind 'cudaMemcpyHostToDevice' of 'cudaMemcpy' contradicts its pointers: the destination '&count' is host memory (the variable 'count') and the source 'd_count' is device memory allocated by 'cudaMalloc'; the call should be 'cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost)'
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'd_count' allocated here
  cudaMemcpy(&count, d_count, sizeof(long long), cudaMemcpyDeviceToHost);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'cudaMemcpy' reads 'sizeof(long long)' bytes from 'd_count', beyond the end of its allocation (4 bytes)
  // CHECK-MESSAGES: :[[@LINE-7]]:3: note: 'd_count' allocated here with 4 bytes
  // CHECK-MESSAGES: :[[@LINE-3]]:3: error: 'cudaMemcpy' writes 'sizeof(long long)' bytes of '&count', beyond the end of its allocation (4 bytes)
  cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost); // fine
  cudaFree(d_count);
}

// ---- correct code: no findings below -----------------------------------------

void correct(int n) {
  float *d, *d2, *m, *p;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&d2, n * sizeof(float));
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMallocHost(&p, n * sizeof(float));
  std::vector<float> h(n);
  cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(d2, d, n * sizeof(float), cudaMemcpyDeviceToDevice);
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDefault); // unified addressing
  cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyDefault);
  cudaMemcpy(m, h.data(), n * sizeof(float), cudaMemcpyHostToHost); // shared: any kind
  cudaMemcpy(m, d, n * sizeof(float), cudaMemcpyDeviceToDevice);
  cudaMemcpy(d, m, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d, p, n * sizeof(float), cudaMemcpyDeviceToDevice); // pinned: device-accessible
  cudaMemcpyAsync(d + n / 2, h.data(), (n - n / 2) * sizeof(float), cudaMemcpyHostToDevice, 0);
  cudaMemset(d, 0, n * sizeof(float));
  cudaFree(d);
  cudaFree(d2);
  cudaFree(m);
  cudaFreeHost(p);
}

__device__ float table[64];

void unknown_and_symbols(float *dst, const float *src, size_t bytes, cudaMemcpyKind kind) {
  cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice); // parameters: unknown memory
  cudaMemcpy(dst, src, bytes, kind);
  float h[64];
  cudaMemcpyToSymbol(table, h, sizeof h);
  cudaMemcpyFromSymbol(h, table, sizeof h);
  float *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpyToSymbol(table, d, sizeof h, 0, cudaMemcpyDeviceToDevice);
  cudaFree(d);
}

void reassigned(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  float *h = (float *)std::malloc(2 * n * sizeof(float));
  float *cur = h;
  for (int i = 0; i < 2; ++i) {
    cudaMemcpy(d, cur, n * sizeof(float), cudaMemcpyHostToDevice);
    cur += n;
  }
  std::free(h);
  cudaFree(d);
}
