// Scan (cumulative) microkernels over a SIMD wrapper S and an op descriptor Op, on a tensor
// viewed as (outer, n, inner) and scanned along n. Input and output elements are S::Lane; the
// running value is S::Acc (double for float scans: every output is the rounded float64
// prefix, up to the double rounding errors).
//   inner == 1: each row is scanned in registers (an in-vector prefix, then a carried value;
//               float32 rows on f64x2 pairs, scan_row_pairs).
//   inner  > 1: a carry row of accumulators, combined with groups of 4 input rows in turn.
// Exclusive scans output the carry before combining the element; they never divide.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "scan/scan_walk.h"
#include "simd/simd.h"

namespace orw::kernels {

// S loads float lanes and computes in double (4 lanes): the float32 scans with float64
// running values, which get their own loops (the other types share the generic ones).
template <class S>
constexpr bool kWideScan = S::kLanes == 4 && std::is_same_v<typename S::Lane, float> && std::is_same_v<typename S::Acc, double>;

// The identity an inclusive scan starts from, exact for every element: for float sums -0
// (0 + -0 would give +0; -0 + x is x), so a leading -0 stays -0; otherwise Op's identity.
// Exclusive scans output Op's identity (+0) first.
template <class Op, class A>
ORW_INLINE constexpr A exact_identity() {
  if constexpr (std::is_floating_point_v<A> && Op::template identity<A>() == A(0)) {
    return -A(0);
  } else {
    return Op::template identity<A>();
  }
}

// Inclusive prefix of the lanes of p, towards higher lanes (kUp) or lower lanes.
template <class S, class Op, bool kUp>
ORW_INLINE typename S::V lane_prefix(typename S::V p, typename S::V id) {
  if constexpr (kUp) {
    p = Op::combine(p, S::shift_up1(p, id));
    if constexpr (S::kLanes == 4) p = Op::combine(p, S::shift_up2(p, id));
  } else {
    p = Op::combine(p, S::shift_down1(p, id));
    if constexpr (S::kLanes == 4) p = Op::combine(p, S::shift_down2(p, id));
  }
  return p;
}

// The last lane in scan order, in every lane.
template <class S, bool kUp>
ORW_INLINE typename S::V scan_last(typename S::V v) {
  return kUp ? S::broadcast_last(v) : S::broadcast_first(v);
}

// Each lane gets its predecessor in scan order; the first gets fill's.
template <class S, bool kUp>
ORW_INLINE typename S::V scan_shift(typename S::V v, typename S::V fill) {
  return kUp ? S::shift_up1(v, fill) : S::shift_down1(v, fill);
}

// One contiguous row of n elements, forward (kUp) or reverse. Two vectors per step: the second
// vector's prefix takes the first's total before the carry joins, so the loop-carried chain is
// one combine per 2 vectors. (Float rows with float64 running values use scan_row_pairs.)
template <class S, class Op, bool kUp>
void scan_row_vectors(const typename S::Lane* x, typename S::Lane* out, size_t n, bool exclusive) {
  using T = typename S::Lane;
  using A = typename S::Acc;
  using V = typename S::V;
  constexpr size_t N = S::kLanes;
  const V id = S::splat(exact_identity<Op, A>());
  V carry = exclusive ? S::splat(Op::template identity<A>()) : id;
  size_t t = 0;
  if constexpr (N > 1) {
    // Scan positions [t, t + N) are x[t..t + N) forward, x[n - t - N..n - t) in reverse.
    auto vec_at = [n](size_t at) ORW_INLINE_LAMBDA { return kUp ? at : n - at - N; };
    for (; t + 2 * N <= n; t += 2 * N) {
      const V p = lane_prefix<S, Op, kUp>(S::load(x + vec_at(t)), id);
      const V q = Op::combine(lane_prefix<S, Op, kUp>(S::load(x + vec_at(t + N)), id), scan_last<S, kUp>(p));
      const V a = Op::combine(p, carry), b = Op::combine(q, carry);
      S::store_narrow(out + vec_at(t), exclusive ? scan_shift<S, kUp>(a, carry) : a);
      S::store_narrow(out + vec_at(t + N), exclusive ? scan_shift<S, kUp>(b, scan_last<S, kUp>(a)) : b);
      carry = scan_last<S, kUp>(b);
    }
    for (; t + N <= n; t += N) {
      const V a = Op::combine(lane_prefix<S, Op, kUp>(S::load(x + vec_at(t)), id), carry);
      S::store_narrow(out + vec_at(t), exclusive ? scan_shift<S, kUp>(a, carry) : a);
      carry = scan_last<S, kUp>(a);
    }
  }
  A c = S::lane(carry, 0);
  for (; t < n; ++t) {
    const size_t i = kUp ? t : n - 1 - t;
    const A v = static_cast<A>(x[i]);
    if (exclusive) { out[i] = static_cast<T>(c); c = Op::combine(c, v); }
    else { c = Op::combine(c, v); out[i] = static_cast<T>(c); }
  }
}

// One contiguous float row with a float64 running value (S: float lanes widened to double),
// forward (kUp) or reverse, written on pairs of doubles (f64x2). 8 elements per step, as four
// pairs s0..s3 in scan order: a pair's own prefix and the Hillis-Steele step across two pairs,
// the second half's offset from the first, then the carry: 12 float64 combines and 6 shuffles
// per 8 elements, fewer than the generic 4-lane prefix compiles to (14), with the same
// association as scan_row_vectors' 2 vectors per step.
template <class S, class Op, bool kUp, bool kExclusive>
void scan_row_pairs(const float* x, float* out, size_t n) {
  typedef double D2 __attribute__((vector_size(16)));
  typedef float F2 __attribute__((vector_size(8)));
  using V = typename S::V;  // four doubles
  static_assert(sizeof(V) == 2 * sizeof(D2), "S widens 4 floats to 4 doubles");
  const double e = exact_identity<Op, double>(), start = kExclusive ? Op::template identity<double>() : e;
  const D2 id = {e, e};
  D2 carry = {start, start};
  auto load = [](const float* p) ORW_INLINE_LAMBDA { F2 f; std::memcpy(&f, p, sizeof f); return __builtin_convertvector(f, D2); };
  auto store = [](float* p, D2 lo, D2 hi) ORW_INLINE_LAMBDA { S::store_narrow(p, V(__builtin_shufflevector(lo, hi, 0, 1, 2, 3))); };
  // Lane roles in scan order: forward, lane 0 comes first; reverse, lane 1.
  auto last = [](D2 v) ORW_INLINE_LAMBDA -> D2 { return kUp ? __builtin_shufflevector(v, v, 1, 1) : __builtin_shufflevector(v, v, 0, 0); };
  auto own_prefix = [&id](D2 s) ORW_INLINE_LAMBDA {
    return Op::combine(s, kUp ? __builtin_shufflevector(id, s, 0, 2) : __builtin_shufflevector(s, id, 1, 3));
  };
  auto across = [](D2 prev, D2 cur) ORW_INLINE_LAMBDA {  // cur's first lane takes prev's last, cur's last its first
    return Op::combine(cur, kUp ? __builtin_shufflevector(prev, cur, 1, 2) : __builtin_shufflevector(cur, prev, 1, 2));
  };
  auto shifted = [](D2 o, D2 before) ORW_INLINE_LAMBDA {  // exclusive outputs: each lane its predecessor's value
    return kUp ? __builtin_shufflevector(before, o, 0, 2) : __builtin_shufflevector(o, before, 1, 2);
  };
  size_t t = 0;
  for (; t + 8 <= n; t += 8) {
    const size_t at = kUp ? t : n - t - 8;  // memory pairs at, at + 2, at + 4, at + 6
    const D2 m0 = load(x + at), m1 = load(x + at + 2), m2 = load(x + at + 4), m3 = load(x + at + 6);
    const D2 s0 = kUp ? m0 : m3, s1 = kUp ? m1 : m2, s2 = kUp ? m2 : m1, s3 = kUp ? m3 : m0;
    const D2 v0 = own_prefix(s0), v1 = Op::combine(across(s0, s1), v0);
    const D2 w2 = own_prefix(s2), w3 = Op::combine(across(s2, s3), w2);
    const D2 h = last(v1), v2 = Op::combine(w2, h), v3 = Op::combine(w3, h);
    D2 o0 = Op::combine(v0, carry), o1 = Op::combine(v1, carry), o2 = Op::combine(v2, carry), o3 = Op::combine(v3, carry);
    const D2 next = last(o3);
    if constexpr (kExclusive) {
      const D2 b1 = last(o0), b2 = last(o1), b3 = last(o2);
      o0 = shifted(o0, carry), o1 = shifted(o1, b1), o2 = shifted(o2, b2), o3 = shifted(o3, b3);
    }
    if (kUp) store(out + at, o0, o1), store(out + at + 4, o2, o3);
    else store(out + at, o3, o2), store(out + at + 4, o1, o0);
    carry = next;
  }
  double c = carry[0];
  for (; t < n; ++t) {
    const size_t i = kUp ? t : n - 1 - t;
    const double next = Op::combine(c, static_cast<double>(x[i]));
    out[i] = static_cast<float>(kExclusive ? c : next);
    c = next;
  }
}

template <class S, class Op>
void scan_contiguous_row(const typename S::Lane* x, typename S::Lane* out, size_t n, bool exclusive,
                         bool reverse) {
  static_assert(S::kLanes == 1 || S::kLanes == 2 || S::kLanes == 4, "in-register scans handle 1, 2 or 4 lanes");
  if constexpr (kWideScan<S>) {
    if (reverse) {
      if (exclusive) scan_row_pairs<S, Op, false, true>(x, out, n);
      else scan_row_pairs<S, Op, false, false>(x, out, n);
    } else {
      if (exclusive) scan_row_pairs<S, Op, true, true>(x, out, n);
      else scan_row_pairs<S, Op, true, false>(x, out, n);
    }
    return;
  }
  if (reverse) scan_row_vectors<S, Op, false>(x, out, n, exclusive);
  else scan_row_vectors<S, Op, true>(x, out, n, exclusive);
}

// kRows rows (src[k] -> dst[k], in scan order) combined onto carry[inner], which is loaded
// and stored once for all of them: the carry row (double for float scans) is the widest
// stream, and a row of 4096 doubles is already 32 KB.
template <class S, class Op, size_t kRows>
ORW_INLINE void scan_row_group(const typename S::Lane* const* src, typename S::Lane* const* dst, size_t inner,
                               typename S::Acc* carry, bool exclusive) {
  using T = typename S::Lane;
  using A = typename S::Acc;
  using V = typename S::V;
  constexpr size_t N = S::kLanes;
  size_t j = 0;
  // Float32 -> float64: two vectors per row per step, sharing the rows' address arithmetic.
  for (; kWideScan<S> && j + 2 * N <= inner; j += 2 * N) {
    V c0 = S::load_acc(carry + j), c1 = S::load_acc(carry + j + N);
    for (size_t k = 0; k < kRows; ++k) {
      const V next0 = Op::combine(c0, S::load(src[k] + j)), next1 = Op::combine(c1, S::load(src[k] + j + N));
      S::store_narrow(dst[k] + j, exclusive ? c0 : next0);
      S::store_narrow(dst[k] + j + N, exclusive ? c1 : next1);
      c0 = next0, c1 = next1;
    }
    S::store(carry + j, c0);
    S::store(carry + j + N, c1);
  }
  for (; j + N <= inner; j += N) {
    V c = S::load_acc(carry + j);
    for (size_t k = 0; k < kRows; ++k) {
      const V next = Op::combine(c, S::load(src[k] + j));
      S::store_narrow(dst[k] + j, exclusive ? c : next);
      c = next;
    }
    S::store(carry + j, c);
  }
  for (; j < inner; ++j) {
    A c = carry[j];
    for (size_t k = 0; k < kRows; ++k) {
      const A next = Op::combine(c, static_cast<A>(src[k][j]));
      dst[k][j] = static_cast<T>(exclusive ? c : next);
      c = next;
    }
    carry[j] = c;
  }
}

// scan_rows' loop; inlined, so a constant `exclusive` leaves no test in the loops.
template <class S, class Op>
ORW_INLINE void scan_rows_as(const typename S::Lane* x, typename S::Lane* out, size_t m, size_t stride, size_t inner,
                             typename S::Acc* carry, bool exclusive, bool reverse) {
  using T = typename S::Lane;
  constexpr size_t G = kScanRowGroup;
  auto row = [&](size_t q) ORW_INLINE_LAMBDA { return (reverse ? m - 1 - q : q) * stride; };  // q-th row in scan order
  size_t t = 0;
  for (; t + G <= m; t += G) {
    const T* src[G];
    T* dst[G];
    for (size_t k = 0; k < G; ++k) src[k] = x + row(t + k), dst[k] = out + row(t + k);
    scan_row_group<S, Op, G>(src, dst, inner, carry, exclusive);
  }
  for (; t < m; ++t) {
    const T* src = x + row(t);
    T* dst = out + row(t);
    scan_row_group<S, Op, 1>(&src, &dst, inner, carry, exclusive);
  }
}

// m rows (`stride` elements apart) of `inner` elements (x, out), scanned in row order
// (reverse: from row m - 1 down) on top of carry[inner], which is left holding the last row's
// running value. `first`: these rows start the scan, so carry is initialized here. Each
// column's values depend on that column alone (its carry, combined row by row), so scans of
// column windows give the bits of one scan of all columns.
template <class S, class Op>
void scan_rows(const typename S::Lane* x, typename S::Lane* out, size_t m, size_t stride, size_t inner,
               typename S::Acc* carry, bool exclusive, bool reverse, bool first) {
  using A = typename S::Acc;
  if (first) std::fill(carry, carry + inner, exclusive ? Op::template identity<A>() : exact_identity<Op, A>());
  if constexpr (kWideScan<S>) {  // one loop per mode for float32 (smaller code for the rest)
    if (exclusive) scan_rows_as<S, Op>(x, out, m, stride, inner, carry, true, reverse);
    else scan_rows_as<S, Op>(x, out, m, stride, inner, carry, false, reverse);
  } else {
    scan_rows_as<S, Op>(x, out, m, stride, inner, carry, exclusive, reverse);
  }
}

}  // namespace orw::kernels
