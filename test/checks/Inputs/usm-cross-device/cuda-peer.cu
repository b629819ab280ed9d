// usm-cross-device, CUDA: peer access is enabled, so kernels may use the
// other device's memory.
// clang-format off
#include <cuda_runtime.h>

__global__ void fill(float *p, int n) { p[0] = 1.0f; }

void peer(int n) {
  float *a = nullptr;
  cudaSetDevice(0);
  cudaMalloc(&a, n * sizeof(float));
  cudaSetDevice(1);
  cudaDeviceEnablePeerAccess(0, 0);
  fill<<<1, 256>>>(a, n); // no-warning: device 1 may access device 0's memory
  cudaFree(a);
}
