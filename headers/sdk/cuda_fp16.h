/*===- cuda_fp16.h - CUDA half precision for analysis ---------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no usable CUDA toolkit is found, never to compile programs. Declares
 * __half, __half2 (and the half, half2 spellings), their conversions,
 * operators and intrinsics; see usmcheck_internal/half_types.h.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_CUDA_FP16_H
#define USMCHECK_CUDA_FP16_H
#include "usmcheck_internal/half_types.h"
#ifdef __cplusplus
USMCHECK_HALF_TYPE(__half, __half2, __half_raw, __half2_raw, half, half2)
typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
#endif
#endif /* USMCHECK_CUDA_FP16_H */
