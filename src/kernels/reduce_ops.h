// One descriptor per reduction/scan operation: its identity (the empty-set value), an
// element-wise pre-step and its combine step. Kernels and the plan executor are generic over
// these. Sums and products get integers as their unsigned twins, so they wrap (no UB).
// Finalize steps (mean's division, L2's sqrt, the logs) are applied by kernels/dispatch.cc.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernels/simd.h"

namespace orw {

struct ProdOp {
  template <class T> static constexpr T identity() { return T(1); }
  template <class X> static X pre(X x) { return x; }
  template <class X> static X combine(X a, X b) { return a * b; }
};

struct SumOp {
  template <class T> static constexpr T identity() { return T(0); }
  template <class X> static X pre(X x) { return x; }
  template <class X> static X combine(X a, X b) { return a + b; }
};

struct SumSquareOp : SumOp {
  template <class X> static X pre(X x) { return x * x; }
};

// |x| summed. Integers arrive unsigned: kSigned says whether to read them as two's
// complement (|INT_MIN| wraps to INT_MIN, as numpy does).
template <bool kSigned>
struct L1Op : SumOp {
  template <class X> static X pre(X x) {
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
  template <class T> static constexpr T identity() {
    if constexpr (std::is_floating_point_v<T>) return -std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::lowest();
  }
  template <class X> static X pre(X x) { return x; }
  template <class X> static X combine(X a, X b) { return simd::extremum<true>(a, b); }
};

struct MinOp {
  template <class T> static constexpr T identity() {
    if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::max();
  }
  template <class X> static X pre(X x) { return x; }
  template <class X> static X combine(X a, X b) { return simd::extremum<false>(a, b); }
};

}  // namespace orw
