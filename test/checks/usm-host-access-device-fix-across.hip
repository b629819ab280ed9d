// clang-format off
// --fix swaps hipMalloc for hipHostMalloc and renames every hipFree that
// releases that allocation, wherever it is: in a helper release(), in a
// destructor, through a helper of a helper. When a free also releases other
// memory (a release() shared with a hipMalloc buffer that stays), renaming
// it would break the other buffer: no fix-it, and a note says why. After
// --fix, every check is quiet on the fixed code (no free mismatch left).
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/prog.hip
// RUN: not %usmcheck check --checks='-*,usm-host-access-device' %t.dir/prog.hip 2>&1 | FileCheck %s
// RUN: not %usmcheck check --fix %t.dir/prog.hip > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED < %t.dir/prog.hip
// RUN: not %usmcheck check %t.dir/prog.hip 2>&1 | FileCheck %s --check-prefix=AFTER
// clang-format on
#include <cstdio>
#include <hip/hip_runtime.h>

__global__ void fill(double *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = i;
}

static void release(double *p) { hipFree(p); }
// FIXED: {{^}}static void release(double *p) { hipHostFree(p); }
static void release_twice_removed(double *p) { release(p); }

struct Owner {
  double *p = nullptr;
  ~Owner() { hipFree(p); }
  // FIXED: {{^}}  ~Owner() { hipHostFree(p); }
};

static void shared_release(double *p) { hipFree(p); }
// FIXED: {{^}}static void shared_release(double *p) { hipFree(p); }

int main() {
  const int N = 1024;
  double *buf = nullptr;
  hipMalloc((void **)&buf, N * sizeof(double));
  // FIXED: {{^}}  hipHostMalloc((void **)&buf, N * sizeof(double));
  fill<<<4, 256>>>(buf, N);
  hipDeviceSynchronize();
  std::printf("%f\n", buf[1]);
  // CHECK: :[[@LINE-1]]:23: error: host code reads device memory allocated by 'hipMalloc'
  release_twice_removed(buf);

  Owner o;
  hipMalloc((void **)&o.p, N * sizeof(double));
  // FIXED: {{^}}  hipHostMalloc((void **)&o.p, N * sizeof(double));
  fill<<<4, 256>>>(o.p, N);
  hipDeviceSynchronize();
  std::printf("%f\n", o.p[2]);
  // CHECK: :[[@LINE-1]]:23: error: host code reads device memory allocated by 'hipMalloc'

  // shared_release() also frees 'keep', which stays device memory.
  double *seen = nullptr, *keep = nullptr;
  hipMalloc((void **)&seen, N * sizeof(double));
  // FIXED: {{^}}  hipMalloc((void **)&seen, N * sizeof(double));
  hipMalloc((void **)&keep, N * sizeof(double));
  fill<<<4, 256>>>(seen, N);
  hipDeviceSynchronize();
  std::printf("%f\n", seen[3]);
  // CHECK: :[[@LINE-1]]:23: error: host code reads device memory allocated by 'hipMalloc'
  // CHECK: :[[@LINE-7]]:3: note: no fix-it for the allocator swap: 'hipFree' at line [[@LINE-31]] also releases other memory
  // AFTER: prog.hip:[[@LINE-3]]:23: error: host code reads device memory
  shared_release(seen);
  shared_release(keep);
  return 0;
}
// AFTER-NOT: usm-free-mismatch
// AFTER: usmcheck: 1 error and 0 warnings in 1 file
