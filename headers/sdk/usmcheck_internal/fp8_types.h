/*===- fp8_types.h - 8-bit floating-point types for analysis --------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). CUDA
 * (cuda_fp8.h: __nv_fp8_e4m3, ...) and HIP (hip/hip_fp8.h: __hip_fp8_e4m3,
 * ...) declare the same shape of FP8 types: one byte of storage, explicit
 * conversions from and to the wider floating types, and two- and
 * four-element forms. These macros declare one such type from its name, its
 * storage type and the bfloat16 type of its SDK (plus, for HIP, the static
 * members naming its default saturation and interpretation); declarations
 * only.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_INTERNAL_FP8_TYPES_H
#define USMCHECK_INTERNAL_FP8_TYPES_H
#include "half_types.h"
#ifdef __cplusplus
#define USMCHECK_FP8_HD __host__ __device__
#define USMCHECK_FP8_TYPE(T, S, BF, ...)                                       \
  struct __align__(1) T {                                                      \
    S __x;                                                                     \
    __VA_ARGS__                                                                \
    T() = default;                                                             \
    USMCHECK_FP8_HD explicit T(__half f);                                      \
    USMCHECK_FP8_HD explicit T(BF f);                                          \
    USMCHECK_FP8_HD explicit T(float f);                                       \
    USMCHECK_FP8_HD explicit T(double f);                                      \
    USMCHECK_FP8_HD explicit T(int i);                                         \
    USMCHECK_FP8_HD explicit T(unsigned int i);                                \
    USMCHECK_FP8_HD explicit T(long long i);                                   \
    USMCHECK_FP8_HD explicit T(unsigned long long i);                          \
    USMCHECK_FP8_HD explicit operator __half() const;                          \
    USMCHECK_FP8_HD explicit operator BF() const;                              \
    USMCHECK_FP8_HD explicit operator float() const;                           \
    USMCHECK_FP8_HD explicit operator double() const;                          \
    USMCHECK_FP8_HD explicit operator int() const;                             \
    USMCHECK_FP8_HD explicit operator bool() const;                            \
  };
#define USMCHECK_FP8X2_TYPE(T, S, BF2)                                         \
  struct __align__(2) T {                                                      \
    S __x;                                                                     \
    T() = default;                                                             \
    USMCHECK_FP8_HD explicit T(__half2 f);                                     \
    USMCHECK_FP8_HD explicit T(BF2 f);                                         \
    USMCHECK_FP8_HD explicit T(float2 f);                                      \
    USMCHECK_FP8_HD explicit T(double2 f);                                     \
    USMCHECK_FP8_HD explicit operator __half2() const;                         \
    USMCHECK_FP8_HD explicit operator float2() const;                          \
  };
#define USMCHECK_FP8X4_TYPE(T, S, BF2)                                         \
  struct __align__(4) T {                                                      \
    S __x;                                                                     \
    T() = default;                                                             \
    USMCHECK_FP8_HD T(__half2 lo, __half2 hi);                                 \
    USMCHECK_FP8_HD T(BF2 lo, BF2 hi);                                         \
    USMCHECK_FP8_HD explicit T(float4 f);                                      \
    USMCHECK_FP8_HD explicit T(double4 f);                                     \
    USMCHECK_FP8_HD explicit operator float4() const;                          \
  };
#endif /* __cplusplus */
#endif /* USMCHECK_INTERNAL_FP8_TYPES_H */
