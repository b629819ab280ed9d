/*===- complex_types.h - CUDA/HIP C complex API for analysis --------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). cuComplex.h and
 * hip/hip_complex.h declare the same single- and double-precision complex
 * API over float2/double2, with a cu or hip prefix (cuCaddf/hipCaddf,
 * make_cuFloatComplex/make_hipFloatComplex, ...). USMCHECK_COMPLEX_API(P)
 * declares it for prefix P; declarations only.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_INTERNAL_COMPLEX_TYPES_H
#define USMCHECK_INTERNAL_COMPLEX_TYPES_H

#include "gpu_common.h"

#define USMCHECK_CX_HD __host__ __device__
#define USMCHECK_COMPLEX_API(P)                                                \
  typedef float2 P##FloatComplex;                                              \
  typedef double2 P##DoubleComplex;                                            \
  typedef P##FloatComplex P##Complex;                                          \
  USMCHECK_CX_HD float P##Crealf(P##FloatComplex x);                           \
  USMCHECK_CX_HD float P##Cimagf(P##FloatComplex x);                           \
  USMCHECK_CX_HD P##FloatComplex make_##P##FloatComplex(float r, float i);     \
  USMCHECK_CX_HD P##FloatComplex P##Conjf(P##FloatComplex x);                  \
  USMCHECK_CX_HD P##FloatComplex P##Caddf(P##FloatComplex x,                   \
                                          P##FloatComplex y);                  \
  USMCHECK_CX_HD P##FloatComplex P##Csubf(P##FloatComplex x,                   \
                                          P##FloatComplex y);                  \
  USMCHECK_CX_HD P##FloatComplex P##Cmulf(P##FloatComplex x,                   \
                                          P##FloatComplex y);                  \
  USMCHECK_CX_HD P##FloatComplex P##Cdivf(P##FloatComplex x,                   \
                                          P##FloatComplex y);                  \
  USMCHECK_CX_HD float P##Cabsf(P##FloatComplex x);                            \
  USMCHECK_CX_HD P##FloatComplex P##Cfmaf(                                     \
      P##FloatComplex x, P##FloatComplex y, P##FloatComplex d);                \
  USMCHECK_CX_HD double P##Creal(P##DoubleComplex x);                          \
  USMCHECK_CX_HD double P##Cimag(P##DoubleComplex x);                          \
  USMCHECK_CX_HD P##DoubleComplex make_##P##DoubleComplex(double r, double i); \
  USMCHECK_CX_HD P##DoubleComplex P##Conj(P##DoubleComplex x);                 \
  USMCHECK_CX_HD P##DoubleComplex P##Cadd(P##DoubleComplex x,                  \
                                          P##DoubleComplex y);                 \
  USMCHECK_CX_HD P##DoubleComplex P##Csub(P##DoubleComplex x,                  \
                                          P##DoubleComplex y);                 \
  USMCHECK_CX_HD P##DoubleComplex P##Cmul(P##DoubleComplex x,                  \
                                          P##DoubleComplex y);                 \
  USMCHECK_CX_HD P##DoubleComplex P##Cdiv(P##DoubleComplex x,                  \
                                          P##DoubleComplex y);                 \
  USMCHECK_CX_HD double P##Cabs(P##DoubleComplex x);                           \
  USMCHECK_CX_HD P##DoubleComplex P##Cfma(                                     \
      P##DoubleComplex x, P##DoubleComplex y, P##DoubleComplex d);             \
  USMCHECK_CX_HD P##Complex make_##P##Complex(float r, float i);               \
  USMCHECK_CX_HD P##DoubleComplex P##ComplexFloatToDouble(P##FloatComplex c);  \
  USMCHECK_CX_HD P##FloatComplex P##ComplexDoubleToFloat(P##DoubleComplex c);

#endif /* USMCHECK_INTERNAL_COMPLEX_TYPES_H */
