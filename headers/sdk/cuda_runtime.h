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

#endif /* __cplusplus */

#endif /* USMCHECK_CUDA_RUNTIME_H */
