/*===- curand_kernel.h - cuRAND device API for analysis -------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no usable CUDA toolkit is found. The cuRAND device API of the cuRAND
 * reference ("Device API Overview"): the generator states, curand_init()
 * and the distributions, declared for every state type at once.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_CURAND_KERNEL_H
#define USMCHECK_CURAND_KERNEL_H

#include "curand.h"
#include "usmcheck_internal/gpu_common.h"

#ifdef __cplusplus
struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
typedef struct curandStateSobol32 curandStateSobol32_t;
typedef unsigned int *curandDirectionVectors32_t;

/* The functions are overloaded on the state type in the real header; a
 * template per function accepts every state. */
template <class State>
__device__ void curand_init(unsigned long long seed,
                            unsigned long long subsequence,
                            unsigned long long offset, State *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors,
                            unsigned int offset, curandStateSobol32_t *state);
template <class State> __device__ unsigned int curand(State *state);
template <class State> __device__ uint4 curand4(State *state);
template <class State> __device__ float curand_uniform(State *state);
template <class State> __device__ double curand_uniform_double(State *state);
template <class State> __device__ float4 curand_uniform4(State *state);
template <class State> __device__ double2 curand_uniform2_double(State *state);
template <class State> __device__ float curand_normal(State *state);
template <class State> __device__ double curand_normal_double(State *state);
template <class State> __device__ float2 curand_normal2(State *state);
template <class State> __device__ float4 curand_normal4(State *state);
template <class State> __device__ double2 curand_normal2_double(State *state);
template <class State>
__device__ float curand_log_normal(State *state, float mean, float stddev);
template <class State>
__device__ double curand_log_normal_double(State *state, double mean,
                                           double stddev);
template <class State>
__device__ unsigned int curand_poisson(State *state, double lambda);
template <class State>
__device__ void skipahead(unsigned long long n, State *state);
template <class State>
__device__ void skipahead_sequence(unsigned long long n, State *state);
#endif /* __cplusplus */

#endif /* USMCHECK_CURAND_KERNEL_H */
