/*===- cuda_occupancy.h - CUDA occupancy API for analysis -----------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). Thrust's CUDA
 * backend includes this toolkit header; the occupancy functions programs
 * call (cudaOccupancyMaxActiveBlocksPerMultiprocessor, ...) are declared in
 * cuda_runtime_api.h and cuda_runtime.h.
 *===----------------------------------------------------------------------===*/
#include "cuda_runtime_api.h"
