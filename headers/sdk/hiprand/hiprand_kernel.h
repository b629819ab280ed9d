/*===- hiprand/hiprand_kernel.h - hipRAND device API for analysis ---------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no ROCm/HIP SDK is found. The hipRAND device API: generator states,
 * hiprand_init() and the distributions, declared for every state type at
 * once (the real header overloads them per state).
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIPRAND_KERNEL_H
#define USMCHECK_HIPRAND_KERNEL_H

#include "../hip/hip_runtime.h"
#include "hiprand.h"

#ifdef __cplusplus
struct hiprandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
struct hiprandStatePhilox4_32_10 {
  uint4 counter;
  uint4 result;
  uint2 key;
  unsigned int substate;
};
struct hiprandStateMRG32k3a {
  unsigned int g1[3];
  unsigned int g2[3];
};
typedef struct hiprandStateXORWOW hiprandStateXORWOW_t;
typedef struct hiprandStateXORWOW hiprandState_t;
typedef struct hiprandStateXORWOW hiprandState;
typedef struct hiprandStatePhilox4_32_10 hiprandStatePhilox4_32_10_t;
typedef struct hiprandStateMRG32k3a hiprandStateMRG32k3a_t;

template <class State>
__device__ void hiprand_init(unsigned long long seed,
                             unsigned long long subsequence,
                             unsigned long long offset, State *state);
template <class State> __device__ unsigned int hiprand(State *state);
template <class State> __device__ uint4 hiprand4(State *state);
template <class State> __device__ float hiprand_uniform(State *state);
template <class State> __device__ double hiprand_uniform_double(State *state);
template <class State> __device__ float4 hiprand_uniform4(State *state);
template <class State> __device__ float hiprand_normal(State *state);
template <class State> __device__ double hiprand_normal_double(State *state);
template <class State> __device__ float2 hiprand_normal2(State *state);
template <class State> __device__ float4 hiprand_normal4(State *state);
template <class State>
__device__ float hiprand_log_normal(State *state, float mean, float stddev);
template <class State>
__device__ unsigned int hiprand_poisson(State *state, double lambda);
template <class State>
__device__ void skipahead(unsigned long long n, State *state);
#endif /* __cplusplus */

#endif /* USMCHECK_HIPRAND_KERNEL_H */
