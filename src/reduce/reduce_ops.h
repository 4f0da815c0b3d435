// One descriptor per reduction/scan operation: its identity (the empty-set value), an
// element-wise pre-step and its combine step; then the descriptors that carry run-time values
// (the keys of Max/Min), and the finalize steps (Mean's division, L2's sqrt, the logs, keys
// back to values). Kernels and runners are generic over these. Sums and products get
// integers as their unsigned twins, so they wrap (no UB). reduce_kernels.cc says which
// descriptor, accumulator and finalize step each (op, type) uses.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "core/half.h"
#include "reduce/reduce_walk.h"

#include "simd/order_keys.h"
#include "simd/simd.h"

namespace orw {

// Products keep long sequential lanes (see reduce_r): kPairwise = false.
struct ProdOp {
  static constexpr bool kPairwise = false;
  template <class T> ORW_INLINE static constexpr T identity() { return T(1); }
  template <class X> ORW_INLINE static X pre(X x) { return x; }
  template <class X> ORW_INLINE static X combine(X a, X b) { return a * b; }
};

struct SumOp {
  static constexpr bool kPairwise = true;
  template <class T> ORW_INLINE static constexpr T identity() { return T(0); }
  template <class X> ORW_INLINE static X pre(X x) { return x; }
  template <class X> ORW_INLINE static X combine(X a, X b) { return a + b; }
};

struct SumSquareOp : SumOp {
  template <class X> ORW_INLINE static X pre(X x) { return x * x; }
};

// |x| summed. Integers arrive unsigned: kSigned says whether to read them as two's
// complement (|INT_MIN| wraps to INT_MIN, as numpy does).
template <bool kSigned>
struct L1Op : SumOp {
  template <class X> ORW_INLINE static X pre(X x) {
    if constexpr (std::is_floating_point_v<X>) {
      return std::fabs(x);
    } else if constexpr (!kSigned) {
      return x;
    } else if constexpr (std::is_arithmetic_v<X>) {
      const X m = X(0) - (x >> (sizeof(X) * 8 - 1));
      return (x ^ m) - m;
    } else {
      using Lane = std::remove_reference_t<decltype(x[0])>;
      if constexpr (std::is_floating_point_v<Lane>) {
        using B = std::conditional_t<sizeof(Lane) == 4, uint32_t, uint64_t>;
        typedef B Bits __attribute__((vector_size(16)));
        const Bits magnitude = Bits{} + (~B{0} >> 1);
        return (X)((Bits)x & magnitude);  // clear the sign bit: |-0| = +0, NaN stays NaN
      } else {
        const X m = X{} - (x >> (sizeof(Lane) * 8 - 1));
        return (x ^ m) - m;
      }
    }
  }
};

// Max and min propagate NaN: a NaN operand wins.
struct MaxOp {
  template <class T> ORW_INLINE static constexpr T identity() {
    if constexpr (std::is_floating_point_v<T>) return -std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::lowest();
  }
  template <class X> ORW_INLINE static X pre(X x) { return x; }
  template <class X> ORW_INLINE static X combine(X a, X b) { return simd::extremum<true>(a, b); }
};

struct MinOp {
  template <class T> ORW_INLINE static constexpr T identity() {
    if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::max();
  }
  template <class X> ORW_INLINE static X pre(X x) { return x; }
  template <class X> ORW_INLINE static X combine(X a, X b) { return simd::extremum<false>(a, b); }
};

// Whether a kernel may split a long reduction into a pairwise tree of partials (more accurate
// float sums); true unless the descriptor says otherwise.
// log(sum) of a sum of exp(x - max) terms, from the sum and `below`, the part of it from terms
// under the maximum (x < max): the sum is c + below with c the count of maxima (each term
// exactly 1), and with one maximum log1p(below) keeps what log(1 + below) loses when below is
// tiny (one element 40 above the rest: log(sum) was 25% off). The LogSumExp and LogSoftmax
// kernels' last step.
inline double log_of_exp_sum(double sum, double below) {
  const double maxima = std::nearbyint(sum - below);  // exact: each maximum's term is 1
  return maxima == 1 ? std::log1p(below) : std::log(sum);
}

template <class Op, class = void> constexpr bool kPairwise = true;
template <class Op> constexpr bool kPairwise<Op, std::void_t<decltype(Op::kPairwise)>> = Op::kPairwise;

}  // namespace orw

namespace orw {

// The op descriptor a stream's kernels run with: ops with run-time parameters (FlipMaxOp,
// HalfKeyMaxOp) are built from the stream's arguments, the others are empty.
template <class Op>
Op make_op(const ReduceArgs& args) {
  if constexpr (std::is_constructible_v<Op, const ReduceArgs&>) return Op(args);
  else return Op{};
}

// Max and Min of integers share one kernel instance per lane width: the signed Max of the
// keys x ^ flip, where flip is 0 (signed Max), the sign bit (unsigned Max: flipping it maps
// unsigned order to signed order), all ones (signed Min: ~x reverses the order) or all ones
// but the sign bit (unsigned Min); the result is xor-ed back (unflip). The empty-set identity,
// the signed lowest, comes back as each op's own (0, the maximum, ...). The flip is a
// run-time value carried by the op object the kernels are given.
template <class I>
struct FlipMaxOp {
  I flip = 0;
  explicit FlipMaxOp(const ReduceArgs& a) : flip(static_cast<I>(a.flip)) {}
  template <class T> ORW_INLINE static constexpr T identity() { return std::numeric_limits<T>::lowest(); }
  template <class X> ORW_INLINE X pre(X x) const { return static_cast<X>(x ^ flip); }
  template <class X> ORW_INLINE static X combine(X a, X b) { return simd::extremum<true>(a, b); }
};

// Max and Min of floats: a NaN result is the one NaN with every bit set, whichever NaN of the
// slice was met and whether a vector lane or the scalar tail met it (the vector combine makes
// all ones; the scalar one and a lane that starts from an element keep the element's bits).
template <class T>
void one_nan(void* acc, size_t n, const ReduceArgs&) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  const Bits ones = ~Bits{0};
  T nan;
  std::memcpy(&nan, &ones, sizeof nan);
  auto* o = static_cast<T*>(acc);
  for (size_t i = 0; i < n; ++i) {
    if (o[i] != o[i]) o[i] = nan;
  }
}

template <class I>
void unflip(void* acc, size_t n, const ReduceArgs& a) {
  auto* o = static_cast<I*>(acc);
  const auto flip = static_cast<I>(a.flip);
  for (size_t i = 0; i < n; ++i) o[i] = static_cast<I>(a.to_bool ? (o[i] ^ flip) != 0 : o[i] ^ flip);
}

// Max and Min of float16 and bfloat16 bits, one instance for the four: each element becomes
// the int16 key whose signed order is the float order (half_order_key, simd/order_keys.h:
// -0 sorts just below +0), xor-ed with flip (0 for Max, all ones for Min, as
// in FlipMaxOp), and a NaN the key that always wins, so NaN propagates.
struct HalfKeyMaxOp {
  static constexpr int16_t kNanKey = INT16_MAX;
  int16_t flip = 0;
  int16_t exponent_mask = kFloat16ExponentBits;
  explicit HalfKeyMaxOp(const ReduceArgs& a)
      : flip(static_cast<int16_t>(a.flip)), exponent_mask(static_cast<int16_t>(a.exponent_mask)) {}
  template <class T> ORW_INLINE static constexpr T identity() { return std::numeric_limits<T>::lowest(); }
  template <class X> ORW_INLINE X pre(X h) const {
    const X magnitude = h & kHalfMagnitudeBits;
    const X key = half_order_key(h) ^ flip;
    if constexpr (std::is_arithmetic_v<X>) return magnitude > exponent_mask ? kNanKey : key;
    else return magnitude > exponent_mask ? X{} + kNanKey : key;
  }
  template <class X> ORW_INLINE static X combine(X a, X b) { return simd::extremum<true>(a, b); }
};

// Keys back to float16/bfloat16 bits. Every key of a value or NaN is above the identity
// (INT16_MIN), so an output still at the identity reduced nothing: -inf for Max, +inf for Min.
inline void half_from_keys(void* acc, size_t n, const ReduceArgs& a) {
  auto* o = static_cast<int16_t*>(acc);
  const auto flip = static_cast<int16_t>(a.flip);
  const auto empty = static_cast<int16_t>(flip ? a.exponent_mask : kHalfSignBit | a.exponent_mask);
  for (size_t i = 0; i < n; ++i) {
    o[i] = o[i] == INT16_MIN ? empty : static_cast<int16_t>(half_from_key(static_cast<int16_t>(o[i] ^ flip)));
  }
}

// Integer Mean's sum: 32-bit integers in 64 bits, 64-bit integers in 128 bits, both wrapping
// unsigned words (the widening load sign-extends signed elements), so the sum of any input
// that fits in memory is exact.
template <class T>
using WideSum = std::conditional_t<sizeof(T) <= 4, uint64_t, unsigned __int128>;

// The exact sum s of `count` elements of T, divided truncating toward zero (0 for an empty
// set); the mean fits in T, so the result's low bits are the answer.
template <class T>
WideSum<T> exact_mean(WideSum<T> s, int64_t count) {
  using W = WideSum<T>;
  using SignedW = std::conditional_t<sizeof(W) == 8, int64_t, __int128>;
  if (count == 0) return 0;
  if constexpr (std::is_signed_v<T>) return static_cast<W>(static_cast<SignedW>(s) / static_cast<SignedW>(count));
  else return s / static_cast<W>(count);
}

template <class T>
void exact_means(void* acc, size_t n, const ReduceArgs& a) {
  auto* o = static_cast<WideSum<T>*>(acc);
  for (size_t i = 0; i < n; ++i) o[i] = exact_mean<T>(o[i], a.count);
}
template <class A>
void divide(void* acc, size_t n, const ReduceArgs& a) {  // 0/0: NaN for an empty set
  auto* o = static_cast<A*>(acc);
  for (size_t i = 0; i < n; ++i) o[i] /= static_cast<A>(a.count);
}
template <class A>
void square_root(void* acc, size_t n, const ReduceArgs&) {
  auto* o = static_cast<A*>(acc);
  for (size_t i = 0; i < n; ++i) o[i] = std::sqrt(o[i]);
}
template <class A>
void logarithm(void* acc, size_t n, const ReduceArgs&) {
  auto* o = static_cast<A*>(acc);
  for (size_t i = 0; i < n; ++i) o[i] = std::log(o[i]);
}

}  // namespace orw
