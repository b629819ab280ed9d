/*===- crt/sm_70_rt.hpp - sm_70 warp-match intrinsics for analysis --------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). clang's
 * __clang_cuda_intrinsics.h, which the analysis cuda_runtime.h includes,
 * includes this toolkit file after defining __match32_any_sync & co. It
 * declares the generic spellings of the CUDA C++ Programming Guide ("Warp
 * Match Functions") on top of them.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_CRT_SM_70_RT_HPP
#define USMCHECK_CRT_SM_70_RT_HPP
__device__ unsigned int __match_any_sync(unsigned mask, unsigned value);
__device__ unsigned int __match_any_sync(unsigned mask, int value);
__device__ unsigned int __match_any_sync(unsigned mask, unsigned long value);
__device__ unsigned int __match_any_sync(unsigned mask, long value);
__device__ unsigned int __match_any_sync(unsigned mask,
                                         unsigned long long value);
__device__ unsigned int __match_any_sync(unsigned mask, long long value);
__device__ unsigned int __match_any_sync(unsigned mask, float value);
__device__ unsigned int __match_any_sync(unsigned mask, double value);
__device__ unsigned int __match_all_sync(unsigned mask, unsigned value,
                                         int *pred);
__device__ unsigned int __match_all_sync(unsigned mask, int value, int *pred);
__device__ unsigned int __match_all_sync(unsigned mask, unsigned long value,
                                         int *pred);
__device__ unsigned int __match_all_sync(unsigned mask, long value, int *pred);
__device__ unsigned int __match_all_sync(unsigned mask,
                                         unsigned long long value, int *pred);
__device__ unsigned int __match_all_sync(unsigned mask, long long value,
                                         int *pred);
__device__ unsigned int __match_all_sync(unsigned mask, float value, int *pred);
__device__ unsigned int __match_all_sync(unsigned mask, double value,
                                         int *pred);
#endif
