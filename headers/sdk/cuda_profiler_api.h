/*===- cuda_profiler_api.h - CUDA profiler control for analysis -----------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md):
 * cudaProfilerStart/cudaProfilerStop are declared in cuda_runtime_api.h.
 *===----------------------------------------------------------------------===*/
#include "cuda_runtime_api.h"
