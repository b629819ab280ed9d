// hipCUB code parses through the analysis headers, which map
// <hipcub/hipcub.hpp> onto Debian's CUB (libcub-dev, installed by
// scripts/setup.sh) with HIP's stream type.
//
// RUN: %clang -fsyntax-only -x hip --offload-host-only -nogpuinc -nogpulib -std=c++17 -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -x hip --offload-host-only -nogpuinc -nogpulib -std=c++17 -idirafter %src_root/headers/sdk -Xclang -ast-dump -Xclang -ast-dump-filter=block_max %s | FileCheck %s --check-prefix=AST
// AST: FunctionDecl {{.*}} block_max 'void (const float *, float *)'
// AST: CUDAGlobalAttr

#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

__global__ void block_max(const float *in, float *out) {
  using BlockReduce = hipcub::BlockReduce<float, 256>;
  __shared__ typename BlockReduce::TempStorage temp;
  float m = BlockReduce(temp).Reduce(in[threadIdx.x], hipcub::Max());
  if (threadIdx.x == 0)
    *out = m;
}

int main() {
  const int n = 1024;
  float *d_in, *d_out;
  hipMalloc(&d_in, n * sizeof(float));
  hipMalloc(&d_out, sizeof(float));
  hipStream_t stream;
  hipStreamCreate(&stream);
  void *temp = nullptr;
  size_t bytes = 0;
  hipcub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n, stream);
  hipMalloc(&temp, bytes);
  hipcub::DeviceScan::ExclusiveSum(temp, bytes, d_in, d_out, n, stream);
  hipLaunchKernelGGL(block_max, dim3(1), dim3(256), 0, stream, d_in, d_out);
  hipStreamSynchronize(stream);
  hipFree(temp);
  hipFree(d_in);
  hipFree(d_out);
  return 0;
}
