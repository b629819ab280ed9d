// Host WRITE to cudaMalloc memory: the host stores into buf[3] after a
// kernel filled the block. On an H200 the store is SIGSEGV.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(double *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = i;
}

int main() {
  const int N = 1024;
  double *buf = nullptr;
  if (cudaMalloc(&buf, N * sizeof(double)) != cudaSuccess)
    return 1;
  fill<<<(N + 255) / 256, 256>>>(buf, N);
  cudaDeviceSynchronize();

  buf[3] = -1.0; // host write to device memory
  cudaFree(buf);
  return 0;
}
