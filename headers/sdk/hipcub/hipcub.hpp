/*===- hipcub/hipcub.hpp - hipCUB for analysis ----------------------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no ROCm/HIP SDK is found. hipCUB mirrors CUB's API in namespace hipcub
 * (on NVIDIA platforms it forwards to CUB), so this header makes CUB's
 * declarations visible under that name. It needs CUB itself on the include
 * path (Debian: libcub-dev); without it the #include below fails as a
 * missing hipcub would.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_HIPCUB_HPP
#define USMCHECK_HIPCUB_HPP
#include "../hip/hip_runtime.h"
/* hipCUB's functions take hipStream_t; give CUB's cudaStream_t (and
 * cudaEvent_t) the same types so HIP streams can be passed. */
#define CUstream_st ihipStream_t
#define CUevent_st ihipEvent_t
#include "../cuda_runtime.h"
#undef CUstream_st
#undef CUevent_st
#include <cub/cub.cuh>
namespace hipcub {
using namespace ::cub;
}
#endif
