// Normalization microkernels over a SIMD wrapper S of doubles (simd::Vec128<double>: two f64
// lanes, or simd::Scalar<double>); every element type is computed in double (the kernels
// widen float and the half types first) and rounded once by the caller. Two patterns, as the
// reduction plan's:
//   KR: `rows` contiguous rows of n elements (the axis is innermost): lanes run along a row;
//   RK: one block of n rows of k columns (the axis has stride k > 1): lanes run across the
//       columns, each column a slice, so nothing is ever transposed.
// The slice's max (Softmax, LogSoftmax) and norm (LpNormalization) come from the Reduce
// family's kernels and descriptors (reduce_kr / reduce_rk with MaxOp, SumSquareOp, L1Op);
// exp is simd/exp.h's double polynomial (exp_nonpositive_double, ~1e-15 relative), the one
// ReduceLogSumExp sums with, run on f64x2 lanes (no std::exp in the loops).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "elementwise/elementwise_microkernels.h"  // ew::IntOf
#include "reduce/reduce_microkernels.h"
#include "reduce/reduce_ops.h"
#include "schema/op_schema.h"
#include "simd/exp.h"
#include "simd/simd.h"

namespace orw::kernels::norm {

// How a Softmax kernel runs, bits of its `mode`: LogSoftmax rather than Softmax, and exp by
// the polynomial accurate enough for outputs of float or a half type (exp_nonpositive_double's
// kForFloat: half the operations; double outputs take the full one).
enum SoftmaxMode : unsigned { kLog = 1u, kForFloat = 2u };

// e^d for d <= 0, lane-wise; NaN stays NaN. Below -708 exp_nonpositive_double stops at
// ~2^-1021 rather than 0, so those lanes are set to 0 (-inf must give exactly 0; results under
// e^-708 relative to the slice's largest term are lost, which only a double output could show).
template <bool kForFloat, class V>
ORW_INLINE V exp_le0(V d) {
  const V e = exp_nonpositive_double<V, ew::IntOf<V>, kForFloat>(d);  // IntOf: the int64 twin of double lanes
  return d < V{} - 708.0 ? V{} : e;
}

// What the write pass applies per slice, from the slice's sum of exp terms and `below`, the
// part of it from terms under the maximum: Softmax multiplies by 1 / sum (a product where a
// division would be: f64x2.div costs several products, and the extra rounding of the
// reciprocal, 2^-53 relative, is far below the float and half outputs' one rounding; double
// outputs already carry the exp polynomial's ~1e-15), LogSoftmax subtracts log(sum), with
// log1p where one maximum dwarfs the rest (log_of_exp_sum).
inline double row_factor(bool log, double sum, double below) {
  return log ? log_of_exp_sum(sum, below) : 1.0 / sum;
}

// One output element: Softmax's exp term e (stored by the sum pass) times t = 1 / sum, or
// LogSoftmax's d = x - max less t = log(sum). (Softmax and LogSoftmax share one kernel
// instance, `log` a run-time flag: the exp polynomial is the bulk of the code, and one
// instance of the sum loop rather than two saved 0.8 KB gzipped.)
template <class V>
ORW_INLINE V finish(bool log, V e_or_d, V t) {
  return log ? e_or_d - t : e_or_d * t;
}

// Calls f(j, W{}) over [0, k): W = S for each whole vector, then simd::Scalar<double> for the
// tail, so each loop body is written once for both (f loads and stores through W).
template <class S, class F>
ORW_INLINE void for_lanes(size_t k, F&& f) {
  size_t j = 0;
  for (; j + S::kLanes <= k; j += S::kLanes) f(j, S{});
  for (; j < k; ++j) f(j, simd::Scalar<double>{});
}

// The lanes of v added in order.
template <class S>
ORW_INLINE double lane_sum(typename S::V v) {
  double s = 0;
  for (size_t i = 0; i < S::kLanes; ++i) s += S::lane(v, i);
  return s;
}

// Keeps clang from unrolling the two passes below into two copies of their body.
#ifdef __clang__
#define ORW_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define ORW_NO_UNROLL
#endif

// The exp loops below run their body over the whole vectors of a row, then, for an odd length
// on two lanes, once more on the last element copied into small buffers (its lane 0 copied
// back): one body, so the exp polynomial is inlined once per loop rather than again for a
// scalar tail (0.4 KB gzipped for the four loops), and no test inside it (a test per vector
// for the last one ran ~7% slower).

// The sum of exp(x[i] - mk) over a row of n (Softmax, !log, keeps each term in out; out may be
// x, x[i] being read first), and in `below` the sum of the terms with x[i] < mk. x holds S's
// lane elements: doubles, or floats widened four at a time (the float32 rows path). The last
// elements' buffer has -inf after them, whose terms are 0.
template <class S, bool kForFloat, class T = typename S::Lane>
ORW_INLINE double exp_sum_row(const T* x, size_t n, double mk, double* out, bool log, double& below) {
  constexpr size_t L = S::kLanes;
  const size_t whole = n - n % L;
  const auto mv = S::splat(mk);
  typename S::V acc = S::splat(0), acc_below = S::splat(0);
  T in_pad[L];
  double out_pad[L];
  const T* src = x;
  // LogSoftmax keeps no terms: they all go to out_pad (a store with no test, which would have
  // clang make a copy of the loop for each outcome).
  double* dst = log ? out_pad : out;
  const size_t step = log ? 0 : L;
  size_t end = whole;
  ORW_NO_UNROLL
  for (bool last = false;; last = true) {
    double* d = dst;
    for (size_t i = 0; i < end; i += L, d += step) {
      const auto diff = S::load(src + i) - mv;
      const auto e = exp_le0<kForFloat>(diff);
      S::store(d, e);
      acc = acc + e;
      acc_below = acc_below + (diff < S::splat(0) ? e : S::splat(0));
    }
    if (last || whole == n) break;
    for (size_t l = 0; l < L; ++l) in_pad[l] = whole + l < n ? x[whole + l] : -std::numeric_limits<T>::infinity();
    src = in_pad, dst = out_pad, end = L;
  }
  if (!log) std::copy(out_pad, out_pad + (n - whole), out + whole);
  below = lane_sum<S>(acc_below);
  return lane_sum<S>(acc);
}

// KR Softmax / LogSoftmax of `rows` rows of n doubles (out may be x): the rows' maxes by the
// ReduceMax kernel into m[rows] (short rows four at a time), then per row the sum of
// exp(x - max) (Softmax keeps each term in out, so exp runs once per element) and the write.
// A row whose max is NaN, +inf or -inf (only -inf) becomes NaN by the arithmetic itself
// (inf - inf), as in onnxruntime.
template <class S>
ORW_KERNEL void softmax_kr(const double* x, size_t rows, size_t n, double* out, double* m, unsigned mode) {
  const bool log = mode & kLog;
  std::fill(m, m + rows, -std::numeric_limits<double>::infinity());
  reduce_kr<S, MaxOp>(MaxOp{}, x, rows, n, m);
  for (size_t k = 0; k < rows; ++k, x += n, out += n) {
    const double mk = m[k];
    double below;
    const double s = (mode & kForFloat) ? exp_sum_row<S, true>(x, n, mk, out, log, below)
                                        : exp_sum_row<S, false>(x, n, mk, out, log, below);
    const double t = row_factor(log, s, below);
    for_lanes<S>(n, [&](size_t i, auto w) ORW_INLINE_LAMBDA {
      using W = decltype(w);
      const auto e_or_d = log ? W::load(x + i) - W::splat(mk) : W::load(out + i);
      W::store(out + i, finish(log, e_or_d, W::splat(t)));
    });
  }
}

// The column sums t[j] += exp(x[r][j] - m[j]) over the n rows of a block of k columns, and
// b[j] += the terms with x[r][j] < m[j] (Softmax, !log, keeps each term in out; out may be x).
// An odd k's last column goes through the buffers `last` (x, m, t, out, b: the column's
// element in every lane) row by row.
template <class S, bool kForFloat>
ORW_INLINE void exp_sum_rows(const double* x, size_t n, size_t k, const double* m, double* t, double* b, double* out,
                             bool log) {
  constexpr size_t L = S::kLanes;
  const size_t whole = k - k % L;
  double last[5][L];
  for (size_t r = 0; r < n; ++r) {
    const double* row = x + r * k;
    const double* mr = m;
    double* tr = t;
    double* br = b;
    double* o = log ? last[3] : out + r * k;  // LogSoftmax's terms all to last[3], as in exp_sum_row
    const size_t step = log ? 0 : L;
    size_t end = whole;
    ORW_NO_UNROLL
    for (bool tail = false;; tail = true) {
      double* d = o;
      for (size_t j = 0; j < end; j += L, d += step) {
        const auto diff = S::load(row + j) - S::load(mr + j);
        const auto e = exp_le0<kForFloat>(diff);
        S::store(d, e);  // row[j] is read: out may be x
        S::store(tr + j, S::load(tr + j) + e);
        S::store(br + j, S::load(br + j) + (diff < S::splat(0) ? e : S::splat(0)));
      }
      if (tail || whole == k) break;
      for (size_t l = 0; l < L; ++l) {
        last[0][l] = row[whole], last[1][l] = m[whole], last[2][l] = t[whole], last[4][l] = b[whole];
      }
      row = last[0], mr = last[1], tr = last[2], o = last[3], br = last[4], end = L;
    }
    if (whole != k) {
      t[whole] = last[2][0];
      b[whole] = last[4][0];
      if (!log) out[r * k + whole] = last[3][0];
    }
  }
}

// RK Softmax / LogSoftmax of one block x[n][k] (out may be x), column j being a slice: the
// columns' maxes by the ReduceMax kernel into m = scratch[0, k), the sums into t =
// scratch[k, 2k) and their parts below the maxima into b = scratch[2k, 3k) walking the rows in
// order (Softmax keeps each exp term in out), then the write (t turned into the write's
// factors, row_factor).
template <class S>
ORW_KERNEL void softmax_rk(const double* x, size_t n, size_t k, double* out, double* scratch, unsigned mode) {
  const bool log = mode & kLog;
  double* m = scratch;
  double* t = scratch + k;
  double* b = scratch + 2 * k;
  std::fill(m, m + k, -std::numeric_limits<double>::infinity());
  std::fill(t, t + 2 * k, 0.0);
  reduce_rk<S, MaxOp>(MaxOp{}, x, n, k, k, m);
  if (mode & kForFloat) exp_sum_rows<S, true>(x, n, k, m, t, b, out, log);
  else exp_sum_rows<S, false>(x, n, k, m, t, b, out, log);
  for (size_t j = 0; j < k; ++j) t[j] = row_factor(log, t[j], b[j]);
  for (size_t r = 0; r < n; ++r) {
    const double* row = x + r * k;
    double* o = out + r * k;
    for_lanes<S>(k, [&](size_t j, auto w) ORW_INLINE_LAMBDA {
      using W = decltype(w);
      const auto e_or_d = log ? W::load(row + j) - W::load(m + j) : W::load(o + j);
      W::store(o + j, finish(log, e_or_d, W::load(t + j)));
    });
  }
}

// x / norm lane-wise as a product with inv = 1 / norm, 0 where the norm is 0 (onnxruntime's
// zeros for an all-zero slice, +0 for -0 too). An infinite norm gives inv = 0: x * 0 is the
// signed zero x / inf is, and inf * 0 the NaN of inf / inf. (A product where a division
// would be: see row_factor.)
template <class V>
ORW_INLINE V divide_by_norm(V x, V norm, V inv) {
  return norm == V{} ? V{} : x * inv;
}

// LpNormalization's norms from the sums of Op (SumSquareOp: square-rooted; L1Op: as they
// are). The sums are in double, so float values of 1e20 square to 1e40 without overflow, as
// ReduceL2's double accumulators do.
template <class Op>
ORW_INLINE void finish_norms(double* norm, size_t count) {
  if constexpr (std::is_same_v<Op, SumSquareOp>) {
    for (size_t i = 0; i < count; ++i) norm[i] = std::sqrt(norm[i]);
  }
}

// KR LpNormalization of `rows` rows of n doubles (out may be x), the norms into norm[rows].
// (`mode` is the Softmax kernels', unused here: the kernels share one signature.)
template <class S, class Op>
ORW_KERNEL void lp_kr(const double* x, size_t rows, size_t n, double* out, double* norm, unsigned /*mode*/) {
  std::fill(norm, norm + rows, 0.0);
  reduce_kr<S, Op>(Op{}, x, rows, n, norm);
  finish_norms<Op>(norm, rows);
  for (size_t k = 0; k < rows; ++k, x += n, out += n) {
    // The norm is the row's: divide_by_norm's select decided once per row, not per lane.
    if (norm[k] == 0) {
      std::fill(out, out + n, 0.0);
      continue;
    }
    const double inv = 1.0 / norm[k];
    for_lanes<S>(n, [&](size_t i, auto w) ORW_INLINE_LAMBDA {
      using W = decltype(w);
      W::store(out + i, W::load(x + i) * W::splat(inv));
    });
  }
}

// RK LpNormalization of one block x[n][k] (out may be x), the column norms into norm[k] and
// their reciprocals after them (in the 3k scratch doubles every RK kernel gets).
template <class S, class Op>
ORW_KERNEL void lp_rk(const double* x, size_t n, size_t k, double* out, double* norm, unsigned /*mode*/) {
  std::fill(norm, norm + k, 0.0);
  reduce_rk<S, Op>(Op{}, x, n, k, k, norm);
  finish_norms<Op>(norm, k);
  double* inv = norm + k;
  for (size_t j = 0; j < k; ++j) inv[j] = 1.0 / norm[j];
  for (size_t r = 0; r < n; ++r) {
    const double* row = x + r * k;
    double* o = out + r * k;
    for_lanes<S>(k, [&](size_t j, auto w) ORW_INLINE_LAMBDA {
      using W = decltype(w);
      W::store(o + j, divide_by_norm(W::load(row + j), W::load(norm + j), W::load(inv + j)));
    });
  }
}

}  // namespace orw::kernels::norm
