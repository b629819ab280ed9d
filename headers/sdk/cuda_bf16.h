/*===- cuda_bf16.h - CUDA bfloat16 for analysis ---------------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no usable CUDA toolkit is found, never to compile programs. Declares
 * __nv_bfloat16, __nv_bfloat162 (and the nv_bfloat16 spellings), their
 * conversions, operators and intrinsics; see usmcheck_internal/half_types.h.
 * Like the real header, it includes cuda_fp16.h.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_CUDA_BF16_H
#define USMCHECK_CUDA_BF16_H
#include "cuda_fp16.h"
#ifdef __cplusplus
USMCHECK_HALF_TYPE(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw,
                   __nv_bfloat162_raw, bfloat16, bfloat162)
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2 a);
#endif
#endif /* USMCHECK_CUDA_BF16_H */
