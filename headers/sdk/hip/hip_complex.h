/*===- hip/hip_complex.h - HIP complex numbers for analysis ---------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md):
 * hipFloatComplex, hipDoubleComplex and the hipC* functions; see
 * usmcheck_internal/complex_types.h.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIP_COMPLEX_H
#define USMCHECK_HIP_COMPLEX_H
#include "../usmcheck_internal/complex_types.h"
#ifdef __cplusplus
extern "C" {
#endif
USMCHECK_COMPLEX_API(hip)
#ifdef __cplusplus
}
#endif
#endif
