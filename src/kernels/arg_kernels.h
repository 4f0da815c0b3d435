// ArgMax/ArgMin microkernels over a SIMD wrapper S (see simd.h) and the runner that drives a
// ReductionPlan with them. A slice's arg is carried as a pair of vectors: the best values
// seen per lane and their indices, updated by compare-and-blend. The scalar instance of the
// same templates is the fallback and the tests' reference.
//
// Order: `beats(x, b)` says x is strictly more extreme than b (Max: x > b; Min: x < b; a NaN
// beats every number, as numpy's argmax/argmin return the first NaN). With kLast
// (select_last_index) an element replaces an equal best; without it only a strictly better
// one does. Pieces of a slice are visited in index order, so ties resolve to the first (or
// last) index.
//   R : one slice, contiguous            KR: rows, one slice each
//   RK: columns reduced side by side      (outer groups are looped over)
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "kernels/simd.h"
#include "plan/reduction_plan.h"

namespace orw::kernels {

// How elements of storage type T are read as lanes of a comparable type: numbers as
// themselves; 8/16-bit integers widened to int32 (4 lanes, beside 32-bit indices);
// float16/bfloat16 bits (read as int16; kHalfMask: the exponent mask) as int32 keys whose order is the float
// order, -0 equal to +0, and a NaN the key that beats every other (kNanKey).
template <class T>
struct DirectSource {
  using Stored = T;
  using Lane = T;
  static Lane scalar(T x) { return x; }
  template <class S> static typename S::V load(const T* p) { return S::load(p); }
};

template <class T, uint16_t kHalfMask = 0, int32_t kNanKey = 0>
struct WidenedSource {
  using Stored = T;
  using Lane = int32_t;
  static Lane scalar(T x) { return key(static_cast<int32_t>(x)); }
  template <class S> static typename S::V load(const T* p) {
    if constexpr (S::kLanes == 1) {
      return scalar(*p);
    } else {
      typedef T T4 __attribute__((vector_size(4 * sizeof(T))));
      T4 t;
      std::memcpy(&t, p, sizeof t);
      return key(__builtin_convertvector(t, typename S::V));
    }
  }

 private:
  // x: the element sign-extended (halves: their bits read as int16).
  template <class X> static X key(X x) {
    if constexpr (kHalfMask == 0) {
      return x;
    } else {
      X k = x ^ ((x >> 15) & 0x7FFF);  // negative values: magnitude bits flipped
      k = k - (k >> 31);                // -0 (key -1) meets +0; other negatives move up by one
      const auto nan = (x & 0x7FFF) > static_cast<int32_t>(kHalfMask);
      if constexpr (std::is_arithmetic_v<X>) return nan ? kNanKey : k;
      else return nan ? X{} + kNanKey : k;
    }
  }
};

// The integer lanes that hold indices beside value lanes of type L (same width, so a compare
// mask of the values selects indices too); the scalar instance keeps int64 indices.
template <class L> using IndexLane = std::conditional_t<sizeof(L) == 8, int64_t, int32_t>;

template <class X, bool = std::is_arithmetic_v<X>> struct LaneType { using type = X; };
template <class X> struct LaneType<X, false> { using type = simd::LaneOf<X>; };

template <bool kMax, class X>
inline auto beats(X x, X b) {
  using Lane = typename LaneType<X>::type;
  auto strict = kMax ? simd::greater(x, b) : simd::greater(b, x);
  if constexpr (std::is_floating_point_v<Lane>) return strict | ((x != x) & (b == b));
  else return strict;
}

// The update rule: a strictly better element replaces the best; with kLast an equal one too.
template <bool kMax, bool kLast, class X>
inline auto replaces(X x, X b) {
  if constexpr (kLast) return ~beats<kMax>(b, x);
  else return beats<kMax>(x, b);
}
template <bool kMax, bool kLast, class X>
inline bool replaces_scalar(X x, X b) {
  if constexpr (kLast) return !beats<kMax>(b, x);
  else return beats<kMax>(x, b);
}

// A slice's best so far: value and index.
template <class L>
struct ArgBest {
  L value;
  int64_t index = -1;  // -1: nothing seen yet
};

// Merges candidate c into best b where their elements may come in any order: the more extreme
// wins, an equal one wins when its index is earlier (later with kLast).
template <bool kMax, bool kLast, class L>
inline void merge_candidate(ArgBest<L>& b, L value, int64_t index) {
  if (b.index < 0 || beats<kMax>(value, b.value) ||
      (!beats<kMax>(b.value, value) && (kLast ? index > b.index : index < b.index))) {
    b.value = value;
    b.index = index;
  }
}

constexpr size_t kArgUnroll = 4;

// R: the arg over x[0..n) (n > 0, n < 2^31), as (value, index into x).
template <class S, class Src, bool kMax, bool kLast>
ArgBest<typename S::Lane> arg_r(const typename Src::Stored* x, size_t n) {
  using L = typename S::Lane;
  using V = typename S::V;
  using I = IndexLane<L>;
  constexpr size_t N = S::kLanes;
  ArgBest<L> best;
  size_t i = 0;
  if constexpr (N > 1) {
    typedef I IV __attribute__((vector_size(16)));
    static_assert(sizeof(IV) / sizeof(I) == N, "index lanes match value lanes");
    if (n >= kArgUnroll * N) {
      IV lane{};
      for (size_t l = 0; l < N; ++l) lane[l] = static_cast<I>(l);
      V bv[kArgUnroll];
      IV bi[kArgUnroll], pos[kArgUnroll];
      for (size_t u = 0; u < kArgUnroll; ++u) {
        bv[u] = Src::template load<S>(x + u * N);
        pos[u] = lane + static_cast<I>(u * N);
        bi[u] = pos[u];
      }
      const IV step = IV{} + static_cast<I>(kArgUnroll * N);
      for (i = kArgUnroll * N; i + kArgUnroll * N <= n; i += kArgUnroll * N) {
        for (size_t u = 0; u < kArgUnroll; ++u) {
          pos[u] += step;
          const V v = Src::template load<S>(x + i + u * N);
          const auto m = replaces<kMax, kLast>(v, bv[u]);
          bv[u] = m ? v : bv[u];
          bi[u] = m ? pos[u] : bi[u];
        }
      }
      for (size_t u = 0; u < kArgUnroll; ++u) {
        for (size_t l = 0; l < N; ++l) merge_candidate<kMax, kLast>(best, S::lane(bv[u], l), static_cast<int64_t>(bi[u][l]));
      }
    }
  }
  for (; i < n; ++i) {  // the tail (and the whole slice for the scalar instance)
    const L v = Src::scalar(x[i]);
    if (best.index < 0 || replaces_scalar<kMax, kLast>(v, best.value)) best = {v, static_cast<int64_t>(i)};
  }
  return best;
}

// RK over rows [r0, r1) of k columns at x (row r0 first): best values `bv` and indices `bi`
// of every column updated in place.
template <class S, class Src, bool kMax, bool kLast>
void arg_rk(const typename Src::Stored* x, size_t r0, size_t r1, size_t k, typename S::Lane* bv,
            IndexLane<typename S::Lane>* bi) {
  using L = typename S::Lane;
  using V = typename S::V;
  using I = IndexLane<L>;
  constexpr size_t N = S::kLanes;
  constexpr size_t kTile = kArgUnroll;  // value + index vectors of a tile stay in 16 registers
  size_t j = 0;
  if constexpr (N > 1) {
    typedef I IV __attribute__((vector_size(16)));
    for (; j + kTile * N <= k; j += kTile * N) {
      V v[kTile];
      IV idx[kTile];
      for (size_t u = 0; u < kTile; ++u) {
        std::memcpy(&v[u], bv + j + u * N, sizeof(V));
        std::memcpy(&idx[u], bi + j + u * N, sizeof(IV));
      }
      const auto* row = x + j;
      for (size_t r = r0; r < r1; ++r, row += k) {
        const IV here = IV{} + static_cast<I>(r);
        for (size_t u = 0; u < kTile; ++u) {
          const V e = Src::template load<S>(row + u * N);
          const auto m = replaces<kMax, kLast>(e, v[u]);
          v[u] = m ? e : v[u];
          idx[u] = m ? here : idx[u];
        }
      }
      for (size_t u = 0; u < kTile; ++u) {
        std::memcpy(bv + j + u * N, &v[u], sizeof(V));
        std::memcpy(bi + j + u * N, &idx[u], sizeof(IV));
      }
    }
  }
  for (; j < k; ++j) {
    L b = bv[j];
    I bj = bi[j];
    const auto* col = x + j;
    for (size_t r = r0; r < r1; ++r, col += k) {
      const L e = Src::scalar(*col);
      if (replaces_scalar<kMax, kLast>(e, b)) b = e, bj = static_cast<I>(r);
    }
    bv[j] = b;
    bi[j] = bj;
  }
}

// The value that every element replaces under the update rule (or equals, at worst): the
// bottom of the order. Used to start RK columns; their index starts at row 0, which is right
// whether row 0 replaces it or ties with it.
template <bool kMax, class L>
constexpr L arg_bottom() {
  if constexpr (std::is_floating_point_v<L>) return kMax ? -std::numeric_limits<L>::infinity() : std::numeric_limits<L>::infinity();
  else return kMax ? std::numeric_limits<L>::lowest() : std::numeric_limits<L>::max();
}

// Runs a plan (one reduced group: R, KR, RK or K...RK) over input that arrives in whole
// pieces (see piece_shape), in input order, writing int64 indices to out[plan.output_count].
template <class S, class Src, bool kMax, bool kLast>
class ArgRunner {
 public:
  using L = typename S::Lane;
  using I = IndexLane<L>;
  using Stored = typename Src::Stored;

  ArgRunner(const ReductionPlan& plan, int64_t* out) : plan_(plan), out_(out) {
    const auto& dims = plan.group_dims;
    const size_t g = dims.size();
    const size_t n_out = static_cast<size_t>(plan.output_count);
    for (size_t o = 0; o < n_out; ++o) out_[o] = 0;  // also the answer when nothing is reduced
    if (g >= 2 && !plan.group_reduced[g - 1]) {  // ...RK: columns carry state
      columns_ = static_cast<size_t>(dims[g - 1]);
      rows_ = static_cast<size_t>(dims[g - 2]);
      bv_.assign(n_out, arg_bottom<kMax, L>());
      bi_.assign(n_out, 0);
    }
    if (g == 1 && plan.group_reduced[0]) slice_ = true;
  }

  // Input elements [begin, begin + count) at x; whole units of piece_shape.
  void feed(const Stored* x, size_t begin, size_t count) {
    const auto& dims = plan_.group_dims;
    const size_t g = dims.size();
    if (count == 0 || plan_.reduce_count <= 1) return;  // nothing reduced: every index is 0
    if (slice_) {  // R: one slice, in pieces of fewer than 2^31 elements
      for (size_t done = 0; done < count;) {
        const size_t n = count - done < kMaxRun ? count - done : kMaxRun;
        const ArgBest<L> b = arg_r<S, Src, kMax, kLast>(x + done, n);
        if (best_.index < 0 || replaces_scalar<kMax, kLast>(b.value, best_.value)) {
          best_ = {b.value, static_cast<int64_t>(begin + done) + b.index};
        }
        done += n;
      }
    } else if (columns_ == 0) {  // ...KR: whole rows
      const size_t r = static_cast<size_t>(dims[g - 1]);
      for (size_t row = 0; row < count / r; ++row) {
        out_[begin / r + row] = arg_r<S, Src, kMax, kLast>(x + row * r, r).index;
      }
    } else {  // ...RK: a piece is whole rows of one block, or whole blocks
      const size_t block = rows_ * columns_;
      size_t at = begin;
      while (at < begin + count) {
        const size_t b = at / block, row0 = (at % block) / columns_;
        const size_t rows = std::min(rows_ - row0, (begin + count - at) / columns_);
        arg_rk<S, Src, kMax, kLast>(x + (at - begin), row0, row0 + rows, columns_, bv_.data() + b * columns_,
                                    bi_.data() + b * columns_);
        at += rows * columns_;
      }
    }
  }

  void finish() {
    if (plan_.reduce_count <= 1) return;
    if (slice_) out_[0] = best_.index;
    for (size_t o = 0; o < bi_.size(); ++o) out_[o] = bi_[o];
  }

 private:
  static constexpr size_t kMaxRun = size_t{1} << 30;
  const ReductionPlan& plan_;
  int64_t* out_;
  bool slice_ = false;
  size_t columns_ = 0, rows_ = 0;
  std::vector<L> bv_;
  std::vector<I> bi_;
  ArgBest<L> best_{};
};

}  // namespace orw::kernels
