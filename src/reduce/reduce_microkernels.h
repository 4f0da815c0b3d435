// Reduction microkernels over a SIMD wrapper S (see simd/simd.h) and an op descriptor Op (see
// reduce_ops.h; passed by value as `op`, so an op may carry run-time parameters, e.g. the key
// flip of FlipMaxOp). Every kernel accumulates into `out`, which the runner (reduce_runner.h)
// first fills with Op's identity. Input elements
// are S::Lane, accumulators and `out` are S::Acc (wider for the widening wrappers, e.g. float
// products accumulate in double).
//   R : out[0]  = Op(out[0], x[0..n))
//   KR: out[i]  = Op(out[i], x[i, 0..r))          rows reduced one by one
//   RK: out[j]  = Op(out[j], x[0..r, j])          columns reduced side by side
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "reduce/reduce_ops.h"

namespace orw::kernels {

constexpr size_t kUnroll = 8;       // independent accumulators per loop: hides combine latency
// Vectors of accumulators per loop for S: fewer when they are wider than the input (a float ->
// double vector already holds two registers), so they still fit the 16 registers of x86-64.
template <class S>
constexpr size_t kUnrollOf = kUnroll * sizeof(typename S::Lane) / sizeof(typename S::Acc) > 0
                                 ? kUnroll * sizeof(typename S::Lane) / sizeof(typename S::Acc)
                                 : 1;
constexpr size_t kBlock = 2048;     // R: elements per leaf of the pairwise (blocked) split
constexpr size_t kRowBlock = 256;   // RK: rows per leaf of the pairwise split
constexpr size_t kShortRowBytes = 16 * 1024;  // RK: accumulators per column chunk (they stay in L1)
// RK: the columns of one chunk (a multiple of every tile width: kUnroll vectors of 16 bytes).
template <class S>
constexpr size_t kRkColumnChunk = kShortRowBytes / sizeof(typename S::Acc);

// Op over a contiguous block of at most a few kBlock elements: kUnroll vector accumulators, a
// fixed combining tree, then the lanes in order, then a scalar tail.
template <class S, class Op>
ORW_KERNEL typename S::Acc reduce_block(Op op, const typename S::Lane* x, size_t n) {
  using T = typename S::Acc;
  using V = typename S::V;
  constexpr size_t N = S::kLanes;
  constexpr size_t kU = kUnrollOf<S>;
  size_t i = 0;
  T result = op.template identity<T>();
  if (n >= N) {
    const V id = S::splat(op.template identity<T>());
    V acc[kU];
    for (size_t u = 0; u < kU; ++u) acc[u] = id;
    for (; i + kU * N <= n; i += kU * N) {
      for (size_t u = 0; u < kU; ++u) acc[u] = op.combine(acc[u], op.pre(S::load(x + i + u * N)));
    }
    for (; i + N <= n; i += N) acc[0] = op.combine(acc[0], op.pre(S::load(x + i)));
    for (size_t w = kU / 2; w > 0; w /= 2) {
      for (size_t u = 0; u < w; ++u) acc[u] = op.combine(acc[u], acc[u + w]);
    }
    for (size_t l = 0; l < N; ++l) result = op.combine(result, S::lane(acc[0], l));
  }
  for (; i < n; ++i) result = op.combine(result, op.pre(static_cast<T>(x[i])));
  return result;
}

// R: Op over x[0..n), split pairwise into kBlock leaves so float sums lose accuracy with
// log(n), not n. The split points depend only on n (never on alignment). Ops without
// kPairwise (products) keep kUnroll * kLanes long sequential lanes instead: a tree of short
// partials near 1 rounds the same way at every level (a bias that grows with n).
template <class S, class Op>
typename S::Acc reduce_r(Op op, const typename S::Lane* x, size_t n) {
  if (n <= kBlock || !kPairwise<Op>) return reduce_block<S, Op>(op, x, n);
  const size_t half = (n / kBlock + 1) / 2 * kBlock;
  return op.combine(reduce_r<S, Op>(op, x, half), reduce_r<S, Op>(op, x + half, n - half));
}

// KR with 2- or 4-lane vectors: as many rows at a time as a vector has lanes, each row read
// in turn (one input stream: several rows read side by side, 1 KB apart, run 3x slower from
// memory) into its own pair of accumulators; the row vectors are then transposed and combined
// into one vector holding one result per row, so the horizontal step is shared (it dominates
// for short rows).
template <class S, class Op>
ORW_KERNEL size_t reduce_kr_rows(Op op, const typename S::Lane* x, size_t k, size_t r, typename S::Acc* out) {
  using T = typename S::Acc;
  using In = typename S::Lane;
  using V = typename S::V;
  constexpr size_t N = S::kLanes;  // also the number of rows per step
  static_assert(N == 2 || N == 4, "reduce_kr_rows handles 2 or 4 lanes");
  // Accumulators per row: float combines (multiplies, above all widened float -> double
  // ones, and NaN-aware max/min) need four to hide their latency (kernel bench, axes [2]:
  // Prod 21 -> 35 GB/s, Max 21 -> 24-29); two suffice for integers.
  constexpr size_t kA = std::is_floating_point_v<In> ? 4 : 2;
  const V id = S::splat(op.template identity<T>());
  const size_t body = r / (kA * N) * (kA * N);  // the part read kA vectors at a time
  size_t i = 0;
  for (; i + N <= k; i += N) {
    V a[N];
    for (size_t q = 0; q < N; ++q) {
      const In* row = x + (i + q) * r;
      V acc[kA];
      for (size_t u = 0; u < kA; ++u) acc[u] = id;
      for (size_t j = 0; j < body; j += kA * N) {
        for (size_t u = 0; u < kA; ++u) acc[u] = op.combine(acc[u], op.pre(S::load(row + j + u * N)));
      }
      size_t j = body;
      for (; j + N <= r; j += N) acc[0] = op.combine(acc[0], op.pre(S::load(row + j)));
      for (size_t w = kA / 2; w > 0; w /= 2) {
        for (size_t u = 0; u < w; ++u) acc[u] = op.combine(acc[u], acc[u + w]);
      }
      a[q] = acc[0];
    }
    V result;  // row q's value in lane q
    if constexpr (N == 2) {
      result = op.combine(S::interleave_lo(a[0], a[1]), S::interleave_hi(a[0], a[1]));
    } else {
      const V u0 = op.combine(S::interleave_lo(a[0], a[1]), S::interleave_hi(a[0], a[1]));
      const V u1 = op.combine(S::interleave_lo(a[2], a[3]), S::interleave_hi(a[2], a[3]));
      result = op.combine(S::concat_lo(u0, u1), S::concat_hi(u0, u1));
    }
    const size_t tail_start = r / N * N;
    if (tail_start < r) {
      T tail[N];
      for (size_t q = 0; q < N; ++q) {
        const In* row = x + (i + q) * r;
        tail[q] = op.template identity<T>();
        for (size_t t = tail_start; t < r; ++t) tail[q] = op.combine(tail[q], op.pre(static_cast<T>(row[t])));
      }
      result = op.combine(result, S::load_acc(tail));
    }
    S::store(out + i, op.combine(S::load_acc(out + i), result));
  }
  return i;
}

template <class S, class Op>
void reduce_kr(Op op, const typename S::Lane* x, size_t k, size_t r, typename S::Acc* out) {
  size_t i = 0;
  if constexpr (S::kLanes == 2 || S::kLanes == 4) {
    // (Integer lanes widened for exact means keep one row at a time: not worth the code.)
    constexpr bool kRowQuads = kUnrollOf<S> == kUnroll || std::is_floating_point_v<typename S::Lane>;
    if (kRowQuads && r >= S::kLanes && r <= kBlock) i = reduce_kr_rows<S, Op>(op, x, k, r, out);
  }
  for (; i < k; ++i) out[i] = op.combine(out[i], reduce_r<S, Op>(op, x + i * r, r));
}

// Rows row, row + gap, row + 2 gap, row + 3 gap combined element-wise at column j (each
// after Op's pre-step), as a vector.
template <class S, class Op>
ORW_INLINE typename S::V quad_vector_at(Op op, const typename S::Lane* row, size_t gap, size_t j) {
  const auto a = op.combine(op.pre(S::load(row + j)), op.pre(S::load(row + gap + j)));
  return op.combine(a, op.combine(op.pre(S::load(row + 2 * gap + j)), op.pre(S::load(row + 3 * gap + j))));
}

// `out` op= (the four rows row, row + gap, ... combined) over columns [0, w).
template <class S, class Op>
ORW_INLINE void combine_quad_into(Op op, const typename S::Lane* row, size_t gap, size_t w, typename S::Acc* out) {
  using T = typename S::Acc;
  constexpr size_t N = S::kLanes;
  size_t j = 0;
  for (; j + 2 * N <= w; j += 2 * N) {  // two independent column vectors per step
    S::store(out + j, op.combine(S::load_acc(out + j), quad_vector_at<S, Op>(op, row, gap, j)));
    S::store(out + j + N, op.combine(S::load_acc(out + j + N), quad_vector_at<S, Op>(op, row, gap, j + N)));
  }
  for (; j + N <= w; j += N) S::store(out + j, op.combine(S::load_acc(out + j), quad_vector_at<S, Op>(op, row, gap, j)));
  for (; j < w; ++j) {
    T v = op.pre(static_cast<T>(row[j]));
    for (size_t g = 1; g < 4; ++g) v = op.combine(v, op.pre(static_cast<T>(row[g * gap + j])));
    out[j] = op.combine(out[j], v);
  }
}

// RK over a few rows [r0, r1) (rows `stride` apart) and columns [0, k): column tiles held in
// registers down the rows (one input stream per row), each tile met with `out` once.
template <class S, class Op>
ORW_KERNEL void reduce_rk_tiles(Op op, const typename S::Lane* x, size_t r0, size_t r1, size_t stride, size_t k,
                                typename S::Acc* out) {
  using T = typename S::Acc;
  using In = typename S::Lane;
  using V = typename S::V;
  constexpr size_t N = S::kLanes;
  constexpr size_t kU = kUnrollOf<S>;
  const V id = S::splat(op.template identity<T>());
  size_t j = 0;
  for (; j + kU * N <= k; j += kU * N) {  // a tile of columns held in registers
    V acc[kU];
    for (size_t u = 0; u < kU; ++u) acc[u] = id;
    const In* col = x + r0 * stride + j;
    for (size_t i = r0; i < r1; ++i, col += stride) {
      for (size_t u = 0; u < kU; ++u) acc[u] = op.combine(acc[u], op.pre(S::load(col + u * N)));
    }
    for (size_t u = 0; u < kU; ++u) S::store(out + j + u * N, op.combine(S::load_acc(out + j + u * N), acc[u]));
  }
  for (; j + N <= k; j += N) {
    V acc = id;
    for (size_t i = r0; i < r1; ++i) acc = op.combine(acc, op.pre(S::load(x + i * stride + j)));
    S::store(out + j, op.combine(S::load_acc(out + j), acc));
  }
  for (; j < k; ++j) {
    T acc = op.template identity<T>();
    for (size_t i = r0; i < r1; ++i) acc = op.combine(acc, op.pre(static_cast<T>(x[i * stride + j])));
    out[j] = op.combine(out[j], acc);
  }
}

// RK over rows [r0, r1) (rows `stride` apart) and columns [0, w), with w accumulators that
// stay in L1: the input rows are combined into `out` four at a time, rows i, i + q, i + 2q and
// i + 3q (q = a quarter of the rows), each read in order. (Column tiles held in registers walk
// many rows with a stride, and rows read side by side within one page defeat the hardware
// prefetchers: both 2-3x slower from memory. Rows a quarter block apart stream, and quads
// quarter the traffic on `out`: kernel bench axes [0], ReduceProd f32 (double accumulators)
// 11-18 -> 25 GB/s against pairs and 16-row tiles, ReduceMax 10 -> 14-19.)
template <class S, class Op>
ORW_KERNEL void reduce_rk_rows(Op op, const typename S::Lane* x, size_t r0, size_t r1, size_t stride, size_t w,
                               typename S::Acc* out) {
  using In = typename S::Lane;
  constexpr size_t kFarBytes = 4096;  // rows closer than a page go to the tiles instead
  const size_t n = r1 - r0, q = n / 4;
  const In* rows = x + r0 * stride;
  size_t i = 0;
  if (q * stride * sizeof(In) >= kFarBytes) {
    for (; i < q; ++i) combine_quad_into<S, Op>(op, rows + i * stride, q * stride, w, out);
    i = 4 * q;
  }
  if (i < n) reduce_rk_tiles<S, Op>(op, rows, i, n, stride, w, out);  // the last rows, or rows close together
}

// RK over rows [r0, r1) (at most kRowBlock): out[j] = Op(out[j], x[r0..r1, j]). A few rows
// (the pieces of long rows) go to column tiles; more rows stream in column chunks whose
// accumulators fit L1. Pairwise ops (sums) gather each chunk's rows into a partial first, so a
// leaf never adds its rows one by one to a large running total.
template <class S, class Op>
void reduce_rk_block(Op op, const typename S::Lane* x, size_t r0, size_t r1, size_t stride, size_t k,
                     typename S::Acc* out) {
  using T = typename S::Acc;
  constexpr size_t kTileRows = 4;  // input streams read side by side (more: reduce_rk_rows)
  constexpr size_t kChunk = kRkColumnChunk<S>;
  if (r1 - r0 <= kTileRows) return reduce_rk_tiles<S, Op>(op, x, r0, r1, stride, k, out);
  for (size_t c0 = 0; c0 < k; c0 += kChunk) {
    const size_t w = k - c0 < kChunk ? k - c0 : kChunk;
    if constexpr (!kPairwise<Op>) {
      reduce_rk_rows<S, Op>(op, x + c0, r0, r1, stride, w, out + c0);
    } else {
      T partial[kChunk];
      for (size_t j = 0; j < w; ++j) partial[j] = op.template identity<T>();
      reduce_rk_rows<S, Op>(op, x + c0, r0, r1, stride, w, partial);
      for (size_t j = 0; j < w; ++j) out[c0 + j] = op.combine(out[c0 + j], partial[j]);
    }
  }
}

// RK: out[j] = Op(out[j], x[0..r, j]) for columns [0, k) of rows `stride` apart. Rows are
// split pairwise into blocks of kRowBlock (each half into its own partial), so float sums lose
// accuracy with log(r), not r. Ops without kPairwise (products) combine each block into `out`
// in row order instead. Each column's result depends on r, stride and its place in its
// kRkColumnChunk (never on k), so calls over column blocks of kRkColumnChunk<S> columns give
// the bits of one call over all of them.
template <class S, class Op>
void reduce_rk(Op op, const typename S::Lane* x, size_t r, size_t stride, size_t k, typename S::Acc* out) {
  using T = typename S::Acc;
  if (r <= kRowBlock) return reduce_rk_block<S, Op>(op, x, 0, r, stride, k, out);
  if constexpr (!kPairwise<Op>) {
    for (size_t r0 = 0; r0 < r; r0 += kRowBlock) {
      reduce_rk_block<S, Op>(op, x, r0, r - r0 < kRowBlock ? r : r0 + kRowBlock, stride, k, out);
    }
    return;
  }
  const size_t half = (r / kRowBlock + 1) / 2 * kRowBlock;
  std::vector<T> right(k, op.template identity<T>());
  reduce_rk<S, Op>(op, x, half, stride, k, out);
  reduce_rk<S, Op>(op, x + half * stride, r - half, stride, k, right.data());
  for (size_t j = 0; j < k; ++j) out[j] = op.combine(out[j], right[j]);
}

}  // namespace orw::kernels
