/*===- hip/hip_cooperative_groups.h - HIP cooperative groups for analysis -===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no ROCm/HIP SDK is found. HIP's cooperative groups have CUDA's API in
 * namespace cooperative_groups; see usmcheck_internal/cooperative_groups.h.
 *===----------------------------------------------------------------------===*/
#include "../usmcheck_internal/cooperative_groups.h"
#include "../usmcheck_internal/cooperative_groups_reduce.h"
