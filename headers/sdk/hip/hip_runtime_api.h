/*===- hip/hip_runtime_api.h - HIP runtime API surface for analysis -------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no ROCm/HIP SDK is found, never to compile programs. Declares the HIP
 * runtime functions, types and enumerators that usmcheck's catalog
 * (catalog/usm_apis.def, usm_selectors.def) models, plus the plumbing a
 * typical program needs around them. Written from the HIP Runtime API
 * reference: names, parameter lists and enumerator values only.
 *
 * Valid C and C++, like the real header.
 *
 * To extend: declare the function with the documented parameter list; if it
 * allocates, frees or copies memory, add its row to catalog/usm_apis.def
 * (test/headers/declared-apis.test fails until header and catalog agree).
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIP_RUNTIME_API_H
#define USMCHECK_HIP_RUNTIME_API_H

#include <stddef.h>

#define USMCHECK_ANALYSIS_HEADERS 1
#include "hip_version.h"
#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_NVIDIA__)
#define __HIP_PLATFORM_AMD__ 1
#endif

/* Default arguments exist in C++ only, as in the real header. */
#ifdef __cplusplus
#define USMCHECK_HIP_DV(v) = v
#else
#define USMCHECK_HIP_DV(v)
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchFailure = 719,
  hipErrorNotSupported = 801,
  hipErrorUnknown = 999
} hipError_t;

/* Copy directions: the enumerators are catalogued in usm_selectors.def. */
typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4
} hipMemcpyKind;

typedef enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11
} hipMemoryType;

typedef enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101
} hipMemoryAdvise;

/* Flags of hipHostMalloc, hipMallocManaged, hipExtMallocWithFlags. */
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04
#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipDeviceMallocUncached 0x3
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)

typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipMemPoolHandle_t *hipMemPool_t;
typedef void *hipDeviceptr_t;

typedef struct hipPointerAttribute_t {
  enum hipMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
  int isManaged;
  unsigned allocationFlags;
} hipPointerAttribute_t;

typedef struct hipPitchedPtr {
  void *ptr;
  size_t pitch;
  size_t xsize;
  size_t ysize;
} hipPitchedPtr;

typedef struct hipExtent {
  size_t width;
  size_t height;
  size_t depth;
} hipExtent;

typedef struct hipPos {
  size_t x;
  size_t y;
  size_t z;
} hipPos;

struct hipArray;
typedef struct hipArray *hipArray_t;

typedef struct hipMemcpy3DParms {
  hipArray_t srcArray;
  hipPos srcPos;
  hipPitchedPtr srcPtr;
  hipArray_t dstArray;
  hipPos dstPos;
  hipPitchedPtr dstPtr;
  hipExtent extent;
  hipMemcpyKind kind;
} hipMemcpy3DParms;

/* hipMemcpyToSymbol(HIP_SYMBOL(var), ...) passes the variable's address. */
#define HIP_SYMBOL(X) ((const void *)&(X))

typedef struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem;
  int major;
  int minor;
  int multiProcessorCount;
  int managedMemory;
  int concurrentManagedAccess;
  int pageableMemoryAccess;
  char gcnArchName[256];
} hipDeviceProp_t;

/* --- errors and devices ------------------------------------------------ */
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorString(hipError_t error);
const char *hipGetErrorName(hipError_t error);
hipError_t hipInit(unsigned int flags);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipGetDevice(int *device);
hipError_t hipSetDevice(int device);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int device,
                                  int peerDevice);
hipError_t hipDeviceEnablePeerAccess(int peerDevice, unsigned int flags);

/* --- streams and events ------------------------------------------------ */
hipError_t hipStreamCreate(hipStream_t *stream);
hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipEventCreate(hipEvent_t *event);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventRecord(hipEvent_t event,
                          hipStream_t stream USMCHECK_HIP_DV(0));
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop);

/* --- allocation (catalogued) ------------------------------------------- */
hipError_t hipMalloc(void **ptr, size_t size);
hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes,
                                 unsigned int flags);
hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width,
                          size_t height);
hipError_t hipMalloc3D(hipPitchedPtr *pitchedDevPtr, hipExtent extent);
hipError_t hipMallocAsync(void **devPtr, size_t size, hipStream_t stream);
hipError_t hipMallocFromPoolAsync(void **devPtr, size_t size,
                                  hipMemPool_t memPool, hipStream_t stream);
hipError_t hipHostMalloc(void **ptr, size_t size,
                         unsigned int flags USMCHECK_HIP_DV(0));
hipError_t hipMallocHost(void **ptr, size_t size);
hipError_t hipHostAlloc(void **ptr, size_t size, unsigned int flags);
hipError_t hipMallocManaged(void **devPtr, size_t size,
                            unsigned int flags
                                USMCHECK_HIP_DV(hipMemAttachGlobal));
hipError_t hipFree(void *ptr);
hipError_t hipHostFree(void *ptr);
hipError_t hipFreeHost(void *ptr);
hipError_t hipFreeAsync(void *devPtr, hipStream_t stream);

/* --- copies, fills, prefetch, advice (catalogued) ---------------------- */
hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes,
                     hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes,
                          hipMemcpyKind kind,
                          hipStream_t stream USMCHECK_HIP_DV(0));
hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src,
                       size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                            size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind,
                            hipStream_t stream USMCHECK_HIP_DV(0));
hipError_t hipMemcpy3D(const struct hipMemcpy3DParms *p);
hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms *p,
                            hipStream_t stream USMCHECK_HIP_DV(0));
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t sizeBytes);
hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src,
                         size_t sizeBytes);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void *src, size_t sizeBytes,
                              hipStream_t stream);
hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t sizeBytes,
                              hipStream_t stream);
hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src,
                         int srcDeviceId, size_t sizeBytes);
hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src,
                              int srcDevice, size_t sizeBytes,
                              hipStream_t stream USMCHECK_HIP_DV(0));
hipError_t hipMemcpyToSymbol(const void *symbol, const void *src,
                             size_t sizeBytes, size_t offset USMCHECK_HIP_DV(0),
                             hipMemcpyKind kind
                                 USMCHECK_HIP_DV(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol,
                               size_t sizeBytes,
                               size_t offset USMCHECK_HIP_DV(0),
                               hipMemcpyKind kind
                                   USMCHECK_HIP_DV(hipMemcpyDeviceToHost));
hipError_t hipMemset(void *dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes,
                          hipStream_t stream USMCHECK_HIP_DV(0));
hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width,
                       size_t height);
hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device,
                               hipStream_t stream USMCHECK_HIP_DV(0));
hipError_t hipMemAdvise(const void *dev_ptr, size_t count,
                        hipMemoryAdvise advice, int device);
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes,
                                   const void *ptr);
hipError_t hipMemGetInfo(size_t *free, size_t *total);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* USMCHECK_HIP_RUNTIME_API_H */
