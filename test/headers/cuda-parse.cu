// A realistic CUDA program parses against usmcheck's analysis headers with
// the fallback flags of docs/headers.md, with no toolkit (as on CI) and with
// whatever toolkit the machine has (clang-19 cannot parse CUDA 13's own
// headers, so the fallback is what makes .cu files analysable there).
//
// RUN: %clang -fsyntax-only -Wall -Werror -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -Wall -Werror -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version -idirafter %src_root/headers/sdk %s
// The device-side parse works too (both launch protocols are declared):
// RUN: %clang -fsyntax-only -Wall -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -idirafter %src_root/headers/sdk %s
// The host-side tree holds kernels (CUDAGlobalAttr) and launches:
// RUN: %clang -fsyntax-only -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -idirafter %src_root/headers/sdk -Xclang -ast-dump %s | FileCheck %s --check-prefix=AST
// AST: FunctionDecl {{.*}} scale 'void (double *, double, int)'
// AST: CUDAGlobalAttr
// AST: CUDAKernelCallExpr
// Without the analysis headers and without a toolkit, nothing parses:
// RUN: not %clang -fsyntax-only -x cuda --cuda-host-only -nocudainc -nocudalib --cuda-path=%t.no-cuda %s 2>&1 | FileCheck %s --check-prefix=NOHDR
// NOHDR: 'cuda.h' file not found

#include <cuda.h>
#include <cuda_runtime.h>
#include <device_launch_parameters.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#ifndef USMCHECK_ANALYSIS_HEADERS
#error "expected usmcheck's analysis headers"
#endif

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s\n", cudaGetErrorString(err_));                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__constant__ double coeff[4];
__device__ int counter;
__managed__ int flag;

__device__ __forceinline__ double twice(double x) { return 2 * x; }
__host__ __device__ int clampi(int v, int hi) { return v < hi ? v : hi; }

__global__ void scale(double *buf, double f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = twice(buf[i]) * f + coeff[0];
}

__global__ void __launch_bounds__(256) reduce(const double *in, double *out,
                                              int n) {
  __shared__ double tile[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  tile[t] = i < (unsigned)n ? in[i] : 0.0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      tile[t] += tile[t + s];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(out, tile[0]);
  atomicAdd(&counter, 1);
  flag = clampi(gridDim.x, warpSize);
}

// Kernels call the C/C++ math library and device malloc/free.
__global__ void maths(float *f, double *d) {
  unsigned i = threadIdx.x;
  f[i] = sqrtf(f[i]) + expf(f[i]) + fabsf(f[i]) + fminf(f[i], 1.0f);
  d[i] = std::sqrt(d[i]) + exp(d[i]) + fmax(d[i], 1.0) + pow(d[i], 2.0);
  int *scratch = (int *)malloc(16);
  scratch[0] = (int)i;
  free(scratch);
  __threadfence();
}

template <typename T> __global__ void fill(T *p, T v, size_t n) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

int main() {
  const int N = 1 << 20;
  const size_t bytes = N * sizeof(double);
  int ndev = 0;
  CHECK(cudaGetDeviceCount(&ndev));
  CHECK(cudaSetDevice(0));

  double *d = nullptr, *h = nullptr, *m = nullptr, *sum = nullptr;
  void *raw = nullptr;
  CHECK(cudaMalloc(&d, bytes));
  CHECK(cudaMalloc(&raw, bytes));
  CHECK(cudaMallocHost(&h, bytes));
  CHECK(cudaHostAlloc((void **)&h, bytes, cudaHostAllocMapped));
  CHECK(cudaMallocManaged(&m, bytes));
  CHECK(cudaMallocManaged(&sum, sizeof(double), cudaMemAttachGlobal));

  size_t pitch = 0;
  float *img = nullptr;
  CHECK(cudaMallocPitch(&img, &pitch, 640 * sizeof(float), 480));
  cudaPitchedPtr vol;
  CHECK(cudaMalloc3D(&vol, cudaExtent{64 * sizeof(float), 64, 64}));

  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  double *a = nullptr;
  CHECK(cudaMallocAsync(&a, bytes, s));
  cudaMemPool_t pool = nullptr;
  double *b = nullptr;
  CHECK(cudaMallocFromPoolAsync(&b, bytes, pool, s));

  CHECK(cudaMemcpyToSymbol(coeff, h, sizeof(double) * 4));
  CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
  scale<<<(N + 255) / 256, 256>>>(d, 0.5, N);
  reduce<<<N / 256, 256, 256 * sizeof(double), s>>>(d, sum, N);
  fill<double><<<dim3(N / 256), dim3(256), 0, s>>>(m, 1.0, N);
  maths<<<1, 32>>>((float *)img, d);
  void *args[] = {&d};
  CHECK(cudaLaunchKernel((const void *)scale, dim3(1), dim3(1), args, 0, s));
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, s));
  CHECK(cudaMemcpy2D(img, pitch, h, 640 * sizeof(float), 640 * sizeof(float),
                     480, cudaMemcpyDefault));
  CHECK(cudaMemcpy2DAsync(img, pitch, h, 640 * sizeof(float),
                          640 * sizeof(float), 480, cudaMemcpyHostToDevice, s));
  cudaMemcpy3DParms p3 = {};
  p3.dstPtr = vol;
  p3.kind = cudaMemcpyDeviceToDevice;
  CHECK(cudaMemcpy3D(&p3));
  CHECK(cudaMemcpy3DAsync(&p3, s));
  CHECK(cudaMemcpyPeer(a, 0, d, 0, bytes));
  CHECK(cudaMemcpyPeerAsync(a, 0, d, 0, bytes, s));
  int hc = 0;
  CHECK(cudaMemcpyFromSymbol(&hc, counter, sizeof hc));
  CHECK(cudaMemset(d, 0, bytes));
  CHECK(cudaMemsetAsync(d, 0, bytes, s));
  CHECK(cudaMemset2D(img, pitch, 0, 640 * sizeof(float), 480));
  CHECK(cudaMemPrefetchAsync(m, bytes, 0, s));
  CHECK(cudaMemAdvise(m, bytes, cudaMemAdviseSetPreferredLocation, 0));
  cudaMemLocation loc = {cudaMemLocationTypeDevice, 0};
  CHECK(cudaMemPrefetchAsync(m, bytes, loc, 0, s));
  CHECK(cudaMemAdvise(m, bytes, cudaMemAdviseSetAccessedBy, loc));
  cudaPointerAttributes attr;
  CHECK(cudaPointerGetAttributes(&attr, d));
  if (attr.type == cudaMemoryTypeDevice)
    std::printf("device pointer on %d\n", attr.device);
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaDeviceSynchronize());
  std::printf("%f %f %d\n", h[100], m[100], flag);

  // Driver API.
  CUdeviceptr dp;
  CUdevice dev;
  CUcontext ctx;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuCtxCreate(&ctx, 0, dev);
  cuMemAlloc(&dp, bytes);
  CUdeviceptr dm;
  cuMemAllocManaged(&dm, bytes, CU_MEM_ATTACH_GLOBAL);
  void *ph = nullptr;
  cuMemAllocHost(&ph, bytes);
  cuMemHostAlloc(&ph, bytes, CU_MEMHOSTALLOC_PORTABLE);
  cuMemcpyHtoD(dp, h, bytes);
  cuMemcpyDtoH(h, dp, bytes);
  cuMemcpyDtoD(dm, dp, bytes);
  cuMemsetD8(dp, 0, bytes);
  unsigned int mt = 0;
  cuPointerGetAttribute(&mt, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, dp);
  cuMemFree(dp);
  cuMemFree(dm);
  cuMemFreeHost(ph);
  cuCtxDestroy(ctx);

  CHECK(cudaFreeAsync(a, s));
  CHECK(cudaFreeAsync(b, s));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(vol.ptr));
  CHECK(cudaFree(img));
  CHECK(cudaFree(raw));
  CHECK(cudaFree(d));
  CHECK(cudaFree(m));
  CHECK(cudaFree(sum));
  CHECK(cudaFreeHost(h));
  return 0;
}
