// CUB and Thrust (Debian: libcub-dev, libthrust-dev, installed by
// scripts/setup.sh) parse host-side through the analysis headers: they
// include cuda_runtime_api.h, driver_types.h, host_defines.h,
// cuda_occupancy.h, cuda_fp16.h and cuda_bf16.h, which the fallback
// provides. A "'cub/cub.cuh' file not found" failure means those packages
// are missing.
//
// RUN: %clang -fsyntax-only -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -std=c++17 -include %src_root/headers/sdk/usmcheck/cuda_prelude.h -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -std=c++17 -include %src_root/headers/sdk/usmcheck/cuda_prelude.h -idirafter %src_root/headers/sdk -Xclang -ast-dump -Xclang -ast-dump-filter=block_sum %s | FileCheck %s --check-prefix=AST
// AST: FunctionDecl {{.*}} block_sum 'void (const int *, int *)'
// AST: CUDAGlobalAttr

#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <cstdio>

__global__ void block_sum(const int *in, int *out) {
  typedef cub::BlockReduce<int, 256> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp;
  int sum = BlockReduce(temp).Sum(in[blockIdx.x * 256 + threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

int main() {
  const int n = 1 << 16;
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, sizeof(int));
  void *temp = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n);
  cudaMalloc(&temp, bytes);
  cub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n);
  block_sum<<<n / 256, 256>>>(d_in, d_out);

  thrust::host_vector<int> h(n, 1);
  thrust::device_vector<int> v = h;
  thrust::sort(v.begin(), v.end());
  int total = thrust::reduce(v.begin(), v.end());
  printf("%d\n", total);
  cudaFree(temp);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
