/*===- hip_device_functions.h - HIP device intrinsics for analysis --------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). What HIP's
 * device headers declare beyond clang's __clang_hip_math.h: the integer
 * intrinsics (__popc, __clz, __ffs, __brev, __mul24, ...), conversions with
 * explicit rounding (__float2int_rd, ...), bit casts (__float_as_int, ...),
 * block-wide votes and fences, and the warp (wavefront) functions: __shfl*,
 * __ballot, __any, __all, __activemask and their _sync forms. Names and
 * parameter lists follow the HIP Programming Guide and the CUDA Math API
 * that HIP mirrors; declarations only.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_INTERNAL_HIP_DEVICE_FUNCTIONS_H
#define USMCHECK_INTERNAL_HIP_DEVICE_FUNCTIONS_H

#include "gpu_common.h"

#if defined(__HIP__) && defined(__cplusplus)
/* Device-side placement new. With -nogpuinc clang does not put its
 * cuda_wrappers/ directory (whose <new> declares it) on the include path,
 * so kernels and __host__ __device__ code that construct objects in place
 * (CUB does) would not parse. */
#include <new>
#ifndef __CLANG_CUDA_WRAPPERS_NEW
__device__ inline void *operator new(size_t, void *ptr) noexcept { return ptr; }
__device__ inline void *operator new[](size_t, void *ptr) noexcept {
  return ptr;
}
__device__ inline void operator delete(void *, void *) noexcept {}
__device__ inline void operator delete[](void *, void *) noexcept {}
#endif

/* assert() in kernels: glibc's macro calls __assert_fail, which HIP also
 * provides on the device. */
extern "C" {
__device__ static inline void __assert_fail(const char *assertion,
                                            const char *file, unsigned int line,
                                            const char *function) {
  __builtin_trap();
}
}

/* Device memcpy/memset, which HIP provides (the host ones come from
 * <string.h>, which HIP's runtime header includes). */
#include <string.h>
static __device__ inline void *memcpy(void *dst, const void *src, size_t size) {
  return __builtin_memcpy(dst, src, size);
}
static __device__ inline void *memset(void *ptr, int value, size_t size) {
  return __builtin_memset(ptr, value, size);
}
__device__ unsigned int __brev(unsigned int a);
__device__ unsigned long long __brevll(unsigned long long a);
__device__ unsigned int __byte_perm(unsigned int a, unsigned int b,
                                    unsigned int c);
__device__ int __clz(int a);
__device__ int __clz(unsigned int a);
__device__ int __clzll(long long a);
__device__ float __double2float_rd(double a);
__device__ float __double2float_rn(double a);
__device__ float __double2float_ru(double a);
__device__ float __double2float_rz(double a);
__device__ int __double2hiint(double a);
__device__ int __double2int_rd(double a);
__device__ int __double2int_rn(double a);
__device__ int __double2int_ru(double a);
__device__ int __double2int_rz(double a);
__device__ long long __double2ll_rd(double a);
__device__ long long __double2ll_rn(double a);
__device__ long long __double2ll_ru(double a);
__device__ long long __double2ll_rz(double a);
__device__ int __double2loint(double a);
__device__ unsigned int __double2uint_rd(double a);
__device__ unsigned int __double2uint_rn(double a);
__device__ unsigned int __double2uint_ru(double a);
__device__ unsigned int __double2uint_rz(double a);
__device__ unsigned long long __double2ull_rd(double a);
__device__ unsigned long long __double2ull_rn(double a);
__device__ unsigned long long __double2ull_ru(double a);
__device__ unsigned long long __double2ull_rz(double a);
__device__ long long __double_as_longlong(double a);
__device__ int __ffs(int a);
__device__ int __ffs(unsigned int a);
__device__ int __ffsll(long long a);
__device__ int __ffsll(unsigned long long a);
__device__ int __float2int_rd(float a);
__device__ int __float2int_rn(float a);
__device__ int __float2int_ru(float a);
__device__ int __float2int_rz(float a);
__device__ long long __float2ll_rd(float a);
__device__ long long __float2ll_rn(float a);
__device__ long long __float2ll_ru(float a);
__device__ long long __float2ll_rz(float a);
__device__ unsigned int __float2uint_rd(float a);
__device__ unsigned int __float2uint_rn(float a);
__device__ unsigned int __float2uint_ru(float a);
__device__ unsigned int __float2uint_rz(float a);
__device__ unsigned long long __float2ull_rd(float a);
__device__ unsigned long long __float2ull_rn(float a);
__device__ unsigned long long __float2ull_ru(float a);
__device__ unsigned long long __float2ull_rz(float a);
__device__ int __float_as_int(float a);
__device__ unsigned int __float_as_uint(float a);
__device__ int __hadd(int a, int b);
__device__ double __hiloint2double(int a, int b);
__device__ double __int2double_rn(int a);
__device__ float __int2float_rd(int a);
__device__ float __int2float_rn(int a);
__device__ float __int2float_ru(int a);
__device__ float __int2float_rz(int a);
__device__ float __int_as_float(int a);
__device__ double __ll2double_rd(long long a);
__device__ double __ll2double_rn(long long a);
__device__ double __ll2double_ru(long long a);
__device__ double __ll2double_rz(long long a);
__device__ float __ll2float_rd(long long a);
__device__ float __ll2float_rn(long long a);
__device__ float __ll2float_ru(long long a);
__device__ float __ll2float_rz(long long a);
__device__ double __longlong_as_double(long long a);
__device__ int __mul24(int a, int b);
__device__ long long __mul64hi(long long a, long long b);
__device__ int __mulhi(int a, int b);
__device__ int __popc(unsigned int a);
__device__ int __popcll(unsigned long long a);
__device__ int __rhadd(int a, int b);
__device__ unsigned int __sad(int a, int b, unsigned int c);
__device__ int __syncthreads_and(int a);
__device__ int __syncthreads_count(int a);
__device__ int __syncthreads_or(int a);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ void __trap(void);
__device__ unsigned int __uhadd(unsigned int a, unsigned int b);
__device__ double __uint2double_rn(unsigned int a);
__device__ float __uint2float_rd(unsigned int a);
__device__ float __uint2float_rn(unsigned int a);
__device__ float __uint2float_ru(unsigned int a);
__device__ float __uint2float_rz(unsigned int a);
__device__ float __uint_as_float(unsigned int a);
__device__ double __ull2double_rd(unsigned long long a);
__device__ double __ull2double_rn(unsigned long long a);
__device__ double __ull2double_ru(unsigned long long a);
__device__ double __ull2double_rz(unsigned long long a);
__device__ float __ull2float_rd(unsigned long long a);
__device__ float __ull2float_rn(unsigned long long a);
__device__ float __ull2float_ru(unsigned long long a);
__device__ float __ull2float_rz(unsigned long long a);
__device__ unsigned int __umul24(unsigned int a, unsigned int b);
__device__ unsigned long long __umul64hi(unsigned long long a,
                                         unsigned long long b);
__device__ unsigned int __umulhi(unsigned int a, unsigned int b);
__device__ unsigned int __urhadd(unsigned int a, unsigned int b);
__device__ unsigned int __usad(unsigned int a, unsigned int b, unsigned int c);
__device__ long long clock64();
__device__ unsigned int __lane_id(void);
__device__ long long __clock64(void);
__device__ long long wall_clock64(void);
__device__ unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1,
                                        unsigned int offset,
                                        unsigned int width);
__device__ unsigned int __bitextract_u32(unsigned int src0, unsigned int offset,
                                         unsigned int width);

/* Warp functions. HIP's width defaults to the wavefront size and the masks
 * of the _sync forms are 64-bit; the shuffles are templates here so every
 * arithmetic, vector and half type is accepted. */
__device__ unsigned long long __ballot(int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);
__device__ unsigned long long __activemask(void);
__device__ void __syncwarp(void);
__device__ void __syncwarp(unsigned long long mask);
template <class T>
__device__ T __shfl(T var, int srcLane, int width = warpSize);
template <class T>
__device__ T __shfl_up(T var, unsigned int delta, int width = warpSize);
template <class T>
__device__ T __shfl_down(T var, unsigned int delta, int width = warpSize);
template <class T>
__device__ T __shfl_xor(T var, int laneMask, int width = warpSize);
template <class MaskT, class T>
__device__ T __shfl_sync(MaskT mask, T var, int srcLane, int width = warpSize);
template <class MaskT, class T>
__device__ T __shfl_up_sync(MaskT mask, T var, unsigned int delta,
                            int width = warpSize);
template <class MaskT, class T>
__device__ T __shfl_down_sync(MaskT mask, T var, unsigned int delta,
                              int width = warpSize);
template <class MaskT, class T>
__device__ T __shfl_xor_sync(MaskT mask, T var, int laneMask,
                             int width = warpSize);
template <class MaskT>
__device__ unsigned long long __ballot_sync(MaskT mask, int predicate);
template <class MaskT> __device__ int __any_sync(MaskT mask, int predicate);
template <class MaskT> __device__ int __all_sync(MaskT mask, int predicate);
template <class MaskT, class T>
__device__ unsigned long long __match_any_sync(MaskT mask, T value);
template <class MaskT, class T>
__device__ unsigned long long __match_all_sync(MaskT mask, T value, int *pred);
template <class MaskT, class T>
__device__ T __reduce_add_sync(MaskT mask, T value);
template <class MaskT, class T>
__device__ T __reduce_min_sync(MaskT mask, T value);
template <class MaskT, class T>
__device__ T __reduce_max_sync(MaskT mask, T value);

/* __ldg: HIP reads through the normal path. */
template <class T> __device__ T __ldg(const T *ptr);

/* HIP-only atomic overloads (HIP Programming Guide, "Atomic functions"). */
__device__ float atomicMin(float *address, float val);
__device__ float atomicMax(float *address, float val);
__device__ double atomicMin(double *address, double val);
__device__ double atomicMax(double *address, double val);
__device__ double atomicExch(double *address, double val);
__device__ long long atomicAdd(long long *address, long long val);
__device__ float unsafeAtomicAdd(float *address, float val);
__device__ double unsafeAtomicAdd(double *address, double val);
__device__ float safeAtomicAdd(float *address, float val);
__device__ double safeAtomicAdd(double *address, double val);
__device__ void atomicAddNoRet(float *address, float val);
#endif

#endif /* USMCHECK_INTERNAL_HIP_DEVICE_FUNCTIONS_H */
