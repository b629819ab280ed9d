/*===- half_types.h - 16-bit floating-point types for analysis ------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). CUDA
 * (cuda_fp16.h, cuda_bf16.h) and HIP (hip/hip_fp16.h, hip/hip_bf16.h) share
 * the half and bfloat16 API: a 16-bit scalar type, a pair type with members
 * x and y, conversions named after the type (__float2half, __half2float,
 * __floats2half2_rn, ...; __float2bfloat16, __bfloat162float, ...) and
 * arithmetic, comparison and math functions overloaded for both types
 * (__hadd, __hmul2, __hlt, hsqrt, ...). USMCHECK_HALF_TYPE declares one such
 * family from the names of the CUDA Math API reference ("Half Precision
 * Intrinsics", "Bfloat16 Precision Intrinsics"): declarations only, enough
 * for kernels and host code to parse.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_INTERNAL_HALF_TYPES_H
#define USMCHECK_INTERNAL_HALF_TYPES_H

#include "gpu_common.h"

#ifdef __cplusplus
#define USMCHECK_HD __host__ __device__

/* Conversions between the 16-bit type T and an integer or floating type A,
 * in the four rounding modes. */
#define USMCHECK_HALF_CVT(T, S, A, AS)                                         \
  USMCHECK_HD A __##S##2##AS##_rn(T h);                                        \
  USMCHECK_HD A __##S##2##AS##_rz(T h);                                        \
  USMCHECK_HD A __##S##2##AS##_rd(T h);                                        \
  USMCHECK_HD A __##S##2##AS##_ru(T h);                                        \
  USMCHECK_HD T __##AS##2##S##_rn(A i);                                        \
  USMCHECK_HD T __##AS##2##S##_rz(A i);                                        \
  USMCHECK_HD T __##AS##2##S##_rd(A i);                                        \
  USMCHECK_HD T __##AS##2##S##_ru(A i);

#define USMCHECK_HALF_BINOPS(T)                                                \
  USMCHECK_HD T operator+(const T &a, const T &b);                             \
  USMCHECK_HD T operator-(const T &a, const T &b);                             \
  USMCHECK_HD T operator*(const T &a, const T &b);                             \
  USMCHECK_HD T operator/(const T &a, const T &b);                             \
  USMCHECK_HD T &operator+=(T &a, const T &b);                                 \
  USMCHECK_HD T &operator-=(T &a, const T &b);                                 \
  USMCHECK_HD T &operator*=(T &a, const T &b);                                 \
  USMCHECK_HD T &operator/=(T &a, const T &b);                                 \
  USMCHECK_HD T &operator++(T &h);                                             \
  USMCHECK_HD T &operator--(T &h);                                             \
  USMCHECK_HD T operator++(T &h, int);                                         \
  USMCHECK_HD T operator--(T &h, int);                                         \
  USMCHECK_HD T operator+(const T &h);                                         \
  USMCHECK_HD T operator-(const T &h);                                         \
  USMCHECK_HD bool operator==(const T &a, const T &b);                         \
  USMCHECK_HD bool operator!=(const T &a, const T &b);                         \
  USMCHECK_HD bool operator<(const T &a, const T &b);                          \
  USMCHECK_HD bool operator>(const T &a, const T &b);                          \
  USMCHECK_HD bool operator<=(const T &a, const T &b);                         \
  USMCHECK_HD bool operator>=(const T &a, const T &b);

#define USMCHECK_HALF_MATH(T, PFX)                                             \
  USMCHECK_HD T PFX##sqrt(T a);                                                \
  USMCHECK_HD T PFX##rsqrt(T a);                                               \
  USMCHECK_HD T PFX##rcp(T a);                                                 \
  USMCHECK_HD T PFX##log(T a);                                                 \
  USMCHECK_HD T PFX##log2(T a);                                                \
  USMCHECK_HD T PFX##log10(T a);                                               \
  USMCHECK_HD T PFX##exp(T a);                                                 \
  USMCHECK_HD T PFX##exp2(T a);                                                \
  USMCHECK_HD T PFX##exp10(T a);                                               \
  USMCHECK_HD T PFX##cos(T a);                                                 \
  USMCHECK_HD T PFX##sin(T a);                                                 \
  USMCHECK_HD T PFX##tanh(T a);                                                \
  USMCHECK_HD T PFX##ceil(T a);                                                \
  USMCHECK_HD T PFX##floor(T a);                                               \
  USMCHECK_HD T PFX##trunc(T a);                                               \
  USMCHECK_HD T PFX##rint(T a);

/* Warp shuffles of 16-bit values (CUDA declares overloads per type; HIP's
 * shuffles are templates and need none). */
#if defined(__CUDA__)
#define USMCHECK_HALF_SHFL(T)                                                  \
  __device__ T __shfl_sync(unsigned int mask, T var, int srcLane,              \
                           int width = 32);                                    \
  __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta,    \
                              int width = 32);                                 \
  __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta,  \
                                int width = 32);                               \
  __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask,         \
                               int width = 32);
#else
#define USMCHECK_HALF_SHFL(T)
#endif

/* HIP's unsafe (no-return-guarantee) atomic add also takes 16-bit types. */
#if defined(__HIP__)
#define USMCHECK_HALF_HIP_ATOMICS(T)                                           \
  __device__ T unsafeAtomicAdd(T *address, T val);
#else
#define USMCHECK_HALF_HIP_ATOMICS(T)
#endif

/* T: the scalar type, T2 the pair, RAW/RAW2 their raw-bits structs, S/S2
 * the names used in conversion functions (half/half2, bfloat16/bfloat162). */
#define USMCHECK_HALF_TYPE(T, T2, RAW, RAW2, S, S2)                            \
  struct RAW {                                                                 \
    unsigned short x;                                                          \
  };                                                                           \
  struct RAW2 {                                                                \
    unsigned short x, y;                                                       \
  };                                                                           \
  struct __align__(2) T {                                                      \
    unsigned short __x;                                                        \
    T() = default;                                                             \
    USMCHECK_HD T(const RAW &r);                                               \
    USMCHECK_HD T(float f);                                                    \
    USMCHECK_HD T(double d);                                                   \
    USMCHECK_HD T(int i);                                                      \
    USMCHECK_HD T(unsigned int i);                                             \
    USMCHECK_HD T(short i);                                                    \
    USMCHECK_HD T(unsigned short i);                                           \
    USMCHECK_HD T(long long i);                                                \
    USMCHECK_HD T(unsigned long long i);                                       \
    USMCHECK_HD T &operator=(const RAW &r);                                    \
    USMCHECK_HD T &operator=(float f);                                         \
    USMCHECK_HD T &operator=(double d);                                        \
    USMCHECK_HD operator RAW() const;                                          \
    USMCHECK_HD operator float() const;                                        \
    USMCHECK_HD explicit operator bool() const;                                \
  };                                                                           \
  struct __align__(4) T2 {                                                     \
    T x, y;                                                                    \
    T2() = default;                                                            \
    USMCHECK_HD T2(const T &a, const T &b) : x(a), y(b) {}                     \
    USMCHECK_HD T2(const RAW2 &r);                                             \
    USMCHECK_HD T2 &operator=(const RAW2 &r);                                  \
    USMCHECK_HD operator RAW2() const;                                         \
  };                                                                           \
  USMCHECK_HALF_BINOPS(T)                                                      \
  USMCHECK_HALF_BINOPS(T2)                                                     \
  USMCHECK_HD T __float2##S(float a);                                          \
  USMCHECK_HD T __float2##S##_rn(float a);                                     \
  USMCHECK_HD T __float2##S##_rz(float a);                                     \
  USMCHECK_HD T __float2##S##_rd(float a);                                     \
  USMCHECK_HD T __float2##S##_ru(float a);                                     \
  USMCHECK_HD T __double2##S(double a);                                        \
  USMCHECK_HD float __##S##2float(T a);                                        \
  USMCHECK_HD T2 __float2##S2##_rn(float a);                                   \
  USMCHECK_HD T2 __floats2##S2##_rn(float a, float b);                         \
  USMCHECK_HD T2 __float22##S2##_rn(float2 a);                                 \
  USMCHECK_HD float2 __##S2##2float2(T2 a);                                    \
  USMCHECK_HD float __low2float(T2 a);                                         \
  USMCHECK_HD float __high2float(T2 a);                                        \
  USMCHECK_HD T __low2##S(T2 a);                                               \
  USMCHECK_HD T __high2##S(T2 a);                                              \
  USMCHECK_HD T2 __low2##S2(T2 a);                                             \
  USMCHECK_HD T2 __high2##S2(T2 a);                                            \
  USMCHECK_HD T2 __lows2##S2(T2 a, T2 b);                                      \
  USMCHECK_HD T2 __highs2##S2(T2 a, T2 b);                                     \
  USMCHECK_HD T2 __halves2##S2(T a, T b);                                      \
  USMCHECK_HD T2 __##S##2##S2(T a);                                            \
  USMCHECK_HD T2 __lowhigh2highlow(T2 a);                                      \
  USMCHECK_HD T2 make_##S2(T x, T y);                                          \
  USMCHECK_HALF_CVT(T, S, int, int)                                            \
  USMCHECK_HALF_CVT(T, S, unsigned int, uint)                                  \
  USMCHECK_HALF_CVT(T, S, short, short)                                        \
  USMCHECK_HALF_CVT(T, S, unsigned short, ushort)                              \
  USMCHECK_HALF_CVT(T, S, long long, ll)                                       \
  USMCHECK_HALF_CVT(T, S, unsigned long long, ull)                             \
  USMCHECK_HD short __##S##_as_short(T h);                                     \
  USMCHECK_HD unsigned short __##S##_as_ushort(T h);                           \
  USMCHECK_HD T __short_as_##S(short i);                                       \
  USMCHECK_HD T __ushort_as_##S(unsigned short i);                             \
  __device__ T __ldg(const T *ptr);                                            \
  __device__ T2 __ldg(const T2 *ptr);                                          \
  USMCHECK_HD T __hadd(T a, T b);                                              \
  USMCHECK_HD T __hsub(T a, T b);                                              \
  USMCHECK_HD T __hmul(T a, T b);                                              \
  USMCHECK_HD T __hdiv(T a, T b);                                              \
  USMCHECK_HD T __hadd_sat(T a, T b);                                          \
  USMCHECK_HD T __hsub_sat(T a, T b);                                          \
  USMCHECK_HD T __hmul_sat(T a, T b);                                          \
  USMCHECK_HD T __hfma(T a, T b, T c);                                         \
  USMCHECK_HD T __hfma_sat(T a, T b, T c);                                     \
  USMCHECK_HD T __hfma_relu(T a, T b, T c);                                    \
  USMCHECK_HD T __hneg(T a);                                                   \
  USMCHECK_HD T __habs(T a);                                                   \
  USMCHECK_HD T __hmax(T a, T b);                                              \
  USMCHECK_HD T __hmin(T a, T b);                                              \
  USMCHECK_HD T __hmax_nan(T a, T b);                                          \
  USMCHECK_HD T __hmin_nan(T a, T b);                                          \
  USMCHECK_HD T2 __hadd2(T2 a, T2 b);                                          \
  USMCHECK_HD T2 __hsub2(T2 a, T2 b);                                          \
  USMCHECK_HD T2 __hmul2(T2 a, T2 b);                                          \
  USMCHECK_HD T2 __h2div(T2 a, T2 b);                                          \
  USMCHECK_HD T2 __hadd2_sat(T2 a, T2 b);                                      \
  USMCHECK_HD T2 __hsub2_sat(T2 a, T2 b);                                      \
  USMCHECK_HD T2 __hmul2_sat(T2 a, T2 b);                                      \
  USMCHECK_HD T2 __hfma2(T2 a, T2 b, T2 c);                                    \
  USMCHECK_HD T2 __hfma2_sat(T2 a, T2 b, T2 c);                                \
  USMCHECK_HD T2 __hfma2_relu(T2 a, T2 b, T2 c);                               \
  USMCHECK_HD T2 __hcmadd(T2 a, T2 b, T2 c);                                   \
  USMCHECK_HD T2 __hneg2(T2 a);                                                \
  USMCHECK_HD T2 __habs2(T2 a);                                                \
  USMCHECK_HD T2 __hmax2(T2 a, T2 b);                                          \
  USMCHECK_HD T2 __hmin2(T2 a, T2 b);                                          \
  USMCHECK_HD bool __heq(T a, T b);                                            \
  USMCHECK_HD bool __hne(T a, T b);                                            \
  USMCHECK_HD bool __hlt(T a, T b);                                            \
  USMCHECK_HD bool __hle(T a, T b);                                            \
  USMCHECK_HD bool __hgt(T a, T b);                                            \
  USMCHECK_HD bool __hge(T a, T b);                                            \
  USMCHECK_HD bool __hequ(T a, T b);                                           \
  USMCHECK_HD bool __hneu(T a, T b);                                           \
  USMCHECK_HD bool __hltu(T a, T b);                                           \
  USMCHECK_HD bool __hleu(T a, T b);                                           \
  USMCHECK_HD bool __hgtu(T a, T b);                                           \
  USMCHECK_HD bool __hgeu(T a, T b);                                           \
  USMCHECK_HD bool __hisnan(T a);                                              \
  USMCHECK_HD int __hisinf(T a);                                               \
  USMCHECK_HD T2 __heq2(T2 a, T2 b);                                           \
  USMCHECK_HD T2 __hne2(T2 a, T2 b);                                           \
  USMCHECK_HD T2 __hlt2(T2 a, T2 b);                                           \
  USMCHECK_HD T2 __hle2(T2 a, T2 b);                                           \
  USMCHECK_HD T2 __hgt2(T2 a, T2 b);                                           \
  USMCHECK_HD T2 __hge2(T2 a, T2 b);                                           \
  USMCHECK_HD bool __hbeq2(T2 a, T2 b);                                        \
  USMCHECK_HD bool __hbne2(T2 a, T2 b);                                        \
  USMCHECK_HD bool __hblt2(T2 a, T2 b);                                        \
  USMCHECK_HD bool __hble2(T2 a, T2 b);                                        \
  USMCHECK_HD bool __hbgt2(T2 a, T2 b);                                        \
  USMCHECK_HD bool __hbge2(T2 a, T2 b);                                        \
  USMCHECK_HD T2 __hisnan2(T2 a);                                              \
  USMCHECK_HALF_MATH(T, h)                                                     \
  USMCHECK_HALF_MATH(T2, h2)                                                   \
  USMCHECK_HALF_SHFL(T)                                                        \
  USMCHECK_HALF_SHFL(T2)                                                       \
  __device__ T atomicAdd(T *address, T val);                                   \
  __device__ T2 atomicAdd(T2 *address, T2 val);                                \
  USMCHECK_HALF_HIP_ATOMICS(T)                                                 \
  USMCHECK_HALF_HIP_ATOMICS(T2)

#endif /* __cplusplus */

#endif /* USMCHECK_INTERNAL_HALF_TYPES_H */
