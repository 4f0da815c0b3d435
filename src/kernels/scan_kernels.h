// Scan (cumulative) microkernels over a SIMD wrapper S and an op descriptor Op, on a tensor
// viewed as (outer, n, inner) and scanned along n.
//   inner == 1: each row is scanned in registers (an in-vector prefix, then a carried value).
//   inner  > 1: rows are combined with the previous output row, vectorized across inner.
// Exclusive scans shift the inclusive result by one position; they never divide.
#pragma once
#include <cstddef>

namespace orw::kernels {

template <class S, class Op>
void scan_contiguous_row(const typename S::Lane* x, typename S::Lane* out, size_t n, bool exclusive,
                         bool reverse) {
  using T = typename S::Lane;
  constexpr size_t N = S::kLanes;
  T c = Op::template identity<T>();
  if constexpr (N == 1) {
    for (size_t t = 0; t < n; ++t) {
      const size_t i = reverse ? n - 1 - t : t;
      const T v = x[i];
      if (exclusive) { out[i] = c; c = Op::combine(c, v); }
      else { c = Op::combine(c, v); out[i] = c; }
    }
  } else {
    using V = typename S::V;
    static_assert(N == 2 || N == 4, "in-register scans handle 2 or 4 lanes");
    const V id = S::splat(Op::template identity<T>());
    V carry = id;
    if (!reverse) {
      size_t i = 0;
      for (; i + N <= n; i += N) {
        V p = S::load(x + i);
        p = Op::combine(p, S::shift_up1(p, id));
        if constexpr (N == 4) p = Op::combine(p, S::shift_up2(p, id));
        const V inc = Op::combine(p, carry);
        S::store(out + i, exclusive ? S::shift_up1(inc, carry) : inc);
        carry = S::broadcast_last(inc);
      }
      c = S::lane(carry, 0);
      for (; i < n; ++i) {
        const T v = x[i];
        if (exclusive) { out[i] = c; c = Op::combine(c, v); }
        else { c = Op::combine(c, v); out[i] = c; }
      }
    } else {
      size_t i = n;
      for (; i >= N; ) {
        i -= N;
        V p = S::load(x + i);
        p = Op::combine(p, S::shift_down1(p, id));
        if constexpr (N == 4) p = Op::combine(p, S::shift_down2(p, id));
        const V inc = Op::combine(p, carry);
        S::store(out + i, exclusive ? S::shift_down1(inc, carry) : inc);
        carry = S::broadcast_first(inc);
      }
      c = S::lane(carry, 0);
      while (i-- > 0) {
        const T v = x[i];
        if (exclusive) { out[i] = c; c = Op::combine(c, v); }
        else { c = Op::combine(c, v); out[i] = c; }
      }
    }
  }
}

// out[0..m) = Op(a[0..m), b[0..m))
template <class S, class Op>
void combine_rows(const typename S::Lane* a, const typename S::Lane* b, typename S::Lane* out, size_t m) {
  constexpr size_t N = S::kLanes;
  size_t j = 0;
  for (; j + 4 * N <= m; j += 4 * N) {
    for (size_t u = 0; u < 4; ++u) {
      S::store(out + j + u * N, Op::combine(S::load(a + j + u * N), S::load(b + j + u * N)));
    }
  }
  for (; j + N <= m; j += N) S::store(out + j, Op::combine(S::load(a + j), S::load(b + j)));
  for (; j < m; ++j) out[j] = Op::combine(a[j], b[j]);
}

template <class S, class Op>
void scan(const typename S::Lane* x, typename S::Lane* out, size_t outer, size_t n, size_t inner,
          bool exclusive, bool reverse) {
  using T = typename S::Lane;
  if (n == 0 || outer == 0 || inner == 0) return;
  if (inner == 1) {
    for (size_t o = 0; o < outer; ++o) scan_contiguous_row<S, Op>(x + o * n, out + o * n, n, exclusive, reverse);
    return;
  }
  const T id = Op::template identity<T>();
  for (size_t o = 0; o < outer; ++o) {
    const T* xb = x + o * n * inner;
    T* ob = out + o * n * inner;
    auto row = [&](size_t t) { return reverse ? n - 1 - t : t; };  // t-th row in scan order
    T* first = ob + row(0) * inner;
    if (exclusive) for (size_t j = 0; j < inner; ++j) first[j] = id;
    else for (size_t j = 0; j < inner; ++j) first[j] = xb[row(0) * inner + j];
    for (size_t t = 1; t < n; ++t) {
      const T* src = xb + row(exclusive ? t - 1 : t) * inner;
      combine_rows<S, Op>(ob + row(t - 1) * inner, src, ob + row(t) * inner, inner);
    }
  }
}

}  // namespace orw::kernels
