//===- sycl/usmcheck/group_algorithms.hpp - SYCL 2020 group functions -----===//
//
// Part of usmcheck's analysis headers (see docs/headers.md); included by
// <sycl/sycl.hpp> inside namespace sycl::_V1, never on its own. Written from
// the SYCL 2020 specification, 4.17.2 function objects and 4.17.3/4.17.4
// group functions and algorithms; nothing here is taken from an
// implementation. Declared only: analyses need the calls, not the values.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_SYCL_GROUP_ALGORITHMS_HPP
#define USMCHECK_SYCL_GROUP_ALGORITHMS_HPP

// --- function objects (4.17.2) -----------------------------------------------
#define USMCHECK_SYCL_FUNCTOR(name, expr)                                      \
  template <typename T = void> struct name {                                   \
    T operator()(const T &x, const T &y) const { return expr; }                \
  };                                                                           \
  template <> struct name<void> {                                              \
    template <typename T, typename U>                                          \
    auto operator()(T &&x, U &&y) const -> decltype(expr) {                    \
      return expr;                                                             \
    }                                                                          \
  };
USMCHECK_SYCL_FUNCTOR(plus, x + y)
USMCHECK_SYCL_FUNCTOR(multiplies, x *y)
USMCHECK_SYCL_FUNCTOR(bit_and, x &y)
USMCHECK_SYCL_FUNCTOR(bit_or, x | y)
USMCHECK_SYCL_FUNCTOR(bit_xor, x ^ y)
USMCHECK_SYCL_FUNCTOR(logical_and, x &&y)
USMCHECK_SYCL_FUNCTOR(logical_or, x || y)
USMCHECK_SYCL_FUNCTOR(minimum, y < x ? y : x)
USMCHECK_SYCL_FUNCTOR(maximum, x < y ? y : x)
#undef USMCHECK_SYCL_FUNCTOR

template <typename BinaryOperation, typename AccumulatorT>
struct known_identity {
  static constexpr AccumulatorT value{};
};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v =
    known_identity<BinaryOperation, AccumulatorT>::value;
template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity : std::true_type {};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v =
    has_known_identity<BinaryOperation, AccumulatorT>::value;

// --- group functions (4.17.3) -----------------------------------------------
// These have trivial bodies rather than none: a template used with a type
// that has no linkage (a lambda, a local struct) must be defined in the
// translation unit. Callables are invoked once, so that generic lambdas
// are instantiated for analysis.
template <typename Group> void group_barrier(Group g) {}
template <typename Group>
void group_barrier(Group g, memory_scope fenceScope) {}

template <typename Group, typename T> T group_broadcast(Group g, T x) {
  return x;
}
template <typename Group, typename T, typename LocalId>
T group_broadcast(Group g, T x, LocalId localId) {
  return x;
}

template <typename Group, typename T>
T shift_group_left(Group g, T x, std::size_t delta = 1) {
  return x;
}
template <typename Group, typename T>
T shift_group_right(Group g, T x, std::size_t delta = 1) {
  return x;
}
template <typename Group, typename T>
T permute_group_by_xor(Group g, T x, std::size_t mask) {
  return x;
}
template <typename Group, typename T>
T select_from_group(Group g, T x, std::size_t remoteLocalId) {
  return x;
}

// --- group algorithms (4.17.4) -----------------------------------------------
template <typename Group> bool any_of_group(Group g, bool pred) { return pred; }
template <typename Group, typename T, typename Predicate>
bool any_of_group(Group g, T x, Predicate pred) {
  return pred(x);
}
template <typename Group> bool all_of_group(Group g, bool pred) { return pred; }
template <typename Group, typename T, typename Predicate>
bool all_of_group(Group g, T x, Predicate pred) {
  return pred(x);
}
template <typename Group> bool none_of_group(Group g, bool pred) {
  return !pred;
}
template <typename Group, typename T, typename Predicate>
bool none_of_group(Group g, T x, Predicate pred) {
  return !pred(x);
}
template <typename Group, typename Ptr, typename Predicate>
bool joint_any_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return pred(*first);
}
template <typename Group, typename Ptr, typename Predicate>
bool joint_all_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return pred(*first);
}
template <typename Group, typename Ptr, typename Predicate>
bool joint_none_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return !pred(*first);
}

template <typename Group, typename T, typename BinaryOperation>
T reduce_over_group(Group g, T x, BinaryOperation binaryOp) {
  return binaryOp(x, x);
}
template <typename Group, typename V, typename T, typename BinaryOperation>
T reduce_over_group(Group g, V x, T init, BinaryOperation binaryOp) {
  return binaryOp(init, x);
}
template <typename Group, typename Ptr, typename BinaryOperation>
std::remove_cv_t<std::remove_reference_t<decltype(*std::declval<Ptr>())>>
joint_reduce(Group g, Ptr first, Ptr last, BinaryOperation binaryOp) {
  return binaryOp(*first, *first);
}
template <typename Group, typename Ptr, typename T, typename BinaryOperation>
T joint_reduce(Group g, Ptr first, Ptr last, T init, BinaryOperation binaryOp) {
  return binaryOp(init, *first);
}

template <typename Group, typename T, typename BinaryOperation>
T exclusive_scan_over_group(Group g, T x, BinaryOperation binaryOp) {
  return binaryOp(x, x);
}
template <typename Group, typename V, typename T, typename BinaryOperation>
T exclusive_scan_over_group(Group g, V x, T init, BinaryOperation binaryOp) {
  return binaryOp(init, x);
}
template <typename Group, typename T, typename BinaryOperation>
T inclusive_scan_over_group(Group g, T x, BinaryOperation binaryOp) {
  return binaryOp(x, x);
}
template <typename Group, typename V, typename BinaryOperation, typename T>
T inclusive_scan_over_group(Group g, V x, BinaryOperation binaryOp, T init) {
  return binaryOp(init, x);
}
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation>
OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation binaryOp) {
  binaryOp(*first, *first);
  return result;
}
template <typename Group, typename InPtr, typename OutPtr, typename T,
          typename BinaryOperation>
OutPtr joint_exclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            T init, BinaryOperation binaryOp) {
  binaryOp(init, *first);
  return result;
}
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation>
OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation binaryOp) {
  binaryOp(*first, *first);
  return result;
}
template <typename Group, typename InPtr, typename OutPtr,
          typename BinaryOperation, typename T>
OutPtr joint_inclusive_scan(Group g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation binaryOp, T init) {
  binaryOp(init, *first);
  return result;
}

#endif // USMCHECK_SYCL_GROUP_ALGORITHMS_HPP
