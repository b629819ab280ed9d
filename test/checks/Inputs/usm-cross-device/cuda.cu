// usm-cross-device, CUDA: cudaSetDevice between the allocation and the
// launch; quiet on the same device, managed memory, copies, and devices
// that are not the same on every path.
// clang-format off
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess)                                                   \
      std::exit(1);                                                            \
  } while (0)

__global__ void fill(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = 1.0f;
}

void two_devices(int n) {
  float *a = nullptr;
  cudaSetDevice(0);
  cudaMalloc(&a, n * sizeof(float));
  cudaSetDevice(1);
  fill<<<(n + 255) / 256, 256>>>(a, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'a' allocated for the device selected by 'cudaSetDevice(0)' (0) is used by a kernel on the device selected by 'cudaSetDevice(1)' (1); device memory is accessible only from the device it was allocated for; allocate it on the device that uses it, copy it to that device with 'cudaMemcpyPeer', or enable peer access with 'cudaDeviceEnablePeerAccess' [usm-cross-device]
  cudaFree(a);
}

void checked_calls(int n) {
  float *a = nullptr;
  CUDA_CHECK(cudaSetDevice(1));
  CUDA_CHECK(cudaMalloc(&a, n * sizeof(float)));
  CUDA_CHECK(cudaSetDevice(0));
  fill<<<1, 256>>>(a, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'a' allocated for the device selected by 'cudaSetDevice(1)' (1) is used by a kernel on the device selected by 'cudaSetDevice(0)' (0)
  CUDA_CHECK(cudaFree(a));
}

void neighbour(int dev, int n) {
  float *a = nullptr;
  cudaSetDevice(dev);
  cudaMalloc(&a, n * sizeof(float));
  cudaSetDevice(dev + 1);
  fill<<<1, 256>>>(a, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'a' allocated for the device selected by 'cudaSetDevice(dev)' is used by a kernel on the device selected by 'cudaSetDevice(dev + 1)'
  cudaFree(a);
}

void async_alloc(int n, cudaStream_t s) {
  const int src = 2, dst = 3;
  float *a = nullptr;
  cudaSetDevice(src);
  cudaMallocAsync(&a, n * sizeof(float), s);
  if (n > 16)
    std::printf("large\n");
  cudaSetDevice(dst);
  fill<<<1, 256, 0, s>>>(a, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'a' allocated for the device selected by 'cudaSetDevice(src)' (2) is used by a kernel on the device selected by 'cudaSetDevice(dst)' (3)
  cudaFree(a);
}

// ---- correct code: no findings below ----

void same_device_again(int n) {
  float *a = nullptr;
  cudaSetDevice(1);
  cudaMalloc(&a, n * sizeof(float));
  cudaSetDevice(0);
  cudaSetDevice(1);
  fill<<<1, 256>>>(a, n); // no-warning: back on device 1
  cudaFree(a);
}

void managed_memory(int n) {
  float *m = nullptr;
  cudaSetDevice(0);
  cudaMallocManaged(&m, n * sizeof(float));
  cudaSetDevice(1);
  fill<<<1, 256>>>(m, n); // no-warning: managed memory migrates
  cudaFree(m);
}

void copy_between_devices(float *host, int n) {
  float *a = nullptr;
  cudaSetDevice(0);
  cudaMalloc(&a, n * sizeof(float));
  cudaSetDevice(1);
  cudaMemcpy(host, a, n * sizeof(float), cudaMemcpyDeviceToHost); // no-warning: copies work across devices
  cudaFree(a);
}

void branch(int n, bool second) {
  float *a = nullptr;
  cudaSetDevice(0);
  cudaMalloc(&a, n * sizeof(float));
  if (second)
    cudaSetDevice(1);
  fill<<<1, 256>>>(a, n); // no-warning: not the other device on every path
  cudaFree(a);
}

void per_device(float **bufs, int count, int n) {
  for (int d = 0; d < count; ++d) {
    cudaSetDevice(d);
    cudaMalloc(&bufs[d], n * sizeof(float));
  }
  for (int d = 0; d < count; ++d) {
    cudaSetDevice(d);
    fill<<<1, 256>>>(bufs[d], n); // no-warning: each buffer on its device
  }
}

static void use_device(int d) { cudaSetDevice(d); }

void helper_selects(int n) {
  float *a = nullptr;
  cudaSetDevice(0);
  cudaMalloc(&a, n * sizeof(float));
  use_device(0);
  fill<<<1, 256>>>(a, n); // no-warning: the helper's device is not followed
  cudaFree(a);
}

void variable_device(int dev, int n) {
  float *a = nullptr;
  cudaSetDevice(dev);
  cudaMalloc(&a, n * sizeof(float));
  cudaSetDevice(dev);
  fill<<<1, 256>>>(a, n); // no-warning: the same device
  cudaFree(a);
}

void other_variables(int a_dev, int b_dev, int n) {
  float *a = nullptr;
  cudaSetDevice(a_dev);
  cudaMalloc(&a, n * sizeof(float));
  cudaSetDevice(b_dev);
  fill<<<1, 256>>>(a, n); // no-warning: a_dev and b_dev may be equal
  cudaFree(a);
}
