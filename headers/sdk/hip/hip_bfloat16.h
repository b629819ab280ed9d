/*===- hip/hip_bfloat16.h - HIP's older bfloat16 header for analysis ------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). The type
 * hip_bfloat16 (convertible to and from float) is declared, with the newer
 * __hip_bfloat16 API, in hip/hip_bf16.h.
 *===----------------------------------------------------------------------===*/
#include "hip_bf16.h"
