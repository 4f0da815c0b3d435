// Element-wise microkernels, written once over the SIMD wrapper (simd.h) and instantiated for
// 128-bit vectors and for scalars (the fallback and the tests' reference). Private to the
// kernel layer.
//
// Lane functions take a vector V (or a scalar) and the integer type I of the same lane width
// and count, for bit manipulation:
//   abs_signed: |x| computed in the unsigned twin (the most negative value stays itself);
//   exp_f32 / log_f32: float polynomials within 2 ulp, IEEE special values;
//   vsqrt: the IEEE square root (one instruction per vector).
// Binary lane ops (AddLanes, SubLanes, MulLanes, DivLanes) and the rows they run in follow.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "simd/exp.h"
#include "simd/simd.h"
#if !defined(__wasm_simd128__) && defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace orw::kernels::ew {

template <class To, class From>
ORW_INLINE To bit_cast(From v) {
  static_assert(sizeof(To) == sizeof(From), "bit_cast: sizes differ");
  To t;
  std::memcpy(&t, &v, sizeof t);
  return t;
}

// The lane type of V (V itself for scalars).
template <class V, bool = std::is_arithmetic_v<V>>
struct LaneT {
  using type = V;
};
template <class V>
struct LaneT<V, false> {
  using type = simd::LaneOf<V>;
};

// The signed integer type with V's lane width and count.
template <class V, bool = std::is_arithmetic_v<V>>
struct IntOfT {
  using type = std::conditional_t<sizeof(V) == 4, int32_t, int64_t>;
};
template <class V>
struct IntOfT<V, false> {
  using Lane = simd::LaneOf<V>;
  typedef std::conditional_t<sizeof(Lane) == 4, int32_t, int64_t> type __attribute__((vector_size(sizeof(V))));
};
template <class V>
using IntOf = typename IntOfT<V>::type;

// v << 23 computed on the unsigned lanes (a negative value's shift is UB in C++ < 20; the
// garbage exponent of a NaN input can be negative).
template <class I>
ORW_INLINE I shl23(I v) {
  if constexpr (std::is_arithmetic_v<I>) {
    return static_cast<I>(static_cast<std::make_unsigned_t<I>>(v) << 23);
  } else {
    typedef std::make_unsigned_t<simd::LaneOf<I>> U __attribute__((vector_size(sizeof(I))));
    return (I)((U)v << 23);
  }
}

// Integer lanes -> float lanes (value conversion).
template <class V, class I>
ORW_INLINE V to_float(I i) {
  if constexpr (std::is_arithmetic_v<V>) return static_cast<V>(i);
  else return __builtin_convertvector(i, V);
}

// |x| of signed integer lanes, wrapping: (x ^ s) - s with s = x >> (bits - 1), in unsigned.
template <class V>
ORW_INLINE V abs_signed(V x) {
  using Lane = typename LaneT<V>::type;
  using U = std::make_unsigned_t<Lane>;
  if constexpr (std::is_arithmetic_v<V>) {
    const U s = static_cast<U>(x < 0 ? ~U{0} : U{0});
    return static_cast<V>((static_cast<U>(x) ^ s) - s);
  } else {
    typedef U UV __attribute__((vector_size(sizeof(V))));
    const UV s = (UV)(x >> static_cast<Lane>(sizeof(Lane) * 8 - 1));
    return (V)(((UV)x ^ s) - s);
  }
}

// e^x for float lanes. x = n ln2 + r, |r| <= ln2/2 (reduce_by_ln2, shared with exp_approx), e^r by its Taylor series to r^7 (truncation < 1e-8 relative), then scaled by 2^n as
// two factors 2^(n/2) so that overflow (inf) and gradual underflow (subnormals) round once,
// as the true result would. x is clamped to [-104, 89] first, outside which the result is 0
// or inf anyway; a NaN passes the clamps (its compares are false) and comes back quieted, its
// payload kept (chosen, not left to the arithmetic: its garbage scale factors may be NaNs too,
// and which NaN a product returns then depends on the engine's operand order).
template <class V, class I>
ORW_INLINE V exp_f32(V x) {
  x = simd::at_least(simd::at_most(x, V{} + 89.0f), V{} - 104.0f);
  I ni;  // n as an integer, in [-150, 129]
  const V r = reduce_by_ln2(x, ni);
  V p = V{} + (1.0f / 5040.0f);
  p = p * r + (1.0f / 720.0f);
  p = p * r + (1.0f / 120.0f);
  p = p * r + (1.0f / 24.0f);
  p = p * r + (1.0f / 6.0f);
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  const I n1 = ni >> 1, n2 = ni - n1;
  const V s1 = bit_cast<V>(shl23(n1 + 127)), s2 = bit_cast<V>(shl23(n2 + 127));
  const V e = (p * s1) * s2;
  return x != x ? x + x : e;
}

// log(x) for float lanes. x = m 2^e with m in [sqrt(1/2), sqrt(2)) (subnormals scaled by 2^23
// first); with f = m - 1 and s = f / (2 + f), log(m) = 2 atanh(s) = f - f^2/2 + s (f^2/2 + R),
// R = sum_k 2 s^2k / (2k + 1) for k = 1..4 (|s| < 0.172: truncation < 1e-9); then e ln2 added
// in two parts. Special values: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf, NaN stays.
template <class V, class I>
ORW_INLINE V log_f32(V x) {
  const auto sub = x < 1.17549435e-38f;  // subnormal (or zero / negative: overridden below)
  const V xs = sub ? x * 8388608.0f : x;
  const I u = bit_cast<I>(xs);
  I e = ((u >> 23) & 0xFF) - 127;
  e = sub ? e - 23 : e;
  V m = bit_cast<V>((u & 0x7FFFFF) | 0x3F800000);  // [1, 2)
  const auto big = m > 1.41421356f;
  m = big ? m * 0.5f : m;
  e = big ? e + 1 : e;
  const V f = m - 1.0f;
  const V s = f / (f + 2.0f);
  const V z = s * s;
  const V poly = z * ((2.0f / 3.0f) + z * ((2.0f / 5.0f) + z * ((2.0f / 7.0f) + z * (2.0f / 9.0f))));
  const V hfsq = 0.5f * f * f;
  const V ef = to_float<V>(e);
  V y = ef * 0.693145751953125f - ((hfsq - (s * (hfsq + poly) + ef * 1.42860682030941723212e-6f)) - f);
  const V inf = V{} + __builtin_inff();
  y = x == 0.0f ? -inf : y;
  y = x < 0.0f ? V{} + __builtin_nanf("") : y;
  y = x == inf ? inf : y;
  return x != x ? x : y;
}

// The IEEE square root of float or double lanes.
template <class V>
ORW_INLINE V vsqrt(V x) {
  if constexpr (std::is_arithmetic_v<V>) {
    return std::sqrt(x);
  } else {
    using Lane = simd::LaneOf<V>;
#if defined(__wasm_simd128__)
    if constexpr (sizeof(Lane) == 4) return (V)wasm_f32x4_sqrt((v128_t)x);
    else return (V)wasm_f64x2_sqrt((v128_t)x);
#elif defined(__SSE2__)
    if constexpr (sizeof(Lane) == 4) return (V)_mm_sqrt_ps((__m128)x);
    else return (V)_mm_sqrt_pd((__m128d)x);
#else
    for (size_t i = 0; i < sizeof(V) / sizeof(Lane); ++i) x[i] = std::sqrt(x[i]);
    return x;
#endif
  }
}

// out[i] = f(x[i]) over n elements: whole vectors, then the last partial vector through a
// zero-padded buffer (so f only ever sees whole vectors). One vector per step: the bodies of
// exp and log are long enough to fill the pipeline, and unrolling would multiply their size
// in the download.
// f is inlined (ORW_INLINE_LAMBDA at the call sites) at its one place in the loop.
template <class S, class F>
inline void map_unary(const typename S::Lane* x, typename S::Lane* out, size_t n, F f) {
  using T = typename S::Lane;
  constexpr size_t N = S::kLanes;
  T buf[N] = {};
  for (size_t i = 0; i < n; i += N) {
    const bool whole = i + N <= n;
    if (!whole) std::memcpy(buf, x + i, (n - i) * sizeof(T));
    const auto y = f(S::load(whole ? x + i : buf));
    if (whole) {
      S::store(out + i, y);
    } else {
      S::store(buf, y);
      std::memcpy(out + i, buf, (n - i) * sizeof(T));
    }
  }
}

// The lane operations of the binary kernels, for vectors and scalars alike. 8- and 16-bit
// integer scalars compute in unsigned int (C++ promotes them to int, where a uint16 product
// overflows) and are truncated back to their width: integers wrap. Integers reach Add, Sub
// and Mul as their unsigned twins (storage.h's Wrapping), so no operation is signed overflow.
template <class V>
ORW_INLINE auto promoted(V x) {
  if constexpr (std::is_integral_v<V> && sizeof(V) < sizeof(unsigned)) return static_cast<unsigned>(x);
  else return x;
}
struct AddLanes {
  template <class V> ORW_INLINE V operator()(V x, V y) const { return static_cast<V>(promoted(x) + promoted(y)); }
};
struct SubLanes {
  template <class V> ORW_INLINE V operator()(V x, V y) const { return static_cast<V>(promoted(x) - promoted(y)); }
};
struct MulLanes {
  template <class V> ORW_INLINE V operator()(V x, V y) const { return static_cast<V>(promoted(x) * promoted(y)); }
};
// Floats: IEEE division. Integers (signed types, scalars only: wasm has no integer division
// on vectors): truncation toward zero, as C++ and onnxruntime; the one overflowing quotient,
// the minimum over -1, wraps to the minimum. The operator has ruled out division by zero.
struct DivLanes {
  template <class V>
  ORW_INLINE V operator()(V x, V y) const {
    if constexpr (std::is_integral_v<V> && std::is_signed_v<V>) {
      if (y == -1) return static_cast<V>(0u - static_cast<std::make_unsigned_t<V>>(x));
    }
    return static_cast<V>(x / y);
  }
};

// One row of a binary op f over n elements (binary_plan feeds a repeated input as a buffer
// of copies).
template <class S, class F>
inline void binary_vv(const typename S::Lane* a, const typename S::Lane* b, typename S::Lane* out, size_t n, F f) {
  constexpr size_t N = S::kLanes;
  size_t i = 0;
  for (; i + N <= n; i += N) S::store(out + i, f(S::load(a + i), S::load(b + i)));
  for (; i < n; ++i) out[i] = f(a[i], b[i]);
}

}  // namespace orw::kernels::ew
