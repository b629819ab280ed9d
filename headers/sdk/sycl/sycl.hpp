//===- sycl/sycl.hpp - SYCL 2020 API surface for analysis -----------------===//
//
// Part of usmcheck's analysis headers (see docs/headers.md): used only when
// no SYCL implementation's headers are found, never to compile programs.
// Written from the SYCL 2020 specification (names, parameter lists); nothing
// here is taken from an implementation.
//
// What it declares: queue, handler, event, device, context, platform
// selectors, property_list, range/id/item/nd_range/nd_item/group/h_item,
// the USM functions (malloc_device/_host/_shared and aligned_alloc_* in
// every overload including the template forms, malloc/aligned_alloc with a
// usm::alloc kind, free, get_pointer_type, get_pointer_device),
// usm_allocator, reductions, atomic_ref, buffers/accessors in a basic form,
// and the math functions kernels commonly call.
//
// How kernels look to an analysis. As in real implementations, the kernel
// callable passed to queue/handler::parallel_for, single_task and
// parallel_for_work_group is invoked from inside the member function
// template (through sycl::detail::invoke_kernel), so generic lambdas
// (`[=](auto i)`) are instantiated and their bodies are concrete ASTs. A
// check finds kernels the way it would with the real headers: the last
// argument of a call to one of those members is the kernel; host_task's
// argument is host code. The classes live in `sycl::_V1` (an inline
// namespace, like DPC++), so matchers must use hasName("sycl::queue") style
// names, which ignore inline namespaces, and work with both.
//
// Argument positions follow the specification and catalog/usm_apis.def
// (e.g. queue::copy(src, dest, count) takes the source first).
//
// To extend: add the declaration in the matching section with the
// specification's parameter list; if it allocates, frees, copies or fills
// memory, add its row to catalog/usm_apis.def (test/headers/declared-apis.test
// checks that header and catalog agree).
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_SYCL_SYCL_HPP
#define USMCHECK_SYCL_SYCL_HPP

#if __cplusplus < 201703L
#error "SYCL 2020 needs C++17 (usmcheck analysis headers)"
#endif

// Standard headers: what the declarations below need, plus what the
// implementations' headers pull in and programs therefore rely on
// (<chrono> for timing, <cassert>, <cstring>, <algorithm>, ...).
#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <string>
#include <system_error>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#define USMCHECK_ANALYSIS_HEADERS 1
/* clang -fsycl defines it (as 202001); define it for plain C++ parses. */
#ifndef SYCL_LANGUAGE_VERSION
#define SYCL_LANGUAGE_VERSION 202012L
#endif
#define SYCL_EXT_ONEAPI_USM 1
/* Marks functions called from kernels in other translation units. */
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL
#endif
// Feature-test macros programs test for the extensions declared here.
#define SYCL_EXT_ONEAPI_BFLOAT16_MATH_FUNCTIONS 1
#define SYCL_EXT_ONEAPI_GROUP_LOCAL_MEMORY 1
#define SYCL_EXT_ONEAPI_FREE_FUNCTION_QUERIES 1
#define SYCL_EXT_ONEAPI_DEVICE_GLOBAL 1
#define SYCL_EXT_ONEAPI_ASSERT 1

namespace sycl {
inline namespace _V1 {

class device;
class context;
class queue;
class handler;
class event;
class platform;
class kernel;
class kernel_handler;
template <int Dims> class range;
template <int Dims> class id;
template <int Dims, bool WithOffset = true> class item;
template <int Dims> class nd_range;
template <int Dims> class nd_item;
template <int Dims> class group;
template <int Dims> class h_item;
class sub_group;

namespace detail {
/// A kernel name for lambdas that have none (SYCL 2020 lets it be omitted).
struct auto_name {};
/// Values the analysis pretends the runtime passes to a kernel; never
/// defined, only referenced inside invoke_kernel.
template <typename T> T make_kernel_arg();

/// One-dimensional ids and items convert to size_t (SYCL 2020 4.9.1). A
/// base class carries the conversion because Clang does not consider
/// conversion-function templates for built-in operators such as p[i].
template <int Dims> struct index_array {
  std::size_t v[3];
};
template <> struct index_array<1> {
  std::size_t v[3];
  operator std::size_t() const { return v[0]; }
};
template <int Dims> struct item_conversion {};
template <> struct item_conversion<1> {
  operator std::size_t() const;
};
} // namespace detail

// half, vec, marray and their aliases, bit_cast.
#include "usmcheck/types.hpp"

// --- exceptions --------------------------------------------------------------
enum class errc {
  success = 0,
  runtime,
  kernel,
  accessor,
  nd_range,
  event,
  kernel_argument,
  build,
  invalid,
  memory_allocation,
  platform,
  profiling,
  feature_not_supported,
  kernel_not_supported,
  backend_mismatch
};
const std::error_category &sycl_category() noexcept;
std::error_code make_error_code(errc e) noexcept;

class exception : public std::exception {
public:
  exception(std::error_code ec);
  exception(std::error_code ec, const std::string &what_arg);
  exception(std::error_code ec, const char *what_arg);
  exception(int ev, const std::error_category &ecat,
            const std::string &what_arg);
  exception(int ev, const std::error_category &ecat);
  exception(context ctx, std::error_code ec, const std::string &what_arg);
  exception(context ctx, std::error_code ec);
  exception(errc ec, const std::string &what_arg);
  const char *what() const noexcept override;
  const std::error_code &code() const noexcept;
  const std::error_category &category() const noexcept;
  bool has_context() const noexcept;
  context get_context() const;
};
// SYCL 1.2.1 exception classes, still caught by older code.
#define USMCHECK_SYCL_EXCEPTION(name, base)                                    \
  class name : public base {                                                   \
  public:                                                                      \
    using base::base;                                                          \
  };
USMCHECK_SYCL_EXCEPTION(runtime_error, exception)
USMCHECK_SYCL_EXCEPTION(kernel_error, runtime_error)
USMCHECK_SYCL_EXCEPTION(accessor_error, runtime_error)
USMCHECK_SYCL_EXCEPTION(nd_range_error, runtime_error)
USMCHECK_SYCL_EXCEPTION(event_error, runtime_error)
USMCHECK_SYCL_EXCEPTION(invalid_parameter_error, runtime_error)
USMCHECK_SYCL_EXCEPTION(device_error, exception)
USMCHECK_SYCL_EXCEPTION(compile_program_error, device_error)
USMCHECK_SYCL_EXCEPTION(link_program_error, device_error)
USMCHECK_SYCL_EXCEPTION(invalid_object_error, device_error)
USMCHECK_SYCL_EXCEPTION(memory_allocation_error, device_error)
USMCHECK_SYCL_EXCEPTION(platform_error, device_error)
USMCHECK_SYCL_EXCEPTION(profiling_error, device_error)
USMCHECK_SYCL_EXCEPTION(feature_not_supported, device_error)
#undef USMCHECK_SYCL_EXCEPTION

class exception_list {
public:
  using value_type = std::exception_ptr;
  using reference = value_type &;
  using const_reference = const value_type &;
  using size_type = std::size_t;
  using iterator = const std::exception_ptr *;
  using const_iterator = const std::exception_ptr *;
  std::size_t size() const;
  const_iterator begin() const;
  const_iterator end() const;
};
using async_handler = std::function<void(exception_list)>;

/// Types that may be passed to kernels (SYCL 2020 3.13.1); programs
/// specialise it for their own types.
template <typename T>
struct is_device_copyable : std::is_trivially_copyable<T> {};
template <typename T>
inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

/// sycl::span (SYCL 2020 4.7.7.2, the C++20 std::span interface).
inline constexpr std::size_t dynamic_extent = static_cast<std::size_t>(-1);
template <typename ElementType, std::size_t Extent = dynamic_extent>
class span {
public:
  using element_type = ElementType;
  using value_type = std::remove_cv_t<ElementType>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = ElementType *;
  using reference = ElementType &;
  using iterator = ElementType *;
  static constexpr std::size_t extent = Extent;

  constexpr span() noexcept {}
  constexpr span(pointer ptr, size_type count) {}
  constexpr span(pointer firstElem, pointer lastElem) {}
  template <std::size_t N> constexpr span(element_type (&arr)[N]) noexcept {}
  template <typename T, std::size_t N>
  constexpr span(std::array<T, N> &arr) noexcept {}
  template <typename Container,
            typename = decltype(std::declval<Container &>().data())>
  constexpr span(Container &cont) {}
  pointer data() const noexcept;
  size_type size() const noexcept;
  size_type size_bytes() const noexcept;
  bool empty() const noexcept;
  reference operator[](size_type idx) const;
  reference front() const;
  reference back() const;
  iterator begin() const noexcept;
  iterator end() const noexcept;
  span<element_type, dynamic_extent> first(size_type count) const;
  span<element_type, dynamic_extent> last(size_type count) const;
  span<element_type, dynamic_extent>
  subspan(size_type offset, size_type count = dynamic_extent) const;
};
template <typename T, std::size_t N> span(T (&)[N]) -> span<T, N>;
template <typename T, std::size_t N> span(std::array<T, N> &) -> span<T, N>;
template <typename Container>
span(Container &) -> span<typename Container::value_type>;
template <typename T> span(T *, std::size_t) -> span<T>;

// --- properties --------------------------------------------------------------
namespace detail {
/// Base of every property, so that property_list accepts properties only
/// (an unconstrained constructor would make queue(dev, handler) ambiguous).
struct property_base {};
} // namespace detail
namespace property {
namespace queue {
class in_order : public detail::property_base {};
class enable_profiling : public detail::property_base {};
} // namespace queue
namespace buffer {
class use_host_ptr : public detail::property_base {};
class use_mutex : public detail::property_base {
public:
  use_mutex(std::mutex &mutexRef);
};
class context_bound : public detail::property_base {
public:
  context_bound(context boundContext);
};
} // namespace buffer
namespace reduction {
class initialize_to_identity : public detail::property_base {};
} // namespace reduction
/// Accessor property: the previous contents need not be preserved.
class no_init : public detail::property_base {};
/// The SYCL 2020 provisional spelling.
class noinit : public detail::property_base {};
} // namespace property
inline constexpr property::no_init no_init;
inline constexpr property::noinit noinit;

class property_list {
public:
  template <typename... Props,
            typename = std::enable_if_t<
                (std::is_base_of_v<detail::property_base, Props> && ...)>>
  property_list(Props... props) {}
  template <typename Prop> bool has_property() const noexcept;
  template <typename Prop> Prop get_property() const;
};

// --- index space -------------------------------------------------------------
template <int Dims = 1> class range {
  static_assert(Dims >= 1 && Dims <= 3, "range has 1, 2 or 3 dimensions");

public:
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  range(std::size_t d0) : v{d0, 1, 1} {}
  template <int D = Dims, std::enable_if_t<D == 2, int> = 0>
  range(std::size_t d0, std::size_t d1) : v{d0, d1, 1} {}
  template <int D = Dims, std::enable_if_t<D == 3, int> = 0>
  range(std::size_t d0, std::size_t d1, std::size_t d2) : v{d0, d1, d2} {}
  std::size_t get(int dimension) const { return v[dimension]; }
  std::size_t &operator[](int dimension) { return v[dimension]; }
  std::size_t operator[](int dimension) const { return v[dimension]; }
  std::size_t size() const { return v[0] * v[1] * v[2]; }
  static constexpr int dimensions = Dims;

private:
  std::size_t v[3];
};
range(std::size_t) -> range<1>;
range(std::size_t, std::size_t) -> range<2>;
range(std::size_t, std::size_t, std::size_t) -> range<3>;

template <int Dims = 1> class id : public detail::index_array<Dims> {
  using detail::index_array<Dims>::v;

public:
  id() : detail::index_array<Dims>{{0, 0, 0}} {}
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  id(std::size_t d0) : detail::index_array<Dims>{{d0, 0, 0}} {}
  template <int D = Dims, std::enable_if_t<D == 2, int> = 0>
  id(std::size_t d0, std::size_t d1) : detail::index_array<Dims>{{d0, d1, 0}} {}
  template <int D = Dims, std::enable_if_t<D == 3, int> = 0>
  id(std::size_t d0, std::size_t d1, std::size_t d2)
      : detail::index_array<Dims>{{d0, d1, d2}} {}
  id(const range<Dims> &r);
  id(const item<Dims> &it);
  std::size_t get(int dimension) const { return v[dimension]; }
  std::size_t &operator[](int dimension) { return v[dimension]; }
  std::size_t operator[](int dimension) const { return v[dimension]; }
  static constexpr int dimensions = Dims;
};
id(std::size_t) -> id<1>;
id(std::size_t, std::size_t) -> id<2>;
id(std::size_t, std::size_t, std::size_t) -> id<3>;

// range and id arithmetic (SYCL 2020 4.9.1.1, 4.9.1.3): element-wise with a
// value of the same class or with a scalar on either side. The scalar is a
// template parameter constrained to integers, so that `i + 1` on an id<1>
// is an exact match and beats the built-in operator reached through the
// size_t conversion. Comparisons give bool (the specification's element-wise
// result converts to bool in the one-dimensional case programs use).
namespace detail {
template <typename T>
using if_index_scalar_t = std::enable_if_t<std::is_integral_v<T>, int>;
} // namespace detail
#define USMCHECK_SYCL_INDEX_BINARY(Class, Result, op)                          \
  template <int D> Result operator op(const Class<D> &a, const Class<D> &b);   \
  template <int D, typename T, detail::if_index_scalar_t<T> = 0>               \
  Result operator op(const Class<D> &a, const T &b);                           \
  template <int D, typename T, detail::if_index_scalar_t<T> = 0>               \
  Result operator op(const T &a, const Class<D> &b);
#define USMCHECK_SYCL_INDEX_COMPOUND(Class, op)                                \
  template <int D> Class<D> &operator op(Class<D> &a, const Class<D> &b);      \
  template <int D, typename T, detail::if_index_scalar_t<T> = 0>               \
  Class<D> &operator op(Class<D> &a, const T & b);
#define USMCHECK_SYCL_INDEX_OPERATORS(Class)                                   \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, +)                               \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, -)                               \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, *)                               \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, /)                               \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, %)                               \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, <<)                              \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, >>)                              \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, &)                               \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, |)                               \
  USMCHECK_SYCL_INDEX_BINARY(Class, Class<D>, ^)                               \
  USMCHECK_SYCL_INDEX_BINARY(Class, bool, &&)                                  \
  USMCHECK_SYCL_INDEX_BINARY(Class, bool, ||)                                  \
  USMCHECK_SYCL_INDEX_BINARY(Class, bool, ==)                                  \
  USMCHECK_SYCL_INDEX_BINARY(Class, bool, !=)                                  \
  USMCHECK_SYCL_INDEX_BINARY(Class, bool, <)                                   \
  USMCHECK_SYCL_INDEX_BINARY(Class, bool, >)                                   \
  USMCHECK_SYCL_INDEX_BINARY(Class, bool, <=)                                  \
  USMCHECK_SYCL_INDEX_BINARY(Class, bool, >=)                                  \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, +=)                                      \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, -=)                                      \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, *=)                                      \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, /=)                                      \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, %=)                                      \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, <<=)                                     \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, >>=)                                     \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, &=)                                      \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, |=)                                      \
  USMCHECK_SYCL_INDEX_COMPOUND(Class, ^=)                                      \
  template <int D> Class<D> operator+(const Class<D> &a);                      \
  template <int D> Class<D> operator-(const Class<D> &a);                      \
  template <int D> Class<D> &operator++(Class<D> &a);                          \
  template <int D> Class<D> operator++(Class<D> &a, int);                      \
  template <int D> Class<D> &operator--(Class<D> &a);                          \
  template <int D> Class<D> operator--(Class<D> &a, int);
USMCHECK_SYCL_INDEX_OPERATORS(range)
USMCHECK_SYCL_INDEX_OPERATORS(id)
#undef USMCHECK_SYCL_INDEX_OPERATORS
#undef USMCHECK_SYCL_INDEX_COMPOUND
#undef USMCHECK_SYCL_INDEX_BINARY

template <int Dims, bool WithOffset>
class item : public detail::item_conversion<Dims> {
public:
  item() = delete;
  id<Dims> get_id() const;
  std::size_t get_id(int dimension) const;
  std::size_t operator[](int dimension) const;
  range<Dims> get_range() const;
  std::size_t get_range(int dimension) const;
  id<Dims> get_offset() const;
  std::size_t get_linear_id() const;
  operator item<Dims, true>() const;
  static constexpr int dimensions = Dims;
};

template <int Dims = 1> class nd_range {
public:
  nd_range(range<Dims> globalSize, range<Dims> localSize,
           id<Dims> offset = id<Dims>());
  range<Dims> get_global_range() const;
  range<Dims> get_local_range() const;
  range<Dims> get_group_range() const;
  id<Dims> get_offset() const;
  static constexpr int dimensions = Dims;
};

// --- access enumerations and pointers ----------------------------------------
namespace access {
enum class mode {
  read = 1024,
  write,
  read_write,
  discard_write,
  discard_read_write,
  atomic
};
enum class target {
  device = 2014,
  global_buffer = device,
  constant_buffer,
  local,
  image,
  host_buffer,
  host_image,
  image_array,
  host_task
};
enum class fence_space { local_space, global_space, global_and_local };
enum class address_space {
  private_space,
  global_space,
  local_space,
  constant_space,
  generic_space,
  ext_intel_global_device_space,
  ext_intel_global_host_space
};
enum class placeholder { false_t, true_t };
enum class decorated { no, yes, legacy };
} // namespace access
using access_mode = access::mode;
using target = access::target;

enum class memory_order { relaxed, acquire, release, acq_rel, seq_cst };
inline constexpr auto memory_order_relaxed = memory_order::relaxed;
inline constexpr auto memory_order_acquire = memory_order::acquire;
inline constexpr auto memory_order_release = memory_order::release;
inline constexpr auto memory_order_acq_rel = memory_order::acq_rel;
inline constexpr auto memory_order_seq_cst = memory_order::seq_cst;
enum class memory_scope { work_item, sub_group, work_group, device, system };
inline constexpr auto memory_scope_work_item = memory_scope::work_item;
inline constexpr auto memory_scope_sub_group = memory_scope::sub_group;
inline constexpr auto memory_scope_work_group = memory_scope::work_group;
inline constexpr auto memory_scope_device = memory_scope::device;
inline constexpr auto memory_scope_system = memory_scope::system;

/// A pointer into an address space (SYCL 2020 4.7.7.1). Converts to and
/// from a raw pointer (the legacy interface programs still use).
template <typename DataT, int Dims> class local_accessor;
template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr {
public:
  using value_type = ElementType;
  using pointer = ElementType *;
  using reference = std::add_lvalue_reference_t<ElementType>;
  using difference_type = std::ptrdiff_t;
  using iterator_category = std::random_access_iterator_tag;
  static constexpr access::address_space address_space = Space;
  static constexpr bool is_decorated =
      DecorateAddress == access::decorated::yes;

  multi_ptr();
  multi_ptr(const multi_ptr &);
  multi_ptr(std::nullptr_t);
  multi_ptr(ElementType *ptr);
  /// The memory of a local accessor (SYCL 2020 4.7.7.1).
  template <typename AccDataT, int Dims,
            typename = std::enable_if_t<
                std::is_convertible_v<AccDataT *, ElementType *> &&
                Space == access::address_space::local_space>>
  multi_ptr(const local_accessor<AccDataT, Dims> &acc);
  /// From a pointer to a convertible element type in the same address
  /// space (local_ptr<float> to local_ptr<const float>, to void).
  template <typename OtherT, access::decorated OtherDecorated,
            typename = std::enable_if_t<
                std::is_convertible_v<OtherT *, ElementType *>>>
  multi_ptr(const multi_ptr<OtherT, Space, OtherDecorated> &other);
  multi_ptr &operator=(const multi_ptr &);
  multi_ptr &operator=(std::nullptr_t);

  pointer get() const;
  pointer get_raw() const;
  pointer get_decorated() const;
  operator ElementType *() const;
  template <typename T = ElementType,
            typename = std::enable_if_t<!std::is_void_v<T>>>
  reference operator*() const;
  pointer operator->() const;
  template <typename T = ElementType,
            typename = std::enable_if_t<!std::is_void_v<T>>>
  reference operator[](difference_type index) const;
  void prefetch(std::size_t numElements) const;

  multi_ptr &operator++();
  multi_ptr operator++(int);
  multi_ptr &operator--();
  multi_ptr operator--(int);
  multi_ptr &operator+=(difference_type r);
  multi_ptr &operator-=(difference_type r);
  friend multi_ptr operator+(const multi_ptr &lhs, difference_type r);
  friend multi_ptr operator-(const multi_ptr &lhs, difference_type r);
  friend difference_type operator-(const multi_ptr &lhs, const multi_ptr &rhs);
};
template <typename ElementType,
          access::decorated IsDecorated = access::decorated::legacy>
using global_ptr =
    multi_ptr<ElementType, access::address_space::global_space, IsDecorated>;
template <typename ElementType,
          access::decorated IsDecorated = access::decorated::legacy>
using local_ptr =
    multi_ptr<ElementType, access::address_space::local_space, IsDecorated>;
template <typename ElementType,
          access::decorated IsDecorated = access::decorated::legacy>
using private_ptr =
    multi_ptr<ElementType, access::address_space::private_space, IsDecorated>;
template <typename ElementType>
using constant_ptr =
    multi_ptr<ElementType, access::address_space::constant_space>;
template <typename ElementType>
using raw_global_ptr = global_ptr<ElementType, access::decorated::no>;
template <typename ElementType>
using raw_local_ptr = local_ptr<ElementType, access::decorated::no>;
template <typename ElementType>
using raw_private_ptr = private_ptr<ElementType, access::decorated::no>;
template <typename ElementType>
using decorated_global_ptr = global_ptr<ElementType, access::decorated::yes>;
template <typename ElementType>
using decorated_local_ptr = local_ptr<ElementType, access::decorated::yes>;
template <typename ElementType>
using decorated_private_ptr = private_ptr<ElementType, access::decorated::yes>;
template <access::address_space Space, access::decorated DecorateAddress,
          typename ElementType>
multi_ptr<ElementType, Space, DecorateAddress>
address_space_cast(ElementType *pointer);

// --- work items and groups ---------------------------------------------------
class device_event {
public:
  void wait() noexcept;
};

class sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = std::uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  id<1> get_group_id() const;
  id<1> get_local_id() const;
  range<1> get_local_range() const;
  range<1> get_group_range() const;
  range<1> get_max_local_range() const;
  std::uint32_t get_group_linear_id() const;
  std::uint32_t get_local_linear_id() const;
  std::uint32_t get_group_linear_range() const;
  std::uint32_t get_local_linear_range() const;
  bool leader() const;

  // Member functions of the SYCL 2020 provisional / DPC++ extension, still
  // common in code (now group functions and algorithms).
  template <typename T> T shuffle(T x, id<1> localId) const { return x; }
  template <typename T> T shuffle_down(T x, std::uint32_t delta) const {
    return x;
  }
  template <typename T> T shuffle_up(T x, std::uint32_t delta) const {
    return x;
  }
  template <typename T> T shuffle_xor(T x, id<1> mask) const { return x; }
  template <typename T> T broadcast(T x, id<1> localId) const { return x; }
  template <typename T, typename BinaryOperation>
  T reduce(T x, BinaryOperation op) const {
    return op(x, x);
  }
  template <typename T, typename BinaryOperation>
  T reduce(T x, T init, BinaryOperation op) const {
    return op(init, x);
  }
  template <typename T, typename BinaryOperation>
  T exclusive_scan(T x, BinaryOperation op) const {
    return op(x, x);
  }
  template <typename T, typename BinaryOperation>
  T exclusive_scan(T x, T init, BinaryOperation op) const {
    return op(init, x);
  }
  template <typename T, typename BinaryOperation>
  T inclusive_scan(T x, BinaryOperation op) const {
    return op(x, x);
  }
  template <typename T, typename BinaryOperation>
  T inclusive_scan(T x, BinaryOperation op, T init) const {
    return op(init, x);
  }
  template <typename Ptr>
  auto load(Ptr src) const
      -> std::remove_cv_t<std::remove_reference_t<decltype(*src)>>;
  template <typename Ptr, typename T> void store(Ptr dst, const T &x) const;
  void barrier() const;
  void barrier(access::fence_space accessSpace) const;
};

template <int Dims> class group {
public:
  using id_type = id<Dims>;
  using range_type = range<Dims>;
  using linear_id_type = std::size_t;
  static constexpr int dimensions = Dims;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  id<Dims> get_group_id() const;
  std::size_t get_group_id(int dimension) const;
  id<Dims> get_local_id() const;
  std::size_t get_local_id(int dimension) const;
  range<Dims> get_local_range() const;
  std::size_t get_local_range(int dimension) const;
  range<Dims> get_group_range() const;
  std::size_t get_group_range(int dimension) const;
  range<Dims> get_max_local_range() const;
  std::size_t get_group_linear_id() const;
  std::size_t get_local_linear_id() const;
  std::size_t get_group_linear_range() const;
  std::size_t get_local_linear_range() const;
  bool leader() const;
  std::size_t operator[](int dimension) const;
  template <typename WorkItemFunction>
  void parallel_for_work_item(WorkItemFunction func) const {
    func(detail::make_kernel_arg<h_item<Dims>>());
  }
  template <typename WorkItemFunction>
  void parallel_for_work_item(range<Dims> logicalRange,
                              WorkItemFunction func) const {
    func(detail::make_kernel_arg<h_item<Dims>>());
  }
  void mem_fence(access::fence_space accessSpace =
                     access::fence_space::global_and_local) const;
  template <typename DestPtr, typename SrcPtr>
  device_event async_work_group_copy(DestPtr dest, SrcPtr src,
                                     std::size_t numElements) const;
  template <typename DestPtr, typename SrcPtr>
  device_event async_work_group_copy(DestPtr dest, SrcPtr src,
                                     std::size_t numElements,
                                     std::size_t stride) const;
  template <typename... EventTN> void wait_for(EventTN... events) const;
};

template <int Dims> class h_item {
public:
  item<Dims, false> get_global() const;
  item<Dims, false> get_local() const;
  item<Dims, false> get_logical_local() const;
  item<Dims, false> get_physical_local() const;
  id<Dims> get_global_id() const;
  std::size_t get_global_id(int dimension) const;
  id<Dims> get_local_id() const;
  std::size_t get_local_id(int dimension) const;
  range<Dims> get_global_range() const;
  std::size_t get_global_range(int dimension) const;
  range<Dims> get_local_range() const;
  std::size_t get_local_range(int dimension) const;
};

template <int Dims> class nd_item {
public:
  static constexpr int dimensions = Dims;
  id<Dims> get_global_id() const;
  std::size_t get_global_id(int dimension) const;
  std::size_t get_global_linear_id() const;
  id<Dims> get_local_id() const;
  std::size_t get_local_id(int dimension) const;
  std::size_t get_local_linear_id() const;
  group<Dims> get_group() const;
  std::size_t get_group(int dimension) const;
  std::size_t get_group_linear_id() const;
  sub_group get_sub_group() const;
  range<Dims> get_global_range() const;
  std::size_t get_global_range(int dimension) const;
  range<Dims> get_local_range() const;
  std::size_t get_local_range(int dimension) const;
  range<Dims> get_group_range() const;
  std::size_t get_group_range(int dimension) const;
  id<Dims> get_offset() const;
  nd_range<Dims> get_nd_range() const;
  void barrier(access::fence_space accessSpace =
                   access::fence_space::global_and_local) const;
  void mem_fence(access::fence_space accessSpace =
                     access::fence_space::global_and_local) const;
  template <typename DestPtr, typename SrcPtr>
  device_event async_work_group_copy(DestPtr dest, SrcPtr src,
                                     std::size_t numElements) const;
  template <typename DestPtr, typename SrcPtr>
  device_event async_work_group_copy(DestPtr dest, SrcPtr src,
                                     std::size_t numElements,
                                     std::size_t stride) const;
  template <typename... EventTN> void wait_for(EventTN... events) const;
};

// Function objects, group functions and group algorithms.
#include "usmcheck/group_algorithms.hpp"

// --- devices, contexts, selectors --------------------------------------------
enum class backend {
  host,
  opencl,
  ext_oneapi_level_zero,
  ext_oneapi_cuda,
  ext_oneapi_hip,
  ext_oneapi_native_cpu,
  all
};

enum class aspect {
  cpu,
  gpu,
  accelerator,
  custom,
  emulated,
  host_debuggable,
  fp16,
  fp64,
  atomic64,
  image,
  online_compiler,
  online_linker,
  queue_profiling,
  usm_device_allocations,
  usm_host_allocations,
  usm_atomic_host_allocations,
  usm_shared_allocations,
  usm_atomic_shared_allocations,
  usm_system_allocations,
  host,
  // Vendor aspects (sycl_ext_intel_device_info, sycl_ext_oneapi_*).
  ext_intel_pci_address,
  ext_intel_gpu_eu_count,
  ext_intel_gpu_eu_simd_width,
  ext_intel_gpu_slices,
  ext_intel_gpu_subslices_per_slice,
  ext_intel_gpu_eu_count_per_subslice,
  ext_intel_gpu_hw_threads_per_eu,
  ext_intel_max_mem_bandwidth,
  ext_intel_device_info_uuid,
  ext_intel_device_id,
  ext_intel_free_memory,
  ext_intel_memory_clock_rate,
  ext_intel_memory_bus_width,
  ext_intel_legacy_image,
  ext_oneapi_bfloat16_math_functions,
  ext_oneapi_native_assert
};

namespace info {
enum class device_type { cpu, gpu, accelerator, custom, automatic, host, all };
enum class partition_property {
  no_partition,
  partition_equally,
  partition_by_counts,
  partition_by_affinity_domain,
  ext_intel_partition_by_cslice
};
enum class partition_affinity_domain {
  not_applicable,
  numa,
  L4_cache,
  L3_cache,
  L2_cache,
  L1_cache,
  next_partitionable
};
enum class local_mem_type { none, local, global };
enum class fp_config {
  denorm,
  inf_nan,
  round_to_nearest,
  round_to_zero,
  round_to_inf,
  fma,
  correctly_rounded_divide_sqrt,
  soft_float
};
enum class global_mem_cache_type { none, read_only, read_write };
enum class execution_capability { exec_kernel, exec_native_kernel };
enum class event_command_status { submitted, running, complete };

#define USMCHECK_SYCL_INFO(name, type)                                         \
  struct name {                                                                \
    using return_type = type;                                                  \
  };
namespace device {
USMCHECK_SYCL_INFO(device_type, info::device_type)
USMCHECK_SYCL_INFO(vendor_id, std::uint32_t)
USMCHECK_SYCL_INFO(max_compute_units, std::uint32_t)
USMCHECK_SYCL_INFO(max_work_item_dimensions, std::uint32_t)
template <int Dims = 3> struct max_work_item_sizes {
  using return_type = range<Dims>;
};
USMCHECK_SYCL_INFO(max_work_group_size, std::size_t)
USMCHECK_SYCL_INFO(max_num_sub_groups, std::uint32_t)
USMCHECK_SYCL_INFO(sub_group_independent_forward_progress, bool)
USMCHECK_SYCL_INFO(sub_group_sizes, std::vector<std::size_t>)
USMCHECK_SYCL_INFO(preferred_vector_width_char, std::uint32_t)
USMCHECK_SYCL_INFO(preferred_vector_width_short, std::uint32_t)
USMCHECK_SYCL_INFO(preferred_vector_width_int, std::uint32_t)
USMCHECK_SYCL_INFO(preferred_vector_width_long, std::uint32_t)
USMCHECK_SYCL_INFO(preferred_vector_width_float, std::uint32_t)
USMCHECK_SYCL_INFO(preferred_vector_width_double, std::uint32_t)
USMCHECK_SYCL_INFO(preferred_vector_width_half, std::uint32_t)
USMCHECK_SYCL_INFO(native_vector_width_char, std::uint32_t)
USMCHECK_SYCL_INFO(native_vector_width_short, std::uint32_t)
USMCHECK_SYCL_INFO(native_vector_width_int, std::uint32_t)
USMCHECK_SYCL_INFO(native_vector_width_long, std::uint32_t)
USMCHECK_SYCL_INFO(native_vector_width_float, std::uint32_t)
USMCHECK_SYCL_INFO(native_vector_width_double, std::uint32_t)
USMCHECK_SYCL_INFO(native_vector_width_half, std::uint32_t)
USMCHECK_SYCL_INFO(max_clock_frequency, std::uint32_t)
USMCHECK_SYCL_INFO(address_bits, std::uint32_t)
USMCHECK_SYCL_INFO(max_mem_alloc_size, std::uint64_t)
USMCHECK_SYCL_INFO(image_support, bool)
USMCHECK_SYCL_INFO(max_read_image_args, std::uint32_t)
USMCHECK_SYCL_INFO(max_write_image_args, std::uint32_t)
USMCHECK_SYCL_INFO(image2d_max_height, std::size_t)
USMCHECK_SYCL_INFO(image2d_max_width, std::size_t)
USMCHECK_SYCL_INFO(image3d_max_height, std::size_t)
USMCHECK_SYCL_INFO(image3d_max_width, std::size_t)
USMCHECK_SYCL_INFO(image3d_max_depth, std::size_t)
USMCHECK_SYCL_INFO(image_max_buffer_size, std::size_t)
USMCHECK_SYCL_INFO(max_samplers, std::uint32_t)
USMCHECK_SYCL_INFO(max_parameter_size, std::size_t)
USMCHECK_SYCL_INFO(mem_base_addr_align, std::uint32_t)
USMCHECK_SYCL_INFO(half_fp_config, std::vector<info::fp_config>)
USMCHECK_SYCL_INFO(single_fp_config, std::vector<info::fp_config>)
USMCHECK_SYCL_INFO(double_fp_config, std::vector<info::fp_config>)
USMCHECK_SYCL_INFO(global_mem_cache_type, info::global_mem_cache_type)
USMCHECK_SYCL_INFO(global_mem_cache_line_size, std::uint32_t)
USMCHECK_SYCL_INFO(global_mem_cache_size, std::uint64_t)
USMCHECK_SYCL_INFO(global_mem_size, std::uint64_t)
USMCHECK_SYCL_INFO(max_constant_buffer_size, std::uint64_t)
USMCHECK_SYCL_INFO(max_constant_args, std::uint32_t)
USMCHECK_SYCL_INFO(local_mem_type, info::local_mem_type)
USMCHECK_SYCL_INFO(local_mem_size, std::uint64_t)
USMCHECK_SYCL_INFO(error_correction_support, bool)
USMCHECK_SYCL_INFO(host_unified_memory, bool)
USMCHECK_SYCL_INFO(atomic_memory_order_capabilities, std::vector<memory_order>)
USMCHECK_SYCL_INFO(atomic_fence_order_capabilities, std::vector<memory_order>)
USMCHECK_SYCL_INFO(atomic_memory_scope_capabilities, std::vector<memory_scope>)
USMCHECK_SYCL_INFO(atomic_fence_scope_capabilities, std::vector<memory_scope>)
USMCHECK_SYCL_INFO(profiling_timer_resolution, std::size_t)
USMCHECK_SYCL_INFO(is_endian_little, bool)
USMCHECK_SYCL_INFO(is_available, bool)
USMCHECK_SYCL_INFO(is_compiler_available, bool)
USMCHECK_SYCL_INFO(is_linker_available, bool)
USMCHECK_SYCL_INFO(execution_capabilities,
                   std::vector<info::execution_capability>)
USMCHECK_SYCL_INFO(queue_profiling, bool)
USMCHECK_SYCL_INFO(built_in_kernels, std::vector<std::string>)
USMCHECK_SYCL_INFO(platform, sycl::platform)
USMCHECK_SYCL_INFO(name, std::string)
USMCHECK_SYCL_INFO(vendor, std::string)
USMCHECK_SYCL_INFO(driver_version, std::string)
USMCHECK_SYCL_INFO(profile, std::string)
USMCHECK_SYCL_INFO(version, std::string)
USMCHECK_SYCL_INFO(backend_version, std::string)
USMCHECK_SYCL_INFO(opencl_c_version, std::string)
USMCHECK_SYCL_INFO(aspects, std::vector<aspect>)
USMCHECK_SYCL_INFO(extensions, std::vector<std::string>)
USMCHECK_SYCL_INFO(printf_buffer_size, std::size_t)
USMCHECK_SYCL_INFO(preferred_interop_user_sync, bool)
USMCHECK_SYCL_INFO(parent_device, sycl::device)
USMCHECK_SYCL_INFO(partition_max_sub_devices, std::uint32_t)
USMCHECK_SYCL_INFO(partition_properties, std::vector<info::partition_property>)
USMCHECK_SYCL_INFO(partition_affinity_domains,
                   std::vector<info::partition_affinity_domain>)
USMCHECK_SYCL_INFO(partition_type_property, info::partition_property)
USMCHECK_SYCL_INFO(partition_type_affinity_domain,
                   info::partition_affinity_domain)
USMCHECK_SYCL_INFO(reference_count, std::uint32_t)
// Deprecated in SYCL 2020 (use device::has(aspect::...)) but common.
USMCHECK_SYCL_INFO(usm_device_allocations, bool)
USMCHECK_SYCL_INFO(usm_host_allocations, bool)
USMCHECK_SYCL_INFO(usm_shared_allocations, bool)
USMCHECK_SYCL_INFO(usm_restricted_shared_allocations, bool)
USMCHECK_SYCL_INFO(usm_system_allocations, bool)
} // namespace device
namespace platform {
USMCHECK_SYCL_INFO(profile, std::string)
USMCHECK_SYCL_INFO(version, std::string)
USMCHECK_SYCL_INFO(name, std::string)
USMCHECK_SYCL_INFO(vendor, std::string)
USMCHECK_SYCL_INFO(extensions, std::vector<std::string>)
} // namespace platform
namespace context {
USMCHECK_SYCL_INFO(platform, sycl::platform)
USMCHECK_SYCL_INFO(devices, std::vector<sycl::device>)
USMCHECK_SYCL_INFO(reference_count, std::uint32_t)
} // namespace context
namespace queue {
USMCHECK_SYCL_INFO(context, sycl::context)
USMCHECK_SYCL_INFO(device, sycl::device)
USMCHECK_SYCL_INFO(reference_count, std::uint32_t)
} // namespace queue
namespace event {
USMCHECK_SYCL_INFO(command_execution_status, info::event_command_status)
USMCHECK_SYCL_INFO(reference_count, std::uint32_t)
} // namespace event
namespace event_profiling {
USMCHECK_SYCL_INFO(command_submit, std::uint64_t)
USMCHECK_SYCL_INFO(command_start, std::uint64_t)
USMCHECK_SYCL_INFO(command_end, std::uint64_t)
} // namespace event_profiling
namespace kernel {
USMCHECK_SYCL_INFO(num_args, std::uint32_t)
USMCHECK_SYCL_INFO(attributes, std::string)
} // namespace kernel
namespace kernel_device_specific {
USMCHECK_SYCL_INFO(global_work_size, range<3>)
USMCHECK_SYCL_INFO(work_group_size, std::size_t)
USMCHECK_SYCL_INFO(compile_work_group_size, range<3>)
USMCHECK_SYCL_INFO(preferred_work_group_size_multiple, std::size_t)
USMCHECK_SYCL_INFO(private_mem_size, std::size_t)
USMCHECK_SYCL_INFO(max_num_sub_groups, std::uint32_t)
USMCHECK_SYCL_INFO(compile_num_sub_groups, std::uint32_t)
USMCHECK_SYCL_INFO(max_sub_group_size, std::uint32_t)
USMCHECK_SYCL_INFO(compile_sub_group_size, std::uint32_t)
} // namespace kernel_device_specific
} // namespace info
#undef USMCHECK_SYCL_INFO

class platform {
public:
  platform();
  template <typename DeviceSelector>
  explicit platform(const DeviceSelector &deviceSelector) {}
  backend get_backend() const noexcept;
  std::vector<device>
  get_devices(info::device_type type = info::device_type::all) const;
  template <typename Param> typename Param::return_type get_info() const;
  bool has(aspect asp) const;
  bool has_extension(const std::string &extension) const;
  static std::vector<platform> get_platforms();
  friend bool operator==(const platform &a, const platform &b);
  friend bool operator!=(const platform &a, const platform &b);
};

class device {
public:
  device();
  template <typename DeviceSelector>
  explicit device(const DeviceSelector &deviceSelector) {}
  backend get_backend() const noexcept;
  bool is_cpu() const;
  bool is_gpu() const;
  bool is_accelerator() const;
  bool is_host() const;
  bool has(aspect asp) const;
  bool has_extension(const std::string &extension) const;
  platform get_platform() const;
  template <typename Param> typename Param::return_type get_info() const;
  template <typename Param>
  typename Param::return_type get_backend_info() const;
  /// Sub-devices (usm-sub-device-alloc looks for allocations against them).
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(std::size_t count) const;
  template <info::partition_property Prop>
  std::vector<device>
  create_sub_devices(const std::vector<std::size_t> &counts) const;
  template <info::partition_property Prop>
  std::vector<device>
  create_sub_devices(info::partition_affinity_domain affinityDomain) const;
  static std::vector<device>
  get_devices(info::device_type deviceType = info::device_type::all);
  // sycl_ext_oneapi_peer_access.
  bool ext_oneapi_can_access_peer(const device &peer, int value = 0) const;
  void ext_oneapi_enable_peer_access(const device &peer);
  void ext_oneapi_disable_peer_access(const device &peer);
  friend bool operator==(const device &a, const device &b);
  friend bool operator!=(const device &a, const device &b);
};

int default_selector_v(const device &dev);
int gpu_selector_v(const device &dev);
int cpu_selector_v(const device &dev);
int accelerator_selector_v(const device &dev);
/// A selector accepting only devices with all the given aspects.
template <typename... AspectList>
std::function<int(const device &)> aspect_selector(AspectList... aspects);
std::function<int(const device &)>
aspect_selector(const std::vector<aspect> &aspectList,
                const std::vector<aspect> &denyList = {});
/// SYCL 1.2.1 selector classes, still common in code.
class device_selector {
public:
  virtual ~device_selector() = default;
  virtual int operator()(const device &dev) const = 0;
  device select_device() const;
};
class default_selector : public device_selector {
public:
  int operator()(const device &dev) const override;
};
class gpu_selector : public device_selector {
public:
  int operator()(const device &dev) const override;
};
class cpu_selector : public device_selector {
public:
  int operator()(const device &dev) const override;
};
class accelerator_selector : public device_selector {
public:
  int operator()(const device &dev) const override;
};
class host_selector : public device_selector {
public:
  int operator()(const device &dev) const override;
};

class context {
public:
  explicit context(const property_list &propList = {});
  explicit context(const async_handler &asyncHandler,
                   const property_list &propList = {});
  explicit context(const device &dev, const property_list &propList = {});
  explicit context(const std::vector<device> &deviceList,
                   const property_list &propList = {});
  explicit context(const platform &plt, const property_list &propList = {});
  backend get_backend() const noexcept;
  std::vector<device> get_devices() const;
  platform get_platform() const;
  template <typename Param> typename Param::return_type get_info() const;
  friend bool operator==(const context &a, const context &b);
  friend bool operator!=(const context &a, const context &b);
};

// --- events ------------------------------------------------------------------
class event {
public:
  event();
  backend get_backend() const noexcept;
  std::vector<event> get_wait_list();
  void wait();
  void wait_and_throw();
  static void wait(const std::vector<event> &eventList);
  static void wait_and_throw(const std::vector<event> &eventList);
  template <typename Param> typename Param::return_type get_info() const;
  template <typename Param>
  typename Param::return_type get_profiling_info() const;
  friend bool operator==(const event &a, const event &b);
  friend bool operator!=(const event &a, const event &b);
};

// --- USM ---------------------------------------------------------------------
namespace usm {
enum class alloc { host, device, shared, unknown };
} // namespace usm

// Device allocations: (count, device, context) or (count, queue).
void *malloc_device(std::size_t numBytes, const device &syclDevice,
                    const context &syclContext,
                    const property_list &propList = {});
void *malloc_device(std::size_t numBytes, const queue &syclQueue,
                    const property_list &propList = {});
template <typename T>
T *malloc_device(std::size_t count, const device &syclDevice,
                 const context &syclContext,
                 const property_list &propList = {}) {
  return nullptr;
}
template <typename T>
T *malloc_device(std::size_t count, const queue &syclQueue,
                 const property_list &propList = {}) {
  return nullptr;
}
void *aligned_alloc_device(std::size_t alignment, std::size_t numBytes,
                           const device &syclDevice, const context &syclContext,
                           const property_list &propList = {});
void *aligned_alloc_device(std::size_t alignment, std::size_t numBytes,
                           const queue &syclQueue,
                           const property_list &propList = {});
template <typename T>
T *aligned_alloc_device(std::size_t alignment, std::size_t count,
                        const device &syclDevice, const context &syclContext,
                        const property_list &propList = {}) {
  return nullptr;
}
template <typename T>
T *aligned_alloc_device(std::size_t alignment, std::size_t count,
                        const queue &syclQueue,
                        const property_list &propList = {}) {
  return nullptr;
}

// Host allocations: (count, context) or (count, queue).
void *malloc_host(std::size_t numBytes, const context &syclContext,
                  const property_list &propList = {});
void *malloc_host(std::size_t numBytes, const queue &syclQueue,
                  const property_list &propList = {});
template <typename T>
T *malloc_host(std::size_t count, const context &syclContext,
               const property_list &propList = {}) {
  return nullptr;
}
template <typename T>
T *malloc_host(std::size_t count, const queue &syclQueue,
               const property_list &propList = {}) {
  return nullptr;
}
void *aligned_alloc_host(std::size_t alignment, std::size_t numBytes,
                         const context &syclContext,
                         const property_list &propList = {});
void *aligned_alloc_host(std::size_t alignment, std::size_t numBytes,
                         const queue &syclQueue,
                         const property_list &propList = {});
template <typename T>
T *aligned_alloc_host(std::size_t alignment, std::size_t count,
                      const context &syclContext,
                      const property_list &propList = {}) {
  return nullptr;
}
template <typename T>
T *aligned_alloc_host(std::size_t alignment, std::size_t count,
                      const queue &syclQueue,
                      const property_list &propList = {}) {
  return nullptr;
}

// Shared allocations: (count, device, context) or (count, queue).
void *malloc_shared(std::size_t numBytes, const device &syclDevice,
                    const context &syclContext,
                    const property_list &propList = {});
void *malloc_shared(std::size_t numBytes, const queue &syclQueue,
                    const property_list &propList = {});
template <typename T>
T *malloc_shared(std::size_t count, const device &syclDevice,
                 const context &syclContext,
                 const property_list &propList = {}) {
  return nullptr;
}
template <typename T>
T *malloc_shared(std::size_t count, const queue &syclQueue,
                 const property_list &propList = {}) {
  return nullptr;
}
void *aligned_alloc_shared(std::size_t alignment, std::size_t numBytes,
                           const device &syclDevice, const context &syclContext,
                           const property_list &propList = {});
void *aligned_alloc_shared(std::size_t alignment, std::size_t numBytes,
                           const queue &syclQueue,
                           const property_list &propList = {});
template <typename T>
T *aligned_alloc_shared(std::size_t alignment, std::size_t count,
                        const device &syclDevice, const context &syclContext,
                        const property_list &propList = {}) {
  return nullptr;
}
template <typename T>
T *aligned_alloc_shared(std::size_t alignment, std::size_t count,
                        const queue &syclQueue,
                        const property_list &propList = {}) {
  return nullptr;
}

// Kind chosen by a usm::alloc argument.
void *malloc(std::size_t numBytes, const device &syclDevice,
             const context &syclContext, usm::alloc kind,
             const property_list &propList = {});
void *malloc(std::size_t numBytes, const queue &syclQueue, usm::alloc kind,
             const property_list &propList = {});
template <typename T>
T *malloc(std::size_t count, const device &syclDevice,
          const context &syclContext, usm::alloc kind,
          const property_list &propList = {}) {
  return nullptr;
}
template <typename T>
T *malloc(std::size_t count, const queue &syclQueue, usm::alloc kind,
          const property_list &propList = {}) {
  return nullptr;
}
void *aligned_alloc(std::size_t alignment, std::size_t numBytes,
                    const device &syclDevice, const context &syclContext,
                    usm::alloc kind, const property_list &propList = {});
void *aligned_alloc(std::size_t alignment, std::size_t numBytes,
                    const queue &syclQueue, usm::alloc kind,
                    const property_list &propList = {});
template <typename T>
T *aligned_alloc(std::size_t alignment, std::size_t count,
                 const device &syclDevice, const context &syclContext,
                 usm::alloc kind, const property_list &propList = {}) {
  return nullptr;
}
template <typename T>
T *aligned_alloc(std::size_t alignment, std::size_t count,
                 const queue &syclQueue, usm::alloc kind,
                 const property_list &propList = {}) {
  return nullptr;
}

void free(void *ptr, const context &syclContext);
void free(void *ptr, const queue &syclQueue);

usm::alloc get_pointer_type(const void *ptr, const context &syclContext);
device get_pointer_device(const void *ptr, const context &syclContext);

/// A C++ allocator over USM; AllocKind picks the kind (usm::alloc::device
/// is rejected by the specification because the host cannot touch it).
template <typename T, usm::alloc AllocKind, std::size_t Alignment = 0>
class usm_allocator {
public:
  using value_type = T;
  using propagate_on_container_copy_assignment = std::true_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;
  template <typename U> struct rebind {
    using other = usm_allocator<U, AllocKind, Alignment>;
  };

  usm_allocator() = delete;
  usm_allocator(const context &syclContext, const device &syclDevice,
                const property_list &propList = {});
  usm_allocator(const queue &syclQueue, const property_list &propList = {});
  usm_allocator(const usm_allocator &other) noexcept;
  template <class U>
  usm_allocator(const usm_allocator<U, AllocKind, Alignment> &other) noexcept;
  usm_allocator &operator=(const usm_allocator &other);

  T *allocate(std::size_t count);
  void deallocate(T *ptr, std::size_t count);

  template <class U, usm::alloc AllocKindU, std::size_t AlignmentU>
  friend bool
  operator==(const usm_allocator &a,
             const usm_allocator<U, AllocKindU, AlignmentU> &b) noexcept {
    return true;
  }
  template <class U, usm::alloc AllocKindU, std::size_t AlignmentU>
  friend bool
  operator!=(const usm_allocator &a,
             const usm_allocator<U, AllocKindU, AlignmentU> &b) noexcept {
    return false;
  }
};

// --- atomics -----------------------------------------------------------------
namespace detail {
template <typename T>
using atomic_difference_t =
    std::conditional_t<std::is_pointer_v<T>, std::ptrdiff_t, T>;
} // namespace detail

/// SYCL 2020 4.15.3. One template covers integers, floating point and
/// pointers (fetch_add takes a difference for pointers).
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space AddressSpace =
              access::address_space::generic_space>
class atomic_ref {
public:
  using value_type = T;
  using difference_type = detail::atomic_difference_t<T>;
  static constexpr std::size_t required_alignment = alignof(T);
  static constexpr bool is_always_lock_free = true;
  static constexpr memory_order default_read_order =
      DefaultOrder == memory_order::acq_rel ? memory_order::acquire
                                            : DefaultOrder;
  static constexpr memory_order default_write_order =
      DefaultOrder == memory_order::acq_rel ? memory_order::release
                                            : DefaultOrder;
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  explicit atomic_ref(T &ref);
  atomic_ref(const atomic_ref &);
  bool is_lock_free() const noexcept;
  T operator=(T desired) const noexcept;
  operator T() const noexcept;
  T load(memory_order order = default_read_order,
         memory_scope scope = DefaultScope) const;
  void store(T operand, memory_order order = default_write_order,
             memory_scope scope = DefaultScope) const;
  T exchange(T operand, memory_order order = DefaultOrder,
             memory_scope scope = DefaultScope) const;
  bool compare_exchange_weak(T &expected, T desired, memory_order success,
                             memory_order failure,
                             memory_scope scope = DefaultScope) const;
  bool compare_exchange_weak(T &expected, T desired,
                             memory_order order = DefaultOrder,
                             memory_scope scope = DefaultScope) const;
  bool compare_exchange_strong(T &expected, T desired, memory_order success,
                               memory_order failure,
                               memory_scope scope = DefaultScope) const;
  bool compare_exchange_strong(T &expected, T desired,
                               memory_order order = DefaultOrder,
                               memory_scope scope = DefaultScope) const;
  T fetch_add(difference_type operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_sub(difference_type operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_and(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_or(T operand, memory_order order = DefaultOrder,
             memory_scope scope = DefaultScope) const;
  T fetch_xor(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_min(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_max(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T operator+=(difference_type operand) const;
  T operator-=(difference_type operand) const;
  T operator&=(T operand) const;
  T operator|=(T operand) const;
  T operator^=(T operand) const;
  T operator++() const;
  T operator++(int) const;
  T operator--() const;
  T operator--(int) const;
};

void atomic_fence(memory_order order, memory_scope scope);

/// SYCL 1.2.1 atomics (deprecated in SYCL 2020, still in older code).
template <typename T, access::address_space AddressSpace =
                          access::address_space::global_space>
class atomic {
public:
  template <typename PtrT, access::decorated IsDecorated>
  atomic(multi_ptr<PtrT, AddressSpace, IsDecorated> ptr);
  void store(T operand, memory_order order = memory_order::relaxed);
  T load(memory_order order = memory_order::relaxed) const;
  T exchange(T operand, memory_order order = memory_order::relaxed);
  bool
  compare_exchange_strong(T &expected, T desired,
                          memory_order successOrder = memory_order::relaxed,
                          memory_order failOrder = memory_order::relaxed);
  T fetch_add(T operand, memory_order order = memory_order::relaxed);
  T fetch_sub(T operand, memory_order order = memory_order::relaxed);
  T fetch_and(T operand, memory_order order = memory_order::relaxed);
  T fetch_or(T operand, memory_order order = memory_order::relaxed);
  T fetch_xor(T operand, memory_order order = memory_order::relaxed);
  T fetch_min(T operand, memory_order order = memory_order::relaxed);
  T fetch_max(T operand, memory_order order = memory_order::relaxed);
};
#define USMCHECK_SYCL_ATOMIC_FREE(name)                                        \
  template <typename T, access::address_space AddressSpace>                    \
  T atomic_##name(atomic<T, AddressSpace> object, T operand,                   \
                  memory_order order = memory_order::relaxed);
USMCHECK_SYCL_ATOMIC_FREE(exchange)
USMCHECK_SYCL_ATOMIC_FREE(fetch_add)
USMCHECK_SYCL_ATOMIC_FREE(fetch_sub)
USMCHECK_SYCL_ATOMIC_FREE(fetch_and)
USMCHECK_SYCL_ATOMIC_FREE(fetch_or)
USMCHECK_SYCL_ATOMIC_FREE(fetch_xor)
USMCHECK_SYCL_ATOMIC_FREE(fetch_min)
USMCHECK_SYCL_ATOMIC_FREE(fetch_max)
#undef USMCHECK_SYCL_ATOMIC_FREE
template <typename T, access::address_space AddressSpace>
T atomic_load(atomic<T, AddressSpace> object,
              memory_order order = memory_order::relaxed);
template <typename T, access::address_space AddressSpace>
void atomic_store(atomic<T, AddressSpace> object, T operand,
                  memory_order order = memory_order::relaxed);
template <typename T, access::address_space AddressSpace>
bool atomic_compare_exchange_strong(
    atomic<T, AddressSpace> object, T &expected, T desired,
    memory_order successOrder = memory_order::relaxed,
    memory_order failOrder = memory_order::relaxed);

// --- images and samplers (SYCL 1.2.1, legacy in SYCL 2020) -----------------
enum class image_channel_order {
  a,
  r,
  rx,
  rg,
  rgx,
  ra,
  rgb,
  rgbx,
  rgba,
  argb,
  bgra,
  intensity,
  luminance,
  abgr,
  ext_oneapi_srgba
};
enum class image_channel_type {
  snorm_int8,
  snorm_int16,
  unorm_int8,
  unorm_int16,
  unorm_short_565,
  unorm_short_555,
  unorm_int_101010,
  signed_int8,
  signed_int16,
  signed_int32,
  unsigned_int8,
  unsigned_int16,
  unsigned_int32,
  fp16,
  fp32
};
enum class addressing_mode {
  mirrored_repeat,
  repeat,
  clamp_to_edge,
  clamp,
  none
};
enum class filtering_mode { nearest, linear };
enum class coordinate_normalization_mode { normalized, unnormalized };

class sampler {
public:
  sampler(coordinate_normalization_mode normalizationMode,
          addressing_mode addressingMode, filtering_mode filteringMode,
          const property_list &propList = {});
  addressing_mode get_addressing_mode() const;
  filtering_mode get_filtering_mode() const;
  coordinate_normalization_mode get_coordinate_normalization_mode() const;
};

// --- buffers and accessors ---------------------------------------------------
template <typename T> class buffer_allocator {
public:
  using value_type = T;
  T *allocate(std::size_t n);
  void deallocate(T *p, std::size_t n);
};
template <typename T, int Dims = 1,
          typename AllocatorT = buffer_allocator<std::remove_const_t<T>>>
class buffer;

/// Access tags (SYCL 2020 4.7.6.4): accessor(buf, cgh, read_only).
template <access_mode Mode> struct mode_tag_t {
  explicit mode_tag_t() = default;
};
template <access_mode Mode, target Target> struct mode_target_tag_t {
  explicit mode_target_tag_t() = default;
};
inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
inline constexpr mode_target_tag_t<access_mode::read, target::host_task>
    read_only_host_task{};
inline constexpr mode_target_tag_t<access_mode::read_write, target::host_task>
    read_write_host_task{};
inline constexpr mode_target_tag_t<access_mode::write, target::host_task>
    write_only_host_task{};

namespace detail {
template <typename Tag> struct tag_traits {
  static constexpr bool is_tag = false;
};
template <access_mode Mode> struct tag_traits<mode_tag_t<Mode>> {
  static constexpr bool is_tag = true;
  static constexpr access_mode mode = Mode;
  static constexpr target tgt = target::device;
};
template <access_mode Mode, target Target>
struct tag_traits<mode_target_tag_t<Mode, Target>> {
  static constexpr bool is_tag = true;
  static constexpr access_mode mode = Mode;
  static constexpr target tgt = Target;
};
template <typename Tag>
using if_tag_t = std::enable_if_t<tag_traits<Tag>::is_tag, int>;

/// acc[i] on a 2- or 3-dimensional accessor: a row that takes the next
/// subscript.
template <typename T, int Dims> struct accessor_row {
  accessor_row<T, Dims - 1> operator[](std::size_t index) const;
};
template <typename T> struct accessor_row<T, 1> {
  T &operator[](std::size_t index) const;
};

/// What every accessor offers: subscripts in any dimensionality, element
/// conversion for 0-dimensional accessors, pointers, sizes, iteration.
template <typename T, int Dims, access::address_space Space>
class accessor_common {
public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using const_iterator = const T *;
  using difference_type = std::ptrdiff_t;
  using size_type = std::size_t;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<T, Space, IsDecorated>;

  T &operator[](id<Dims> index) const;
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  T &operator[](std::size_t index) const;
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  accessor_row<T, D - 1> operator[](std::size_t index) const;

  range<Dims> get_range() const;
  id<Dims> get_offset() const;
  std::size_t size() const noexcept;
  std::size_t max_size() const noexcept;
  std::size_t byte_size() const noexcept;
  std::size_t get_count() const noexcept;
  std::size_t get_size() const noexcept;
  bool empty() const noexcept;
  multi_ptr<T, Space, access::decorated::legacy> get_pointer() const noexcept;
  template <access::decorated IsDecorated>
  accessor_ptr<IsDecorated> get_multi_ptr() const noexcept;
  iterator begin() const noexcept;
  iterator end() const noexcept;
  const_iterator cbegin() const noexcept;
  const_iterator cend() const noexcept;
};
template <typename T, access::address_space Space>
class accessor_common<T, 0, Space> {
public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;
  operator T &() const;
  const accessor_common &operator=(const T &other) const;
  const accessor_common &operator=(T &&other) const;
  multi_ptr<T, Space, access::decorated::legacy> get_pointer() const noexcept;
  template <access::decorated IsDecorated>
  multi_ptr<T, Space, IsDecorated> get_multi_ptr() const noexcept;
  std::size_t size() const noexcept;
};

template <target Target>
inline constexpr access::address_space accessor_space =
    Target == target::local             ? access::address_space::local_space
    : Target == target::constant_buffer ? access::address_space::constant_space
                                        : access::address_space::global_space;
} // namespace detail

/// Buffer accessor (SYCL 2020 4.7.6.9), including the SYCL 1.2.1 forms
/// (target::local with (range, handler), target::host_buffer without a
/// handler).
template <typename DataT, int Dims = 1,
          access_mode AccessMode =
              (std::is_const_v<DataT> ? access_mode::read
                                      : access_mode::read_write),
          target AccessTarget = target::device,
          access::placeholder IsPlaceholder = access::placeholder::false_t>
class accessor
    : public detail::accessor_common<DataT, Dims,
                                     detail::accessor_space<AccessTarget>> {
  using BufT = std::remove_const_t<DataT>;

public:
  using detail::accessor_common<DataT, Dims,
                                detail::accessor_space<AccessTarget>>::operator=
      ;
  accessor();
  template <typename AllocT>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef,
           const property_list &propList = {});
  template <typename AllocT>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef,
           handler &commandGroupHandlerRef, const property_list &propList = {});
  template <typename AllocT, typename Tag, detail::if_tag_t<Tag> = 0>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef, Tag tag,
           const property_list &propList = {});
  template <typename AllocT, typename Tag, detail::if_tag_t<Tag> = 0>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef,
           handler &commandGroupHandlerRef, Tag tag,
           const property_list &propList = {});
  template <typename AllocT>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef, range<Dims> accessRange,
           const property_list &propList = {});
  template <typename AllocT>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef, range<Dims> accessRange,
           id<Dims> accessOffset, const property_list &propList = {});
  template <typename AllocT, typename Tag, detail::if_tag_t<Tag> = 0>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef, range<Dims> accessRange,
           Tag tag, const property_list &propList = {});
  template <typename AllocT, typename Tag, detail::if_tag_t<Tag> = 0>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef, range<Dims> accessRange,
           id<Dims> accessOffset, Tag tag, const property_list &propList = {});
  template <typename AllocT>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef,
           handler &commandGroupHandlerRef, range<Dims> accessRange,
           const property_list &propList = {});
  template <typename AllocT>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef,
           handler &commandGroupHandlerRef, range<Dims> accessRange,
           id<Dims> accessOffset, const property_list &propList = {});
  template <typename AllocT, typename Tag, detail::if_tag_t<Tag> = 0>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef,
           handler &commandGroupHandlerRef, range<Dims> accessRange, Tag tag,
           const property_list &propList = {});
  template <typename AllocT, typename Tag, detail::if_tag_t<Tag> = 0>
  accessor(buffer<BufT, Dims, AllocT> &bufferRef,
           handler &commandGroupHandlerRef, range<Dims> accessRange,
           id<Dims> accessOffset, Tag tag, const property_list &propList = {});
  /// SYCL 1.2.1 local accessor: accessor<T, D, mode, target::local>.
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  accessor(range<Dims> allocationSize, handler &commandGroupHandlerRef,
           const property_list &propList = {});
  accessor(handler &commandGroupHandlerRef, const property_list &propList = {});
  bool is_placeholder() const;
  template <typename Prop> bool has_property() const noexcept;

  /// Image accessors (target::image): read a texel, optionally through a
  /// sampler, or write one.
  template <typename CoordT> DataT read(const CoordT &coords) const;
  template <typename CoordT>
  DataT read(const CoordT &coords, const sampler &smpl) const;
  template <typename CoordT>
  void write(const CoordT &coords, const DataT &color) const;
};

// Class template argument deduction (SYCL 2020 4.7.6.9.1).
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &)
    -> accessor<T, D, access_mode::read_write, target::device,
                access::placeholder::true_t>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &, handler &) -> accessor<T, D>;
#define USMCHECK_SYCL_ACCESSOR_GUIDES(...)                                     \
  template <typename T, int D, typename A, typename Tag,                       \
            detail::if_tag_t<Tag> = 0>                                         \
  accessor(buffer<T, D, A> &, __VA_ARGS__ Tag)                                 \
      -> accessor<T, D, detail::tag_traits<Tag>::mode,                         \
                  detail::tag_traits<Tag>::tgt>;                               \
  template <typename T, int D, typename A, typename Tag,                       \
            detail::if_tag_t<Tag> = 0>                                         \
  accessor(buffer<T, D, A> &, __VA_ARGS__ Tag, const property_list &)          \
      -> accessor<T, D, detail::tag_traits<Tag>::mode,                         \
                  detail::tag_traits<Tag>::tgt>;
USMCHECK_SYCL_ACCESSOR_GUIDES()
USMCHECK_SYCL_ACCESSOR_GUIDES(handler &, )
USMCHECK_SYCL_ACCESSOR_GUIDES(range<D>, )
USMCHECK_SYCL_ACCESSOR_GUIDES(range<D>, id<D>, )
USMCHECK_SYCL_ACCESSOR_GUIDES(handler &, range<D>, )
USMCHECK_SYCL_ACCESSOR_GUIDES(handler &, range<D>, id<D>, )
#undef USMCHECK_SYCL_ACCESSOR_GUIDES

template <typename DataT, int Dims = 1,
          access_mode AccessMode =
              (std::is_const_v<DataT> ? access_mode::read
                                      : access_mode::read_write)>
class host_accessor
    : public detail::accessor_common<DataT, Dims,
                                     access::address_space::global_space> {
  using BufT = std::remove_const_t<DataT>;

public:
  using detail::accessor_common<DataT, Dims,
                                access::address_space::global_space>::operator=;
  host_accessor();
  template <typename AllocT>
  host_accessor(buffer<BufT, Dims, AllocT> &bufferRef,
                const property_list &propList = {});
  template <typename AllocT, typename Tag, detail::if_tag_t<Tag> = 0>
  host_accessor(buffer<BufT, Dims, AllocT> &bufferRef, Tag tag,
                const property_list &propList = {});
  template <typename AllocT>
  host_accessor(buffer<BufT, Dims, AllocT> &bufferRef, range<Dims> accessRange,
                const property_list &propList = {});
  template <typename AllocT>
  host_accessor(buffer<BufT, Dims, AllocT> &bufferRef, range<Dims> accessRange,
                id<Dims> accessOffset, const property_list &propList = {});
  template <typename AllocT, typename Tag, detail::if_tag_t<Tag> = 0>
  host_accessor(buffer<BufT, Dims, AllocT> &bufferRef, range<Dims> accessRange,
                Tag tag, const property_list &propList = {});
  template <typename AllocT, typename Tag, detail::if_tag_t<Tag> = 0>
  host_accessor(buffer<BufT, Dims, AllocT> &bufferRef, range<Dims> accessRange,
                id<Dims> accessOffset, Tag tag,
                const property_list &propList = {});
};
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &) -> host_accessor<T, D>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &, const property_list &) -> host_accessor<T, D>;
#define USMCHECK_SYCL_HOST_ACCESSOR_GUIDES(...)                                \
  template <typename T, int D, typename A, typename Tag,                       \
            detail::if_tag_t<Tag> = 0>                                         \
  host_accessor(buffer<T, D, A> &, __VA_ARGS__ Tag)                            \
      -> host_accessor<T, D, detail::tag_traits<Tag>::mode>;                   \
  template <typename T, int D, typename A, typename Tag,                       \
            detail::if_tag_t<Tag> = 0>                                         \
  host_accessor(buffer<T, D, A> &, __VA_ARGS__ Tag, const property_list &)     \
      -> host_accessor<T, D, detail::tag_traits<Tag>::mode>;
USMCHECK_SYCL_HOST_ACCESSOR_GUIDES()
USMCHECK_SYCL_HOST_ACCESSOR_GUIDES(range<D>, )
USMCHECK_SYCL_HOST_ACCESSOR_GUIDES(range<D>, id<D>, )
#undef USMCHECK_SYCL_HOST_ACCESSOR_GUIDES

/// Work-group local memory (SYCL 2020 4.7.6.11).
template <typename DataT, int Dims = 1>
class local_accessor
    : public detail::accessor_common<DataT, Dims,
                                     access::address_space::local_space> {
public:
  using detail::accessor_common<DataT, Dims,
                                access::address_space::local_space>::operator=;
  local_accessor();
  template <int D = Dims, std::enable_if_t<(D > 0), int> = 0>
  local_accessor(range<Dims> allocationSize, handler &commandGroupHandlerRef,
                 const property_list &propList = {});
  template <int D = Dims, std::enable_if_t<D == 0, int> = 0>
  local_accessor(handler &commandGroupHandlerRef,
                 const property_list &propList = {});
};

template <typename T, int Dims, typename AllocatorT> class buffer {
public:
  using value_type = T;
  using reference = value_type &;
  using const_reference = const value_type &;
  using allocator_type = AllocatorT;

  buffer(const range<Dims> &bufferRange, const property_list &propList = {});
  buffer(const range<Dims> &bufferRange, AllocatorT allocator,
         const property_list &propList = {});
  buffer(T *hostData, const range<Dims> &bufferRange,
         const property_list &propList = {});
  buffer(T *hostData, const range<Dims> &bufferRange, AllocatorT allocator,
         const property_list &propList = {});
  buffer(const T *hostData, const range<Dims> &bufferRange,
         const property_list &propList = {});
  buffer(const T *hostData, const range<Dims> &bufferRange,
         AllocatorT allocator, const property_list &propList = {});
  buffer(const std::shared_ptr<T> &hostData, const range<Dims> &bufferRange,
         const property_list &propList = {});
  buffer(const std::shared_ptr<T[]> &hostData, const range<Dims> &bufferRange,
         const property_list &propList = {});
  template <typename Container,
            typename = decltype(std::declval<Container &>().data()),
            typename = decltype(std::declval<Container &>().size())>
  buffer(Container &container, const property_list &propList = {});
  template <typename InputIterator,
            typename = std::enable_if_t<!std::is_integral_v<InputIterator>>>
  buffer(InputIterator first, InputIterator last,
         const property_list &propList = {});
  /// Sub-buffer.
  buffer(buffer &b, const id<Dims> &baseIndex, const range<Dims> &subRange);

  range<Dims> get_range() const;
  std::size_t byte_size() const noexcept;
  std::size_t size() const noexcept;
  std::size_t get_count() const;
  std::size_t get_size() const;
  AllocatorT get_allocator() const;
  bool is_sub_buffer() const;
  template <typename Prop> bool has_property() const noexcept;

  template <access_mode Mode = access_mode::read_write,
            target Targ = target::device>
  accessor<T, Dims, Mode, Targ> get_access(handler &commandGroupHandler,
                                           const property_list &propList = {});
  template <access_mode Mode = access_mode::read_write,
            target Targ = target::device>
  accessor<T, Dims, Mode, Targ> get_access(handler &commandGroupHandler,
                                           range<Dims> accessRange,
                                           id<Dims> accessOffset = {});
  template <typename Tag, detail::if_tag_t<Tag> = 0>
  accessor<T, Dims, detail::tag_traits<Tag>::mode, detail::tag_traits<Tag>::tgt>
  get_access(handler &commandGroupHandler, Tag tag,
             const property_list &propList = {});
  /// SYCL 1.2.1 host accessor: get_access<mode>() without a handler.
  template <access_mode Mode = access_mode::read_write>
  accessor<T, Dims, Mode, target::host_buffer> get_access();
  template <access_mode Mode = access_mode::read_write>
  accessor<T, Dims, Mode, target::host_buffer>
  get_access(range<Dims> accessRange, id<Dims> accessOffset = {});
  host_accessor<T, Dims> get_host_access(const property_list &propList = {});
  template <typename Tag, detail::if_tag_t<Tag> = 0>
  host_accessor<T, Dims, detail::tag_traits<Tag>::mode>
  get_host_access(Tag tag, const property_list &propList = {});
  template <typename Tag, detail::if_tag_t<Tag> = 0>
  host_accessor<T, Dims, detail::tag_traits<Tag>::mode>
  get_host_access(range<Dims> accessRange, Tag tag);

  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination finalData = nullptr);
  void set_write_back(bool flag = true);
  template <typename ReinterpretT, int ReinterpretDim = Dims>
  buffer<ReinterpretT, ReinterpretDim,
         buffer_allocator<std::remove_const_t<ReinterpretT>>>
  reinterpret(range<ReinterpretDim> reinterpretRange) const;
  template <typename ReinterpretT, int ReinterpretDim = Dims>
  buffer<ReinterpretT, ReinterpretDim,
         buffer_allocator<std::remove_const_t<ReinterpretT>>>
  reinterpret() const;
};
template <typename T, int D>
buffer(T *, const range<D> &, const property_list & = {}) -> buffer<T, D>;
template <typename T, int D>
buffer(const T *, const range<D> &, const property_list & = {}) -> buffer<T, D>;
template <typename T, int D>
buffer(const std::shared_ptr<T> &, const range<D> &, const property_list & = {})
    -> buffer<T, D>;
template <typename Container,
          typename = decltype(std::declval<Container &>().data())>
buffer(Container &, const property_list & = {})
    -> buffer<typename Container::value_type, 1>;
template <typename InputIterator,
          typename = std::enable_if_t<!std::is_integral_v<InputIterator>>>
buffer(InputIterator, InputIterator, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIterator>::value_type, 1>;

/// SYCL 1.2.1 image over host memory; get_access gives an image accessor.
template <int Dims = 1, typename AllocatorT = std::allocator<unsigned char>>
class image {
public:
  image(image_channel_order order, image_channel_type type,
        const range<Dims> &range, const property_list &propList = {});
  image(void *hostPointer, image_channel_order order, image_channel_type type,
        const range<Dims> &range, const property_list &propList = {});
  image(const void *hostPointer, image_channel_order order,
        image_channel_type type, const range<Dims> &range,
        const property_list &propList = {});
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  image(void *hostPointer, image_channel_order order, image_channel_type type,
        const range<Dims> &range, const sycl::range<D - 1> &pitch,
        const property_list &propList = {});
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  image(image_channel_order order, image_channel_type type,
        const range<Dims> &range, const sycl::range<D - 1> &pitch,
        const property_list &propList = {});
  range<Dims> get_range() const;
  std::size_t byte_size() const noexcept;
  std::size_t size() const noexcept;
  template <typename DataT, access_mode Mode>
  accessor<DataT, Dims, Mode, target::image>
  get_access(handler &commandGroupHandler);
  template <typename DataT, access_mode Mode>
  accessor<DataT, Dims, Mode, target::host_image> get_access();
  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination finalData = nullptr);
  void set_write_back(bool flag = true);
};

// --- reductions --------------------------------------------------------------
/// Defined inline: the combiner is often a lambda, and members of a class
/// instantiated with a type without linkage must be defined in the TU.
template <typename T, typename BinaryOperation> class reducer {
public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 0;
  reducer(const reducer &) = delete;
  reducer &operator=(const reducer &) = delete;
  void combine(const T &partial) { combiner(value, partial); }
  T identity() const { return value; }
  reducer &operator+=(const T &partial) { return *this; }
  reducer &operator-=(const T &partial) { return *this; }
  reducer &operator*=(const T &partial) { return *this; }
  reducer &operator&=(const T &partial) { return *this; }
  reducer &operator|=(const T &partial) { return *this; }
  reducer &operator^=(const T &partial) { return *this; }
  reducer &operator++() { return *this; }
  void operator++(int) {}

private:
  T value;
  BinaryOperation combiner;
};

namespace detail {
/// What sycl::reduction returns; parallel_for passes the kernel a reducer.
template <typename T, typename BinaryOperation> struct reduction_impl {
  using reducer_type = reducer<T, BinaryOperation>;
  T *var;
  reducer_type *red;
  reducer_type &make_reducer() const { return *red; }
};
template <typename T> struct is_reduction : std::false_type {};
template <typename T, typename Op>
struct is_reduction<reduction_impl<T, Op>> : std::true_type {};
} // namespace detail

template <typename T, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation>
reduction(T *variable, BinaryOperation combiner,
          const property_list &propList = {}) {
  return {variable, nullptr};
}
template <typename T, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation>
reduction(T *variable, const T &identity, BinaryOperation combiner,
          const property_list &propList = {}) {
  return {variable, nullptr};
}
template <typename T, int D, typename A, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation>
reduction(buffer<T, D, A> vars, handler &cgh, BinaryOperation combiner,
          const property_list &propList = {}) {
  return {nullptr, nullptr};
}
template <typename T, int D, typename A, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation>
reduction(buffer<T, D, A> vars, handler &cgh, const T &identity,
          BinaryOperation combiner, const property_list &propList = {}) {
  return {nullptr, nullptr};
}

// --- kernel output -----------------------------------------------------------
enum class stream_manipulator {
  flush,
  dec,
  hex,
  oct,
  noshowbase,
  showbase,
  noshowpos,
  showpos,
  endl,
  fixed,
  scientific,
  hexfloat,
  defaultfloat
};
inline constexpr stream_manipulator endl = stream_manipulator::endl;
inline constexpr stream_manipulator flush = stream_manipulator::flush;

/// Kernel-side output (`out << x << sycl::endl;`).
class stream {
public:
  stream(std::size_t totalBufferSize, std::size_t workItemBufferSize,
         handler &cgh, const property_list &propList = {});
  template <typename T> const stream &operator<<(const T &rhs) const;
};

// --- kernel invocation -------------------------------------------------------
namespace detail {
/// Calls a kernel the way the runtime would, so that generic lambdas are
/// instantiated for analysis. Every kernel-launching member below calls it.
template <typename Kernel, typename... Args>
void invoke_kernel(const Kernel &kernelFunc, Args &&...args) {
  kernelFunc(std::forward<Args>(args)...);
}

template <typename Extra> auto reducer_args(Extra &extra) {
  if constexpr (is_reduction<std::decay_t<Extra>>::value)
    return std::tuple<typename std::decay_t<Extra>::reducer_type &>(
        extra.make_reducer());
  else // a dependency (event or std::vector<event>): not a kernel argument
    return std::tuple<>();
}

/// parallel_for(range-or-nd_range, extras..., kernel): extras are
/// dependencies or reductions; each reduction adds a reducer argument.
template <typename IndexArg, typename Tuple, std::size_t... Extras>
void invoke_parallel_kernel(Tuple &&args, std::index_sequence<Extras...>) {
  constexpr std::size_t Last = std::tuple_size<std::decay_t<Tuple>>::value - 1;
  auto &kernelFunc = std::get<Last>(args);
  std::apply(
      [&](auto &...reducers) {
        invoke_kernel(kernelFunc, make_kernel_arg<IndexArg>(), reducers...);
      },
      std::tuple_cat(reducer_args(std::get<Extras>(args))...));
}

template <typename IndexArg, typename... Rest> void launch(Rest &&...rest) {
  static_assert(sizeof...(Rest) >= 1, "parallel_for needs a kernel");
  invoke_parallel_kernel<IndexArg>(
      std::forward_as_tuple(rest...),
      std::make_index_sequence<sizeof...(Rest) - 1>());
}

template <typename... Rest> void launch_single(Rest &&...rest) {
  auto args = std::forward_as_tuple(rest...);
  invoke_kernel(std::get<sizeof...(Rest) - 1>(args));
}
} // namespace detail

class interop_handle {
public:
  interop_handle() = delete;
  device get_device() const;
  context get_context() const;
};

// --- kernels and kernel bundles (basic) --------------------------------------
enum class bundle_state { input, object, executable, ext_oneapi_source };
class kernel_id {
public:
  const char *get_name() const noexcept;
};
template <typename KernelName> kernel_id get_kernel_id();
std::vector<kernel_id> get_kernel_ids();
class kernel {
public:
  backend get_backend() const noexcept;
  context get_context() const;
  template <typename Param> typename Param::return_type get_info() const;
  template <typename Param>
  typename Param::return_type get_info(const device &dev) const;
};
template <bundle_state State> class kernel_bundle {
public:
  bool empty() const noexcept;
  backend get_backend() const noexcept;
  context get_context() const noexcept;
  std::vector<device> get_devices() const noexcept;
  bool has_kernel(const kernel_id &kernelId) const noexcept;
  template <typename KernelName> bool has_kernel() const noexcept;
  kernel get_kernel(const kernel_id &kernelId) const;
  template <typename KernelName> kernel get_kernel() const;
  std::vector<kernel_id> get_kernel_ids() const;
};
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctxt);
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctxt,
                                       const std::vector<device> &devs);
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctxt,
                                       const std::vector<device> &devs,
                                       const std::vector<kernel_id> &kernelIds);
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctxt);
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctxt,
                                       const std::vector<device> &devs);

namespace ext::oneapi::experimental {
template <typename T, typename PropertyList = void> class device_global;
/// sycl_ext_oneapi_graph: record or build a graph of commands, finalize it
/// and submit the executable graph.
enum class graph_state { modifiable, executable };
template <graph_state State = graph_state::modifiable> class command_graph;
} // namespace ext::oneapi::experimental

// --- handler -----------------------------------------------------------------
class handler {
public:
  handler(const handler &) = delete;
  handler &operator=(const handler &) = delete;

  void depends_on(event depEvent);
  void depends_on(const std::vector<event> &depEvents);

  template <typename KernelName = detail::auto_name, typename KernelType>
  void single_task(const KernelType &kernelFunc) {
    detail::invoke_kernel(kernelFunc);
  }
  /// parallel_for(range, [reductions...,] kernel). One overload per
  /// dimensionality, as in the specification, so that a plain count
  /// converts: h.parallel_for(N, kernel).
#define USMCHECK_SYCL_HANDLER_PARALLEL_FOR(D)                                  \
  template <typename KernelName = detail::auto_name, typename... Rest>         \
  void parallel_for(range<D> numWorkItems, Rest &&...rest) {                   \
    detail::launch<item<D>>(std::forward<Rest>(rest)...);                      \
  }                                                                            \
  /* parallel_for(range, offset, kernel): deprecated in SYCL 2020. */          \
  template <typename KernelName = detail::auto_name, typename KernelType>      \
  void parallel_for(range<D> numWorkItems, id<D> workItemOffset,               \
                    const KernelType &kernelFunc) {                            \
    detail::invoke_kernel(kernelFunc, detail::make_kernel_arg<item<D>>());     \
  }
  USMCHECK_SYCL_HANDLER_PARALLEL_FOR(1)
  USMCHECK_SYCL_HANDLER_PARALLEL_FOR(2)
  USMCHECK_SYCL_HANDLER_PARALLEL_FOR(3)
#undef USMCHECK_SYCL_HANDLER_PARALLEL_FOR
  /// parallel_for(nd_range, [reductions...,] kernel)
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest>
  void parallel_for(nd_range<Dims> executionRange, Rest &&...rest) {
    detail::launch<nd_item<Dims>>(std::forward<Rest>(rest)...);
  }
  template <typename KernelName = detail::auto_name, int Dims,
            typename WorkgroupFunctionType>
  void parallel_for_work_group(range<Dims> numWorkGroups,
                               const WorkgroupFunctionType &kernelFunc) {
    detail::invoke_kernel(kernelFunc, detail::make_kernel_arg<group<Dims>>());
  }
  template <typename KernelName = detail::auto_name, int Dims,
            typename WorkgroupFunctionType>
  void parallel_for_work_group(range<Dims> numWorkGroups,
                               range<Dims> workGroupSize,
                               const WorkgroupFunctionType &kernelFunc) {
    detail::invoke_kernel(kernelFunc, detail::make_kernel_arg<group<Dims>>());
  }
  /// Host code scheduled in the task graph: not a kernel.
  template <typename T> void host_task(T &&hostTaskCallable) {
    if constexpr (std::is_invocable_v<T &, interop_handle>)
      hostTaskCallable(detail::make_kernel_arg<interop_handle>());
    else
      hostTaskCallable();
  }

  // USM commands (catalogued: sycl::handler::*).
  void memcpy(void *dest, const void *src, std::size_t numBytes);
  template <typename T> void copy(const T *src, T *dest, std::size_t count) {}
  void memset(void *ptr, int value, std::size_t numBytes);
  template <typename T>
  void fill(void *ptr, const T &pattern, std::size_t count) {}
  void prefetch(const void *ptr, std::size_t numBytes);
  void mem_advise(const void *ptr, std::size_t numBytes, int advice);

  // Buffer commands (accessor forms of copy/fill/update_host).
  template <typename SrcT, int Dims, access_mode Mode, target Targ,
            access::placeholder P, typename DestT>
  void copy(accessor<SrcT, Dims, Mode, Targ, P> src,
            std::shared_ptr<DestT> dest);
  template <typename SrcT, int Dims, access_mode Mode, target Targ,
            access::placeholder P, typename DestT>
  void copy(accessor<SrcT, Dims, Mode, Targ, P> src, DestT *dest);
  template <typename SrcT, typename DestT, int Dims, access_mode Mode,
            target Targ, access::placeholder P>
  void copy(std::shared_ptr<SrcT> src,
            accessor<DestT, Dims, Mode, Targ, P> dest);
  template <typename SrcT, typename DestT, int Dims, access_mode Mode,
            target Targ, access::placeholder P>
  void copy(const SrcT *src, accessor<DestT, Dims, Mode, Targ, P> dest);
  template <typename SrcT, int SrcDims, access_mode SrcMode, target SrcTarg,
            access::placeholder SrcP, typename DestT, int DestDims,
            access_mode DestMode, target DestTarg, access::placeholder DestP>
  void copy(accessor<SrcT, SrcDims, SrcMode, SrcTarg, SrcP> src,
            accessor<DestT, DestDims, DestMode, DestTarg, DestP> dest);
  template <typename T, int Dims, access_mode Mode, target Targ,
            access::placeholder P>
  void update_host(accessor<T, Dims, Mode, Targ, P> acc);
  template <typename T, int Dims, access_mode Mode, target Targ,
            access::placeholder P, typename PatternT>
  void fill(accessor<T, Dims, Mode, Targ, P> dest, const PatternT &src);
  template <typename T, int Dims, access_mode Mode, target Targ,
            access::placeholder P>
  void require(accessor<T, Dims, Mode, Targ, P> acc);

  template <bundle_state State>
  void use_kernel_bundle(const kernel_bundle<State> &execBundle);
  template <typename T> void set_arg(int argIndex, T &&arg);
  template <typename... Ts> void set_args(Ts &&...args);
  void ext_oneapi_graph(ext::oneapi::experimental::command_graph<
                        ext::oneapi::experimental::graph_state::executable>
                            graph);
  void ext_oneapi_barrier();
  void ext_oneapi_barrier(const std::vector<event> &waitList);

private:
  handler();
};

// --- queue -------------------------------------------------------------------
class queue {
public:
  explicit queue(const property_list &propList = {}) {}
  explicit queue(const async_handler &asyncHandler,
                 const property_list &propList = {}) {}
  template <typename DeviceSelector,
            typename = std::enable_if_t<std::is_invocable_r_v<
                int, const DeviceSelector &, const device &>>>
  explicit queue(const DeviceSelector &deviceSelector,
                 const property_list &propList = {}) {}
  template <typename DeviceSelector,
            typename = std::enable_if_t<std::is_invocable_r_v<
                int, const DeviceSelector &, const device &>>>
  explicit queue(const DeviceSelector &deviceSelector,
                 const async_handler &asyncHandler,
                 const property_list &propList = {}) {}
  explicit queue(const device &syclDevice, const property_list &propList = {});
  explicit queue(const device &syclDevice, const async_handler &asyncHandler,
                 const property_list &propList = {});
  explicit queue(const context &syclContext, const device &syclDevice,
                 const property_list &propList = {});

  device get_device() const;
  context get_context() const;
  bool is_in_order() const;
  backend get_backend() const noexcept;
  template <typename Param> typename Param::return_type get_info() const;
  template <typename Prop> bool has_property() const noexcept;
  template <typename Prop> Prop get_property() const;
  event ext_oneapi_submit_barrier();
  event ext_oneapi_submit_barrier(const std::vector<event> &waitList);
  event submit_barrier();
  event submit_barrier(const std::vector<event> &waitList);
  bool ext_oneapi_empty() const;
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<
                         ext::oneapi::experimental::graph_state::executable>
                             graph);
  friend bool operator==(const queue &a, const queue &b);
  friend bool operator!=(const queue &a, const queue &b);

  template <typename T> event submit(T cgf) {
    cgf(detail::make_kernel_arg<handler &>());
    return event();
  }
  template <typename T> event submit(T cgf, queue &secondaryQueue) {
    cgf(detail::make_kernel_arg<handler &>());
    return event();
  }
  void wait();
  void wait_and_throw();
  void throw_asynchronous();

  // Kernel shortcuts.
  template <typename KernelName = detail::auto_name, typename KernelType>
  event single_task(const KernelType &kernelFunc) {
    detail::invoke_kernel(kernelFunc);
    return event();
  }
  template <typename KernelName = detail::auto_name, typename KernelType>
  event single_task(event depEvent, const KernelType &kernelFunc) {
    detail::invoke_kernel(kernelFunc);
    return event();
  }
  template <typename KernelName = detail::auto_name, typename KernelType>
  event single_task(const std::vector<event> &depEvents,
                    const KernelType &kernelFunc) {
    detail::invoke_kernel(kernelFunc);
    return event();
  }
  /// parallel_for(range, [event | vector<event>,] [reductions...,] kernel).
  /// One overload per dimensionality, as in the specification, so that a
  /// plain count converts: q.parallel_for(N, kernel).
#define USMCHECK_SYCL_QUEUE_PARALLEL_FOR(D)                                    \
  template <typename KernelName = detail::auto_name, typename... Rest>         \
  event parallel_for(range<D> numWorkItems, Rest &&...rest) {                  \
    detail::launch<item<D>>(std::forward<Rest>(rest)...);                      \
    return event();                                                            \
  }                                                                            \
  template <typename KernelName = detail::auto_name, typename... Rest>         \
  event parallel_for(range<D> numWorkItems, event depEvent, Rest &&...rest) {  \
    detail::launch<item<D>>(std::forward<Rest>(rest)...);                      \
    return event();                                                            \
  }                                                                            \
  template <typename KernelName = detail::auto_name, typename... Rest>         \
  event parallel_for(range<D> numWorkItems,                                    \
                     const std::vector<event> &depEvents, Rest &&...rest) {    \
    detail::launch<item<D>>(std::forward<Rest>(rest)...);                      \
    return event();                                                            \
  }
  USMCHECK_SYCL_QUEUE_PARALLEL_FOR(1)
  USMCHECK_SYCL_QUEUE_PARALLEL_FOR(2)
  USMCHECK_SYCL_QUEUE_PARALLEL_FOR(3)
#undef USMCHECK_SYCL_QUEUE_PARALLEL_FOR
  /// parallel_for(nd_range, [event | vector<event>,] [reductions...,] kernel)
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest>
  event parallel_for(nd_range<Dims> executionRange, Rest &&...rest) {
    detail::launch<nd_item<Dims>>(std::forward<Rest>(rest)...);
    return event();
  }
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest>
  event parallel_for(nd_range<Dims> executionRange, event depEvent,
                     Rest &&...rest) {
    detail::launch<nd_item<Dims>>(std::forward<Rest>(rest)...);
    return event();
  }
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest>
  event parallel_for(nd_range<Dims> executionRange,
                     const std::vector<event> &depEvents, Rest &&...rest) {
    detail::launch<nd_item<Dims>>(std::forward<Rest>(rest)...);
    return event();
  }

  // USM commands (catalogued: sycl::queue::*). Each takes optional
  // dependencies last.
  event memcpy(void *dest, const void *src, std::size_t numBytes);
  event memcpy(void *dest, const void *src, std::size_t numBytes,
               event depEvent);
  event memcpy(void *dest, const void *src, std::size_t numBytes,
               const std::vector<event> &depEvents);
  template <typename T> event copy(const T *src, T *dest, std::size_t count) {
    return event();
  }
  // Copies to and from a device_global (sycl_ext_oneapi_device_global).
  template <typename T, typename PropertyList>
  event memcpy(ext::oneapi::experimental::device_global<T, PropertyList> &dest,
               const void *src, std::size_t numBytes = sizeof(T),
               std::size_t offset = 0);
  template <typename T, typename PropertyList>
  event
  memcpy(void *dest,
         const ext::oneapi::experimental::device_global<T, PropertyList> &src,
         std::size_t numBytes = sizeof(T), std::size_t offset = 0);
  template <typename T>
  event copy(const T *src, T *dest, std::size_t count, event depEvent) {
    return event();
  }
  template <typename T>
  event copy(const T *src, T *dest, std::size_t count,
             const std::vector<event> &depEvents) {
    return event();
  }
  event memset(void *ptr, int value, std::size_t numBytes);
  event memset(void *ptr, int value, std::size_t numBytes, event depEvent);
  event memset(void *ptr, int value, std::size_t numBytes,
               const std::vector<event> &depEvents);
  template <typename T>
  event fill(void *ptr, const T &pattern, std::size_t count) {
    return event();
  }
  template <typename T>
  event fill(void *ptr, const T &pattern, std::size_t count, event depEvent) {
    return event();
  }
  template <typename T>
  event fill(void *ptr, const T &pattern, std::size_t count,
             const std::vector<event> &depEvents) {
    return event();
  }
  event prefetch(const void *ptr, std::size_t numBytes);
  event prefetch(const void *ptr, std::size_t numBytes, event depEvent);
  event prefetch(const void *ptr, std::size_t numBytes,
                 const std::vector<event> &depEvents);
  event mem_advise(const void *ptr, std::size_t numBytes, int advice);
  event mem_advise(const void *ptr, std::size_t numBytes, int advice,
                   event depEvent);
  event mem_advise(const void *ptr, std::size_t numBytes, int advice,
                   const std::vector<event> &depEvents);
};

// --- built-in functions (math, integer, common, geometric, relational) -------
#include "usmcheck/math.hpp"

// --- sycl::ext::oneapi and sycl::ext::intel names programs commonly use ------
#include "usmcheck/ext.hpp"
} // namespace _V1
} // namespace sycl

namespace std {
template <> struct is_error_code_enum<sycl::errc> : true_type {};
} // namespace std

#endif // USMCHECK_SYCL_SYCL_HPP
