#include <cstdio>
__global__ void fill(double *b) { b[threadIdx.x] = threadIdx.x; }
int main() {
  double *buf;
  cudaMalloc(&buf, 1024 * sizeof(double));
  fill<<<1, 1024>>>(buf);
  cudaDeviceSynchronize();
  std::printf("%f\n", buf[100]);
  cudaFree(buf);
}
