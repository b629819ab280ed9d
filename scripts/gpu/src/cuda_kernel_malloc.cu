// A kernel reads malloc memory: on the H200 (no HMM) the kernel faults and
// the next synchronising call returns cudaErrorIllegalAddress. The guard
// then names the launch and the pointer argument the device cannot reach.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(double *out, const double *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0 * in[i];
}

int main() {
  const int N = 1024;
  double *out = nullptr;
  double *in = (double *)std::malloc(N * sizeof(double)); // pageable
  for (int i = 0; i < N; ++i)
    in[i] = i;
  if (cudaMalloc(&out, N * sizeof(double)) != cudaSuccess)
    return 1;
  scale<<<(N + 255) / 256, 256>>>(out, in, N);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("cudaDeviceSynchronize: %d (%s)\n", int(e), cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 3;
}
