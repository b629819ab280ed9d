// clang-format off
// --fix replaces a copy kind that contradicts the pointers; the result checks
// clean with every check. (Run from ../../usm-memcpy-direction.c.)
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void iota(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = i;
}

int main() {
  const int n = 1 << 10;
  std::vector<float> h(n);
  float *d = nullptr, *d2 = nullptr;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&d2, n * sizeof(float));
  iota<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(d2, d, n * sizeof(float), cudaMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the copy kind 'cudaMemcpyHostToDevice' of 'cudaMemcpy' contradicts its pointers
  // CHECK-FIXES: {{^}}  cudaMemcpy(d2, d, n * sizeof(float), cudaMemcpyDeviceToDevice);{{$}}
  cudaMemcpy(h.data(), d2, n * sizeof(float), cudaMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the copy kind 'cudaMemcpyHostToDevice' of 'cudaMemcpy' contradicts its pointers
  // CHECK-FIXES: {{^}}  cudaMemcpy(h.data(), d2, n * sizeof(float), cudaMemcpyDeviceToHost);{{$}}
  std::printf("%f\n", h[n - 1]);
  cudaFree(d);
  cudaFree(d2);
  return 0;
}
