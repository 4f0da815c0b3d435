// One descriptor per reduction/scan operation: its identity (the empty-set value) and its
// combine step. Kernels and the plan executor are generic over these.
// Integer types arrive here as their unsigned twins, so products and sums wrap (no UB).
#pragma once

namespace orw {

struct ProdOp {
  template <class T> static constexpr T identity() { return T(1); }
  template <class X> static X combine(X a, X b) { return a * b; }
};

}  // namespace orw
