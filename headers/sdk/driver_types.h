/*===- driver_types.h - CUDA runtime types for analysis -------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). The toolkit
 * keeps the runtime's enums and structs (cudaError_t, cudaStream_t,
 * cudaDeviceProp, ...) in this file; usmcheck declares them in
 * cuda_runtime_api.h, which this name forwards to.
 *===----------------------------------------------------------------------===*/
#include "cuda_runtime_api.h"
