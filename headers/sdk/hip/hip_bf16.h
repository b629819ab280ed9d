/*===- hip/hip_bf16.h - HIP bfloat16 for analysis -------------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no ROCm/HIP SDK is found. __hip_bfloat16 and __hip_bfloat162 with CUDA's
 * function names (__float2bfloat16, __bfloat162float, __hadd, ...); see
 * usmcheck_internal/half_types.h.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIP_BF16_H
#define USMCHECK_HIP_BF16_H
#include "../usmcheck_internal/half_types.h"
#ifdef __cplusplus
USMCHECK_HALF_TYPE(__hip_bfloat16, __hip_bfloat162, __hip_bfloat16_raw,
                   __hip_bfloat162_raw, bfloat16, bfloat162)
typedef __hip_bfloat16 hip_bfloat16;
typedef __hip_bfloat162 hip_bfloat162;
#endif
#endif /* USMCHECK_HIP_BF16_H */
