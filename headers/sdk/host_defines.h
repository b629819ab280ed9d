/*===- host_defines.h - CUDA execution-space qualifiers for analysis ------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): __host__,
 * __device__, __align__ and friends, declared in usmcheck_internal/.
 *===----------------------------------------------------------------------===*/
#include "usmcheck_internal/gpu_common.h"
