/*===- cooperative_groups.h - cooperative groups for analysis -------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). CUDA
 * (<cooperative_groups.h>) and HIP (<hip/hip_cooperative_groups.h>) share
 * the cooperative groups API in namespace cooperative_groups: thread_group,
 * thread_block, grid_group, coalesced_group, thread_block_tile<N> with its
 * shuffles and votes, this_thread_block(), this_grid(), coalesced_threads(),
 * tiled_partition() and sync(). Written from the CUDA C++ Programming Guide
 * ("Cooperative Groups"): declarations only, enough for kernels to parse.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_INTERNAL_COOPERATIVE_GROUPS_H
#define USMCHECK_INTERNAL_COOPERATIVE_GROUPS_H

#include "gpu_common.h"

#ifdef __cplusplus
#if defined(__HIP__)
#define USMCHECK_CG_MASK unsigned long long
#else
#define USMCHECK_CG_MASK unsigned int
#endif

namespace cooperative_groups {

class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const;
};

class thread_block : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  static __device__ dim3 group_index();
  static __device__ dim3 thread_index();
  static __device__ dim3 dim_threads();
  static __device__ dim3 group_dim();
};

class grid_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ bool is_valid() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long block_rank() const;
  __device__ unsigned long long num_blocks() const;
  static __device__ dim3 group_dim();
  static __device__ dim3 dim_blocks();
  static __device__ dim3 block_index();
};

/* Shuffles, votes and ranks shared by tiles and coalesced groups. */
class coalesced_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ USMCHECK_CG_MASK ballot(int predicate) const;
  template <class T> __device__ USMCHECK_CG_MASK match_any(T val) const;
  template <class T>
  __device__ USMCHECK_CG_MASK match_all(T val, int &pred) const;
};

namespace details {
template <unsigned int Size> class tile_base : public thread_group {
public:
  static constexpr unsigned int numThreads = Size;
  __device__ void sync() const;
  static constexpr __device__ __host__ unsigned int size() { return Size; }
  static constexpr __device__ __host__ unsigned int num_threads() {
    return Size;
  }
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ USMCHECK_CG_MASK ballot(int predicate) const;
  template <class T> __device__ USMCHECK_CG_MASK match_any(T val) const;
  template <class T>
  __device__ USMCHECK_CG_MASK match_all(T val, int &pred) const;
};
} // namespace details

template <unsigned int Size, class ParentT = void>
class thread_block_tile : public thread_block_tile<Size, void> {};
template <unsigned int Size>
class thread_block_tile<Size, void> : public details::tile_base<Size> {};

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();

template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);
__device__ thread_group tiled_partition(const thread_group &parent,
                                        unsigned int tilesz);
__device__ thread_group tiled_partition(const thread_block &parent,
                                        unsigned int tilesz);
__device__ coalesced_group binary_partition(const coalesced_group &g,
                                            bool pred);
template <unsigned int Size, class ParentT>
__device__ coalesced_group
binary_partition(const thread_block_tile<Size, ParentT> &g, bool pred);

template <class GroupT> __device__ void sync(const GroupT &g);
template <class GroupT>
__device__ unsigned long long thread_rank(const GroupT &g);
template <class GroupT>
__device__ unsigned long long group_size(const GroupT &g);

} // namespace cooperative_groups

#undef USMCHECK_CG_MASK
#endif /* __cplusplus */

#endif /* USMCHECK_INTERNAL_COOPERATIVE_GROUPS_H */
