/*===- usmcheck/cuda_prelude.h - what nvcc includes implicitly ------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). nvcc, and clang
 * with a CUDA toolkit, make the CUDA runtime visible in every .cu file
 * without an #include (clang through __clang_cuda_runtime_wrapper.h). With
 * -nocudainc that does not happen, so the driver force-includes this file
 * (`-include <headers>/sdk/usmcheck/cuda_prelude.h`) in CUDA parses that use
 * the analysis headers. It resolves <cuda_runtime.h> like a user #include
 * would: a real header on the user's include path wins.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_CUDA_PRELUDE_H
#define USMCHECK_CUDA_PRELUDE_H
#if defined(__HIP__)
/* A .cu file parsed as HIP (hipcc compiles .cu files as HIP): it gets what
 * clang force-includes in HIP files instead; see usmcheck/hip_prelude.h. */
#include "hip_prelude.h"
#else
#include <cuda_runtime.h>
/* nvcc compiles host code with the host compiler, and g++ only warns about
 * the `register` storage class in C++17 (clang makes it an error), so older
 * CUDA code that uses it builds with nvcc. Match that for the whole file. */
#pragma clang diagnostic warning "-Wregister"
#endif
#endif
