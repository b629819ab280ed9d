#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void fill(double *b) { b[threadIdx.x] = threadIdx.x; }
int main() {
  double *buf;
  hipMalloc(&buf, 1024 * sizeof(double));
  fill<<<1, 1024>>>(buf);
  hipDeviceSynchronize();
  std::printf("%f\n", buf[100]);
  hipFree(buf);
}
