// One descriptor per reduction/scan operation: its identity (the empty-set value), an
// element-wise pre-step and its combine step. Kernels and the plan executor are generic over
// these. Sums and products get integers as their unsigned twins, so they wrap (no UB).
// Finalize steps (Mean's division, L2's sqrt, the logs) are applied by kernels/reduce.cc.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

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
template <class Op, class = void> constexpr bool kPairwise = true;
template <class Op> constexpr bool kPairwise<Op, std::void_t<decltype(Op::kPairwise)>> = Op::kPairwise;

}  // namespace orw

namespace orw {

// float16/bfloat16 bits from an order-preserving int16 key (see HalfKeyMaxOp in reduce.cc): negative
// values have their magnitude bits flipped back.
inline uint16_t half_from_key(int16_t key) {
  const auto k = static_cast<uint16_t>(key);
  return static_cast<uint16_t>(k ^ ((key >> 15) & 0x7FFF));
}

}  // namespace orw
