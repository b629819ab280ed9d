//===- sycl/usmcheck/types.hpp - SYCL 2020 scalar and vector types --------===//
//
// Part of usmcheck's analysis headers (see docs/headers.md); included by
// <sycl/sycl.hpp> inside namespace sycl::_V1, never on its own. Written from
// the SYCL 2020 specification (4.14.1 scalar types, 4.14.2 vec, 4.14.3
// marray); nothing here is taken from an implementation.
//
// sycl::half is a class holding a float (an analysis needs its conversions,
// not its bits). vec and marray declare the whole member and operator
// surface; element storage exists only so that the types are complete.
// Swizzles return a vec by value.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_SYCL_TYPES_HPP
#define USMCHECK_SYCL_TYPES_HPP

// --- scalar types ------------------------------------------------------------
/// 16-bit floating point (IEEE binary16, two bytes, so that bit_cast to and
/// from a 16-bit integer works). Converts to and from every arithmetic type,
/// like the implementations' class, so that mixed expressions use float
/// rules.
class half {
public:
  constexpr half() : value(0) {}
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
  constexpr half(const T &x) : value(static_cast<float>(x)) {}
  /// From other 16-bit types that convert to float (bfloat16).
  template <typename T,
            typename = std::enable_if_t<std::is_class_v<T> &&
                                        !std::is_same_v<T, half> &&
                                        std::is_convertible_v<T, float>>,
            typename = void>
  explicit constexpr half(const T &x) : value(static_cast<float>(x)) {}
  constexpr operator float() const { return value; }
  half &operator+=(const half &rhs);
  half &operator-=(const half &rhs);
  half &operator*=(const half &rhs);
  half &operator/=(const half &rhs);
  half &operator++();
  half operator++(int);
  half &operator--();
  half operator--(int);
  half operator-() const;
  half operator+() const;

private:
#ifdef __FLT16_MAX__
  _Float16 value;
#else
  // No _Float16 on this target: keep the value (the size is then wrong).
  float value;
#endif
};

using byte = unsigned char;
using schar = signed char;
using uchar = unsigned char;
using ushort = unsigned short;
using uint = unsigned int;
using ulong = unsigned long;
using longlong = long long;
using ulonglong = unsigned long long;

// SYCL 1.2.1 OpenCL-style scalar aliases, still common in older code.
using cl_bool = bool;
using cl_char = std::int8_t;
using cl_uchar = std::uint8_t;
using cl_short = std::int16_t;
using cl_ushort = std::uint16_t;
using cl_int = std::int32_t;
using cl_uint = std::uint32_t;
using cl_long = std::int64_t;
using cl_ulong = std::uint64_t;
using cl_half = half;
using cl_float = float;
using cl_double = double;

enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

template <typename DataT, int NumElements> class vec;
template <typename DataT, std::size_t NumElements> class marray;

namespace detail {
template <typename T> struct is_vec : std::false_type {};
template <typename T, int N> struct is_vec<vec<T, N>> : std::true_type {};
template <typename T> struct is_marray : std::false_type {};
template <typename T, std::size_t N>
struct is_marray<marray<T, N>> : std::true_type {};

/// How many elements an argument of a vec/marray constructor contributes.
template <typename T> struct element_count {
  static constexpr std::size_t value = 1;
};
template <typename T, int N> struct element_count<vec<T, N>> {
  static constexpr std::size_t value = N;
};
template <typename T, std::size_t N> struct element_count<marray<T, N>> {
  static constexpr std::size_t value = N;
};

/// The signed integer of the same size: element type of vec comparisons.
template <typename T>
using rel_t = std::conditional_t<
    sizeof(T) == 1, std::int8_t,
    std::conditional_t<
        sizeof(T) == 2, std::int16_t,
        std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>>>;

/// vec<T, 1> converts to T; no other vec does.
template <typename DataT, int NumElements> struct vec_scalar_conversion {};
template <typename DataT> struct vec_scalar_conversion<DataT, 1> {
  operator DataT() const;
};
} // namespace detail

// Element-wise operators of vec and marray, as hidden friends so that the
// scalar operand converts (v * 2 on a float vector).
#define USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Result, op)             \
  friend Result operator op(const Self &lhs, const Self &rhs);                 \
  friend Result operator op(const Self &lhs, const Scalar &rhs);               \
  friend Result operator op(const Scalar &lhs, const Self &rhs);
#define USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, op)                   \
  Self &operator op(const Self & rhs);                                         \
  Self &operator op(const Scalar & rhs);
#define USMCHECK_SYCL_ELEMENTWISE_OPERATORS(Self, Scalar, Bool)                \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, +)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, -)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, *)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, /)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, %)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, &)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, |)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, ^)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, <<)                     \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Self, >>)                     \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Bool, &&)                     \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Bool, ||)                     \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Bool, ==)                     \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Bool, !=)                     \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Bool, <)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Bool, >)                      \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Bool, <=)                     \
  USMCHECK_SYCL_ELEMENTWISE_BINARY(Self, Scalar, Bool, >=)                     \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, +=)                         \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, -=)                         \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, *=)                         \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, /=)                         \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, %=)                         \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, &=)                         \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, |=)                         \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, ^=)                         \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, <<=)                        \
  USMCHECK_SYCL_ELEMENTWISE_COMPOUND(Self, Scalar, >>=)                        \
  Self operator+() const;                                                      \
  Self operator-() const;                                                      \
  Self operator~() const;                                                      \
  Bool operator!() const;                                                      \
  Self &operator++();                                                          \
  Self operator++(int);                                                        \
  Self &operator--();                                                          \
  Self operator--(int);

// --- vec ---------------------------------------------------------------------
/// Aligned to its size, as the specification requires (programs rely on
/// it, e.g. alignas(sycl::uint4)).
template <typename DataT, int NumElements>
class alignas(sizeof(DataT) * (NumElements == 3 ? 4 : NumElements)) vec
    : public detail::vec_scalar_conversion<DataT, NumElements> {
  static_assert(NumElements == 1 || NumElements == 2 || NumElements == 3 ||
                    NumElements == 4 || NumElements == 8 || NumElements == 16,
                "vec has 1, 2, 3, 4, 8 or 16 elements");
  static constexpr int HalfElements =
      NumElements < 4 ? NumElements == 1 ? 1 : 2 : NumElements / 2;
  DataT elements[NumElements == 3 ? 4 : NumElements] = {};

public:
  using element_type = DataT;
  using value_type = DataT;
  using vector_t = vec;

  constexpr vec() = default;
  constexpr vec(const vec &rhs) = default;
  constexpr vec &operator=(const vec &rhs) = default;
  /// vec(x): every element x. A template, so that a value of another
  /// arithmetic type converts without narrowing errors (vec<float, 1>{d}).
  template <typename T,
            typename = std::enable_if_t<std::is_convertible_v<T, DataT> &&
                                        detail::element_count<T>::value == 1>>
  explicit constexpr vec(const T &arg) {}
  /// vec(a, b, ...): scalars and vecs whose element counts add up.
  template <typename... ArgTN,
            typename = std::enable_if_t<(sizeof...(ArgTN) > 1) &&
                                        ((detail::element_count<ArgTN>::value +
                                          ...) == std::size_t(NumElements))>>
  constexpr vec(const ArgTN &...args) {}
  vec &operator=(const DataT &rhs);

  static constexpr std::size_t size() noexcept { return NumElements; }
  std::size_t get_count() const;
  std::size_t get_size() const;
  static constexpr std::size_t byte_size() noexcept {
    return sizeof(DataT) * (NumElements == 3 ? 4 : NumElements);
  }

  template <typename ConvertT,
            rounding_mode RoundingMode = rounding_mode::automatic>
  vec<ConvertT, NumElements> convert() const;
  template <typename AsT> AsT as() const;
  template <int... SwizzleIndexes>
  vec<DataT, sizeof...(SwizzleIndexes)> swizzle() const;

  DataT &operator[](int index);
  const DataT &operator[](int index) const;

#define USMCHECK_SYCL_VEC_ELEMENT(name)                                        \
  DataT &name();                                                               \
  const DataT &name() const;
  USMCHECK_SYCL_VEC_ELEMENT(x)
  USMCHECK_SYCL_VEC_ELEMENT(y)
  USMCHECK_SYCL_VEC_ELEMENT(z)
  USMCHECK_SYCL_VEC_ELEMENT(w)
  USMCHECK_SYCL_VEC_ELEMENT(r)
  USMCHECK_SYCL_VEC_ELEMENT(g)
  USMCHECK_SYCL_VEC_ELEMENT(b)
  USMCHECK_SYCL_VEC_ELEMENT(a)
  USMCHECK_SYCL_VEC_ELEMENT(s0)
  USMCHECK_SYCL_VEC_ELEMENT(s1)
  USMCHECK_SYCL_VEC_ELEMENT(s2)
  USMCHECK_SYCL_VEC_ELEMENT(s3)
  USMCHECK_SYCL_VEC_ELEMENT(s4)
  USMCHECK_SYCL_VEC_ELEMENT(s5)
  USMCHECK_SYCL_VEC_ELEMENT(s6)
  USMCHECK_SYCL_VEC_ELEMENT(s7)
  USMCHECK_SYCL_VEC_ELEMENT(s8)
  USMCHECK_SYCL_VEC_ELEMENT(s9)
  USMCHECK_SYCL_VEC_ELEMENT(sA)
  USMCHECK_SYCL_VEC_ELEMENT(sB)
  USMCHECK_SYCL_VEC_ELEMENT(sC)
  USMCHECK_SYCL_VEC_ELEMENT(sD)
  USMCHECK_SYCL_VEC_ELEMENT(sE)
  USMCHECK_SYCL_VEC_ELEMENT(sF)
#undef USMCHECK_SYCL_VEC_ELEMENT

#ifdef SYCL_SIMPLE_SWIZZLES
  // The most common simple swizzles (the specification has every
  // combination of up to four of x, y, z, w or r, g, b, a).
  vec<DataT, 2> xy() const;
  vec<DataT, 2> yx() const;
  vec<DataT, 2> zw() const;
  vec<DataT, 3> xyz() const;
  vec<DataT, 4> xyzw() const;
  vec<DataT, 3> rgb() const;
  vec<DataT, 4> rgba() const;
#endif

  vec<DataT, HalfElements> lo() const;
  vec<DataT, HalfElements> hi() const;
  vec<DataT, HalfElements> odd() const;
  vec<DataT, HalfElements> even() const;

  /// load/store from a multi_ptr (or raw pointer) plus an element offset
  /// counted in vecs.
  template <typename Ptr> void load(std::size_t offset, Ptr ptr);
  template <typename Ptr> void store(std::size_t offset, Ptr ptr) const;

  /// Comparisons give a vec of signed integers of the element's size.
  using rel_vec = vec<detail::rel_t<DataT>, NumElements>;
  USMCHECK_SYCL_ELEMENTWISE_OPERATORS(vec, DataT, rel_vec)
};
// vec(1.0f, 2.0f) deduces vec<float, 2> (SYCL 2020 deduction guide).
template <class T, class... U,
          class = std::enable_if_t<(std::is_same_v<T, U> && ...)>>
vec(T, U...) -> vec<T, sizeof...(U) + 1>;

// --- marray ------------------------------------------------------------------
template <typename DataT, std::size_t NumElements> class marray {
  DataT elements[NumElements] = {};

public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;
  using iterator = DataT *;
  using const_iterator = const DataT *;

  constexpr marray() = default;
  constexpr marray(const marray &rhs) = default;
  constexpr marray &operator=(const marray &rhs) = default;
  template <typename T,
            typename = std::enable_if_t<std::is_convertible_v<T, DataT> &&
                                        detail::element_count<T>::value == 1>>
  explicit constexpr marray(const T &arg) {}
  template <typename... ArgTN,
            typename = std::enable_if_t<(sizeof...(ArgTN) > 1) &&
                                        ((detail::element_count<ArgTN>::value +
                                          ...) == NumElements)>>
  constexpr marray(const ArgTN &...args) {}
  marray &operator=(const DataT &rhs);

  static constexpr std::size_t size() noexcept { return NumElements; }
  reference operator[](std::size_t index);
  const_reference operator[](std::size_t index) const;
  iterator begin();
  const_iterator begin() const;
  iterator end();
  const_iterator end() const;

  using bool_marray = marray<bool, NumElements>;
  USMCHECK_SYCL_ELEMENTWISE_OPERATORS(marray, DataT, bool_marray)
};
template <class T, class... U,
          class = std::enable_if_t<(std::is_same_v<T, U> && ...)>>
marray(T, U...) -> marray<T, sizeof...(U) + 1>;

#undef USMCHECK_SYCL_ELEMENTWISE_OPERATORS
#undef USMCHECK_SYCL_ELEMENTWISE_COMPOUND
#undef USMCHECK_SYCL_ELEMENTWISE_BINARY

// --- aliases: int4, float2, mfloat3, ... (SYCL 2020 4.14.2.1, 4.14.3.1) ------
#define USMCHECK_SYCL_VEC_ALIASES(name, type)                                  \
  using name##2 = vec<type, 2>;                                                \
  using name##3 = vec<type, 3>;                                                \
  using name##4 = vec<type, 4>;                                                \
  using name##8 = vec<type, 8>;                                                \
  using name##16 = vec<type, 16>;                                              \
  using m##name##2 = marray<type, 2>;                                          \
  using m##name##3 = marray<type, 3>;                                          \
  using m##name##4 = marray<type, 4>;                                          \
  using m##name##8 = marray<type, 8>;                                          \
  using m##name##16 = marray<type, 16>;
USMCHECK_SYCL_VEC_ALIASES(char, std::int8_t)
USMCHECK_SYCL_VEC_ALIASES(schar, signed char)
USMCHECK_SYCL_VEC_ALIASES(uchar, std::uint8_t)
USMCHECK_SYCL_VEC_ALIASES(short, std::int16_t)
USMCHECK_SYCL_VEC_ALIASES(ushort, std::uint16_t)
USMCHECK_SYCL_VEC_ALIASES(int, std::int32_t)
USMCHECK_SYCL_VEC_ALIASES(uint, std::uint32_t)
USMCHECK_SYCL_VEC_ALIASES(long, std::int64_t)
USMCHECK_SYCL_VEC_ALIASES(ulong, std::uint64_t)
USMCHECK_SYCL_VEC_ALIASES(longlong, long long)
USMCHECK_SYCL_VEC_ALIASES(ulonglong, unsigned long long)
USMCHECK_SYCL_VEC_ALIASES(half, half)
USMCHECK_SYCL_VEC_ALIASES(float, float)
USMCHECK_SYCL_VEC_ALIASES(double, double)
#undef USMCHECK_SYCL_VEC_ALIASES
#define USMCHECK_SYCL_CL_VEC_ALIASES(name)                                     \
  using name##2 = vec<name, 2>;                                                \
  using name##3 = vec<name, 3>;                                                \
  using name##4 = vec<name, 4>;                                                \
  using name##8 = vec<name, 8>;                                                \
  using name##16 = vec<name, 16>;
USMCHECK_SYCL_CL_VEC_ALIASES(cl_char)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_uchar)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_short)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_ushort)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_int)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_uint)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_long)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_ulong)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_half)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_float)
USMCHECK_SYCL_CL_VEC_ALIASES(cl_double)
#undef USMCHECK_SYCL_CL_VEC_ALIASES
using mbool2 = marray<bool, 2>;
using mbool3 = marray<bool, 3>;
using mbool4 = marray<bool, 4>;
using mbool8 = marray<bool, 8>;
using mbool16 = marray<bool, 16>;

/// bit_cast (SYCL 2020 4.17.1), usable in constant expressions like std's.
template <typename To, typename From>
constexpr std::enable_if_t<sizeof(To) == sizeof(From) &&
                               std::is_trivially_copyable_v<From> &&
                               std::is_trivially_copyable_v<To>,
                           To>
bit_cast(const From &from) noexcept {
  return __builtin_bit_cast(To, from);
}

#endif // USMCHECK_SYCL_TYPES_HPP
