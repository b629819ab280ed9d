// Kernels that use the CUDA API beyond memory management parse against the
// analysis headers: built-in vector types, warp intrinsics, atomics, half
// and bfloat16, cooperative groups, cuRAND, cuComplex, texture objects,
// device attributes, occupancy, events and math intrinsics.
//
// RUN: %clang -fsyntax-only -Wall -Werror -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -include %src_root/headers/sdk/usmcheck/cuda_prelude.h -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -Wall -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -include %src_root/headers/sdk/usmcheck/cuda_prelude.h -idirafter %src_root/headers/sdk %s
// The kernels and launches are in the host-side tree:
// RUN: %clang -fsyntax-only -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -include %src_root/headers/sdk/usmcheck/cuda_prelude.h -idirafter %src_root/headers/sdk -Xclang -ast-dump %s | FileCheck %s --check-prefix=AST
// AST: FunctionDecl {{.*}} reduce_tile 'void (const float *{{.*}}, float *, int)'
// AST: CUDAGlobalAttr
// AST: CUDAKernelCallExpr
// nvcc defines __CUDACC__ for the whole file, so code guarded by it is seen:
// RUN: %clang -fsyntax-only -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -include %src_root/headers/sdk/usmcheck/cuda_prelude.h -idirafter %src_root/headers/sdk -DEXPECT_CUDACC %s

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuComplex.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <curand_kernel.h>
#include <math_constants.h>
#include <cstdio>

#if defined(EXPECT_CUDACC) && !defined(__CUDACC__)
#error "__CUDACC__ should be defined in CUDA parses"
#endif

namespace cg = cooperative_groups;

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      printf("%s: %s\n", #call, cudaGetErrorString(e));                        \
      return 1;                                                                \
    }                                                                          \
  } while (0)

__device__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void reduce_tile(const float *__restrict__ in, float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? __ldg(&in[i]) : 0.f;
  float s = cg::reduce(tile, v, cg::plus<float>());
  s += tile.shfl_xor(s, 1) + warp_sum(v);
  unsigned mask = __ballot_sync(__activemask(), v > 0.f);
  if (tile.thread_rank() == 0)
    atomicAdd(out, s + __popc(mask) + __ffs(mask) + __clz(mask));
  block.sync();
  __syncwarp();
}

__global__ void vectors(float4 *p, uchar4 *img, int2 *idx, double *acc) {
  int i = threadIdx.x;
  float4 a = p[i];
  p[i] = make_float4(a.x * 2.f, __expf(a.y), rsqrtf(a.z), __fdividef(a.w, 3.f));
  img[i] = make_uchar4(1, 2, 3, 255);
  idx[i] = make_int2(min(i, 4), max(i, 2));
  double4 d = make_double4(1., 2., 3., 4.);
  float sn, cs;
  sincospif(a.x, &sn, &cs);
  atomicAdd(acc, d.w + sn + cs + CUDART_PI);
  atomicMax((int *)&idx[0].x, i);
  atomicCAS((unsigned int *)&idx[1].y, 0u, 1u);
  atomicExch((unsigned long long *)acc, 0ull);
  __stcs(&p[i].x, __ldcs(&p[i].y));
}

__global__ void halves(const half *x, half2 *y, __nv_bfloat16 *z, float *o) {
  int i = threadIdx.x;
  half h = __hadd(x[i], __float2half(1.f));
  y[i] = __hmul2(y[i], __floats2half2_rn(0.5f, 2.f));
  z[i] = __float2bfloat16(__half2float(h));
  o[i] = __low2float(y[i]) + __bfloat162float(z[i]) + float(hsqrt(h));
  h = __shfl_xor_sync(0xffffffff, h, 1);
  atomicAdd((half *)&x[0], h);
}

__global__ void rng(curandState *states, float *out, cudaTextureObject_t tex,
                    cuFloatComplex *c) {
  int i = threadIdx.x;
  curand_init(1234ULL, i, 0, &states[i]);
  out[i] = curand_uniform(&states[i]) + curand_normal(&states[i]) +
           tex1Dfetch<float>(tex, i);
  c[i] = cuCmulf(c[i], make_cuFloatComplex(cuCrealf(c[i]), 1.f));
}

int main() {
  const int n = 1 << 10;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int smCount = 0, blocks = 0, minGrid = 0, block = 0;
  CHECK(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, 0));
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reduce_tile,
                                                      256, 0));
  CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, reduce_tile));
  CHECK(cudaFuncSetAttribute(reduce_tile,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             prop.sharedMemPerBlockOptin));
  cudaMemPool_t pool;
  unsigned long long threshold = ~0ull;
  CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold,
                                &threshold));
  float *in, *out;
  CHECK(cudaMalloc(&in, n * sizeof(float)));
  CHECK(cudaMallocManaged(&out, sizeof(float)));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = in;
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  res.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc td = {};
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex = 0;
  CHECK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreateWithFlags(&start, cudaEventDefault));
  CHECK(cudaEventCreate(&stop));
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CHECK(cudaEventRecord(start, s));
  reduce_tile<<<prop.maxGridSize[0] < 4 ? 1 : 4, 256, 0, s>>>(in, out, n);
  CHECK(cudaEventRecord(stop, s));
  CHECK(cudaStreamWaitEvent(s, stop, 0));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  printf("%s: %d SMs, %f ms, %f\n", prop.name, smCount, ms, *out);
  CHECK(cudaDestroyTextureObject(tex));
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
