/*===- cuda_fp8.h - CUDA 8-bit floating point for analysis ----------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no usable CUDA toolkit is found. The FP8 types and conversions of the
 * CUDA Math API ("FP8 Intrinsics"): __nv_fp8_e4m3, __nv_fp8_e5m2 and their
 * x2/x4 forms, the storage typedefs and __nv_cvt_* functions. Like the real
 * header, it includes the half and bfloat16 headers.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_CUDA_FP8_H
#define USMCHECK_CUDA_FP8_H
#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "usmcheck_internal/fp8_types.h"
#ifdef __cplusplus
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t {
  __NV_E4M3,
  __NV_E5M2
} __nv_fp8_interpretation_t;

USMCHECK_FP8_HD __nv_fp8_storage_t
__nv_cvt_float_to_fp8(float x, __nv_saturation_t saturate,
                      __nv_fp8_interpretation_t fp8_interpretation);
USMCHECK_FP8_HD __nv_fp8_storage_t
__nv_cvt_double_to_fp8(double x, __nv_saturation_t saturate,
                       __nv_fp8_interpretation_t fp8_interpretation);
USMCHECK_FP8_HD __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t saturate,
                         __nv_fp8_interpretation_t fp8_interpretation);
USMCHECK_FP8_HD __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t saturate,
                        __nv_fp8_interpretation_t fp8_interpretation);
USMCHECK_FP8_HD __nv_fp8_storage_t
__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t saturate,
                            __nv_fp8_interpretation_t fp8_interpretation);
USMCHECK_FP8_HD __half_raw __nv_cvt_fp8_to_halfraw(
    __nv_fp8_storage_t x, __nv_fp8_interpretation_t fp8_interpretation);
USMCHECK_FP8_HD __half2_raw __nv_cvt_fp8x2_to_halfraw2(
    __nv_fp8x2_storage_t x, __nv_fp8_interpretation_t fp8_interpretation);

USMCHECK_FP8_TYPE(__nv_fp8_e4m3, __nv_fp8_storage_t, __nv_bfloat16)
USMCHECK_FP8_TYPE(__nv_fp8_e5m2, __nv_fp8_storage_t, __nv_bfloat16)
USMCHECK_FP8X2_TYPE(__nv_fp8x2_e4m3, __nv_fp8x2_storage_t, __nv_bfloat162)
USMCHECK_FP8X2_TYPE(__nv_fp8x2_e5m2, __nv_fp8x2_storage_t, __nv_bfloat162)
USMCHECK_FP8X4_TYPE(__nv_fp8x4_e4m3, __nv_fp8x4_storage_t, __nv_bfloat162)
USMCHECK_FP8X4_TYPE(__nv_fp8x4_e5m2, __nv_fp8x4_storage_t, __nv_bfloat162)
#endif /* __cplusplus */
#endif /* USMCHECK_CUDA_FP8_H */
