// A realistic HIP program parses against usmcheck's analysis headers with
// the flags of docs/headers.md (no ROCm installed): kernels, <<<>>> and
// hipLaunchKernelGGL launches, every catalogued allocation, copy and fill.
//
// RUN: %clang -fsyntax-only -Wall -Werror -x hip --offload-host-only -nogpuinc -nogpulib -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -Wall -x hip --offload-device-only --offload-arch=gfx90a -nogpuinc -nogpulib -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -x hip --offload-host-only -nogpuinc -nogpulib -idirafter %src_root/headers/sdk -Xclang -ast-dump %s | FileCheck %s --check-prefix=AST
// AST: FunctionDecl {{.*}} saxpy 'void (float, const float *, float *, int)'
// AST: CUDAGlobalAttr
// AST: CUDAKernelCallExpr
// AST: CUDAKernelCallExpr
// A host-only C++ file of a HIP project (no kernels) parses as plain C++:
// RUN: %clang -fsyntax-only -Wall -Werror -x c++ -DHOST_ONLY -idirafter %src_root/headers/sdk %s

#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>

#ifndef USMCHECK_ANALYSIS_HEADERS
#error "expected usmcheck's analysis headers"
#endif

#define HIP_CHECK(call)                                                        \
  do {                                                                         \
    hipError_t e_ = (call);                                                    \
    if (e_ != hipSuccess) {                                                    \
      std::fprintf(stderr, "%s\n", hipGetErrorString(e_));                     \
      return 1;                                                                \
    }                                                                          \
  } while (0)

#ifndef HOST_ONLY
__device__ float table[16];
__managed__ int done;

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  if (i < n)
    y[i] = a * x[i] + y[i] + table[i % 16];
  __shared__ float tile[64];
  tile[threadIdx.x % 64] = y[i];
  __syncthreads();
  done = 1;
}

// Kernels call the C/C++ math library and device malloc/free.
__global__ void maths(float *f, double *d) {
  unsigned i = threadIdx.x;
  f[i] = sqrtf(f[i]) + expf(f[i]) + fabsf(f[i]);
  d[i] = std::sqrt(d[i]) + exp(d[i]) + fmax(d[i], 1.0) + pow(d[i], 2.0);
  int *scratch = (int *)malloc(16);
  scratch[0] = (int)i;
  free(scratch);
  atomicAdd(&d[0], 1.0);
}
#endif

int main() {
  const int N = 4096;
  const size_t bytes = N * sizeof(float);
  float *x = nullptr, *y = nullptr, *h = nullptr, *m = nullptr, *w = nullptr;
  void *raw = nullptr;
  HIP_CHECK(hipMalloc(&x, bytes));
  HIP_CHECK(hipMalloc(&raw, bytes));
  HIP_CHECK(hipExtMallocWithFlags(&y, bytes, hipDeviceMallocFinegrained));
  HIP_CHECK(hipHostMalloc(&h, bytes, hipHostMallocDefault));
  HIP_CHECK(hipHostMalloc(&w, bytes));
  HIP_CHECK(hipMallocManaged(&m, bytes));
  size_t pitch = 0;
  float *img = nullptr;
  HIP_CHECK(hipMallocPitch((void **)&img, &pitch, 256 * sizeof(float), 256));
  hipPitchedPtr vol;
  HIP_CHECK(hipMalloc3D(&vol, hipExtent{64, 64, 64}));
  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  float *a = nullptr;
  HIP_CHECK(hipMallocAsync((void **)&a, bytes, s));

  HIP_CHECK(hipMemcpy(x, h, bytes, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpyAsync(y, x, bytes, hipMemcpyDeviceToDevice, s));
  HIP_CHECK(hipMemcpyHtoD(x, h, bytes));
  HIP_CHECK(hipMemcpyDtoH(h, x, bytes));
  HIP_CHECK(hipMemcpyDtoD(y, x, bytes));
  HIP_CHECK(hipMemcpyHtoDAsync(x, h, bytes, s));
  HIP_CHECK(hipMemcpyDtoHAsync(h, x, bytes, s));
  HIP_CHECK(hipMemcpy2D(img, pitch, h, 256 * sizeof(float),
                        256 * sizeof(float), 16, hipMemcpyDefault));
  HIP_CHECK(hipMemcpy2DAsync(img, pitch, h, 256 * sizeof(float),
                             256 * sizeof(float), 16, hipMemcpyHostToDevice, s));
  hipMemcpy3DParms p3 = {};
  p3.dstPtr = vol;
  p3.kind = hipMemcpyDeviceToDevice;
  HIP_CHECK(hipMemcpy3D(&p3));
  HIP_CHECK(hipMemcpy3DAsync(&p3, s));
  HIP_CHECK(hipMemcpyPeer(a, 0, x, 0, bytes));
  HIP_CHECK(hipMemcpyPeerAsync(a, 0, x, 0, bytes, s));
  HIP_CHECK(hipMemset(x, 0, bytes));
  HIP_CHECK(hipMemsetAsync(x, 0, bytes, s));
  HIP_CHECK(hipMemset2D(img, pitch, 0, 256 * sizeof(float), 16));
  HIP_CHECK(hipMemPrefetchAsync(m, bytes, 0, s));
  HIP_CHECK(hipMemAdvise(m, bytes, hipMemAdviseSetCoarseGrain, 0));

#ifndef HOST_ONLY
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(table), h, sizeof(float) * 16));
  HIP_CHECK(hipMemcpyToSymbol(table, h, sizeof(float) * 16));
  HIP_CHECK(hipMemcpyFromSymbol(h, HIP_SYMBOL(table), sizeof(float) * 16));
  hipLaunchKernelGGL(saxpy, dim3(N / 256), dim3(256), 0, s, 2.0f, x, y, N);
  saxpy<<<N / 256, 256, 0, s>>>(2.0f, x, m, N);
  maths<<<1, 64>>>(x, (double *)y);
  HIP_CHECK(hipGetLastError());
#endif

  hipPointerAttribute_t attr;
  HIP_CHECK(hipPointerGetAttributes(&attr, x));
  if (attr.type == hipMemoryTypeDevice)
    std::printf("device %d\n", attr.device);
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipDeviceSynchronize());
  std::printf("%f %f\n", h[0], m[0]);

  HIP_CHECK(hipFreeAsync(a, s));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(vol.ptr));
  HIP_CHECK(hipFree(img));
  HIP_CHECK(hipFree(raw));
  HIP_CHECK(hipFree(x));
  HIP_CHECK(hipFree(y));
  HIP_CHECK(hipFree(m));
  HIP_CHECK(hipHostFree(h));
  HIP_CHECK(hipHostFree(w));
  return 0;
}
