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
T reduce(Group g, T x, BinaryOperation binaryOp);
template <typename Group, typename T> T broadcast(Group g, T x);
template <typename Group, typename T, typename LocalId>
T broadcast(Group g, T x, LocalId localId);
template <typename Group> bool any_of(Group g, bool pred);
template <typename Group> bool all_of(Group g, bool pred);
template <typename Group> bool none_of(Group g, bool pred);
template <typename Group, typename T, typename BinaryOperation>
T exclusive_scan(Group g, T x, BinaryOperation binaryOp);
template <typename Group, typename T, typename BinaryOperation>
T inclusive_scan(Group g, T x, BinaryOperation binaryOp);

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

namespace cuda {
/// sycl_ext_oneapi_cuda_tex_cache_read: read through the read-only cache.
template <typename T> T ldg(const T *ptr);
} // namespace cuda
} // namespace experimental
} // namespace oneapi

namespace intel {
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
