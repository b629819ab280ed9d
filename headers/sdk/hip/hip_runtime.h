/*===- hip/hip_runtime.h - HIP language + runtime surface for analysis ----===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no ROCm/HIP SDK is found, never to compile programs.
 *
 * On top of hip_runtime_api.h this adds what HIP sources rely on:
 *  - the language plumbing shared with CUDA (usmcheck_internal/gpu_common.h):
 *    __global__ and friends, dim3, threadIdx & co, plus HIP's
 *    hipThreadIdx_x-style spellings;
 *  - the launch-configuration hooks Clang calls in HIP mode for
 *    `k<<<g, b, s, st>>>()`: __hipPushCallConfiguration (Clang's default
 *    -fhip-new-launch-api) and hipConfigureCall (the old protocol);
 *  - hipLaunchKernelGGL, which in HIP mode expands to a `<<<>>>` launch as
 *    it does with the real headers under Clang, so the kernel call is a
 *    CUDAKernelCallExpr either way;
 *  - the C++ template overloads (hipMalloc(T **, size_t), ...).
 *
 * Parse HIP sources with `-x hip -nogpuinc -nogpulib --offload-host-only`.
 * In plain C++ mode (a host-only .cpp) the API still parses; kernels are
 * marked with annotate("usmcheck.cuda_global") and hipLaunchKernelGGL
 * becomes a call to __usmcheck_hip_launch(kernel, grid, block, shmem,
 * stream, args...), since `<<<>>>` needs HIP mode.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIP_RUNTIME_H
#define USMCHECK_HIP_RUNTIME_H

#include "hip_runtime_api.h"
#include "../usmcheck_internal/gpu_common.h"
#include "../usmcheck_internal/hip_device_functions.h"

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)
#define HIP_KERNEL_NAME(...) __VA_ARGS__
/* Dynamic shared memory: `HIP_DYNAMIC_SHARED(float, buf)` declares the
 * kernel's `extern __shared__ float buf[]`. */
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[]
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

#ifdef __cplusplus

extern "C" {
/* Kernel-launch hooks (plumbing, not catalogued). */
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                      size_t sharedMem = 0,
                                      hipStream_t stream = 0);
hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                            hipStream_t stream = 0);
hipError_t hipLaunchKernel(const void *function_address, dim3 numBlocks,
                           dim3 dimBlocks, void **args, size_t sharedMemBytes,
                           hipStream_t stream);
hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim,
                                      dim3 blockDimX, void **kernelParams,
                                      unsigned int sharedMemBytes,
                                      hipStream_t stream);
}

#if defined(__HIP__)
#define hipLaunchKernelGGL(kernelName, numBlocks, numThreads, memPerBlock,     \
                           streamId, ...)                                      \
  do {                                                                         \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(      \
        __VA_ARGS__);                                                          \
  } while (0)
#else
template <typename Kernel, typename... Args>
void __usmcheck_hip_launch(Kernel kernel, dim3 numBlocks, dim3 numThreads,
                           size_t memPerBlock, hipStream_t stream,
                           Args... args);
#define hipLaunchKernelGGL(kernelName, numBlocks, numThreads, memPerBlock,     \
                           streamId, ...)                                      \
  __usmcheck_hip_launch(kernelName, numBlocks, numThreads, memPerBlock,        \
                        streamId, ##__VA_ARGS__)
#endif

/* Typed forms, as in the real header. They forward to the C functions, so
 * checks that match the callee by name see the same argument positions. */
template <class T> inline hipError_t hipMalloc(T **devPtr, size_t size) {
  return ::hipMalloc((void **)(void *)devPtr, size);
}
template <class T>
inline hipError_t hipExtMallocWithFlags(T **ptr, size_t sizeBytes,
                                        unsigned int flags) {
  return ::hipExtMallocWithFlags((void **)(void *)ptr, sizeBytes, flags);
}
template <class T>
inline hipError_t hipMallocPitch(T **ptr, size_t *pitch, size_t width,
                                 size_t height) {
  return ::hipMallocPitch((void **)(void *)ptr, pitch, width, height);
}
template <class T>
inline hipError_t hipMallocAsync(T **devPtr, size_t size,
                                 hipStream_t stream) {
  return ::hipMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T>
inline hipError_t hipMallocFromPoolAsync(T **devPtr, size_t size,
                                         hipMemPool_t memPool,
                                         hipStream_t stream) {
  return ::hipMallocFromPoolAsync((void **)(void *)devPtr, size, memPool,
                                  stream);
}
template <class T>
inline hipError_t hipHostMalloc(T **ptr, size_t size,
                                unsigned int flags = hipHostMallocDefault) {
  return ::hipHostMalloc((void **)(void *)ptr, size, flags);
}
template <class T> inline hipError_t hipMallocHost(T **ptr, size_t size) {
  return ::hipMallocHost((void **)(void *)ptr, size);
}
template <class T>
inline hipError_t hipHostAlloc(T **ptr, size_t size, unsigned int flags) {
  return ::hipHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
inline hipError_t
hipMemcpyToSymbol(const T &symbol, const void *src, size_t sizeBytes,
                  size_t offset = 0,
                  hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return ::hipMemcpyToSymbol((const void *)&symbol, src, sizeBytes, offset,
                             kind);
}
template <class T>
inline hipError_t
hipMemcpyFromSymbol(void *dst, const T &symbol, size_t sizeBytes,
                    size_t offset = 0,
                    hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return ::hipMemcpyFromSymbol(dst, (const void *)&symbol, sizeBytes, offset,
                               kind);
}
template <class T>
inline hipError_t hipMallocManaged(T **devPtr, size_t size,
                                   unsigned int flags = hipMemAttachGlobal) {
  return ::hipMallocManaged((void **)(void *)devPtr, size, flags);
}


/* Kernel-taking forms of the C++ API. */
template <class T>
inline hipError_t hipLaunchKernel(T *f, dim3 numBlocks, dim3 dimBlocks,
                                  void **args, size_t sharedMemBytes = 0,
                                  hipStream_t stream = 0) {
  return ::hipLaunchKernel((const void *)f, numBlocks, dimBlocks, args,
                           sharedMemBytes, stream);
}
template <class T>
inline hipError_t hipLaunchCooperativeKernel(T f, dim3 gridDim, dim3 blockDim,
                                             void **kernelParams,
                                             unsigned int sharedMemBytes,
                                             hipStream_t stream) {
  return ::hipLaunchCooperativeKernel((const void *)f, gridDim, blockDim,
                                      kernelParams, sharedMemBytes, stream);
}
template <class T>
inline hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, T *f) {
  return ::hipFuncGetAttributes(attr, (const void *)f);
}
template <class T>
inline hipError_t hipFuncSetAttribute(T *f, hipFuncAttribute attr,
                                      int value) {
  return ::hipFuncSetAttribute((const void *)f, attr, value);
}
template <class T>
inline hipError_t hipFuncSetCacheConfig(T *f, hipFuncCache_t config) {
  return ::hipFuncSetCacheConfig((const void *)f, config);
}
template <class T>
inline hipError_t
hipOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T f,
                                             int blockSize,
                                             size_t dynSharedMemPerBlk) {
  return ::hipOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, (const void *)f, blockSize, dynSharedMemPerBlk);
}
template <class T>
inline hipError_t
hipOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, T f,
                                  size_t dynSharedMemPerBlk = 0,
                                  int blockSizeLimit = 0) {
  return ::hipOccupancyMaxPotentialBlockSize(
      gridSize, blockSize, (const void *)f, dynSharedMemPerBlk, blockSizeLimit);
}
template <class T>
inline hipError_t hipGetSymbolAddress(void **devPtr, const T &symbol) {
  return ::hipGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T>
inline hipError_t hipGetSymbolSize(size_t *size, const T &symbol) {
  return ::hipGetSymbolSize(size, (const void *)&symbol);
}
template <class T> hipChannelFormatDesc hipCreateChannelDesc(void);

/* Texture object fetches (HIP Programming Guide, "Texture functions"). */
template <class T> __device__ T tex1Dfetch(hipTextureObject_t texObj, int x);
template <class T>
__device__ void tex1Dfetch(T *ptr, hipTextureObject_t texObj, int x);
template <class T> __device__ T tex1D(hipTextureObject_t texObj, float x);
template <class T>
__device__ T tex2D(hipTextureObject_t texObj, float x, float y);
template <class T>
__device__ T tex3D(hipTextureObject_t texObj, float x, float y, float z);
template <class T>
__device__ T tex2DLayered(hipTextureObject_t texObj, float x, float y,
                          int layer);
#endif /* __cplusplus */

#endif /* USMCHECK_HIP_RUNTIME_H */
