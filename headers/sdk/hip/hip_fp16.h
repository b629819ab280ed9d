/*===- hip/hip_fp16.h - HIP half precision for analysis -------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no ROCm/HIP SDK is found. HIP's half API has CUDA's names: __half,
 * __half2, half, half2 and the same intrinsics; see
 * usmcheck_internal/half_types.h.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIP_FP16_H
#define USMCHECK_HIP_FP16_H
#include "../usmcheck_internal/half_types.h"
#ifdef __cplusplus
USMCHECK_HALF_TYPE(__half, __half2, __half_raw, __half2_raw, half, half2)
typedef __half half;
typedef __half2 half2;
#endif
#endif /* USMCHECK_HIP_FP16_H */
