// The seed bug in HIP: hipMalloc memory read by host code after a kernel
// filled it.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void fill(double *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = i;
}

int main() {
  double *buf = nullptr;
  if (hipMalloc(&buf, 1024 * sizeof(double)) != hipSuccess)
    return 1;
  hipLaunchKernelGGL(fill, dim3(4), dim3(256), 0, 0, buf, 1024);
  hipDeviceSynchronize();
  std::printf("%f\n", buf[100]);
  hipFree(buf);
  return 0;
}
