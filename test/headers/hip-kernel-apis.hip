// HIP kernels that use the API beyond memory management parse against the
// analysis headers: vector types, wavefront functions, device intrinsics,
// atomics, half precision, cooperative groups, hipRAND, complex numbers,
// dynamic shared memory, device attributes, occupancy and events.
//
// RUN: %clang -fsyntax-only -Wall -Werror -x hip --offload-host-only -nogpuinc -nogpulib -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -Wall -x hip --offload-device-only --offload-arch=gfx90a -nogpuinc -nogpulib -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -x hip --offload-host-only -nogpuinc -nogpulib -idirafter %src_root/headers/sdk -Xclang -ast-dump %s | FileCheck %s --check-prefix=AST
// AST: FunctionDecl {{.*}} block_sum 'void (const float *, float *, int)'
// AST: CUDAGlobalAttr
// AST: CUDAKernelCallExpr

#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp16.h>
#include <hiprand/hiprand_kernel.h>
#include <cstdio>
#include <new>

namespace cg = cooperative_groups;

#define HIP_CHECK(call)                                                        \
  do {                                                                         \
    hipError_t e = (call);                                                     \
    if (e != hipSuccess) {                                                     \
      printf("%s: %s\n", #call, hipGetErrorString(e));                         \
      return 1;                                                                \
    }                                                                          \
  } while (0)

struct Pair {
  float a, b;
};

__global__ void block_sum(const float *in, float *out, int n) {
  HIP_DYNAMIC_SHARED(float, partial);
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.f;
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  unsigned long long ballot = __ballot(v > 0.f);
  partial[threadIdx.x] = v + tile.shfl(v, 0) + __popcll(ballot);
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(out, partial[0] + __float2int_rd(v) + __int_as_float(0));
    atomicMax(out, v);
  }
  new (&partial[1]) float(v);
}

__global__ void misc(float4 *p, half *h, hipFloatComplex *c, Pair *pairs,
                     hiprandState *states) {
  int i = threadIdx.x;
  float4 a = p[i];
  p[i] = make_float4(a.w, a.z, a.y, a.x + __fdividef(1.f, 3.f));
  h[i] = __float2half(__half2float(__hadd(h[i], h[0])));
  c[i] = hipCmulf(c[i], make_hipFloatComplex(1.f, hipCimagf(c[i])));
  hiprand_init(42ULL, i, 0, &states[i]);
  pairs[i].a = hiprand_uniform(&states[i]) + __clz(i) + __ffs(i);
  __stcs(&pairs[i].b, __ldcs(&pairs[i].a));
  __threadfence_block();
}

int main() {
  const int n = 1 << 10;
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  int warp = 0, blocks = 0;
  HIP_CHECK(hipDeviceGetAttribute(&warp, hipDeviceAttributeWarpSize, 0));
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, block_sum,
                                                         256, 0));
  float *in, *out;
  HIP_CHECK(hipMalloc(&in, n * sizeof(float)));
  HIP_CHECK(hipMallocManaged(&out, sizeof(float)));
  hipEvent_t start, stop;
  HIP_CHECK(hipEventCreateWithFlags(&start, hipEventDefault));
  HIP_CHECK(hipEventCreate(&stop));
  HIP_CHECK(hipEventRecord(start, 0));
  hipLaunchKernelGGL(block_sum, dim3(prop.maxGridSize[0] > 4 ? 4 : 1),
                     dim3(256), 256 * sizeof(float), 0, in, out, n);
  HIP_CHECK(hipEventRecord(stop, 0));
  HIP_CHECK(hipEventSynchronize(stop));
  float ms = 0;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  printf("%s (%s): warp %d, %f ms, %f\n", prop.name, prop.gcnArchName, warp,
         ms, *out);
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  return 0;
}
