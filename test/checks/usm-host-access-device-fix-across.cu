// clang-format off
// --fix swaps cudaMalloc for cudaMallocHost and renames every cudaFree that
// releases that allocation, wherever it is: in a helper release(), in a
// destructor, through a helper of a helper. When a free also releases other
// memory (a release() shared with a cudaMalloc buffer that stays), renaming
// it would break the other buffer: no fix-it, and a note says why. After
// --fix, every check is quiet on the fixed code (no free mismatch left).
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/prog.cu
// RUN: not %usmcheck check --checks='-*,usm-host-access-device' %t.dir/prog.cu 2>&1 | FileCheck %s
// RUN: not %usmcheck check --fix %t.dir/prog.cu > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED < %t.dir/prog.cu
// RUN: not %usmcheck check %t.dir/prog.cu 2>&1 | FileCheck %s --check-prefix=AFTER
// clang-format on
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(double *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = i;
}

static void release(double *p) { cudaFree(p); }
// FIXED: {{^}}static void release(double *p) { cudaFreeHost(p); }
static void release_twice_removed(double *p) { release(p); }

struct Owner {
  double *p = nullptr;
  ~Owner() { cudaFree(p); }
  // FIXED: {{^}}  ~Owner() { cudaFreeHost(p); }
};

static void shared_release(double *p) { cudaFree(p); }
// FIXED: {{^}}static void shared_release(double *p) { cudaFree(p); }

int main() {
  const int N = 1024;
  double *buf = nullptr;
  cudaMalloc((void **)&buf, N * sizeof(double));
  // FIXED: {{^}}  cudaMallocHost((void **)&buf, N * sizeof(double));
  fill<<<4, 256>>>(buf, N);
  cudaDeviceSynchronize();
  std::printf("%f\n", buf[1]);
  // CHECK: :[[@LINE-1]]:23: error: host code reads device memory allocated by 'cudaMalloc'
  release_twice_removed(buf);

  Owner o;
  cudaMalloc((void **)&o.p, N * sizeof(double));
  // FIXED: {{^}}  cudaMallocHost((void **)&o.p, N * sizeof(double));
  fill<<<4, 256>>>(o.p, N);
  cudaDeviceSynchronize();
  std::printf("%f\n", o.p[2]);
  // CHECK: :[[@LINE-1]]:23: error: host code reads device memory allocated by 'cudaMalloc'

  // shared_release() also frees 'keep', which stays device memory.
  double *seen = nullptr, *keep = nullptr;
  cudaMalloc((void **)&seen, N * sizeof(double));
  // FIXED: {{^}}  cudaMalloc((void **)&seen, N * sizeof(double));
  cudaMalloc((void **)&keep, N * sizeof(double));
  fill<<<4, 256>>>(seen, N);
  cudaDeviceSynchronize();
  std::printf("%f\n", seen[3]);
  // CHECK: :[[@LINE-1]]:23: error: host code reads device memory allocated by 'cudaMalloc'
  // CHECK: :[[@LINE-7]]:3: note: no fix-it for the allocator swap: 'cudaFree' at line [[@LINE-31]] also releases other memory
  // AFTER: prog.cu:[[@LINE-3]]:23: error: host code reads device memory
  shared_release(seen);
  shared_release(keep);
  return 0;
}
// AFTER-NOT: usm-free-mismatch
// AFTER: usmcheck: 1 error and 0 warnings in 1 file
