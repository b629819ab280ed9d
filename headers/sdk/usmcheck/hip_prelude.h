/*===- usmcheck/hip_prelude.h - what hipcc makes visible implicitly -------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). clang (and so
 * hipcc) force-includes __clang_hip_runtime_wrapper.h in every HIP file, so
 * HIP headers may use __device__, __global__, threadIdx and the device math
 * library before (or without) including <hip/hip_runtime.h>. -nogpuinc,
 * which the analysis needs without ROCm, turns that off; a driver that
 * force-includes this file (`-include <headers>/sdk/usmcheck/hip_prelude.h`)
 * turns it back on. It includes <hip/hip_runtime.h>, whose analysis version
 * includes the wrapper, so it gives a superset of what clang would; like the
 * CUDA prelude, it resolves the name as a user #include would, so a real
 * HIP SDK on the include path wins.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIP_PRELUDE_H
#define USMCHECK_HIP_PRELUDE_H
#include <hip/hip_runtime.h>
#endif
