// ArgMax microkernels over a SIMD wrapper S (see simd/simd.h); arg_runner.h drives a
// ReductionPlan with them. A row's arg is carried as a pair of vectors: the best values
// seen per lane and their indices, updated by compare-and-blend. The scalar instance of the
// same templates is the fallback and the tests' reference.
//
// Order: `beats(x, b)` says x is strictly larger than b (a NaN beats every number, as numpy's
// argmax returns the first NaN). With kLast
// (select_last_index) an element replaces an equal best; without it only a strictly better
// one does. Pieces of a row are visited in index order, so ties resolve to the first (or
// last) index.
//   R : one span, contiguous             KR: rows, one output each
//   RK: columns reduced side by side      (outer groups are looped over)
// They compute ArgMax only: ArgMin runs as ArgMax of -x or ~x (arg_kernels.cc).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "core/half.h"
#include "simd/order_keys.h"  // widened_key: 8/16-bit types and halves as int32 keys
#include "simd/simd.h"

namespace orw::kernels {

// The integer lanes that hold indices beside value lanes of type L (same width, so a compare
// mask of the values selects indices too); the scalar instance keeps int64 indices.
template <class L> using IndexLane = std::conditional_t<sizeof(L) == 8, int64_t, int32_t>;

template <class X, bool = std::is_arithmetic_v<X>> struct LaneType { using type = X; };
template <class X> struct LaneType<X, false> { using type = simd::LaneOf<X>; };

template <class X>
ORW_INLINE auto beats(X x, X b) {
  using Lane = typename LaneType<X>::type;
  auto strict = simd::greater(x, b);
  if constexpr (std::is_floating_point_v<Lane>) return strict | ((x != x) & (b == b));
  else return strict;
}

// The update rule: a strictly better element replaces the best; with kLast an equal one too.
// For float lanes in three instructions: without kLast, "b is a number and not x <= b" (an
// unordered compare is false, so a NaN x passes and a NaN b never gives way); with kLast,
// "x >= b or x is a NaN".
template <bool kLast, class X>
ORW_INLINE auto replaces(X x, X b) {
  using Lane = typename LaneType<X>::type;
  if constexpr (std::is_floating_point_v<Lane>) {
    if constexpr (kLast) return (x >= b) | (x != x);
    else return (b == b) & ~(x <= b);
  } else if constexpr (kLast) {
    return ~beats(b, x);
  } else {
    return beats(x, b);
  }
}
template <bool kLast, class X>
ORW_INLINE bool replaces_scalar(X x, X b) {
  if constexpr (kLast) return !beats(b, x);
  else return beats(x, b);
}

// A slice's best so far: value and index.
template <class L>
struct ArgBest {
  L value;
  int64_t index = -1;  // -1: nothing seen yet
  bool nan = false;    // the quick pass met a NaN (or failed): the slice needs the exact pass
};

// m & here, for a compare mask m (lanes 0 or all ones) and indices here >= 0. 32-bit lanes take
// wasm's i32x4.min_u: clang turns a plain `&` with a compare mask into v128.bitselect, which
// V8 runs as three instructions.
template <class IV>
ORW_INLINE IV masked(IV m, IV here) {
#ifdef __wasm_simd128__
  if constexpr (sizeof(simd::LaneOf<IV>) == 4) return (IV)wasm_u32x4_min((v128_t)m, (v128_t)here);
#endif
  return m & here;
}

// One step of the update rule for vector lanes: x, seen at index `here` (indices only grow
// from step to step), against the best values bv and their indices bi. The exact form handles
// NaNs (replaces() and two blends). The quick one assumes no NaN (the caller checks for them
// and redoes the work exactly when it meets one) and runs in about half the instructions:
// the value by a one-instruction max/min (a < b ? b : a: wasm's pmax, or i32x4.max_s/u), and
// for 32-bit indices the index by max(bi, mask & here) instead of a blend.
template <bool kLast, bool kExact, class V, class IV>
ORW_INLINE void update(V& bv, IV& bi, V x, IV here) {
  using Lane = simd::LaneOf<V>;
  if constexpr (kExact) {
    const auto m = replaces<kLast>(x, bv);
    bv = m ? x : bv;
    bi = m ? here : bi;
  } else {
    const auto m = kLast ? ~simd::greater(bv, x) : simd::greater(x, bv);
    if constexpr (sizeof(Lane) == 8) bv = m ? x : bv;  // no 64-bit max: a blend
    else bv = bv < x ? x : bv;
    if constexpr (sizeof(simd::LaneOf<IV>) == 4) {
      const IV t = masked((IV)m, here);
      bi = bi < t ? t : bi;
    } else {
      bi = m ? here : bi;
    }
  }
}

// Merges candidate c into best b where their elements may come in any order: the more extreme
// wins, an equal one wins when its index is earlier (later with kLast).
template <bool kLast, class L>
inline void merge_candidate(ArgBest<L>& b, L value, int64_t index) {
  if (b.index < 0 || beats(value, b.value) ||
      (!beats(b.value, value) && (kLast ? index > b.index : index < b.index))) {
    b.value = value;
    b.index = index;
  }
}

constexpr size_t kArgUnroll = 4;

// v[0] + ... + v[K - 1] as a tree: a running probe then waits for one add per step, not K.
template <size_t K, class V>
ORW_INLINE V tree_sum(const V* v) {
  if constexpr (K == 1) return v[0];
  else return tree_sum<K / 2>(v) + tree_sum<K - K / 2>(v + K / 2);
}

// Merges (bv1, bi1) into (bv0, bi0) lane by lane, where indices may come in any order: the
// more extreme wins, an equal one when its index is earlier (later with kLast).
template <bool kLast, class V, class IV>
inline void merge_lanes(V& bv0, IV& bi0, V bv1, IV bi1) {
  const auto equal = ~beats(bv0, bv1) & ~beats(bv1, bv0);
  const auto take = beats(bv1, bv0) | (equal & (kLast ? bi1 > bi0 : bi1 < bi0));
  bv0 = take ? bv1 : bv0;
  bi0 = take ? bi1 : bi0;
}

// R, exactly: the arg over x[0..n) (n > 0, n < 2^31), as (value, index into x), NaNs
// included. One pair of vectors holds a best value per lane and the vector number where it
// was seen, then the lanes are merged. (It runs only for slices holding a NaN, or too short
// for the quick pass: kept small rather than fast.)
template <class S, bool kLast>
ArgBest<typename S::Lane> arg_r_exact(const typename S::Lane* x, size_t n) {
  using L = typename S::Lane;
  using V = typename S::V;
  using I = IndexLane<L>;
  constexpr size_t N = S::kLanes;
  ArgBest<L> best;
  size_t i = 0;
  if constexpr (N > 1) {
    typedef I IV __attribute__((vector_size(16)));
    static_assert(sizeof(IV) / sizeof(I) == N, "index lanes match value lanes");
    if (n >= N) {
      V bv = S::load(x);
      IV bi{}, step{};
      for (i = N; i + N <= n; i += N) {
        step += 1;
        update<kLast, true>(bv, bi, S::load(x + i), step);
      }
      for (size_t l = 0; l < N; ++l) {
        merge_candidate<kLast>(best, S::lane(bv, l), static_cast<int64_t>(bi[l]) * static_cast<int64_t>(N) + static_cast<int64_t>(l));
      }
    }
  }
  for (; i < n; ++i) {  // the tail (and the whole slice for the scalar instance)
    const L v = x[i];
    if (best.index < 0 || replaces_scalar<kLast>(v, best.value)) best = {v, static_cast<int64_t>(i)};
  }
  return best;
}

// The lane-wise extreme of a and b for the quick pass (no NaNs): one instruction where wasm
// has one (f32x4.pmax, i32x4.max_s, ...), compare and blend for 64-bit lanes.
template <bool kMax, class V>
ORW_INLINE V quick_extreme(V a, V b) {
  if constexpr (sizeof(simd::LaneOf<V>) == 8) {
    const auto m = kMax ? simd::greater(b, a) : simd::greater(a, b);
    return m ? b : a;
  } else {
    return kMax ? (a < b ? b : a) : (b < a ? b : a);
  }
}

// Bit l set when lane l of the compare mask m is set.
template <class M>
ORW_INLINE uint32_t lane_bits(M m) {
#ifdef __wasm_simd128__
  if constexpr (sizeof(simd::LaneOf<M>) == 4) return static_cast<uint32_t>(wasm_i32x4_bitmask((v128_t)m));
  else return static_cast<uint32_t>(wasm_i64x2_bitmask((v128_t)m));
#else
  uint32_t bits = 0;
  for (size_t l = 0; l < sizeof(M) / sizeof(m[0]); ++l) bits |= static_cast<uint32_t>(m[l] != 0) << l;
  return bits;
#endif
}

// Whether any lane / every lane of the compare mask m is set (v128.any_true and
// i32x4.all_true in wasm: one instruction each, where lane_bits needs a bitmask and a test).
template <class M>
ORW_INLINE bool any_lane(M m) {
#ifdef __wasm_simd128__
  return wasm_v128_any_true((v128_t)m);
#else
  return lane_bits(m) != 0;
#endif
}
template <class M>
ORW_INLINE bool all_lanes(M m) {
#ifdef __wasm_simd128__
  if constexpr (sizeof(simd::LaneOf<M>) == 4) return wasm_i32x4_all_true((v128_t)m);
  else return wasm_i64x2_all_true((v128_t)m);
#else
  return lane_bits(m) == (1u << (sizeof(M) / sizeof(m[0]))) - 1;
#endif
}

// True when any lane of the float vector v is NaN (the NaN probes of the block passes).
template <class V>
ORW_INLINE bool has_nan(V v) {
  return lane_bits(v != v) != 0;
}

// Every lane of v set to the extreme (kMax: largest) of v's lanes (`quick_extreme`), or with
// kIndex the same for indices (signed), by shuffles: no lane goes through memory.
template <bool kMax, bool kIndex, class V>
ORW_INLINE V fold_step(V a, V b) {
  if constexpr (kIndex) return kMax ? (a < b ? b : a) : (b < a ? b : a);
  else return quick_extreme<kMax>(a, b);
}
template <bool kMax, bool kIndex = false, class V>
ORW_INLINE V fold_lanes(V v) {
  if constexpr (sizeof(V) / sizeof(v[0]) == 4) {
    v = fold_step<kMax, kIndex>(v, __builtin_shufflevector(v, v, 2, 3, 0, 1));
    return fold_step<kMax, kIndex>(v, __builtin_shufflevector(v, v, 1, 0, 3, 2));
  } else {
    return fold_step<kMax, kIndex>(v, __builtin_shufflevector(v, v, 1, 0));
  }
}

// The kArgUnroll vectors at p: their lane-wise extreme, and (float lanes) their sum added to
// probe.
template <class S>
ORW_INLINE typename S::V arg_block(const typename S::Lane* p, typename S::V& probe) {
  typename S::V c[kArgUnroll];
  for (size_t u = 0; u < kArgUnroll; ++u) c[u] = S::load(p + u * S::kLanes);
  if constexpr (std::is_floating_point_v<typename S::Lane>) probe += tree_sum<kArgUnroll>(c);
  for (size_t w = kArgUnroll / 2; w > 0; w /= 2) {
    for (size_t u = 0; u < w; ++u) c[u] = quick_extreme<true>(c[u], c[u + w]);
  }
  return c[0];
}

// R, quick (n >= kArgUnroll * N, n < 2^31): the slice in blocks of kArgUnroll vectors. Each
// block's lane-wise extreme (a tree, no index) is compared with the lanes' best so far, and a
// lane keeps only the number of the block where its best first (last, with kLast) appeared:
// about half the work of a per-vector (value, index) update. At the end the lanes give the
// best value and the earliest (latest) block holding it, and that one block is scanned for
// the element. Float lanes check for NaNs with a running sum (NaN when an element is, or
// when +inf meets -inf) and report one in `nan` (the result is then not valid).
template <class S, bool kLast>
ArgBest<typename S::Lane> arg_r_blocks(const typename S::Lane* x, size_t n) {
  using L = typename S::Lane;
  using V = typename S::V;
  using I = IndexLane<L>;
  typedef I IV __attribute__((vector_size(16)));
  constexpr size_t N = S::kLanes, kBlock = kArgUnroll * N;
  constexpr bool kFloat = std::is_floating_point_v<L>;
  ArgBest<L> best{L{}, -1, false};
  V probe{};
  V bv = arg_block<S>(x, probe);
  IV bi{}, step{};
  size_t i = kBlock;
  for (; i + kBlock <= n; i += kBlock) {
    step += 1;
    update<kLast, false>(bv, bi, arg_block<S>(x + i, probe), step);
  }
  if constexpr (kFloat) {
    best.nan = has_nan(probe);
    for (size_t t = i; t < n; ++t) best.nan |= x[t] != x[t];
    if (best.nan) return best;
  }
  // The best value in every lane, and the earliest (latest) block where a lane holds it.
  const V top = fold_lanes<true>(bv);
  constexpr I kNone = kLast ? I{-1} : std::numeric_limits<I>::max();
  const IV none = IV{} + kNone;
  const IV at = fold_lanes<kLast, true>((IV)(bv == top) ? bi : none);
  const size_t start = static_cast<size_t>(at[0]) * kBlock;
  uint32_t hits = 0;  // bit e: element start + e equals the best
  for (size_t u = 0; u < kArgUnroll; ++u) hits |= lane_bits(S::load(x + start + u * N) == top) << (u * N);
  if (hits == 0) {  // cannot happen (the block holds the value): the exact pass then, not UB
    best.nan = true;
    return best;
  }
  best.value = S::lane(top, 0);
  best.index = static_cast<int64_t>(start) + (kLast ? 31 - __builtin_clz(hits) : __builtin_ctz(hits));
  for (; i < n; ++i) {  // the tail comes after every index seen
    const L v = x[i];
    if (replaces_scalar<kLast>(v, best.value)) best = {v, static_cast<int64_t>(i)};
  }
  return best;
}

// R: the quick pass in blocks, and the exact one when the slice holds a NaN (or is short).
template <class S, bool kLast>
ArgBest<typename S::Lane> arg_r(const typename S::Lane* x, size_t n) {
  if constexpr (S::kLanes > 1) {
    if (n >= kArgUnroll * S::kLanes) {
      const auto quick = arg_r_blocks<S, kLast>(x, n);
      if (!quick.nan) return quick;
    }
  }
  return arg_r_exact<S, kLast>(x, n);
}

}  // namespace orw::kernels
