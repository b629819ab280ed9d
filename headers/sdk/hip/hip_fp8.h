/*===- hip/hip_fp8.h - HIP 8-bit floating point for analysis --------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no ROCm/HIP SDK is found. HIP's FP8 API: __hip_fp8_e4m3, __hip_fp8_e5m2
 * and their _fnuz variants with x2/x4 forms, the storage typedefs and the
 * __hip_cvt_* functions; see usmcheck_internal/fp8_types.h.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIP_FP8_H
#define USMCHECK_HIP_FP8_H
#include "../usmcheck_internal/fp8_types.h"
#include "hip_bf16.h"
#include "hip_fp16.h"
#ifdef __cplusplus
typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;
typedef enum __hip_saturation_t {
  __HIP_NOSAT,
  __HIP_SATFINITE
} __hip_saturation_t;
typedef enum __hip_fp8_interpretation_t {
  __HIP_E4M3_FNUZ,
  __HIP_E5M2_FNUZ,
  __HIP_E4M3,
  __HIP_E5M2
} __hip_fp8_interpretation_t;

#define USMCHECK_HIP_FP8_DEFAULTS(I)                                           \
  static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;  \
  static constexpr __hip_fp8_interpretation_t __default_interpret = I;

USMCHECK_FP8_HD __hip_fp8_storage_t __hip_cvt_float_to_fp8(
    float x, __hip_saturation_t sat, __hip_fp8_interpretation_t type);
USMCHECK_FP8_HD __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(
    float2 x, __hip_saturation_t sat, __hip_fp8_interpretation_t type);
USMCHECK_FP8_HD __hip_fp8_storage_t __hip_cvt_double_to_fp8(
    double x, __hip_saturation_t sat, __hip_fp8_interpretation_t type);
USMCHECK_FP8_HD __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(
    __half_raw x, __hip_saturation_t sat, __hip_fp8_interpretation_t type);
USMCHECK_FP8_HD __hip_fp8_storage_t
__hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw x, __hip_saturation_t sat,
                             __hip_fp8_interpretation_t type);
USMCHECK_FP8_HD __half_raw __hip_cvt_fp8_to_halfraw(
    __hip_fp8_storage_t x, __hip_fp8_interpretation_t type);
USMCHECK_FP8_HD __half2_raw __hip_cvt_fp8x2_to_halfraw2(
    __hip_fp8x2_storage_t x, __hip_fp8_interpretation_t type);

USMCHECK_FP8_TYPE(__hip_fp8_e4m3, __hip_fp8_storage_t, __hip_bfloat16,
                  USMCHECK_HIP_FP8_DEFAULTS(__HIP_E4M3))
USMCHECK_FP8_TYPE(__hip_fp8_e5m2, __hip_fp8_storage_t, __hip_bfloat16,
                  USMCHECK_HIP_FP8_DEFAULTS(__HIP_E5M2))
USMCHECK_FP8_TYPE(__hip_fp8_e4m3_fnuz, __hip_fp8_storage_t, __hip_bfloat16,
                  USMCHECK_HIP_FP8_DEFAULTS(__HIP_E4M3_FNUZ))
USMCHECK_FP8_TYPE(__hip_fp8_e5m2_fnuz, __hip_fp8_storage_t, __hip_bfloat16,
                  USMCHECK_HIP_FP8_DEFAULTS(__HIP_E5M2_FNUZ))
USMCHECK_FP8X2_TYPE(__hip_fp8x2_e4m3, __hip_fp8x2_storage_t, __hip_bfloat162)
USMCHECK_FP8X2_TYPE(__hip_fp8x2_e5m2, __hip_fp8x2_storage_t, __hip_bfloat162)
USMCHECK_FP8X2_TYPE(__hip_fp8x2_e4m3_fnuz, __hip_fp8x2_storage_t,
                    __hip_bfloat162)
USMCHECK_FP8X2_TYPE(__hip_fp8x2_e5m2_fnuz, __hip_fp8x2_storage_t,
                    __hip_bfloat162)
USMCHECK_FP8X4_TYPE(__hip_fp8x4_e4m3, __hip_fp8x4_storage_t, __hip_bfloat162)
USMCHECK_FP8X4_TYPE(__hip_fp8x4_e5m2, __hip_fp8x4_storage_t, __hip_bfloat162)
USMCHECK_FP8X4_TYPE(__hip_fp8x4_e4m3_fnuz, __hip_fp8x4_storage_t,
                    __hip_bfloat162)
USMCHECK_FP8X4_TYPE(__hip_fp8x4_e5m2_fnuz, __hip_fp8x4_storage_t,
                    __hip_bfloat162)
#undef USMCHECK_HIP_FP8_DEFAULTS
#endif /* __cplusplus */
#endif /* USMCHECK_HIP_FP8_H */
