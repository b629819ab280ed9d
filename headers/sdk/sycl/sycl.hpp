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

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
// Implementations make <iostream> visible and programs rely on it.
#include <iostream>
#include <memory>
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

namespace sycl {
inline namespace _V1 {

class device;
class context;
class queue;
class handler;
class event;
class platform;
class kernel_handler;
template <int Dims> class range;
template <int Dims> class id;
template <int Dims, bool WithOffset = true> class item;
template <int Dims> class nd_range;
template <int Dims> class nd_item;
template <int Dims> class group;
template <int Dims> class h_item;

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

class exception : public std::exception {
public:
  exception(std::error_code ec, const std::string &what_arg);
  exception(errc ec, const std::string &what_arg);
  const char *what() const noexcept override;
  const std::error_code &code() const noexcept;
  bool has_context() const noexcept;
};

class exception_list {
public:
  using value_type = std::exception_ptr;
  using const_iterator = const std::exception_ptr *;
  std::size_t size() const;
  const_iterator begin() const;
  const_iterator end() const;
};
using async_handler = std::function<void(exception_list)>;

// --- properties ----------------------------------------------------------------
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
} // namespace buffer
} // namespace property

class property_list {
public:
  template <typename... Props,
            typename = std::enable_if_t<
                (std::is_base_of_v<detail::property_base, Props> && ...)>>
  property_list(Props... props) {}
  template <typename Prop> bool has_property() const noexcept;
};

// --- index space ---------------------------------------------------------------
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
range(std::size_t)->range<1>;
range(std::size_t, std::size_t)->range<2>;
range(std::size_t, std::size_t, std::size_t)->range<3>;

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
// id-id arithmetic and comparison. Templates, so that `i == 0` and `i + 1`
// on an id<1> use its size_t conversion instead of being ambiguous.
template <int D> id<D> operator+(const id<D> &a, const id<D> &b);
template <int D> id<D> operator-(const id<D> &a, const id<D> &b);
template <int D> bool operator==(const id<D> &a, const id<D> &b);
template <int D> bool operator!=(const id<D> &a, const id<D> &b);
id(std::size_t)->id<1>;
id(std::size_t, std::size_t)->id<2>;
id(std::size_t, std::size_t, std::size_t)->id<3>;

template <int Dims, bool WithOffset>
class item : public detail::item_conversion<Dims> {
public:
  item() = delete;
  id<Dims> get_id() const;
  std::size_t get_id(int dimension) const;
  std::size_t operator[](int dimension) const;
  range<Dims> get_range() const;
  std::size_t get_range(int dimension) const;
  std::size_t get_linear_id() const;
  operator item<Dims, true>() const;
  static constexpr int dimensions = Dims;
};

template <int Dims = 1> class nd_range {
public:
  nd_range(range<Dims> globalSize, range<Dims> localSize);
  range<Dims> get_global_range() const;
  range<Dims> get_local_range() const;
  range<Dims> get_group_range() const;
  static constexpr int dimensions = Dims;
};

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
  host_task = 2016,
  constant_buffer = 2015,
  local = 2016 + 1
};
enum class fence_space { local_space, global_space, global_and_local };
enum class address_space {
  private_space,
  global_space,
  local_space,
  constant_space,
  generic_space
};
enum class placeholder { false_t, true_t };
} // namespace access
using access_mode = access::mode;
using target = access::target;

class sub_group {
public:
  id<1> get_local_id() const;
  range<1> get_local_range() const;
  std::uint32_t get_group_linear_id() const;
};

template <int Dims> class group {
public:
  id<Dims> get_group_id() const;
  std::size_t get_group_id(int dimension) const;
  range<Dims> get_local_range() const;
  std::size_t get_local_range(int dimension) const;
  range<Dims> get_group_range() const;
  std::size_t get_group_linear_id() const;
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
  static constexpr int dimensions = Dims;
};

template <int Dims> class h_item {
public:
  item<Dims, false> get_global() const;
  item<Dims, false> get_local() const;
  id<Dims> get_global_id() const;
  std::size_t get_global_id(int dimension) const;
  id<Dims> get_local_id() const;
  std::size_t get_local_id(int dimension) const;
  range<Dims> get_global_range() const;
  range<Dims> get_local_range() const;
};

template <int Dims> class nd_item {
public:
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
  nd_range<Dims> get_nd_range() const;
  void barrier(access::fence_space accessSpace =
                   access::fence_space::global_and_local) const;
  static constexpr int dimensions = Dims;
};

template <typename Group> void group_barrier(Group g);

// --- devices, contexts, selectors ----------------------------------------------
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
  usm_system_allocations
};

namespace info {
enum class device_type { cpu, gpu, accelerator, custom, automatic, host, all };
enum class partition_property {
  no_partition,
  partition_equally,
  partition_by_counts,
  partition_by_affinity_domain
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
namespace device {
struct name {
  using return_type = std::string;
};
struct vendor {
  using return_type = std::string;
};
struct driver_version {
  using return_type = std::string;
};
struct max_compute_units {
  using return_type = std::uint32_t;
};
struct max_work_group_size {
  using return_type = std::size_t;
};
struct global_mem_size {
  using return_type = std::uint64_t;
};
struct local_mem_size {
  using return_type = std::uint64_t;
};
struct partition_max_sub_devices {
  using return_type = std::uint32_t;
};
struct device_type {
  using return_type = info::device_type;
};
struct max_mem_alloc_size {
  using return_type = std::uint64_t;
};
struct global_mem_cache_size {
  using return_type = std::uint64_t;
};
struct sub_group_sizes {
  using return_type = std::vector<std::size_t>;
};
// Deprecated in SYCL 2020 (use device::has(aspect::...)) but common.
struct usm_device_allocations {
  using return_type = bool;
};
struct usm_host_allocations {
  using return_type = bool;
};
struct usm_shared_allocations {
  using return_type = bool;
};
struct usm_restricted_shared_allocations {
  using return_type = bool;
};
struct usm_system_allocations {
  using return_type = bool;
};
} // namespace device
namespace platform {
struct name {
  using return_type = std::string;
};
struct vendor {
  using return_type = std::string;
};
struct version {
  using return_type = std::string;
};
} // namespace platform
} // namespace info

class platform {
public:
  platform();
  std::vector<device> get_devices(
      info::device_type type = info::device_type::all) const;
  template <typename Param> typename Param::return_type get_info() const;
  static std::vector<platform> get_platforms();
};

class device {
public:
  device();
  template <typename DeviceSelector>
  explicit device(const DeviceSelector &deviceSelector);
  bool is_cpu() const;
  bool is_gpu() const;
  bool is_accelerator() const;
  bool has(aspect asp) const;
  platform get_platform() const;
  template <typename Param> typename Param::return_type get_info() const;
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
  friend bool operator==(const device &a, const device &b);
  friend bool operator!=(const device &a, const device &b);
};

int default_selector_v(const device &dev);
int gpu_selector_v(const device &dev);
int cpu_selector_v(const device &dev);
int accelerator_selector_v(const device &dev);
/// SYCL 1.2.1 selector classes, still common in code.
class device_selector {
public:
  virtual ~device_selector() = default;
  virtual int operator()(const device &dev) const = 0;
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

class context {
public:
  explicit context(const property_list &propList = {});
  explicit context(const device &dev, const property_list &propList = {});
  explicit context(const std::vector<device> &deviceList,
                   const property_list &propList = {});
  std::vector<device> get_devices() const;
  platform get_platform() const;
};

// --- events ----------------------------------------------------------------------
class event {
public:
  event();
  void wait();
  void wait_and_throw();
  static void wait(const std::vector<event> &eventList);
  static void wait_and_throw(const std::vector<event> &eventList);
};

// --- USM ---------------------------------------------------------------------------
namespace usm {
enum class alloc { host, device, shared, unknown };
} // namespace usm

enum class memory_order { relaxed, acquire, release, acq_rel, seq_cst };
enum class memory_scope {
  work_item,
  sub_group,
  work_group,
  device,
  system
};

// Device allocations: (count, device, context) or (count, queue).
void *malloc_device(std::size_t numBytes, const device &syclDevice,
                    const context &syclContext,
                    const property_list &propList = {});
void *malloc_device(std::size_t numBytes, const queue &syclQueue,
                    const property_list &propList = {});
template <typename T>
T *malloc_device(std::size_t count, const device &syclDevice,
                 const context &syclContext,
                 const property_list &propList = {});
template <typename T>
T *malloc_device(std::size_t count, const queue &syclQueue,
                 const property_list &propList = {});
void *aligned_alloc_device(std::size_t alignment, std::size_t numBytes,
                           const device &syclDevice,
                           const context &syclContext,
                           const property_list &propList = {});
void *aligned_alloc_device(std::size_t alignment, std::size_t numBytes,
                           const queue &syclQueue,
                           const property_list &propList = {});
template <typename T>
T *aligned_alloc_device(std::size_t alignment, std::size_t count,
                        const device &syclDevice, const context &syclContext,
                        const property_list &propList = {});
template <typename T>
T *aligned_alloc_device(std::size_t alignment, std::size_t count,
                        const queue &syclQueue,
                        const property_list &propList = {});

// Host allocations: (count, context) or (count, queue).
void *malloc_host(std::size_t numBytes, const context &syclContext,
                  const property_list &propList = {});
void *malloc_host(std::size_t numBytes, const queue &syclQueue,
                  const property_list &propList = {});
template <typename T>
T *malloc_host(std::size_t count, const context &syclContext,
               const property_list &propList = {});
template <typename T>
T *malloc_host(std::size_t count, const queue &syclQueue,
               const property_list &propList = {});
void *aligned_alloc_host(std::size_t alignment, std::size_t numBytes,
                         const context &syclContext,
                         const property_list &propList = {});
void *aligned_alloc_host(std::size_t alignment, std::size_t numBytes,
                         const queue &syclQueue,
                         const property_list &propList = {});
template <typename T>
T *aligned_alloc_host(std::size_t alignment, std::size_t count,
                      const context &syclContext,
                      const property_list &propList = {});
template <typename T>
T *aligned_alloc_host(std::size_t alignment, std::size_t count,
                      const queue &syclQueue,
                      const property_list &propList = {});

// Shared allocations: (count, device, context) or (count, queue).
void *malloc_shared(std::size_t numBytes, const device &syclDevice,
                    const context &syclContext,
                    const property_list &propList = {});
void *malloc_shared(std::size_t numBytes, const queue &syclQueue,
                    const property_list &propList = {});
template <typename T>
T *malloc_shared(std::size_t count, const device &syclDevice,
                 const context &syclContext,
                 const property_list &propList = {});
template <typename T>
T *malloc_shared(std::size_t count, const queue &syclQueue,
                 const property_list &propList = {});
void *aligned_alloc_shared(std::size_t alignment, std::size_t numBytes,
                           const device &syclDevice,
                           const context &syclContext,
                           const property_list &propList = {});
void *aligned_alloc_shared(std::size_t alignment, std::size_t numBytes,
                           const queue &syclQueue,
                           const property_list &propList = {});
template <typename T>
T *aligned_alloc_shared(std::size_t alignment, std::size_t count,
                        const device &syclDevice, const context &syclContext,
                        const property_list &propList = {});
template <typename T>
T *aligned_alloc_shared(std::size_t alignment, std::size_t count,
                        const queue &syclQueue,
                        const property_list &propList = {});

// Kind chosen by a usm::alloc argument.
void *malloc(std::size_t numBytes, const device &syclDevice,
             const context &syclContext, usm::alloc kind,
             const property_list &propList = {});
void *malloc(std::size_t numBytes, const queue &syclQueue, usm::alloc kind,
             const property_list &propList = {});
template <typename T>
T *malloc(std::size_t count, const device &syclDevice,
          const context &syclContext, usm::alloc kind,
          const property_list &propList = {});
template <typename T>
T *malloc(std::size_t count, const queue &syclQueue, usm::alloc kind,
          const property_list &propList = {});
void *aligned_alloc(std::size_t alignment, std::size_t numBytes,
                    const device &syclDevice, const context &syclContext,
                    usm::alloc kind, const property_list &propList = {});
void *aligned_alloc(std::size_t alignment, std::size_t numBytes,
                    const queue &syclQueue, usm::alloc kind,
                    const property_list &propList = {});
template <typename T>
T *aligned_alloc(std::size_t alignment, std::size_t count,
                 const device &syclDevice, const context &syclContext,
                 usm::alloc kind, const property_list &propList = {});
template <typename T>
T *aligned_alloc(std::size_t alignment, std::size_t count,
                 const queue &syclQueue, usm::alloc kind,
                 const property_list &propList = {});

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

// --- reductions --------------------------------------------------------------------
template <typename T = void> struct plus : std::plus<T> {};
template <typename T = void> struct multiplies : std::multiplies<T> {};
template <typename T = void> struct minimum {
  T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <typename T = void> struct maximum {
  T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};

template <typename T, typename BinaryOperation> class reducer {
public:
  void combine(const T &partial);
  reducer &operator+=(const T &partial);
  reducer &operator*=(const T &partial);
  reducer &operator++();
};

namespace detail {
/// What sycl::reduction returns; parallel_for passes the kernel a reducer.
template <typename T, typename BinaryOperation> struct reduction_impl {
  using reducer_type = reducer<T, BinaryOperation>;
  T *var;
  reducer_type &make_reducer() const;
};
template <typename T> struct is_reduction : std::false_type {};
template <typename T, typename Op>
struct is_reduction<reduction_impl<T, Op>> : std::true_type {};
} // namespace detail

template <typename T, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation>
reduction(T *variable, BinaryOperation combiner,
          const property_list &propList = {});
template <typename T, typename BinaryOperation>
detail::reduction_impl<T, BinaryOperation>
reduction(T *variable, const T &identity, BinaryOperation combiner,
          const property_list &propList = {});

// --- atomics --------------------------------------------------------------------------
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space AddressSpace =
              access::address_space::generic_space>
class atomic_ref {
public:
  explicit atomic_ref(T &ref);
  T load(memory_order order = DefaultOrder,
         memory_scope scope = DefaultScope) const;
  void store(T operand, memory_order order = DefaultOrder,
             memory_scope scope = DefaultScope) const;
  T fetch_add(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_sub(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_min(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T fetch_max(T operand, memory_order order = DefaultOrder,
              memory_scope scope = DefaultScope) const;
  T exchange(T operand, memory_order order = DefaultOrder,
             memory_scope scope = DefaultScope) const;
  T operator+=(T operand) const;
  T operator-=(T operand) const;
  T operator++() const;
  T operator++(int) const;
};

// --- buffers and accessors (basic) ---------------------------------------------
template <typename T, int Dims = 1> class buffer;

inline constexpr struct read_only_t {
} read_only{};
inline constexpr struct write_only_t {
} write_only{};
inline constexpr struct read_write_t {
} read_write{};
inline constexpr struct no_init_t {
} no_init{};

template <typename T, int Dims = 1, access_mode Mode = access_mode::read_write,
          target Target = target::device>
class accessor {
public:
  using value_type = T;
  using reference = T &;
  accessor();
  template <typename AllocT = void>
  accessor(buffer<T, Dims> &bufferRef, handler &commandGroupHandlerRef,
           const property_list &propList = {});
  template <typename Tag>
  accessor(buffer<T, Dims> &bufferRef, handler &commandGroupHandlerRef,
           Tag tag, const property_list &propList = {});
  template <typename Tag>
  accessor(buffer<T, Dims> &bufferRef, Tag tag,
           const property_list &propList = {});
  T &operator[](id<Dims> index) const;
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  T &operator[](std::size_t index) const;
  range<Dims> get_range() const;
  std::size_t size() const noexcept;
  T *get_pointer() const noexcept;
};
template <typename T, int Dims>
accessor(buffer<T, Dims> &, handler &) -> accessor<T, Dims>;
template <typename T, int Dims>
accessor(buffer<T, Dims> &, handler &, read_only_t)
    -> accessor<T, Dims, access_mode::read>;
template <typename T, int Dims>
accessor(buffer<T, Dims> &, handler &, write_only_t)
    -> accessor<T, Dims, access_mode::write>;
template <typename T, int Dims>
accessor(buffer<T, Dims> &, handler &, read_write_t)
    -> accessor<T, Dims, access_mode::read_write>;

template <typename T, int Dims = 1,
          access_mode Mode = access_mode::read_write>
class host_accessor {
public:
  host_accessor(buffer<T, Dims> &bufferRef,
                const property_list &propList = {});
  template <typename Tag>
  host_accessor(buffer<T, Dims> &bufferRef, Tag tag,
                const property_list &propList = {});
  T &operator[](id<Dims> index) const;
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  T &operator[](std::size_t index) const;
  std::size_t size() const noexcept;
};
template <typename T, int Dims>
host_accessor(buffer<T, Dims> &) -> host_accessor<T, Dims>;
template <typename T, int Dims>
host_accessor(buffer<T, Dims> &, read_only_t)
    -> host_accessor<T, Dims, access_mode::read>;

template <typename T, int Dims = 1> class local_accessor {
public:
  local_accessor(range<Dims> allocationSize, handler &commandGroupHandlerRef,
                 const property_list &propList = {});
  T &operator[](id<Dims> index) const;
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  T &operator[](std::size_t index) const;
};

template <typename T, int Dims> class buffer {
public:
  using value_type = T;
  buffer(const range<Dims> &bufferRange, const property_list &propList = {});
  buffer(T *hostData, const range<Dims> &bufferRange,
         const property_list &propList = {});
  buffer(const T *hostData, const range<Dims> &bufferRange,
         const property_list &propList = {});
  range<Dims> get_range() const;
  std::size_t size() const noexcept;
  template <access_mode Mode = access_mode::read_write,
            target Targ = target::device>
  accessor<T, Dims, Mode, Targ> get_access(handler &commandGroupHandler);
  template <typename... Ts> host_accessor<T, Dims> get_host_access(Ts...);
};
template <typename T, int Dims>
buffer(T *, const range<Dims> &, const property_list & = {})
    -> buffer<T, Dims>;

// --- kernel output ----------------------------------------------------------------
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

// --- kernel invocation ---------------------------------------------------------------
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

template <typename IndexArg, typename... Rest>
void launch(Rest &&...rest) {
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

// --- handler --------------------------------------------------------------------------
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
  template <typename KernelName = detail::auto_name, int Dims,
            typename... Rest>
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
  template <typename T> void copy(const T *src, T *dest, std::size_t count);
  void memset(void *ptr, int value, std::size_t numBytes);
  template <typename T>
  void fill(void *ptr, const T &pattern, std::size_t count);
  void prefetch(const void *ptr, std::size_t numBytes);
  void mem_advise(const void *ptr, std::size_t numBytes, int advice);

  // Buffer commands.
  template <typename T, int Dims, access_mode Mode, target Targ>
  void copy(accessor<T, Dims, Mode, Targ> src, std::shared_ptr<T> dest);
  template <typename T, int Dims, access_mode Mode, target Targ>
  void copy(accessor<T, Dims, Mode, Targ> src, T *dest);
  template <typename T, int Dims, access_mode Mode, target Targ>
  void copy(const T *src, accessor<T, Dims, Mode, Targ> dest);
  template <typename T, int Dims, access_mode Mode, target Targ>
  void fill(accessor<T, Dims, Mode, Targ> dest, const T &src);

private:
  handler();
};

// --- queue ----------------------------------------------------------------------------
class queue {
public:
  explicit queue(const property_list &propList = {});
  explicit queue(const async_handler &asyncHandler,
                 const property_list &propList = {});
  template <typename DeviceSelector,
            typename = std::enable_if_t<
                std::is_invocable_r_v<int, const DeviceSelector &,
                                      const device &>>>
  explicit queue(const DeviceSelector &deviceSelector,
                 const property_list &propList = {});
  template <typename DeviceSelector,
            typename = std::enable_if_t<
                std::is_invocable_r_v<int, const DeviceSelector &,
                                      const device &>>>
  explicit queue(const DeviceSelector &deviceSelector,
                 const async_handler &asyncHandler,
                 const property_list &propList = {});
  explicit queue(const device &syclDevice, const property_list &propList = {});
  explicit queue(const device &syclDevice, const async_handler &asyncHandler,
                 const property_list &propList = {});
  explicit queue(const context &syclContext, const device &syclDevice,
                 const property_list &propList = {});

  device get_device() const;
  context get_context() const;
  bool is_in_order() const;

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
  template <typename KernelName = detail::auto_name, int Dims,
            typename... Rest>
  event parallel_for(nd_range<Dims> executionRange, Rest &&...rest) {
    detail::launch<nd_item<Dims>>(std::forward<Rest>(rest)...);
    return event();
  }
  template <typename KernelName = detail::auto_name, int Dims,
            typename... Rest>
  event parallel_for(nd_range<Dims> executionRange, event depEvent,
                     Rest &&...rest) {
    detail::launch<nd_item<Dims>>(std::forward<Rest>(rest)...);
    return event();
  }
  template <typename KernelName = detail::auto_name, int Dims,
            typename... Rest>
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
  template <typename T> event copy(const T *src, T *dest, std::size_t count);
  template <typename T>
  event copy(const T *src, T *dest, std::size_t count, event depEvent);
  template <typename T>
  event copy(const T *src, T *dest, std::size_t count,
             const std::vector<event> &depEvents);
  event memset(void *ptr, int value, std::size_t numBytes);
  event memset(void *ptr, int value, std::size_t numBytes, event depEvent);
  event memset(void *ptr, int value, std::size_t numBytes,
               const std::vector<event> &depEvents);
  template <typename T>
  event fill(void *ptr, const T &pattern, std::size_t count);
  template <typename T>
  event fill(void *ptr, const T &pattern, std::size_t count, event depEvent);
  template <typename T>
  event fill(void *ptr, const T &pattern, std::size_t count,
             const std::vector<event> &depEvents);
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

// --- math available in kernels -----------------------------------------------------
using std::abs;
using std::ceil;
using std::cos;
using std::exp;
using std::fabs;
using std::floor;
using std::fma;
using std::fmax;
using std::fmin;
using std::log;
using std::pow;
using std::sin;
using std::sqrt;
using std::tan;
template <typename T> T min(T a, T b) { return b < a ? b : a; }
template <typename T> T max(T a, T b) { return a < b ? b : a; }
template <typename T> T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }

namespace ext::oneapi::experimental {}
} // namespace _V1
} // namespace sycl

#endif // USMCHECK_SYCL_SYCL_HPP
