// Two host reads of device memory whose fix ranking depends on measured
// costs (test/bench/fix-ranking.test).
#include <cuda_runtime.h>

__global__ void step(double *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += 1.0;
}

// The host and a kernel both touch the memory in every iteration.
double alternate(int n) {
  double *d;
  cudaMalloc(&d, n * sizeof(double));
  double sum = 0;
  for (int it = 0; it < 10; ++it) {
    step<<<(n + 255) / 256, 256>>>(d, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i)
      sum += d[i];
  }
  cudaFree(d);
  return sum;
}

// Kernels run repeatedly; the host reads the result once.
double repeated(int n) {
  double *d;
  cudaMalloc(&d, n * sizeof(double));
  for (int it = 0; it < 10; ++it)
    step<<<(n + 255) / 256, 256>>>(d, n);
  cudaDeviceSynchronize();
  double first = d[0];
  cudaFree(d);
  return first;
}
