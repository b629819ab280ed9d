//===- sycl/usmcheck/ext.hpp - commonly used sycl::ext::oneapi names ------===//
//
// Part of usmcheck's analysis headers (see docs/headers.md); included by
// <sycl/sycl.hpp> inside namespace sycl::_V1, never on its own. Declares the
// oneAPI extensions programs commonly use, from their public extension
// specifications (names and parameter lists only): experimental::printf,
// bfloat16, free-function queries, group_local_memory, device_global, and
// the older sycl::ext::oneapi spellings of SYCL 2020 names.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_SYCL_EXT_HPP
#define USMCHECK_SYCL_EXT_HPP

namespace ext {
namespace oneapi {
/// bfloat16 (sycl_ext_oneapi_bfloat16): the upper half of a float's bits,
/// two bytes like the real type (programs bit_cast it).
class bfloat16 {
public:
  constexpr bfloat16() : bits(0) {}
  template <typename T,
            typename = std::enable_if_t<std::is_arithmetic_v<T> ||
                                        std::is_same_v<T, sycl::half>>>
  constexpr bfloat16(const T &x)
      : bits(static_cast<std::uint16_t>(
            __builtin_bit_cast(std::uint32_t, static_cast<float>(x)) >> 16)) {}
  constexpr operator float() const {
    return __builtin_bit_cast(float, static_cast<std::uint32_t>(bits) << 16);
  }
  bfloat16 &operator+=(const bfloat16 &rhs);
  bfloat16 &operator-=(const bfloat16 &rhs);
  bfloat16 &operator*=(const bfloat16 &rhs);
  bfloat16 &operator/=(const bfloat16 &rhs);
  bfloat16 &operator++();
  bfloat16 operator++(int);
  bfloat16 &operator--();
  bfloat16 operator--(int);
  bfloat16 operator-() const;

private:
  std::uint16_t bits;
};

// Older spellings of SYCL 2020 names (DPC++ before SYCL 2020 final).
using sycl::_V1::sub_group;
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space AddressSpace =
              access::address_space::generic_space>
using atomic_ref =
    sycl::_V1::atomic_ref<T, DefaultOrder, DefaultScope, AddressSpace>;
using sycl::_V1::memory_order;
using sycl::_V1::memory_scope;
template <typename T = void> using plus = sycl::_V1::plus<T>;
template <typename T = void> using multiplies = sycl::_V1::multiplies<T>;
template <typename T = void> using minimum = sycl::_V1::minimum<T>;
template <typename T = void> using maximum = sycl::_V1::maximum<T>;
template <typename Group, typename T, typename BinaryOperation>
T reduce(Group g, T x, BinaryOperation binaryOp) {
  return binaryOp(x, x);
}
template <typename Group, typename T> T broadcast(Group g, T x) { return x; }
template <typename Group, typename T, typename LocalId>
T broadcast(Group g, T x, LocalId localId) {
  return x;
}
template <typename Group> bool any_of(Group g, bool pred) { return pred; }
template <typename Group> bool all_of(Group g, bool pred) { return pred; }
template <typename Group> bool none_of(Group g, bool pred) { return !pred; }
template <typename Group, typename T, typename BinaryOperation>
T exclusive_scan(Group g, T x, BinaryOperation binaryOp) {
  return binaryOp(x, x);
}
template <typename Group, typename T, typename BinaryOperation>
T inclusive_scan(Group g, T x, BinaryOperation binaryOp) {
  return binaryOp(x, x);
}

/// sycl_ext_oneapi_sub_group_mask: the result of group_ballot.
class sub_group_mask {
public:
  bool operator[](id<1> id) const;
  bool test(id<1> id) const;
  bool all() const;
  bool any() const;
  bool none() const;
  std::uint32_t count() const;
  std::uint32_t size() const;
  id<1> find_low() const;
  id<1> find_high() const;
  template <typename Type> void insert_bits(const Type &bits, id<1> pos = 0);
  template <typename Type> void extract_bits(Type &out, id<1> pos = 0) const;
  void set();
  void set(id<1> id, bool value = true);
  void reset();
  void reset(id<1> id);
  void flip();
  void flip(id<1> id);
  bool operator==(const sub_group_mask &rhs) const;
  bool operator!=(const sub_group_mask &rhs) const;
  sub_group_mask &operator&=(const sub_group_mask &rhs);
  sub_group_mask &operator|=(const sub_group_mask &rhs);
  sub_group_mask &operator^=(const sub_group_mask &rhs);
  sub_group_mask operator~() const;
  friend sub_group_mask operator&(const sub_group_mask &lhs,
                                  const sub_group_mask &rhs);
  friend sub_group_mask operator|(const sub_group_mask &lhs,
                                  const sub_group_mask &rhs);
  friend sub_group_mask operator^(const sub_group_mask &lhs,
                                  const sub_group_mask &rhs);
};
template <typename Group>
sub_group_mask group_ballot(Group g, bool predicate = true);

/// sycl_ext_oneapi_group_local_memory.
template <typename T, typename Group>
multi_ptr<T, access::address_space::local_space, access::decorated::legacy>
group_local_memory_for_overwrite(Group g);
template <typename T, typename Group, typename... Args>
multi_ptr<T, access::address_space::local_space, access::decorated::legacy>
group_local_memory(Group g, Args &&...args);

/// sycl_ext_oneapi_dot_accumulate.
template <typename T1, typename T2>
std::int32_t dot_acc(T1 a, T2 b, std::int32_t c);

enum class peer_access { access_supported, atomics_supported };

namespace info::device {
struct num_compute_units {
  using return_type = std::size_t;
};
} // namespace info::device

namespace property::queue {
class discard_events : public detail::property_base {};
class priority_normal : public detail::property_base {};
class priority_low : public detail::property_base {};
class priority_high : public detail::property_base {};
} // namespace property::queue

/// sycl_ext_oneapi_free_function_queries (older namespace).
namespace this_work_item {
template <int Dims> nd_item<Dims> get_nd_item();
template <int Dims> group<Dims> get_work_group();
sub_group get_sub_group();
} // namespace this_work_item

namespace experimental {
/// Kernel-side printf (sycl_ext_oneapi_... experimental printf).
template <typename FormatT, typename... Args>
int printf(const FormatT *format, Args... args);

using sycl::_V1::ext::oneapi::bfloat16;

template <int Dims> nd_item<Dims> this_nd_item();
template <int Dims> item<Dims> this_item();
template <int Dims> id<Dims> this_id();
template <int Dims> group<Dims> this_group();
sub_group this_sub_group();

namespace this_work_item {
template <int Dims> nd_item<Dims> get_nd_item();
template <int Dims> group<Dims> get_work_group();
sub_group get_sub_group();
} // namespace this_work_item

/// sycl_ext_oneapi_device_global: a device-scope global variable.
template <typename T, typename PropertyList> class device_global {
public:
  using element_type = std::remove_extent_t<T>;
  constexpr device_global() {}
  /// Initial value, e.g. the elements of an array: device_global<const
  /// float[4]> table{1, 2, 3, 4}.
  template <typename... Args,
            typename = std::enable_if_t<(sizeof...(Args) > 0)>>
  constexpr device_global(const Args &...args) {}
  multi_ptr<T, access::address_space::global_space> get_multi_ptr() noexcept;
  T &get() noexcept;
  operator T &() noexcept;
  device_global &operator=(const T &value) noexcept;
  template <typename IndexT>
  std::add_lvalue_reference_t<element_type> operator[](IndexT index) noexcept;
  T *operator->() noexcept;
};

template <typename... Props> class properties {
public:
  constexpr properties(Props... props) {}
};
using empty_properties_t = properties<>;
/// Property values of sycl_ext_oneapi_group_load_store.
struct data_placement_blocked_key {};
struct data_placement_striped_key {};
struct contiguous_memory_key {};
struct full_group_key {};
inline constexpr data_placement_blocked_key data_placement_blocked;
inline constexpr data_placement_striped_key data_placement_striped;
inline constexpr contiguous_memory_key contiguous_memory;
inline constexpr full_group_key full_group;

/// sycl_ext_oneapi_group_load_store: one value or a span per work-item.
template <typename Group, typename InputIteratorT, typename OutputT,
          std::size_t ElementsPerWorkItem,
          typename Properties = empty_properties_t>
void group_load(Group g, InputIteratorT inPtr,
                span<OutputT, ElementsPerWorkItem> out,
                Properties properties = {});
template <typename Group, typename InputIteratorT, typename OutputT,
          typename Properties = empty_properties_t>
void group_load(Group g, InputIteratorT inPtr, OutputT &out,
                Properties properties = {});
template <typename Group, typename InputT, std::size_t ElementsPerWorkItem,
          typename OutputIteratorT, typename Properties = empty_properties_t>
void group_store(Group g, const span<InputT, ElementsPerWorkItem> in,
                 OutputIteratorT outPtr, Properties properties = {});
template <typename Group, typename InputT, typename OutputIteratorT,
          typename Properties = empty_properties_t>
void group_store(Group g, const InputT &in, OutputIteratorT outPtr,
                 Properties properties = {});

/// bfloat16 math (sycl_ext_oneapi_bfloat16_math_functions), for bfloat16
/// and marrays of it.
#define USMCHECK_SYCL_BF16_MATH1(name) template <typename T> T name(T x);
USMCHECK_SYCL_BF16_MATH1(fabs)
USMCHECK_SYCL_BF16_MATH1(ceil)
USMCHECK_SYCL_BF16_MATH1(floor)
USMCHECK_SYCL_BF16_MATH1(cos)
USMCHECK_SYCL_BF16_MATH1(sin)
USMCHECK_SYCL_BF16_MATH1(exp)
USMCHECK_SYCL_BF16_MATH1(exp2)
USMCHECK_SYCL_BF16_MATH1(exp10)
USMCHECK_SYCL_BF16_MATH1(log)
USMCHECK_SYCL_BF16_MATH1(log2)
USMCHECK_SYCL_BF16_MATH1(log10)
USMCHECK_SYCL_BF16_MATH1(rint)
USMCHECK_SYCL_BF16_MATH1(sqrt)
USMCHECK_SYCL_BF16_MATH1(rsqrt)
USMCHECK_SYCL_BF16_MATH1(trunc)
#undef USMCHECK_SYCL_BF16_MATH1
template <typename T> bool isnan(T x);
template <typename T> T fmin(T x, T y);
template <typename T> T fmax(T x, T y);
template <typename T> T fma(T x, T y, T z);

namespace info::device {
template <int Dims> struct max_work_groups {
  using return_type = id<Dims>;
};
struct max_global_work_groups {
  using return_type = std::size_t;
};
} // namespace info::device

/// sycl_ext_oneapi_matrix: joint_matrix and its operations.
namespace matrix {
enum class use { a, b, accumulator };
enum class layout { row_major, col_major, ext_intel_packed, dynamic };
template <typename Group, typename T, use Use, std::size_t Rows,
          std::size_t Cols, layout Layout = layout::dynamic>
struct joint_matrix {
  joint_matrix();
  joint_matrix(const joint_matrix &) = delete;
  joint_matrix &operator=(const joint_matrix &) = delete;
};
template <typename Group, typename JointMatrix, typename T>
void joint_matrix_fill(Group g, JointMatrix &m, const T &v);
template <typename Group, typename JointMatrix, typename Ptr>
void joint_matrix_load(Group g, JointMatrix &m, Ptr src, std::size_t stride);
template <typename Group, typename JointMatrix, typename Ptr>
void joint_matrix_load(Group g, JointMatrix &m, Ptr src, std::size_t stride,
                       layout srcLayout);
template <typename Group, typename JointMatrix, typename Ptr>
void joint_matrix_store(Group g, const JointMatrix &m, Ptr dst,
                        std::size_t stride);
template <typename Group, typename JointMatrix, typename Ptr>
void joint_matrix_store(Group g, const JointMatrix &m, Ptr dst,
                        std::size_t stride, layout dstLayout);
template <typename Group, typename D, typename A, typename B, typename C>
void joint_matrix_mad(Group g, D &d, const A &a, const B &b, const C &c);
template <typename Group, typename Src, typename Dst>
void joint_matrix_copy(Group g, const Src &src, Dst &dst);
// Defined (empty): func is usually a lambda, which has no linkage.
template <typename Group, typename JointMatrix, typename F>
void joint_matrix_apply(Group g, JointMatrix &m, F &&func) {}
template <typename Group, typename JointMatrix0, typename JointMatrix1,
          typename F>
void joint_matrix_apply(Group g, JointMatrix0 &m0, JointMatrix1 &m1, F &&func) {
}
} // namespace matrix

class node {};
template <graph_state State> class command_graph {
public:
  command_graph(const context &syclContext, const device &syclDevice,
                const property_list &propList = {});
  explicit command_graph(const queue &syclQueue,
                         const property_list &propList = {});
  bool begin_recording(queue &recordingQueue,
                       const property_list &propList = {});
  bool begin_recording(const std::vector<queue> &recordingQueues,
                       const property_list &propList = {});
  bool end_recording();
  bool end_recording(queue &recordingQueue);
  template <typename T> node add(T cgf, const property_list &propList = {}) {
    cgf(detail::make_kernel_arg<handler &>());
    return node();
  }
  node add(const property_list &propList = {});
  void make_edge(node &src, node &dest);
  command_graph<graph_state::executable>
  finalize(const property_list &propList = {}) const;
  void update(const command_graph<graph_state::modifiable> &graph);
};

namespace cuda {
/// sycl_ext_oneapi_cuda_tex_cache_read: read through the read-only cache.
template <typename T> T ldg(const T *ptr);
} // namespace cuda
} // namespace experimental
} // namespace oneapi

namespace intel {
namespace property::queue {
class no_immediate_command_list : public detail::property_base {};
class immediate_command_list : public detail::property_base {};
} // namespace property::queue
int fpga_selector_v(const device &dev);
int fpga_emulator_selector_v(const device &dev);
int fpga_simulator_selector_v(const device &dev);
class fpga_selector : public device_selector {
public:
  int operator()(const device &dev) const override;
};
class fpga_emulator_selector : public device_selector {
public:
  int operator()(const device &dev) const override;
};
namespace info::device {
#define USMCHECK_SYCL_INFO(name, type)                                         \
  struct name {                                                                \
    using return_type = type;                                                  \
  };
USMCHECK_SYCL_INFO(device_id, std::uint32_t)
USMCHECK_SYCL_INFO(pci_address, std::string)
USMCHECK_SYCL_INFO(gpu_eu_count, std::uint32_t)
USMCHECK_SYCL_INFO(gpu_eu_simd_width, std::uint32_t)
USMCHECK_SYCL_INFO(gpu_slices, std::uint32_t)
USMCHECK_SYCL_INFO(gpu_subslices_per_slice, std::uint32_t)
USMCHECK_SYCL_INFO(gpu_eu_count_per_subslice, std::uint32_t)
USMCHECK_SYCL_INFO(gpu_hw_threads_per_eu, std::uint32_t)
USMCHECK_SYCL_INFO(max_mem_bandwidth, std::uint64_t)
struct uuid {
  using return_type = std::array<unsigned char, 16>;
};
USMCHECK_SYCL_INFO(free_memory, std::uint64_t)
USMCHECK_SYCL_INFO(memory_clock_rate, std::uint32_t)
USMCHECK_SYCL_INFO(memory_bus_width, std::uint32_t)
USMCHECK_SYCL_INFO(max_compute_queue_indices, std::int32_t)
#undef USMCHECK_SYCL_INFO
} // namespace info::device
} // namespace intel
} // namespace ext

#endif // USMCHECK_SYCL_EXT_HPP
