// Fix 3 for the CUDA seed bug: keep device memory, copy back first.
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
  static double hbuf[1024];
  if (cudaMemcpy(hbuf, buf, N * sizeof(double), cudaMemcpyDeviceToHost) !=
      cudaSuccess)
    return 1;
  std::printf("buf[100] = %f\n", hbuf[100]);
  cudaFree(buf);
  return 0;
}
