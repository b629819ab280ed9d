/*===- cuComplex.h - CUDA complex numbers for analysis --------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): cuFloatComplex,
 * cuDoubleComplex and the cuC* functions; see
 * usmcheck_internal/complex_types.h.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_CUCOMPLEX_H
#define USMCHECK_CUCOMPLEX_H
#include "usmcheck_internal/complex_types.h"
#ifdef __cplusplus
extern "C" {
#endif
USMCHECK_COMPLEX_API(cu)
#ifdef __cplusplus
}
#endif
#endif
