/*===- cuda_runtime.h - CUDA language + runtime surface for analysis ------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no usable CUDA toolkit is found (none installed, or one that clang-19 cannot
 * parse, such as CUDA 13), never to compile programs.
 *
 * On top of cuda_runtime_api.h this adds what .cu files rely on:
 *  - the language plumbing (usmcheck_internal/gpu_common.h): __global__ and
 *    friends, dim3, threadIdx & co;
 *  - the launch-configuration hooks Clang calls for `k<<<g, b, s, st>>>()`:
 *    __cudaPushCallConfiguration when the driver found a CUDA >= 9.2
 *    installation, cudaConfigureCall when it found none (with -nocudainc and
 *    no toolkit, Clang uses the pre-9.2 protocol). Both are declared so the
 *    same header works either way;
 *  - the C++ template overloads of the real header (cudaMalloc(T **, size_t)
 *    and friends) so `double *p; cudaMalloc(&p, n)` parses as it does
 *    with nvcc. They forward to the C functions, so checks that match the
 *    callee by name ("cudaMalloc") see the same argument positions.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_CUDA_RUNTIME_H
#define USMCHECK_CUDA_RUNTIME_H

#include "cuda_runtime_api.h"
#include "usmcheck_internal/gpu_common.h"

#ifdef __cplusplus

extern "C" {
/* Kernel-launch hooks (plumbing, not catalogued). */
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem = 0,
                                     struct CUstream_st *stream = 0);
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                              size_t sharedMem = 0, cudaStream_t stream = 0);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
/* Device-side launches (dynamic parallelism), used by Thrust. */
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer,
                                        dim3 gridDimension, dim3 blockDimension,
                                        unsigned int sharedMemSize,
                                        cudaStream_t stream);
}

/* CUDA 13 replaced the device number of cudaMemPrefetchAsync and
 * cudaMemAdvise with a cudaMemLocation; accept both spellings. The argument
 * positions are unchanged. */
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                 struct cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream = 0);
cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                          enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location);

/* Typed forms, as in the real cuda_runtime.h. */
template <class T> inline cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width,
                                   size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T>
inline cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                   cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T>
inline cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size,
                                           cudaMemPool_t memPool,
                                           cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool,
                                   stream);
}
template <class T>
inline cudaError_t cudaMallocHost(T **ptr, size_t size,
                                  unsigned int flags = 0) {
  return flags ? ::cudaHostAlloc((void **)(void *)ptr, size, flags)
               : ::cudaMallocHost((void **)(void *)ptr, size);
}
template <class T>
inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
inline cudaError_t cudaMallocManaged(T **devPtr, size_t size,
                                     unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
inline cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
inline cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}


/* Kernel-taking forms of the C++ API: launches, attributes, occupancy. */
template <class T>
inline cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim,
                                    void **args, size_t sharedMem = 0,
                                    cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
template <class T>
inline cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim,
                                               dim3 blockDim, void **args,
                                               size_t sharedMem = 0,
                                               cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim,
                                       args, sharedMem, stream);
}
template <class T>
inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                         T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T>
inline cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr,
                                        int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T>
inline cudaError_t cudaFuncSetCacheConfig(T *func,
                                          enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class T>
inline cudaError_t cudaFuncSetSharedMemConfig(T *func,
                                              enum cudaSharedMemConfig config) {
  return ::cudaFuncSetSharedMemConfig((const void *)func, config);
}
template <class T>
inline cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                              int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}
template <class T>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize,
                                               int *blockSize, T func,
                                               size_t dynamicSMemSize = 0,
                                               int blockSizeLimit = 0);
template <class UnaryFunction, class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, T func,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0);
template <class T>
inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T>
inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) {
  return ::cudaGetSymbolSize(size, (const void *)&symbol);
}
template <class T> struct cudaChannelFormatDesc cudaCreateChannelDesc(void);

/* Texture and surface object functions (CUDA C++ Programming Guide,
 * "Texture Functions", "Surface Functions"). */
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t texObj, int x);
template <class T>
__device__ void tex1Dfetch(T *ptr, cudaTextureObject_t texObj, int x);
template <class T> __device__ T tex1D(cudaTextureObject_t texObj, float x);
template <class T>
__device__ T tex2D(cudaTextureObject_t texObj, float x, float y);
template <class T>
__device__ void tex2D(T *ptr, cudaTextureObject_t texObj, float x, float y);
template <class T>
__device__ T tex3D(cudaTextureObject_t texObj, float x, float y, float z);
template <class T>
__device__ T tex1DLayered(cudaTextureObject_t texObj, float x, int layer);
template <class T>
__device__ T tex2DLayered(cudaTextureObject_t texObj, float x, float y,
                          int layer);
template <class T>
__device__ T tex2DLod(cudaTextureObject_t texObj, float x, float y,
                      float level);
template <class T>
__device__ T tex2DGather(cudaTextureObject_t texObj, float x, float y,
                         int comp = 0);
template <class T>
__device__ T texCubemap(cudaTextureObject_t texObj, float x, float y, float z);
template <class T>
__device__ T
surf1Dread(cudaSurfaceObject_t surfObj, int x,
           enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T>
__device__ T
surf2Dread(cudaSurfaceObject_t surfObj, int x, int y,
           enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T>
__device__ void
surf2Dread(T *data, cudaSurfaceObject_t surfObj, int x, int y,
           enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T>
__device__ T
surf3Dread(cudaSurfaceObject_t surfObj, int x, int y, int z,
           enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T>
__device__ void
surf1Dwrite(T data, cudaSurfaceObject_t surfObj, int x,
            enum cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap);
template <class T>
__device__ void surf2Dwrite(T data, cudaSurfaceObject_t surfObj, int x, int y,
                            enum cudaSurfaceBoundaryMode mode =
                                cudaBoundaryModeTrap);
template <class T>
__device__ void surf3Dwrite(T data, cudaSurfaceObject_t surfObj, int x, int y,
                            int z,
                            enum cudaSurfaceBoundaryMode mode =
                                cudaBoundaryModeTrap);

#endif /* __cplusplus */

#endif /* USMCHECK_CUDA_RUNTIME_H */
