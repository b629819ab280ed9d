// Block sum reduction; partial sums land in pinned host memory, which the
// host may read directly after synchronising.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void block_sum(const float *in, float *partial, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int off = blockDim.x / 2; off > 0; off /= 2) {
    if (threadIdx.x < off)
      s[threadIdx.x] += s[threadIdx.x + off];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = s[0];
}

__global__ void fill_ones(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 1.0f;
}

int main() {
  const int n = 1 << 20, threads = 256, blocks = (n + threads - 1) / threads;
  float *d_in, *h_partial;
  hipMalloc(&d_in, n * sizeof(float));
  hipHostMalloc(&h_partial, blocks * sizeof(float), 0);
  hipLaunchKernelGGL(fill_ones, dim3(blocks), dim3(threads), 0, 0, d_in, n);
  hipLaunchKernelGGL(block_sum, dim3(blocks), dim3(threads), 0, 0, d_in,
                     h_partial, n);
  hipDeviceSynchronize();
  double total = 0.0;
  for (int b = 0; b < blocks; ++b)
    total += h_partial[b];
  std::printf("reduce: %.0f (expected %d)\n", total, n);
  hipFree(d_in);
  hipHostFree(h_partial);
  return total == n ? 0 : 1;
}
