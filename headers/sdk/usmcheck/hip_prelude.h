/*===- usmcheck/hip_prelude.h - what hipcc makes visible implicitly -------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). clang (and so
 * hipcc) force-includes __clang_hip_runtime_wrapper.h in every HIP file, so
 * HIP headers may use __device__, __global__, threadIdx and the device math
 * library before (or without) including <hip/hip_runtime.h>. -nogpuinc,
 * which the analysis needs without ROCm, turns that off; a driver that
 * force-includes this file (`-include <headers>/sdk/usmcheck/hip_prelude.h`)
 * turns it back on: it includes that same wrapper from clang's resource
 * directory (it needs no ROCm), and no more, so a file that defines its own
 * `uchar4` without including the HIP runtime (hipcc accepts that) still
 * parses.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIP_PRELUDE_H
#define USMCHECK_HIP_PRELUDE_H
#include <__clang_hip_runtime_wrapper.h>
#endif
