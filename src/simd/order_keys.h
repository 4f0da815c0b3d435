// Order-preserving keys: an element's bits turned into an integer whose order is the
// element's order, so that one integer kernel serves several element types. The one home of
// these transforms: ReduceMax/Min of halves (reduce/reduce_ops.h, HalfKeyMaxOp), ArgMax/ArgMin
// of 8/16-bit types (arg/arg_kernels.cc) and TopK (topk/topk_microkernels.h).
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/half.h"
#include "simd/simd.h"

namespace orw {

// float16/bfloat16 bits read as a signed integer (int16, or int16 widened to int32, or a
// vector of them) to a key whose signed order is the float order: negative values get their
// magnitude bits flipped (the arithmetic shift gives all ones for them). -0 sorts just below
// +0; NaNs are not told apart (callers give them a key of their own). Its own inverse: the key
// of a key is the bits again.
template <class X>
ORW_INLINE X half_order_key(X h) {
  return h ^ ((h >> 15) & kHalfMagnitudeBits);
}

// float16/bfloat16 bits from a key of half_order_key.
inline uint16_t half_from_key(int16_t key) { return static_cast<uint16_t>(half_order_key(key)); }

// 8/16-bit integers and float16/bfloat16 as int32 keys with the same order (the Arg kernels
// run on int32 lanes). Integers are widened; half bits (read as int16, kHalfMask the format's
// exponent mask) become half_order_key's key with -0 equal to +0, and a NaN the key kNanKey,
// which beats every other (INT32_MAX for ArgMax, INT32_MIN for ArgMin).
template <class T, uint16_t kHalfMask = 0, int32_t kNanKey = 0>
ORW_INLINE int32_t widened_key(T t) {
  const int32_t x = static_cast<int32_t>(t);
  if constexpr (kHalfMask == 0) {
    return x;
  } else {
    int32_t k = half_order_key(x);
    k = k - (k >> 31);  // -0 (key -1) meets +0; other negatives move up by one
    return (x & kHalfMagnitudeBits) > static_cast<int32_t>(kHalfMask) ? kNanKey : k;
  }
}

// The unsigned key type of order_key: as wide as T, at least 32 bits.
template <class T> using OrderKey = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;

// The unsigned key of x: larger element, larger key. Floats: the IEEE bits made monotonic
// (negatives inverted, positives above them), every NaN the all-ones key, -0 the key of +0.
// Halves (bits read as int16, kHalfMask their exponent mask) through widened_key. Integers:
// signed ones with the sign bit flipped, unsigned ones as they are (exact for 64 bits).
template <class T, uint16_t kHalfMask = 0>
ORW_INLINE OrderKey<T> order_key(T x) {
  using K = OrderKey<T>;
  constexpr K kSign = K{1} << (sizeof(K) * 8 - 1);
  if constexpr (std::is_floating_point_v<T>) {
    if (x != x) return ~K{0};
    if (x == 0) return kSign;
    K u;
    std::memcpy(&u, &x, sizeof u);
    return (u & kSign) ? ~u : (u | kSign);
  } else if constexpr (kHalfMask != 0) {
    return static_cast<K>(widened_key<T, kHalfMask, INT32_MAX>(x)) ^ kSign;
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<K>(static_cast<std::make_signed_t<K>>(x)) ^ kSign;
  } else {
    return static_cast<K>(x);
  }
}

}  // namespace orw
