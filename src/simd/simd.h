// A thin SIMD wrapper: every kernel is written once against it and instantiated for a
// 128-bit vector (GCC/Clang vector extensions: wasm SIMD128 under Emscripten, SSE2 natively)
// and for plain scalars (the fallback and the tests' reference).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

// Widening vectors are 32 bytes; GCC and clang note that passing them would differ under AVX.
// Every function here is inline, so no such call crosses a translation unit.
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

// Forced inlining for the wrapper, the op descriptors and every helper a kernel loop calls
// (lambdas included): the wasm build compiles everything -Oz, which emcc turns into
// -fno-inline-functions, and the kernels' own -O3 does not undo that (left on, -O3 inlining
// would add ~50 KB gzipped). So a helper without ORW_INLINE stays a call, and its 32-byte
// widening vectors go through the stack: hot loops 4-40x slower.
#define ORW_INLINE inline __attribute__((always_inline))
// The opposite for each microkernel (one loop nest): its own function, so the engine compiles
// and register-allocates each hot loop on its own rather than inside one huge dispatch body.
#define ORW_KERNEL __attribute__((noinline))
// ORW_INLINE for lambdas, written after the parameter list: [](auto v) ORW_INLINE_LAMBDA { ... }
#define ORW_INLINE_LAMBDA __attribute__((always_inline))

namespace orw::simd {

// Vec128<T, A>: loads 128 bits of T and computes in lanes of A. A = T is the plain 128-bit
// vector. A wider A (float -> double) is the widening accumulator: each f32x4 load becomes
// four double lanes (two f64x2, f64x2.promote_low_f32x4 in wasm), and narrow() rounds them
// back to float once (store_narrow).
template <class T, class A = T>
struct Vec128 {
  using Lane = T;  // the input element
  using Acc = A;   // the accumulator (and kernel output) element
  static constexpr size_t kLanes = 16 / sizeof(T);
  typedef A V __attribute__((vector_size(kLanes * sizeof(A))));
  typedef T In __attribute__((vector_size(16)));

  ORW_INLINE static V load(const T* p) {  // unaligned, widened
    In v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::is_same_v<T, A>) {
      return v;
#ifdef __wasm_simd128__
    } else if constexpr (std::is_integral_v<T> && sizeof(T) == 4 && sizeof(A) == 8) {
      // 32-bit integers widened to 64: clang 14 writes a shuffle, a shift and i64x2.shr_s for
      // each half, and V8 emulates 64-bit shr_s (~8 x86 instructions); extend is one.
      typedef A Half __attribute__((vector_size(16)));
      const v128_t w = (v128_t)v;
      const Half lo = (Half)(std::is_signed_v<T> ? wasm_i64x2_extend_low_i32x4(w) : wasm_u64x2_extend_low_u32x4(w));
      const Half hi = (Half)(std::is_signed_v<T> ? wasm_i64x2_extend_high_i32x4(w) : wasm_u64x2_extend_high_u32x4(w));
      return __builtin_shufflevector(lo, hi, 0, 1, 2, 3);
#endif
    } else {
      return __builtin_convertvector(v, V);
    }
  }
  ORW_INLINE static V load_acc(const A* p) { V v; std::memcpy(&v, p, sizeof v); return v; }
  ORW_INLINE static void store(A* p, V v) { std::memcpy(p, &v, sizeof v); }
  // Rounds each lane to T and stores kLanes elements of T.
  ORW_INLINE static void store_narrow(T* p, V v) {
    if constexpr (std::is_same_v<T, A>) {
      store(p, v);
    } else {
#ifdef __wasm_simd128__
      static_assert(kLanes == 4 && sizeof(A) == 8, "float <- double only");
      typedef A Half __attribute__((vector_size(16)));
      const Half lo = __builtin_shufflevector(v, v, 0, 1), hi = __builtin_shufflevector(v, v, 2, 3);
      const v128_t n = wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero((v128_t)lo),
                                          wasm_f32x4_demote_f64x2_zero((v128_t)hi), 0, 1, 4, 5);
      wasm_v128_store(p, n);
#else
      const In n = __builtin_convertvector(v, In);
      std::memcpy(p, &n, sizeof n);
#endif
    }
  }
  // A broadcast (f32x4.splat etc.). Not a loop setting v[i]: at -O3 with runtime unrolling
  // off, clang kept that loop in the wasm, each lane stored through the stack (a store-to-load
  // forwarding stall per lane: ~100 ns per kernel call, which dominated short rows).
  ORW_INLINE static V splat(A x) { return x - V{}; }  // x - 0 is x for every x, -0 included
  ORW_INLINE static A lane(V v, size_t i) { return v[i]; }

  // Lane i gets v[i - 1]; lane 0 gets fill[0]. (Whole-vector shifts used by in-register scans.)
  ORW_INLINE static V shift_up1(V v, V fill) {
    if constexpr (kLanes == 2) return __builtin_shufflevector(v, fill, 2, 0);
    else return __builtin_shufflevector(v, fill, 4, 0, 1, 2);
  }
  // Lane i gets v[i - 2], lanes 0..1 get fill (4 lanes only).
  ORW_INLINE static V shift_up2(V v, V fill) { return __builtin_shufflevector(v, fill, 4, 5, 0, 1); }
  // Lane i gets v[i + 1]; the last lane gets fill[last].
  ORW_INLINE static V shift_down1(V v, V fill) {
    if constexpr (kLanes == 2) return __builtin_shufflevector(v, fill, 1, 3);
    else return __builtin_shufflevector(v, fill, 1, 2, 3, 7);
  }
  ORW_INLINE static V shift_down2(V v, V fill) { return __builtin_shufflevector(v, fill, 2, 3, 6, 7); }
  // Transposition helpers. 4 lanes: (a0 b0 a1 b1), (a2 b2 a3 b3); 2 lanes: (a0 b0), (a1 b1).
  ORW_INLINE static V interleave_lo(V a, V b) {
    if constexpr (kLanes == 2) return __builtin_shufflevector(a, b, 0, 2);
    else return __builtin_shufflevector(a, b, 0, 4, 1, 5);
  }
  ORW_INLINE static V interleave_hi(V a, V b) {
    if constexpr (kLanes == 2) return __builtin_shufflevector(a, b, 1, 3);
    else return __builtin_shufflevector(a, b, 2, 6, 3, 7);
  }
  // 4 lanes only: (a0 a1 b0 b1), (a2 a3 b2 b3).
  ORW_INLINE static V concat_lo(V a, V b) { return __builtin_shufflevector(a, b, 0, 1, 4, 5); }
  ORW_INLINE static V concat_hi(V a, V b) { return __builtin_shufflevector(a, b, 2, 3, 6, 7); }

  ORW_INLINE static V broadcast_last(V v) {
    if constexpr (kLanes == 2) return __builtin_shufflevector(v, v, 1, 1);
    else return __builtin_shufflevector(v, v, 3, 3, 3, 3);
  }
  ORW_INLINE static V broadcast_first(V v) {
    if constexpr (kLanes == 2) return __builtin_shufflevector(v, v, 0, 0);
    else return __builtin_shufflevector(v, v, 0, 0, 0, 0);
  }
};

// Scalar<T, A>: one element of T at a time, computed in A.
template <class T, class A = T>
struct Scalar {
  using V = A;
  using Lane = T;
  using Acc = A;
  static constexpr size_t kLanes = 1;
  ORW_INLINE static V load(const T* p) { return static_cast<A>(*p); }
  ORW_INLINE static V load_acc(const A* p) { return *p; }
  ORW_INLINE static void store(A* p, V v) { *p = v; }
  ORW_INLINE static void store_narrow(T* p, V v) { *p = static_cast<T>(v); }
  ORW_INLINE static V splat(A x) { return x; }
  ORW_INLINE static A lane(V v, size_t) { return v; }
};

template <class X>
using LaneOf = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<X>()[0])>>;

// Lane-wise a > b with the comparison of the lane type: unsigned 64-bit lanes are compared as
// signed after flipping the sign bit (wasm has no unsigned 64-bit compare).
template <class X>
ORW_INLINE auto greater(X a, X b) {
  if constexpr (std::is_arithmetic_v<X>) {
    return a > b;
  } else if constexpr (std::is_same_v<LaneOf<X>, uint64_t>) {
    typedef int64_t S __attribute__((vector_size(16)));
    const X bias = X{} + (uint64_t{1} << 63);
    return (S)(a ^ bias) > (S)(b ^ bias);
  } else {
    return a > b;
  }
}

// x < lo ? lo : x and x > hi ? hi : x, lane-wise; a NaN x stays NaN (its compares are false).
// Written as wasm's pmax / pmin for float vectors (a widening vector of four doubles in two
// halves): with a constant bound clang turns the compare-select into f64x2.max / f32x4.min
// etc., whose NaN rules cost V8 ~8 x86 instructions where pmax / pmin is one (the clamps of the
// exp polynomials: Exp, Softmax and LogSumExp 15-35% faster).
template <bool kMax, class V>
ORW_INLINE V clamp_lanes(V x, V bound) {
#ifdef __wasm_simd128__
  if constexpr (!std::is_arithmetic_v<V>) {
    if constexpr (sizeof(V) == 16 && sizeof(LaneOf<V>) == 8) {
      return (V)(kMax ? wasm_f64x2_pmax((v128_t)x, (v128_t)bound) : wasm_f64x2_pmin((v128_t)x, (v128_t)bound));
    } else if constexpr (sizeof(V) == 16) {
      return (V)(kMax ? wasm_f32x4_pmax((v128_t)x, (v128_t)bound) : wasm_f32x4_pmin((v128_t)x, (v128_t)bound));
    } else if constexpr (sizeof(V) == 32 && sizeof(LaneOf<V>) == 8) {
      typedef double H __attribute__((vector_size(16)));
      const H lo = clamp_lanes<kMax>(H{x[0], x[1]}, H{bound[0], bound[1]});
      const H hi = clamp_lanes<kMax>(H{x[2], x[3]}, H{bound[2], bound[3]});
      return __builtin_shufflevector(lo, hi, 0, 1, 2, 3);
    }
  }
  if constexpr (std::is_arithmetic_v<V>) {
    // A scalar compare-select becomes f32.min etc. too (even when written on the bits), whose
    // NaN is V8's 0/0 rather than x: a scalar is clamped in lane 0 of a vector, so a NaN x
    // stays itself, as in the vector lanes (the scalar tails and the tests' scalar variant).
    typedef V W __attribute__((vector_size(16)));
    return clamp_lanes<kMax>(W{} + x, W{} + bound)[0];
  }
#endif
  if constexpr (kMax) return x < bound ? bound : x;
  else return x > bound ? bound : x;
}
template <class V>
ORW_INLINE V at_least(V x, V lo) { return clamp_lanes<true>(x, lo); }
template <class V>
ORW_INLINE V at_most(V x, V hi) { return clamp_lanes<false>(x, hi); }

// Lane-wise maximum / minimum; a NaN in either operand gives NaN.
//  - floats: the "pseudo" max (a < b ? b : a), which keeps a NaN in `a` and is one instruction
//    (wasm f32x4.pmax; the NaN-propagating f32x4.max costs ~8 x86 instructions in V8), then
//    b's NaN-ness OR-ed into the bits (a NaN in `b` gives the all-ones NaN);
//  - 8/32-bit integer lanes: a plain compare-select, which LLVM turns into i32x4.max_s etc.;
//  - 64-bit integer lanes: compare + v128.bitselect (clang 14 has no i64x2 max and would
//    otherwise extract every lane to scalar code).
template <bool kMax, class X>
ORW_INLINE X extremum(X a, X b) {
  if constexpr (std::is_arithmetic_v<X>) {
    if constexpr (std::is_floating_point_v<X>) {
      if (b != b) return b;
    }
    return (kMax ? greater(b, a) : greater(a, b)) ? b : a;
  } else {
    using Lane = LaneOf<X>;
    if constexpr (std::is_floating_point_v<Lane>) {
      typedef std::conditional_t<sizeof(Lane) == 4, int32_t, int64_t> I __attribute__((vector_size(16)));
      const X m = kMax ? (a < b ? b : a) : (b < a ? b : a);
      return (X)((I)m | (I)(b != b));
    } else {
#ifdef __wasm_simd128__
      if constexpr (sizeof(Lane) == 8) {
        const auto m = kMax ? greater(b, a) : greater(a, b);
        return (X)wasm_v128_bitselect((v128_t)b, (v128_t)a, (v128_t)m);
      }
#endif
      return (kMax ? greater(b, a) : greater(a, b)) ? b : a;
    }
  }
}

}  // namespace orw::simd
