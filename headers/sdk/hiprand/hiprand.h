/*===- hiprand/hiprand.h - hipRAND host API for analysis ------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no ROCm/HIP SDK is found. The hipRAND host API (generators, seeding,
 * generate functions writing into memory the caller passes), named after
 * cuRAND's with a hip prefix.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIPRAND_H
#define USMCHECK_HIPRAND_H

#include "../hip/hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hiprandStatus {
  HIPRAND_STATUS_SUCCESS = 0,
  HIPRAND_STATUS_VERSION_MISMATCH = 100,
  HIPRAND_STATUS_NOT_INITIALIZED = 101,
  HIPRAND_STATUS_ALLOCATION_FAILED = 102,
  HIPRAND_STATUS_TYPE_ERROR = 103,
  HIPRAND_STATUS_OUT_OF_RANGE = 104,
  HIPRAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  HIPRAND_STATUS_LAUNCH_FAILURE = 201,
  HIPRAND_STATUS_PREEXISTING_FAILURE = 202,
  HIPRAND_STATUS_INITIALIZATION_FAILED = 203,
  HIPRAND_STATUS_ARCH_MISMATCH = 204,
  HIPRAND_STATUS_INTERNAL_ERROR = 999,
  HIPRAND_STATUS_NOT_IMPLEMENTED = 1000
} hiprandStatus_t;

typedef enum hiprandRngType {
  HIPRAND_RNG_TEST = 0,
  HIPRAND_RNG_PSEUDO_DEFAULT = 400,
  HIPRAND_RNG_PSEUDO_XORWOW = 401,
  HIPRAND_RNG_PSEUDO_MRG32K3A = 402,
  HIPRAND_RNG_PSEUDO_MTGP32 = 403,
  HIPRAND_RNG_PSEUDO_MT19937 = 404,
  HIPRAND_RNG_PSEUDO_PHILOX4_32_10 = 405,
  HIPRAND_RNG_QUASI_DEFAULT = 500,
  HIPRAND_RNG_QUASI_SOBOL32 = 501,
  HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 502,
  HIPRAND_RNG_QUASI_SOBOL64 = 503,
  HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 504
} hiprandRngType_t;

typedef struct hiprandGenerator_st *hiprandGenerator_t;

hiprandStatus_t hiprandCreateGenerator(hiprandGenerator_t *generator,
                                       hiprandRngType_t rng_type);
hiprandStatus_t hiprandCreateGeneratorHost(hiprandGenerator_t *generator,
                                           hiprandRngType_t rng_type);
hiprandStatus_t hiprandDestroyGenerator(hiprandGenerator_t generator);
hiprandStatus_t
hiprandSetPseudoRandomGeneratorSeed(hiprandGenerator_t generator,
                                    unsigned long long seed);
hiprandStatus_t hiprandSetGeneratorOffset(hiprandGenerator_t generator,
                                          unsigned long long offset);
hiprandStatus_t hiprandSetStream(hiprandGenerator_t generator,
                                 hipStream_t stream);
hiprandStatus_t hiprandGenerate(hiprandGenerator_t generator,
                                unsigned int *output_data, size_t n);
hiprandStatus_t hiprandGenerateUniform(hiprandGenerator_t generator,
                                       float *output_data, size_t n);
hiprandStatus_t hiprandGenerateUniformDouble(hiprandGenerator_t generator,
                                             double *output_data, size_t n);
hiprandStatus_t hiprandGenerateNormal(hiprandGenerator_t generator,
                                      float *output_data, size_t n, float mean,
                                      float stddev);
hiprandStatus_t hiprandGenerateNormalDouble(hiprandGenerator_t generator,
                                            double *output_data, size_t n,
                                            double mean, double stddev);
hiprandStatus_t hiprandGeneratePoisson(hiprandGenerator_t generator,
                                       unsigned int *output_data, size_t n,
                                       double lambda);

#ifdef __cplusplus
}
#endif

#endif /* USMCHECK_HIPRAND_H */
