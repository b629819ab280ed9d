//===- sycl/usmcheck/math.hpp - SYCL 2020 built-in functions --------------===//
//
// Part of usmcheck's analysis headers (see docs/headers.md); included by
// <sycl/sycl.hpp> inside namespace sycl::_V1, never on its own. Names and
// parameter lists follow the SYCL 2020 specification, 4.17 "SYCL built-in
// functions for SYCL host and device"; nothing here is taken from an
// implementation.
//
// Every function is a template over the specification's "gen" types
// (arithmetic scalars, half, vec, marray), declared and never defined: an
// analysis needs the call and its type, not the value. Mixed scalar
// arguments take the type of their sum (min(size_t, int) is size_t); a
// vec or marray argument makes the result that vec or marray.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_SYCL_MATH_HPP
#define USMCHECK_SYCL_MATH_HPP

namespace detail {
template <typename T>
inline constexpr bool is_gen_scalar =
    std::is_arithmetic_v<T> || std::is_same_v<T, half>;
template <typename T>
inline constexpr bool is_gen =
    is_gen_scalar<T> || is_vec<T>::value || is_marray<T>::value;

template <typename T, typename U, typename = void> struct math_pair {};
template <typename T> struct math_pair<T, T> {
  using type = T;
};
template <typename T, typename U>
struct math_pair<T, U,
                 std::enable_if_t<!std::is_same_v<T, U> && is_gen_scalar<T> &&
                                  is_gen_scalar<U>>> {
  using type = decltype(std::declval<T>() + std::declval<U>());
};
// A vec/marray operand decides the result; its partner may be a scalar or
// another vec (e.g. pown(float4, int4)).
template <typename T, typename U>
struct math_pair<
    T, U,
    std::enable_if_t<!std::is_same_v<T, U> &&
                     (is_vec<T>::value || is_marray<T>::value) && is_gen<U>>> {
  using type = T;
};
template <typename T, typename U>
struct math_pair<T, U,
                 std::enable_if_t<!std::is_same_v<T, U> && is_gen_scalar<T> &&
                                  (is_vec<U>::value || is_marray<U>::value)>> {
  using type = U;
};

template <typename... Ts> struct math_result {};
template <typename T> struct math_result<T> : std::enable_if<is_gen<T>, T> {};
template <typename T, typename U, typename... Rest>
struct math_result<T, U, Rest...>
    : math_result<typename math_pair<T, U>::type, Rest...> {};

/// The result type of a built-in over Ts (SFINAE-friendly: no type when an
/// argument is not a gen type).
template <typename... Ts>
using math_t = typename math_result<std::decay_t<Ts>...>::type;

/// The element type of a gen type (geometric functions return it).
template <typename T> struct element_of {
  using type = T;
};
template <typename T, int N> struct element_of<vec<T, N>> {
  using type = T;
};
template <typename T, std::size_t N> struct element_of<marray<T, N>> {
  using type = T;
};
template <typename T> using element_t = typename element_of<math_t<T>>::type;

/// The result of relational functions: bool for scalars and marrays of
/// bool, vec<signed integer> for vecs.
template <typename T> struct relational_of {
  using type = bool;
};
template <typename T, int N> struct relational_of<vec<T, N>> {
  using type = vec<rel_t<T>, N>;
};
template <typename T, std::size_t N> struct relational_of<marray<T, N>> {
  using type = marray<bool, N>;
};
template <typename T>
using relational_t = typename relational_of<math_t<T>>::type;

/// The integer type of ilogb and of frexp's exponent.
template <typename T> struct int_of {
  using type = int;
};
template <typename T, int N> struct int_of<vec<T, N>> {
  using type = vec<std::int32_t, N>;
};
template <typename T, std::size_t N> struct int_of<marray<T, N>> {
  using type = marray<int, N>;
};
template <typename T> using int_t = typename int_of<math_t<T>>::type;

/// upsample(hi, lo): the integer of twice the width.
template <typename T>
using upsample_t = std::conditional_t<
    sizeof(T) == 1,
    std::conditional_t<std::is_signed_v<T>, std::int16_t, std::uint16_t>,
    std::conditional_t<
        sizeof(T) == 2,
        std::conditional_t<std::is_signed_v<T>, std::int32_t, std::uint32_t>,
        std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>>>;

/// Floating-point functions (the specification's genfloat: float, double,
/// half and their vecs/marrays): integers do not match, so that pow(i, j)
/// on ints still means the standard library's under `using namespace sycl`.
template <typename T>
inline constexpr bool is_genfloat_element =
    std::is_floating_point_v<T> || std::is_same_v<T, half>;
template <typename R>
using if_genfloat_t =
    std::enable_if_t<is_genfloat_element<typename element_of<R>::type>, R>;
template <typename... Ts> using genfloat_t = if_genfloat_t<math_t<Ts...>>;
} // namespace detail

#define USMCHECK_SYCL_MATH1(name)                                              \
  template <typename T> detail::genfloat_t<T> name(T x);
#define USMCHECK_SYCL_MATH2(name)                                              \
  template <typename T1, typename T2>                                          \
  detail::genfloat_t<T1, T2> name(T1 x, T2 y);
#define USMCHECK_SYCL_MATH3(name)                                              \
  template <typename T1, typename T2, typename T3>                             \
  detail::genfloat_t<T1, T2, T3> name(T1 x, T2 y, T3 z);
/// Functions over integers too (integer functions, min, max, clamp).
#define USMCHECK_SYCL_GEN1(name)                                               \
  template <typename T> detail::math_t<T> name(T x);
#define USMCHECK_SYCL_GEN2(name)                                               \
  template <typename T1, typename T2> detail::math_t<T1, T2> name(T1 x, T2 y);
#define USMCHECK_SYCL_GEN3(name)                                               \
  template <typename T1, typename T2, typename T3>                             \
  detail::math_t<T1, T2, T3> name(T1 x, T2 y, T3 z);
/// f(x, ptr): the result has x's type; ptr receives a second result.
#define USMCHECK_SYCL_MATH_PTR(name)                                           \
  template <typename T, typename Ptr> detail::genfloat_t<T> name(T x, Ptr ptr);

// Math functions (4.17.5).
USMCHECK_SYCL_MATH1(acos)
USMCHECK_SYCL_MATH1(acosh)
USMCHECK_SYCL_MATH1(acospi)
USMCHECK_SYCL_MATH1(asin)
USMCHECK_SYCL_MATH1(asinh)
USMCHECK_SYCL_MATH1(asinpi)
USMCHECK_SYCL_MATH1(atan)
USMCHECK_SYCL_MATH2(atan2)
USMCHECK_SYCL_MATH1(atanh)
USMCHECK_SYCL_MATH1(atanpi)
USMCHECK_SYCL_MATH2(atan2pi)
USMCHECK_SYCL_MATH1(cbrt)
USMCHECK_SYCL_MATH1(ceil)
USMCHECK_SYCL_MATH2(copysign)
USMCHECK_SYCL_MATH1(cos)
USMCHECK_SYCL_MATH1(cosh)
USMCHECK_SYCL_MATH1(cospi)
USMCHECK_SYCL_MATH1(erfc)
USMCHECK_SYCL_MATH1(erf)
USMCHECK_SYCL_MATH1(exp)
USMCHECK_SYCL_MATH1(exp2)
USMCHECK_SYCL_MATH1(exp10)
USMCHECK_SYCL_MATH1(expm1)
USMCHECK_SYCL_MATH1(fabs)
USMCHECK_SYCL_MATH2(fdim)
USMCHECK_SYCL_MATH1(floor)
USMCHECK_SYCL_MATH3(fma)
USMCHECK_SYCL_MATH2(fmax)
USMCHECK_SYCL_MATH2(fmin)
USMCHECK_SYCL_MATH2(fmod)
USMCHECK_SYCL_MATH_PTR(fract)
USMCHECK_SYCL_MATH_PTR(frexp)
USMCHECK_SYCL_MATH2(hypot)
template <typename T> detail::int_t<detail::genfloat_t<T>> ilogb(T x);
USMCHECK_SYCL_MATH2(ldexp)
USMCHECK_SYCL_MATH1(lgamma)
USMCHECK_SYCL_MATH_PTR(lgamma_r)
USMCHECK_SYCL_MATH1(log)
USMCHECK_SYCL_MATH1(log2)
USMCHECK_SYCL_MATH1(log10)
USMCHECK_SYCL_MATH1(log1p)
USMCHECK_SYCL_MATH1(logb)
USMCHECK_SYCL_MATH3(mad)
USMCHECK_SYCL_MATH2(maxmag)
USMCHECK_SYCL_MATH2(minmag)
USMCHECK_SYCL_MATH_PTR(modf)
float nan(std::uint32_t nancode);
double nan(std::uint64_t nancode);
USMCHECK_SYCL_MATH2(nextafter)
USMCHECK_SYCL_MATH2(pow)
USMCHECK_SYCL_MATH2(pown)
USMCHECK_SYCL_MATH2(powr)
USMCHECK_SYCL_MATH2(remainder)
template <typename T1, typename T2, typename Ptr>
detail::genfloat_t<T1, T2> remquo(T1 x, T2 y, Ptr quo);
USMCHECK_SYCL_MATH1(rint)
USMCHECK_SYCL_MATH2(rootn)
USMCHECK_SYCL_MATH1(round)
USMCHECK_SYCL_MATH1(rsqrt)
USMCHECK_SYCL_MATH1(sin)
USMCHECK_SYCL_MATH_PTR(sincos)
USMCHECK_SYCL_MATH1(sinh)
USMCHECK_SYCL_MATH1(sinpi)
USMCHECK_SYCL_MATH1(sqrt)
USMCHECK_SYCL_MATH1(tan)
USMCHECK_SYCL_MATH1(tanh)
USMCHECK_SYCL_MATH1(tanpi)
USMCHECK_SYCL_MATH1(tgamma)
USMCHECK_SYCL_MATH1(trunc)

// Faster, less precise variants (4.17.5).
namespace native {
USMCHECK_SYCL_MATH1(cos)
USMCHECK_SYCL_MATH2(divide)
USMCHECK_SYCL_MATH1(exp)
USMCHECK_SYCL_MATH1(exp2)
USMCHECK_SYCL_MATH1(exp10)
USMCHECK_SYCL_MATH1(log)
USMCHECK_SYCL_MATH1(log2)
USMCHECK_SYCL_MATH1(log10)
USMCHECK_SYCL_MATH2(powr)
USMCHECK_SYCL_MATH1(recip)
USMCHECK_SYCL_MATH1(rsqrt)
USMCHECK_SYCL_MATH1(sin)
USMCHECK_SYCL_MATH1(sqrt)
USMCHECK_SYCL_MATH1(tan)
} // namespace native
namespace half_precision {
USMCHECK_SYCL_MATH1(cos)
USMCHECK_SYCL_MATH2(divide)
USMCHECK_SYCL_MATH1(exp)
USMCHECK_SYCL_MATH1(exp2)
USMCHECK_SYCL_MATH1(exp10)
USMCHECK_SYCL_MATH1(log)
USMCHECK_SYCL_MATH1(log2)
USMCHECK_SYCL_MATH1(log10)
USMCHECK_SYCL_MATH2(powr)
USMCHECK_SYCL_MATH1(recip)
USMCHECK_SYCL_MATH1(rsqrt)
USMCHECK_SYCL_MATH1(sin)
USMCHECK_SYCL_MATH1(sqrt)
USMCHECK_SYCL_MATH1(tan)
} // namespace half_precision

// Integer functions (4.17.6).
USMCHECK_SYCL_GEN1(abs)
USMCHECK_SYCL_GEN2(abs_diff)
USMCHECK_SYCL_GEN2(add_sat)
USMCHECK_SYCL_GEN2(hadd)
USMCHECK_SYCL_GEN2(rhadd)
USMCHECK_SYCL_GEN1(clz)
USMCHECK_SYCL_GEN1(ctz)
USMCHECK_SYCL_GEN3(mad_hi)
USMCHECK_SYCL_GEN3(mad_sat)
USMCHECK_SYCL_GEN2(mul_hi)
USMCHECK_SYCL_GEN2(rotate)
USMCHECK_SYCL_GEN2(sub_sat)
template <typename T1, typename T2>
detail::upsample_t<detail::math_t<T1>> upsample(T1 hi, T2 lo);
USMCHECK_SYCL_GEN1(popcount)
USMCHECK_SYCL_GEN3(mad24)
USMCHECK_SYCL_GEN2(mul24)

// Common functions (4.17.7); min and max also take integers.
USMCHECK_SYCL_GEN3(clamp)
USMCHECK_SYCL_MATH1(degrees)
USMCHECK_SYCL_GEN2(max)
USMCHECK_SYCL_GEN2(min)
USMCHECK_SYCL_MATH3(mix)
USMCHECK_SYCL_MATH1(radians)
USMCHECK_SYCL_MATH2(step)
USMCHECK_SYCL_MATH3(smoothstep)
USMCHECK_SYCL_MATH1(sign)

// Geometric functions (4.17.8).
USMCHECK_SYCL_MATH2(cross)
template <typename T1, typename T2>
detail::element_t<detail::genfloat_t<T1, T2>> dot(T1 p0, T2 p1);
template <typename T1, typename T2>
detail::element_t<detail::genfloat_t<T1, T2>> distance(T1 p0, T2 p1);
template <typename T> detail::element_t<detail::genfloat_t<T>> length(T p);
USMCHECK_SYCL_MATH1(normalize)
template <typename T1, typename T2>
detail::element_t<detail::genfloat_t<T1, T2>> fast_distance(T1 p0, T2 p1);
template <typename T> detail::element_t<detail::genfloat_t<T>> fast_length(T p);
USMCHECK_SYCL_MATH1(fast_normalize)

// Relational functions (4.17.9).
#define USMCHECK_SYCL_RELATIONAL1(name)                                        \
  template <typename T> detail::relational_t<detail::genfloat_t<T>> name(T x);
#define USMCHECK_SYCL_RELATIONAL2(name)                                        \
  template <typename T1, typename T2>                                          \
  detail::relational_t<detail::genfloat_t<T1, T2>> name(T1 x, T2 y);
USMCHECK_SYCL_RELATIONAL2(isequal)
USMCHECK_SYCL_RELATIONAL2(isnotequal)
USMCHECK_SYCL_RELATIONAL2(isgreater)
USMCHECK_SYCL_RELATIONAL2(isgreaterequal)
USMCHECK_SYCL_RELATIONAL2(isless)
USMCHECK_SYCL_RELATIONAL2(islessequal)
USMCHECK_SYCL_RELATIONAL2(islessgreater)
USMCHECK_SYCL_RELATIONAL1(isfinite)
USMCHECK_SYCL_RELATIONAL1(isinf)
USMCHECK_SYCL_RELATIONAL1(isnan)
USMCHECK_SYCL_RELATIONAL1(isnormal)
USMCHECK_SYCL_RELATIONAL2(isordered)
USMCHECK_SYCL_RELATIONAL2(isunordered)
USMCHECK_SYCL_RELATIONAL1(signbit)
template <typename T> bool any(T x);
template <typename T> bool all(T x);
USMCHECK_SYCL_GEN3(bitselect)
template <typename T1, typename T2, typename T3>
detail::math_t<T1, T2> select(T1 a, T2 b, T3 c);
#undef USMCHECK_SYCL_RELATIONAL1
#undef USMCHECK_SYCL_RELATIONAL2

#undef USMCHECK_SYCL_MATH1
#undef USMCHECK_SYCL_MATH2
#undef USMCHECK_SYCL_MATH3
#undef USMCHECK_SYCL_MATH_PTR
#undef USMCHECK_SYCL_GEN1
#undef USMCHECK_SYCL_GEN2
#undef USMCHECK_SYCL_GEN3

#endif // USMCHECK_SYCL_MATH_HPP
