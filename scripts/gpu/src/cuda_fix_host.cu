// Fix 1 for the CUDA seed bug: pinned host memory (cudaMallocHost).
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
  if (cudaMallocHost(&buf, N * sizeof(double)) != cudaSuccess)
    return 1;
  fill<<<(N + 255) / 256, 256>>>(buf, N);
  cudaDeviceSynchronize();
  std::printf("buf[100] = %f\n", buf[100]);
  cudaFreeHost(buf);
  return 0;
}
