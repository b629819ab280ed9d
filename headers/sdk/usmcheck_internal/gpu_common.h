/*===- gpu_common.h - CUDA/HIP language plumbing for analysis -------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). These headers
 * are used only when the real SDK headers are not found; they declare just
 * enough for Clang to build an AST of CUDA and HIP programs, written from the
 * public API documentation. They are never used to compile programs.
 *
 * This file holds what CUDA and HIP share: the execution-space qualifiers,
 * dim3/uint3, the built-in index variables (threadIdx, blockIdx, blockDim,
 * gridDim, warpSize), the launch-configuration hooks Clang needs to accept
 * `kernel<<<grid, block, shmem, stream>>>(args)`, and a few device
 * intrinsics kernels commonly call.
 *
 * How the qualifiers are spelled depends on the language mode:
 *  - `clang -x cuda` defines __CUDA__, `clang -x hip` defines __HIP__. Then
 *    __global__ etc. map to Clang's CUDA attributes, exactly as the real
 *    headers do, so checks see CUDAGlobalAttr/CUDADeviceAttr on kernels.
 *  - In plain C or C++ (a host-only .cpp that includes <cuda_runtime.h> or
 *    <hip/hip_runtime.h>) Clang has no CUDA attributes. The qualifiers become
 *    `annotate("usmcheck.cuda_global")` etc. so that a check can still tell
 *    kernel bodies from host code instead of reporting them as host code.
 *    `<<<...>>>` launches cannot be parsed in this mode (as with g++).
 *
 * To extend: add a declaration here only if both CUDA and HIP have it with
 * the same spelling; otherwise put it in cuda_runtime.h or hip_runtime.h.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_INTERNAL_GPU_COMMON_H
#define USMCHECK_INTERNAL_GPU_COMMON_H

#include <stddef.h>

#if defined(__HIP__) && defined(__cplusplus) &&                               \
    !defined(__CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__)
/* What clang includes in every HIP file unless -nogpuinc: the execution-space
 * qualifiers, device malloc/free and the device math library. It needs no
 * ROCm installation (only hip/hip_version.h, which is beside this file). */
#include <__clang_hip_runtime_wrapper.h>
#endif

#if defined(__CUDA__) && defined(__cplusplus)
/* Kernels call the C and C++ math functions (sqrtf, std::exp, ...). Clang
 * ships their device-side declarations and definitions in its resource
 * directory (over libdevice, declared but not needed for parsing); the real
 * CUDA headers pull them in through __clang_cuda_runtime_wrapper.h. Repeat
 * the part of that wrapper which needs no SDK, in the same order: forward
 * declarations, then the standard headers with __CUDACC__ defined (which
 * keeps libstdc++ away from __float128), and after the qualifiers below
 * the libdevice declarations and the math wrappers. */
#include <__clang_cuda_math_forward_declares.h>
#define __CUDACC__
#include <climits>
#include <cmath>
#include <stdint.h>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>
#undef __CUDACC__
#ifndef CUDA_VERSION
#define CUDA_VERSION 12040
#endif
#define USMCHECK_CUDA_DEVICE_MATH 1
#endif

/* The analysis headers announce themselves, so a check or a test can tell
 * whether the real SDK or these declarations were parsed. */
#define USMCHECK_ANALYSIS_HEADERS 1

#if defined(__CUDA__) || defined(__HIP__)
#define USMCHECK_GPU_LANG 1
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#if defined(__HIP__)
#define __managed__ __attribute__((managed))
#else
/* Clang supports the managed attribute in HIP only; in CUDA a __managed__
 * variable is a device variable the host may also touch, so it becomes
 * __device__ plus an annotation a check can read as "shared memory". */
#define __managed__                                                            \
  __attribute__((device)) __attribute__((annotate("usmcheck.cuda_managed")))
#endif
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#else
#define __global__ __attribute__((annotate("usmcheck.cuda_global")))
#define __device__ __attribute__((annotate("usmcheck.cuda_device")))
#define __host__
#define __shared__ __attribute__((annotate("usmcheck.cuda_shared")))
#define __constant__ __attribute__((annotate("usmcheck.cuda_constant")))
#define __managed__ __attribute__((annotate("usmcheck.cuda_managed")))
#define __launch_bounds__(...)
#endif
#ifndef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#endif
/* The toolkit's host_defines.h guard: Thrust's guarded_cuda_runtime_api.h
 * #undefs __host__ and __device__ unless it sees that the qualifiers come
 * from the CUDA headers, i.e. this macro is defined. */
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__
#endif

#ifdef USMCHECK_CUDA_DEVICE_MATH
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
/* Device malloc/free: kernels may call them, and clang's
 * cuda_wrappers/new calls them from its device operator new/delete. */
extern "C" {
__device__ void *malloc(size_t size);
__device__ void free(void *ptr);
}
#endif

/* Built-in vector types (char1 ... double4, uint3) and make_<type>(). */
#include "vector_types.h"

#ifdef __cplusplus
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return {x, y, z}; }
};
#else
typedef struct dim3 {
  unsigned int x, y, z;
} dim3;
#endif

/* Built-in index variables. Reading threadIdx.x in a kernel is a member
 * access on a const device variable, which is all an analysis needs. */
#ifdef __cplusplus
struct __usmcheck_builtin_index {
  const unsigned int x, y, z;
  __host__ __device__ operator dim3() const { return dim3(x, y, z); }
  __host__ __device__ operator uint3() const { return {x, y, z}; }
};
#if defined(USMCHECK_GPU_LANG)
#define USMCHECK_BUILTIN_VAR extern const __device__ __attribute__((weak))
#else
#define USMCHECK_BUILTIN_VAR extern const
#endif
USMCHECK_BUILTIN_VAR __usmcheck_builtin_index threadIdx;
USMCHECK_BUILTIN_VAR __usmcheck_builtin_index blockIdx;
USMCHECK_BUILTIN_VAR __usmcheck_builtin_index blockDim;
USMCHECK_BUILTIN_VAR __usmcheck_builtin_index gridDim;
#undef USMCHECK_BUILTIN_VAR
static __device__ const int warpSize = 32;

/* Device-side intrinsics (declarations only: the analysis never runs them). */
__device__ void __syncthreads(void);
#ifndef USMCHECK_CUDA_DEVICE_MATH /* clang's device functions define these */
__device__ void __threadfence(void);
__device__ void __threadfence_system(void);
#endif

/* Atomic functions (CUDA C++ Programming Guide, "Atomic Functions"; HIP has
 * the same names). Each also exists with the _block and _system scopes. */
#define USMCHECK_ATOMIC(R, NAME, ...)                                          \
  __device__ R NAME(__VA_ARGS__);                                              \
  __device__ R NAME##_block(__VA_ARGS__);                                      \
  __device__ R NAME##_system(__VA_ARGS__);
#define USMCHECK_ATOMIC_RMW(NAME, T) USMCHECK_ATOMIC(T, NAME, T *address, T val)
USMCHECK_ATOMIC_RMW(atomicAdd, int)
USMCHECK_ATOMIC_RMW(atomicAdd, unsigned int)
USMCHECK_ATOMIC_RMW(atomicAdd, unsigned long long)
USMCHECK_ATOMIC_RMW(atomicAdd, float)
USMCHECK_ATOMIC_RMW(atomicAdd, double)
USMCHECK_ATOMIC_RMW(atomicSub, int)
USMCHECK_ATOMIC_RMW(atomicSub, unsigned int)
USMCHECK_ATOMIC_RMW(atomicExch, int)
USMCHECK_ATOMIC_RMW(atomicExch, unsigned int)
USMCHECK_ATOMIC_RMW(atomicExch, unsigned long long)
USMCHECK_ATOMIC_RMW(atomicExch, float)
USMCHECK_ATOMIC_RMW(atomicMin, int)
USMCHECK_ATOMIC_RMW(atomicMin, unsigned int)
USMCHECK_ATOMIC_RMW(atomicMin, long long)
USMCHECK_ATOMIC_RMW(atomicMin, unsigned long long)
USMCHECK_ATOMIC_RMW(atomicMax, int)
USMCHECK_ATOMIC_RMW(atomicMax, unsigned int)
USMCHECK_ATOMIC_RMW(atomicMax, long long)
USMCHECK_ATOMIC_RMW(atomicMax, unsigned long long)
USMCHECK_ATOMIC_RMW(atomicInc, unsigned int)
USMCHECK_ATOMIC_RMW(atomicDec, unsigned int)
USMCHECK_ATOMIC_RMW(atomicAnd, int)
USMCHECK_ATOMIC_RMW(atomicAnd, unsigned int)
USMCHECK_ATOMIC_RMW(atomicAnd, unsigned long long)
USMCHECK_ATOMIC_RMW(atomicOr, int)
USMCHECK_ATOMIC_RMW(atomicOr, unsigned int)
USMCHECK_ATOMIC_RMW(atomicOr, unsigned long long)
USMCHECK_ATOMIC_RMW(atomicXor, int)
USMCHECK_ATOMIC_RMW(atomicXor, unsigned int)
USMCHECK_ATOMIC_RMW(atomicXor, unsigned long long)
USMCHECK_ATOMIC(int, atomicCAS, int *address, int compare, int val)
USMCHECK_ATOMIC(unsigned int, atomicCAS, unsigned int *address,
                unsigned int compare, unsigned int val)
USMCHECK_ATOMIC(unsigned long long, atomicCAS, unsigned long long *address,
                unsigned long long compare, unsigned long long val)
USMCHECK_ATOMIC(unsigned short, atomicCAS, unsigned short *address,
                unsigned short compare, unsigned short val)
#undef USMCHECK_ATOMIC_RMW
#undef USMCHECK_ATOMIC

/* Loads and stores with cache hints (CUDA C++ Programming Guide, "Load
 * Functions Using Cache Hints", "Store Functions Using Cache Hints"; HIP
 * has them too), for every element type. */
template <class T> __device__ T __ldcg(const T *ptr);
template <class T> __device__ T __ldca(const T *ptr);
template <class T> __device__ T __ldcs(const T *ptr);
template <class T> __device__ T __ldlu(const T *ptr);
template <class T> __device__ T __ldcv(const T *ptr);
template <class T> __device__ void __stwb(T *ptr, T value);
template <class T> __device__ void __stcg(T *ptr, T value);
template <class T> __device__ void __stcs(T *ptr, T value);
template <class T> __device__ void __stwt(T *ptr, T value);

#if defined(__CUDA__)
/* CUDA's min/max overloads are callable on both sides; clang's device
 * headers define the device int versions, so host ones are added for int
 * and host-and-device ones for the other types (CUDA Math API, "Integer
 * Intrinsics" and the min/max overloads of math_functions.h). */
#define USMCHECK_MINMAX(Q, A, B, R)                                            \
  Q inline R min(A a, B b) { return a < b ? (R)a : (R)b; }                   \
  Q inline R max(A a, B b) { return a > b ? (R)a : (R)b; }
#define USMCHECK_HD __host__ __device__
USMCHECK_MINMAX(__host__, int, int, int)
USMCHECK_MINMAX(USMCHECK_HD, unsigned int, unsigned int, unsigned int)
USMCHECK_MINMAX(USMCHECK_HD, int, unsigned int, unsigned int)
USMCHECK_MINMAX(USMCHECK_HD, unsigned int, int, unsigned int)
USMCHECK_MINMAX(USMCHECK_HD, long, long, long)
USMCHECK_MINMAX(USMCHECK_HD, unsigned long, unsigned long, unsigned long)
USMCHECK_MINMAX(USMCHECK_HD, long long, long long, long long)
USMCHECK_MINMAX(USMCHECK_HD, unsigned long long, unsigned long long,
                unsigned long long)
USMCHECK_MINMAX(USMCHECK_HD, float, float, float)
USMCHECK_MINMAX(USMCHECK_HD, double, double, double)
USMCHECK_MINMAX(USMCHECK_HD, float, double, double)
USMCHECK_MINMAX(USMCHECK_HD, double, float, double)
#undef USMCHECK_HD
#undef USMCHECK_MINMAX
#endif

#ifdef USMCHECK_CUDA_DEVICE_MATH
/* What else __clang_cuda_runtime_wrapper.h adds without the SDK: the warp
 * intrinsics (__shfl_*_sync, __ballot_sync, __activemask, __syncwarp,
 * __match_*_sync, __reduce_*_sync) and __ldg for scalars and vector types.
 * (Its device overloads of std:: math, __clang_cuda_cmath.h, are left out:
 * a host-side parse does not need them, and with <limits> they cost about
 * a tenth of the parse time.) The intrinsics need a few SDK names first (the
 * address-space predicates and conversions of the CUDA Programming Guide,
 * "Address Space Predicate Functions"), and include crt/sm_70_rt.hpp, which
 * usmcheck provides. */
typedef unsigned int cuuint32_t;
__device__ unsigned int __isGlobal(const void *ptr);
__device__ unsigned int __isShared(const void *ptr);
__device__ unsigned int __isConstant(const void *ptr);
__device__ unsigned int __isLocal(const void *ptr);
__device__ size_t __cvta_generic_to_global(const void *ptr);
__device__ size_t __cvta_generic_to_shared(const void *ptr);
__device__ size_t __cvta_generic_to_constant(const void *ptr);
__device__ size_t __cvta_generic_to_local(const void *ptr);
__device__ void *__cvta_global_to_generic(size_t rawbits);
__device__ void *__cvta_shared_to_generic(size_t rawbits);
__device__ void *__cvta_constant_to_generic(size_t rawbits);
__device__ void *__cvta_local_to_generic(size_t rawbits);
#include <__clang_cuda_intrinsics.h>
/* assert() in kernels: glibc's macro calls __assert_fail, which the CUDA
 * runtime also provides on the device (over __assertfail). */
extern "C" {
__device__ void __assertfail(const char *message, const char *file,
                             unsigned int line, const char *function,
                             size_t charSize);
__device__ static inline void __assert_fail(const char *message,
                                            const char *file,
                                            unsigned int line,
                                            const char *function) {
  __assertfail(message, file, line, function, sizeof(char));
}
}
/* Set by nvcc (to 1) for the rest of the file: code tests it, with #ifdef
 * or #if, to tell CUDA compilations from host-compiler ones. */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#endif /* USMCHECK_CUDA_DEVICE_MATH */

#endif /* __cplusplus */

#endif /* USMCHECK_INTERNAL_GPU_COMMON_H */
