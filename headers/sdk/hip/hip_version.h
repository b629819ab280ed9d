/*===- hip/hip_version.h - HIP version for analysis -----------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). clang's
 * __clang_hip_runtime_wrapper.h reads the HIP version from this header when
 * it exists; these analysis headers follow the HIP 6.0 API.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIP_VERSION_H
#define USMCHECK_HIP_VERSION_H
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 0
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000)
#endif
