// The CUDA seed bug: --fix swaps cudaMalloc for cudaMallocHost AND renames
// the matching cudaFree to cudaFreeHost, so the fixed program is right at
// once: a second --fix with every check enabled changes nothing.
// RUN: %check_clang_tidy %s usm-host-access-device %t
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/prog.cu
// RUN: not %usmcheck check --fix %t.dir/prog.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED < %t.dir/prog.cu
// RUN: cp %t.dir/prog.cu %t.dir/once.cu
// RUN: %usmcheck check --fix %t.dir/prog.cu 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: diff %t.dir/once.cu %t.dir/prog.cu
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
  // CHECK-FIXES: {{^}}  if (cudaMallocHost(&buf, N * sizeof(double)) != cudaSuccess){{$}}
  // FIXED: {{^}}  if (cudaMallocHost(&buf, N * sizeof(double)) != cudaSuccess){{$}}
  fill<<<(N + 255) / 256, 256>>>(buf, N);
  cudaDeviceSynchronize();
  std::printf("buf[100] = %f\n", buf[100]);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: error: host code reads device memory allocated by 'cudaMalloc'
  // CHECK-MESSAGES: :[[@LINE-8]]:7: note: allocated as device memory
  // CHECK-MESSAGES: :[[@LINE-9]]:7: note: recommended fix
  // CHECK-MESSAGES: :[[@LINE-10]]:7: note: alternative fix
  // CHECK-MESSAGES: :[[@LINE-5]]:34: note: alternative fix
  cudaFree(buf);
  // CHECK-FIXES: {{^}}  cudaFreeHost(buf);{{$}}
  // FIXED: {{^}}  cudaFreeHost(buf);{{$}}
  return 0;
}
// CLEAN: usmcheck: 0 errors and 0 warnings in 1 file
