// Scan (cumulative) microkernels over a SIMD wrapper S and an op descriptor Op, on a tensor
// viewed as (outer, n, inner) and scanned along n.
//   inner == 1: each row is scanned in registers (an in-vector prefix, then a carried value).
//   inner  > 1: rows are combined with the previous output row, vectorized across inner.
// Exclusive scans shift the inclusive result by one position; they never divide.
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

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

namespace orw::kernels {

// A scan fed in pieces of about kPieceBytes (in cache while they are scanned). Whole scan
// blocks (outer slices) go into a piece when they fit; otherwise a block's rows come a piece
// at a time in scan order (a reverse scan is fed from the end), carrying the previous output
// row and, for exclusive scans, the previous input row. Same operations in the same order as
// scan(), so the same bits.
template <class S, class Op>
class ScanRunner {
 public:
  using T = typename S::Lane;
  struct Piece {
    size_t offset = 0, count = 0;  // elements; count 0: done
  };

  ScanRunner(size_t outer, size_t n, size_t inner, bool exclusive, bool reverse, size_t piece_bytes)
      : outer_(outer), n_(n), inner_(inner), exclusive_(exclusive), reverse_(reverse) {
    const size_t budget = piece_bytes / sizeof(T) > 0 ? piece_bytes / sizeof(T) : 1;
    const size_t block = n * inner;
    by_rows_ = inner > 1 && block > budget;
    if (by_rows_) {
      rows_per_piece_ = budget / inner > 0 ? budget / inner : 1;
      carry_out_.resize(inner);
      carry_x_.resize(inner);
    } else {
      blocks_per_piece_ = block > 0 && budget / block > 0 ? budget / block : 1;
    }
    if (block == 0) outer_ = 0;  // nothing to scan
  }

  Piece next() const {
    if (done_ >= outer_) return {};
    const size_t block = n_ * inner_;
    if (!by_rows_) {
      const size_t blocks = outer_ - done_ < blocks_per_piece_ ? outer_ - done_ : blocks_per_piece_;
      return {done_ * block, blocks * block};
    }
    const size_t m = rows_in_next();
    const size_t first = reverse_ ? n_ - row_ - m : row_;
    return {done_ * block + first * inner_, m * inner_};
  }

  // Scans the next piece: x holds its input elements, out receives its output elements.
  void feed(const T* x, T* out) {
    if (!by_rows_) {
      const Piece p = next();
      const size_t blocks = p.count / (n_ * inner_);
      scan<S, Op>(x, out, blocks, n_, inner_, exclusive_, reverse_);
      done_ += blocks;
      return;
    }
    const size_t m = rows_in_next();
    const T id = Op::template identity<T>();
    for (size_t q = 0; q < m; ++q) {
      const size_t j = reverse_ ? m - 1 - q : q;  // the row's place in the piece
      const T* src = x + j * inner_;
      T* dst = out + j * inner_;
      if (row_ + q == 0) {
        for (size_t c = 0; c < inner_; ++c) dst[c] = exclusive_ ? id : src[c];
        continue;
      }
      const size_t jp = reverse_ ? j + 1 : j - 1;  // the previous row in scan order
      const T* prev_out = q == 0 ? carry_out_.data() : out + jp * inner_;
      const T* prev_x = q == 0 ? carry_x_.data() : x + jp * inner_;
      combine_rows<S, Op>(prev_out, exclusive_ ? prev_x : src, dst, inner_);
    }
    const size_t last = reverse_ ? 0 : m - 1;
    std::copy(out + last * inner_, out + (last + 1) * inner_, carry_out_.begin());
    std::copy(x + last * inner_, x + (last + 1) * inner_, carry_x_.begin());
    row_ += m;
    if (row_ == n_) row_ = 0, ++done_;
  }

 private:
  size_t rows_in_next() const { return n_ - row_ < rows_per_piece_ ? n_ - row_ : rows_per_piece_; }

  size_t outer_, n_, inner_;
  bool exclusive_, reverse_;
  bool by_rows_ = false;
  size_t blocks_per_piece_ = 1, rows_per_piece_ = 1;
  size_t done_ = 0, row_ = 0;  // blocks finished; rows of the current block done (by_rows_)
  std::vector<T> carry_out_, carry_x_;
};

}  // namespace orw::kernels
