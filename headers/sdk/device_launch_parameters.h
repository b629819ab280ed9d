/*===- device_launch_parameters.h - CUDA index variables ------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). Some CUDA code
 * (notably Visual Studio project templates) includes this header for
 * threadIdx, blockIdx, blockDim and gridDim; they come with the runtime.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_DEVICE_LAUNCH_PARAMETERS_H
#define USMCHECK_DEVICE_LAUNCH_PARAMETERS_H
#include "cuda_runtime.h"
#endif
