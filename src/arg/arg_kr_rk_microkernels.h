// ArgMax microkernels over many rows at once: KR (rows, N at a time for short rows) and RK
// (columns side by side, their state held across rows), built on the row kernels of
// arg_microkernels.h.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "arg/arg_microkernels.h"
#include "simd/simd.h"

namespace orw::kernels {

// KR, N rows at a time (N = lanes, 2 or 4; r >= N): one quick (value, index) pair per row,
// then the N pairs transposed so that one vector merge finishes all N rows (the horizontal
// step dominates for short rows); the rows' tails in scalar. Returns false (out untouched)
// when a row holds a NaN: the caller then runs the rows exactly.
template <class S, bool kLast>
bool arg_kr_group(const typename S::Lane* x, size_t r, int64_t* out) {
  using L = typename S::Lane;
  using V = typename S::V;
  using I = IndexLane<L>;
  using VW = simd::Vec128<L>;
  using IW = simd::Vec128<I>;
  using IV = typename IW::V;
  constexpr size_t N = S::kLanes;
  static_assert(N == 2 || N == 4, "arg_kr_group handles 2 or 4 lanes");
  const typename S::Lane* row[N];
  V bv[N], probe{};
  IV bi[N];
  for (size_t q = 0; q < N; ++q) {
    row[q] = x + q * r, bv[q] = S::load(row[q]), bi[q] = IV{};
    if constexpr (std::is_floating_point_v<L>) probe += bv[q];
  }
  IV step{};
  size_t j = N;
  for (; j + N <= r; j += N) {
    step += 1;
    V v[N];
    for (size_t q = 0; q < N; ++q) {
      v[q] = S::load(row[q] + j);
      update<kLast, false>(bv[q], bi[q], v[q], step);
    }
    if constexpr (std::is_floating_point_v<L>) probe += tree_sum<N>(v);
  }
  if constexpr (std::is_floating_point_v<L>) {
    if (has_nan(probe)) return false;
    for (size_t q = 0; q < N; ++q) {
      for (size_t t = j; t < r; ++t) {
        if (row[q][t] != row[q][t]) return false;
      }
    }
  }
  IV lane{};
  for (size_t l = 0; l < N; ++l) lane[l] = static_cast<I>(l);
  for (size_t q = 0; q < N; ++q) bi[q] = bi[q] * static_cast<I>(N) + lane;
  // Transpose: t[c] lane q = row q's pair from lane c.
  V t[N];
  IV ti[N];
  if constexpr (N == 2) {
    t[0] = VW::interleave_lo(bv[0], bv[1]), t[1] = VW::interleave_hi(bv[0], bv[1]);
    ti[0] = IW::interleave_lo(bi[0], bi[1]), ti[1] = IW::interleave_hi(bi[0], bi[1]);
  } else {
    const V u0 = VW::interleave_lo(bv[0], bv[1]), u1 = VW::interleave_hi(bv[0], bv[1]);
    const V w0 = VW::interleave_lo(bv[2], bv[3]), w1 = VW::interleave_hi(bv[2], bv[3]);
    t[0] = VW::concat_lo(u0, w0), t[1] = VW::concat_hi(u0, w0), t[2] = VW::concat_lo(u1, w1), t[3] = VW::concat_hi(u1, w1);
    const IV iu0 = IW::interleave_lo(bi[0], bi[1]), iu1 = IW::interleave_hi(bi[0], bi[1]);
    const IV iw0 = IW::interleave_lo(bi[2], bi[3]), iw1 = IW::interleave_hi(bi[2], bi[3]);
    ti[0] = IW::concat_lo(iu0, iw0), ti[1] = IW::concat_hi(iu0, iw0), ti[2] = IW::concat_lo(iu1, iw1),
    ti[3] = IW::concat_hi(iu1, iw1);
    merge_lanes<kLast>(t[2], ti[2], t[3], ti[3]);
  }
  merge_lanes<kLast>(t[0], ti[0], t[1], ti[1]);
  if constexpr (N == 4) merge_lanes<kLast>(t[0], ti[0], t[2], ti[2]);
  for (size_t q = 0; q < N; ++q) {
    ArgBest<L> b{VW::lane(t[0], q), static_cast<int64_t>(ti[0][q])};
    for (size_t e = j; e < r; ++e) {  // the tail comes after every index seen
      const L v = row[q][e];
      if (replaces_scalar<kLast>(v, b.value)) b = {v, static_cast<int64_t>(e)};
    }
    out[q] = b.index;
  }
  return true;
}

// KR: k rows of r elements, the index of each row's arg to out[0..k): short rows N at a time
// (arg_kr_group), rows of a block or more one at a time in blocks (arg_r).
template <class S, bool kLast>
void arg_kr(const typename S::Lane* x, size_t k, size_t r, int64_t* out) {
  constexpr size_t N = S::kLanes;
  size_t i = 0;
  if constexpr (N == 2 || N == 4) {
    if (r >= N && r < kArgUnroll * N) {
      for (; i + N <= k; i += N) {
        if (arg_kr_group<S, kLast>(x + i * r, r, out + i)) continue;
        for (size_t q = 0; q < N; ++q) out[i + q] = arg_r_exact<S, kLast>(x + (i + q) * r, r).index;
      }
    }
  }
  for (; i < k; ++i) out[i] = arg_r<S, kLast>(x + i * r, r).index;
}

// RK, one tile of kArgUnroll vectors of columns starting at column j, rows [r0, r1): the
// columns' state is held in registers while walking the rows. Without kExact (float lanes):
// the quick update, and false (state untouched) when a NaN was met.
template <class S, bool kLast, bool kExact>
bool arg_rk_tile(const typename S::Lane* x, size_t r0, size_t r1, size_t stride, size_t j, typename S::Lane* bv,
                 IndexLane<typename S::Lane>* bi) {
  using L = typename S::Lane;
  using V = typename S::V;
  using I = IndexLane<L>;
  typedef I IV __attribute__((vector_size(16)));
  constexpr size_t N = S::kLanes;
  constexpr bool kCheckNan = !kExact && std::is_floating_point_v<L>;
  V v[kArgUnroll];
  IV idx[kArgUnroll];
  V probe{};  // as in arg_r_blocks
  for (size_t u = 0; u < kArgUnroll; ++u) {
    std::memcpy(&v[u], bv + j + u * N, sizeof(V));
    std::memcpy(&idx[u], bi + j + u * N, sizeof(IV));
    if constexpr (kCheckNan) probe += v[u];  // a NaN from an earlier piece: the quick update would lose it
  }
  const auto* row = x + j;
  for (size_t r = r0; r < r1; ++r, row += stride) {
    const IV here = IV{} + static_cast<I>(r);
    V e[kArgUnroll];
    for (size_t u = 0; u < kArgUnroll; ++u) {
      e[u] = S::load(row + u * N);
      update<kLast, kExact>(v[u], idx[u], e[u], here);
    }
    if constexpr (kCheckNan) probe += tree_sum<kArgUnroll>(e);
  }
  if constexpr (kCheckNan) {
    if (has_nan(probe)) return false;
  }
  for (size_t u = 0; u < kArgUnroll; ++u) {
    std::memcpy(bv + j + u * N, &v[u], sizeof(V));
    std::memcpy(bi + j + u * N, &idx[u], sizeof(IV));
  }
  return true;
}

// Rows a tile takes down at a time in arg_rk. A tile walks its rows `stride` apart: over many
// rows of a wide tensor (ArgMax over axis 0 of [64,256,256]: 64 rows 256 KiB apart) each
// step is a cache line in another page, too many streams for the prefetchers, and the kernel
// waited on memory (3.4 GB/s natively). In groups of 16 rows every tile of the columns takes
// the group's rows before the next group: 16 streams, each read in order.
constexpr size_t kArgRkRowGroup = 16;

// RK over rows [r0, r1) (`stride` apart) of columns [0, k) at x (row r0 first): best values
// `bv` and indices `bi` of every column updated in place (rows in order for each column, so
// the grouping changes no index).
template <class S, bool kLast>
void arg_rk(const typename S::Lane* x, size_t r0, size_t r1, size_t stride, size_t k, typename S::Lane* bv,
            IndexLane<typename S::Lane>* bi) {
  using L = typename S::Lane;
  using I = IndexLane<L>;
  constexpr size_t N = S::kLanes;
  size_t j = 0;
  if constexpr (N > 1) {
    const size_t tiled = k / (kArgUnroll * N) * (kArgUnroll * N);
    for (size_t g0 = r0; g0 < r1; g0 += kArgRkRowGroup) {
      const size_t g1 = std::min(r1, g0 + kArgRkRowGroup);
      const auto* xg = x + (g0 - r0) * stride;
      for (size_t t = 0; t < tiled; t += kArgUnroll * N) {
        const bool done = arg_rk_tile<S, kLast, false>(xg, g0, g1, stride, t, bv, bi);
        if constexpr (std::is_floating_point_v<L>) {  // only float lanes hold NaNs
          if (!done) arg_rk_tile<S, kLast, true>(xg, g0, g1, stride, t, bv, bi);
        }
      }
    }
    j = tiled;
  }
  for (; j < k; ++j) {
    L b = bv[j];
    I bj = bi[j];
    const auto* col = x + j;
    for (size_t r = r0; r < r1; ++r, col += stride) {
      const L e = *col;
      if (replaces_scalar<kLast>(e, b)) b = e, bj = static_cast<I>(r);
    }
    bv[j] = b;
    bi[j] = bj;
  }
}

// The value that every element replaces under the update rule (or equals, at worst): the
// bottom of the order. Used to start RK columns; their index starts at row 0, which is right
// whether row 0 replaces it or ties with it.
template <class L>
constexpr L arg_bottom() {
  if constexpr (std::is_floating_point_v<L>) return -std::numeric_limits<L>::infinity();
  else return std::numeric_limits<L>::lowest();
}

}  // namespace orw::kernels
