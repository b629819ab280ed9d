/*===- vector_types.h - CUDA/HIP built-in vector types for analysis -------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). CUDA and HIP
 * share the built-in vector types (char1 ... double4, with the unsigned
 * `u` spellings and long long as `longlong`) and their make_<type>()
 * constructors; the CUDA names vector_types.h / vector_functions.h and
 * hip_runtime.h include this file. Written from the CUDA C++ Programming
 * Guide ("Built-in Vector Types"): names, members and alignments only.
 *
 * The types are plain aggregates with members x, y, z, w, valid in C and
 * C++. HIP's real types also carry arithmetic operators; programs that rely
 * on those need the real headers.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_INTERNAL_VECTOR_TYPES_H
#define USMCHECK_INTERNAL_VECTOR_TYPES_H

#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif
#ifndef __builtin_align__
#define __builtin_align__(n) __attribute__((aligned(n)))
#endif
#ifndef __device_builtin__
#define __device_builtin__
#endif

#if defined(__CUDA__) || defined(__HIP__)
#define USMCHECK_VEC_FN                                                        \
  static __inline__ __attribute__((host)) __attribute__((device))
#else
#define USMCHECK_VEC_FN static __inline__
#endif

/* One family: N1..N4 of element type T; A2 and A4 are the alignments of the
 * two- and four-element types (the one- and three-element types have the
 * element's alignment). */
#define USMCHECK_VECTOR_FAMILY(N, T, A2, A4)                                   \
  typedef struct N##1 { T x; }                                                 \
  N##1;                                                                        \
  typedef struct __align__(A2) N##2 { T x, y; }                                \
  N##2;                                                                        \
  typedef struct N##3 { T x, y, z; }                                           \
  N##3;                                                                        \
  typedef struct __align__(A4) N##4 { T x, y, z, w; }                          \
  N##4;                                                                        \
  USMCHECK_VEC_FN N##1 make_##N##1(T x) {                                      \
    N##1 r;                                                                    \
    r.x = x;                                                                   \
    return r;                                                                  \
  }                                                                            \
  USMCHECK_VEC_FN N##2 make_##N##2(T x, T y) {                                 \
    N##2 r;                                                                    \
    r.x = x;                                                                   \
    r.y = y;                                                                   \
    return r;                                                                  \
  }                                                                            \
  USMCHECK_VEC_FN N##3 make_##N##3(T x, T y, T z) {                            \
    N##3 r;                                                                    \
    r.x = x;                                                                   \
    r.y = y;                                                                   \
    r.z = z;                                                                   \
    return r;                                                                  \
  }                                                                            \
  USMCHECK_VEC_FN N##4 make_##N##4(T x, T y, T z, T w) {                       \
    N##4 r;                                                                    \
    r.x = x;                                                                   \
    r.y = y;                                                                   \
    r.z = z;                                                                   \
    r.w = w;                                                                   \
    return r;                                                                  \
  }

USMCHECK_VECTOR_FAMILY(char, signed char, 2, 4)
USMCHECK_VECTOR_FAMILY(uchar, unsigned char, 2, 4)
USMCHECK_VECTOR_FAMILY(short, short, 4, 8)
USMCHECK_VECTOR_FAMILY(ushort, unsigned short, 4, 8)
USMCHECK_VECTOR_FAMILY(int, int, 8, 16)
USMCHECK_VECTOR_FAMILY(uint, unsigned int, 8, 16)
USMCHECK_VECTOR_FAMILY(long, long, 2 * sizeof(long), 4 * sizeof(long))
USMCHECK_VECTOR_FAMILY(ulong, unsigned long, 2 * sizeof(unsigned long),
                       4 * sizeof(unsigned long))
USMCHECK_VECTOR_FAMILY(longlong, long long, 16, 16)
USMCHECK_VECTOR_FAMILY(ulonglong, unsigned long long, 16, 16)
USMCHECK_VECTOR_FAMILY(float, float, 8, 16)
USMCHECK_VECTOR_FAMILY(double, double, 16, 16)

#undef USMCHECK_VECTOR_FAMILY
#undef USMCHECK_VEC_FN

#if defined(__HIP__) && defined(__cplusplus)
/* HIP's vector types also have component-wise arithmetic, bitwise and
 * comparison operators, with another vector or with a scalar on either side
 * (HIP Programming Guide, "Vector types"); HIP code relies on them, e.g.
 * `a + make_float4(...)`. They are declared here as templates over the
 * vector types, so that a program's own non-template operators (as CUDA
 * code often defines in helper headers) still win overload resolution. */
template <class V> struct __usmcheck_vec {};
#define USMCHECK_VEC_TRAIT(N, T)                                               \
  template <> struct __usmcheck_vec<N##1> {                                    \
    typedef N##1 type;                                                         \
    typedef T elem;                                                            \
  };                                                                           \
  template <> struct __usmcheck_vec<N##2> {                                    \
    typedef N##2 type;                                                         \
    typedef T elem;                                                            \
  };                                                                           \
  template <> struct __usmcheck_vec<N##3> {                                    \
    typedef N##3 type;                                                         \
    typedef T elem;                                                            \
  };                                                                           \
  template <> struct __usmcheck_vec<N##4> {                                    \
    typedef N##4 type;                                                         \
    typedef T elem;                                                            \
  };
USMCHECK_VEC_TRAIT(char, signed char)
USMCHECK_VEC_TRAIT(uchar, unsigned char)
USMCHECK_VEC_TRAIT(short, short)
USMCHECK_VEC_TRAIT(ushort, unsigned short)
USMCHECK_VEC_TRAIT(int, int)
USMCHECK_VEC_TRAIT(uint, unsigned int)
USMCHECK_VEC_TRAIT(long, long)
USMCHECK_VEC_TRAIT(ulong, unsigned long)
USMCHECK_VEC_TRAIT(longlong, long long)
USMCHECK_VEC_TRAIT(ulonglong, unsigned long long)
USMCHECK_VEC_TRAIT(float, float)
USMCHECK_VEC_TRAIT(double, double)
#undef USMCHECK_VEC_TRAIT

#define USMCHECK_VEC_HD __attribute__((host)) __attribute__((device))
#define USMCHECK_VEC_BINOP(OP)                                                 \
  template <class V>                                                           \
  USMCHECK_VEC_HD typename __usmcheck_vec<V>::type operator OP(const V &a,     \
                                                               const V &b);    \
  template <class V>                                                           \
  USMCHECK_VEC_HD typename __usmcheck_vec<V>::type operator OP(                \
      const V &a, typename __usmcheck_vec<V>::elem b);                         \
  template <class V>                                                           \
  USMCHECK_VEC_HD typename __usmcheck_vec<V>::type operator OP(                \
      typename __usmcheck_vec<V>::elem a, const V &b);                         \
  template <class V>                                                           \
  USMCHECK_VEC_HD                                                              \
      typename __usmcheck_vec<V>::type &operator OP##=(V & a, const V & b);    \
  template <class V>                                                           \
  USMCHECK_VEC_HD typename __usmcheck_vec<V>::type &operator OP##=(            \
      V & a, typename __usmcheck_vec<V>::elem b);
USMCHECK_VEC_BINOP(+)
USMCHECK_VEC_BINOP(-)
USMCHECK_VEC_BINOP(*)
USMCHECK_VEC_BINOP(/)
USMCHECK_VEC_BINOP(%)
USMCHECK_VEC_BINOP(&)
USMCHECK_VEC_BINOP(|)
USMCHECK_VEC_BINOP(^)
USMCHECK_VEC_BINOP(<<)
USMCHECK_VEC_BINOP(>>)
#undef USMCHECK_VEC_BINOP
template <class V>
USMCHECK_VEC_HD typename __usmcheck_vec<V>::type operator-(const V &a);
template <class V>
USMCHECK_VEC_HD typename __usmcheck_vec<V>::type operator~(const V &a);
template <class V>
USMCHECK_VEC_HD typename __usmcheck_vec<V>::type &operator++(V &a);
template <class V>
USMCHECK_VEC_HD typename __usmcheck_vec<V>::type &operator--(V &a);
template <class V>
USMCHECK_VEC_HD bool operator==(const V &a,
                                const typename __usmcheck_vec<V>::type &b);
template <class V>
USMCHECK_VEC_HD bool operator!=(const V &a,
                                const typename __usmcheck_vec<V>::type &b);
#undef USMCHECK_VEC_HD
#endif /* __HIP__ && __cplusplus */

#endif /* USMCHECK_INTERNAL_VECTOR_TYPES_H */
