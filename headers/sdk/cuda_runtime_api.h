/*===- cuda_runtime_api.h - CUDA runtime API surface for analysis ---------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no usable CUDA toolkit is found, never to compile programs. Declares the
 * CUDA runtime functions, types and enumerators that usmcheck's catalog
 * (catalog/usm_apis.def, usm_selectors.def) models, plus the plumbing a
 * typical program needs around them (device selection, synchronisation,
 * streams, events, error strings). Written from the CUDA Runtime API
 * reference: names, parameter lists and enumerator values only.
 *
 * Valid C and C++, like the real header, so host-only .c/.cpp files that
 * call the runtime parse too.
 *
 * To extend: declare the function with the documented parameter list; if it
 * allocates, frees or copies memory, add its row to catalog/usm_apis.def
 * (test/headers/declared-apis.test fails until header and catalog agree).
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_CUDA_RUNTIME_API_H
#define USMCHECK_CUDA_RUNTIME_API_H

#include <stddef.h>

#define USMCHECK_ANALYSIS_HEADERS 1
/* The runtime version these declarations follow (12.x signatures for
 * cudaMemPrefetchAsync/cudaMemAdvise; the CUDA 13 forms are C++ overloads
 * in cuda_runtime.h). */
#ifndef CUDART_VERSION
#define CUDART_VERSION 12040
#endif

/* Default arguments exist in C++ only, as in the real header. */
#ifdef __cplusplus
#define USMCHECK_DV(v) = v
#else
#define USMCHECK_DV(v)
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchFailure = 719,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999
} cudaError_t;

/* Copy directions: the enumerators are catalogued in usm_selectors.def. */
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3
};

enum cudaMemoryAdvise {
  cudaMemAdviseSetReadMostly = 1,
  cudaMemAdviseUnsetReadMostly = 2,
  cudaMemAdviseSetPreferredLocation = 3,
  cudaMemAdviseUnsetPreferredLocation = 4,
  cudaMemAdviseSetAccessedBy = 5,
  cudaMemAdviseUnsetAccessedBy = 6
};

enum cudaMemLocationType {
  cudaMemLocationTypeInvalid = 0,
  cudaMemLocationTypeDevice = 1,
  cudaMemLocationTypeHost = 2,
  cudaMemLocationTypeHostNuma = 3,
  cudaMemLocationTypeHostNumaCurrent = 4
};

struct cudaMemLocation {
  enum cudaMemLocationType type;
  int id;
};

/* Flags of cudaHostAlloc, cudaMallocManaged and cudaStreamCreateWithFlags. */
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUmemPoolHandle_st *cudaMemPool_t;

struct cudaPointerAttributes {
  enum cudaMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
};

struct cudaPitchedPtr {
  void *ptr;
  size_t pitch;
  size_t xsize;
  size_t ysize;
};

struct cudaExtent {
  size_t width;
  size_t height;
  size_t depth;
};

struct cudaPos {
  size_t x;
  size_t y;
  size_t z;
};

struct cudaArray;
typedef struct cudaArray *cudaArray_t;

struct cudaMemcpy3DParms {
  cudaArray_t srcArray;
  struct cudaPos srcPos;
  struct cudaPitchedPtr srcPtr;
  cudaArray_t dstArray;
  struct cudaPos dstPos;
  struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent;
  enum cudaMemcpyKind kind;
};

struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  int major;
  int minor;
  int multiProcessorCount;
  int managedMemory;
  int concurrentManagedAccess;
  int pageableMemoryAccess;
};

/* --- errors and devices ------------------------------------------------ */
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                    int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);

/* --- streams and events ------------------------------------------------ */
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                      unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event,
                            cudaStream_t stream USMCHECK_DV(0));
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                 cudaEvent_t end);

/* --- allocation (catalogued) ------------------------------------------- */
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                            size_t height);
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
                         struct cudaExtent extent);
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream);
cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size,
                                    cudaMemPool_t memPool,
                                    cudaStream_t stream);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                              unsigned int flags
                                  USMCHECK_DV(cudaMemAttachGlobal));
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);

/* --- copies, fills, prefetch, advice (catalogued) ---------------------- */
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind,
                            cudaStream_t stream USMCHECK_DV(0));
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind,
                              cudaStream_t stream USMCHECK_DV(0));
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                              cudaStream_t stream USMCHECK_DV(0));
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                           int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                int srcDevice, size_t count,
                                cudaStream_t stream USMCHECK_DV(0));
/* The symbol is `const void *` in C; cuda_runtime.h adds the C++ template
 * forms that take the __device__ variable itself. */
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
                               size_t count, size_t offset USMCHECK_DV(0),
                               enum cudaMemcpyKind kind
                                   USMCHECK_DV(cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset USMCHECK_DV(0),
                                 enum cudaMemcpyKind kind
                                     USMCHECK_DV(cudaMemcpyDeviceToHost));
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream USMCHECK_DV(0));
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                         size_t height);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                 int dstDevice,
                                 cudaStream_t stream USMCHECK_DV(0));
cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                          enum cudaMemoryAdvise advice, int device);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
                                     const void *ptr);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* USMCHECK_CUDA_RUNTIME_API_H */
