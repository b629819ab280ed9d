/*===- cooperative_groups_reduce.h - group collectives for analysis -------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): the
 * cooperative groups collectives of the CUDA C++ Programming Guide
 * ("Group Collectives": reduce, inclusive_scan, exclusive_scan and the
 * function objects plus, less, greater, bit_and, bit_or, bit_xor), shared by
 * <cooperative_groups/reduce.h> and <cooperative_groups/scan.h>.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_INTERNAL_COOPERATIVE_GROUPS_REDUCE_H
#define USMCHECK_INTERNAL_COOPERATIVE_GROUPS_REDUCE_H

#include "cooperative_groups.h"

#ifdef __cplusplus
namespace cooperative_groups {

#define USMCHECK_CG_OP(NAME, EXPR)                                             \
  template <class T> struct NAME {                                             \
    __device__ __host__ T operator()(const T &a, const T &b) const {           \
      return EXPR;                                                             \
    }                                                                          \
  };
USMCHECK_CG_OP(plus, a + b)
USMCHECK_CG_OP(less, b < a ? b : a)
USMCHECK_CG_OP(greater, a < b ? b : a)
USMCHECK_CG_OP(bit_and, a &b)
USMCHECK_CG_OP(bit_or, a | b)
USMCHECK_CG_OP(bit_xor, a ^ b)
#undef USMCHECK_CG_OP

template <class T> struct usmcheck_remove_cvref {
  typedef T type;
};
template <class T> struct usmcheck_remove_cvref<T &> {
  typedef typename usmcheck_remove_cvref<T>::type type;
};
template <class T> struct usmcheck_remove_cvref<const T> {
  typedef T type;
};
template <class T> struct usmcheck_remove_cvref<T &&> {
  typedef typename usmcheck_remove_cvref<T>::type type;
};

template <class GroupT, class T, class Op>
__device__ typename usmcheck_remove_cvref<T>::type reduce(const GroupT &group,
                                                          T &&val, Op &&op);
template <class GroupT, class T, class Op>
__device__ typename usmcheck_remove_cvref<T>::type
inclusive_scan(const GroupT &group, T &&val, Op &&op);
template <class GroupT, class T>
__device__ typename usmcheck_remove_cvref<T>::type
inclusive_scan(const GroupT &group, T &&val);
template <class GroupT, class T, class Op>
__device__ typename usmcheck_remove_cvref<T>::type
exclusive_scan(const GroupT &group, T &&val, Op &&op);
template <class GroupT, class T>
__device__ typename usmcheck_remove_cvref<T>::type
exclusive_scan(const GroupT &group, T &&val);

} // namespace cooperative_groups
#endif /* __cplusplus */

#endif /* USMCHECK_INTERNAL_COOPERATIVE_GROUPS_REDUCE_H */
