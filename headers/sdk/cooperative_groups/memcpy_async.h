/*===- cooperative_groups/memcpy_async.h - async copies for analysis ------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): the group-wide
 * shared-memory copies of the CUDA C++ Programming Guide ("memcpy_async",
 * "wait and wait_prior"). They copy between global and shared memory inside
 * a kernel, not between host and device allocations.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define USMCHECK_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#include "../usmcheck_internal/cooperative_groups.h"
#ifdef __cplusplus
namespace cooperative_groups {
template <class GroupT>
__device__ void memcpy_async(const GroupT &group, void *dst, const void *src,
                             size_t size);
template <class GroupT> __device__ void wait(const GroupT &group);
template <unsigned int N, class GroupT>
__device__ void wait_prior(const GroupT &group);
} // namespace cooperative_groups
#endif
#endif
