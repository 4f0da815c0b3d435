// The typed half of a scan (built -O3 in scan_kernels.cc): ScanWalk's pieces scanned by the
// microkernels of scan_microkernels.h for one compute type S and op descriptor Op.
#pragma once
#include <cstddef>

#include "scan/scan_walk.h"
#include "scan/scan_microkernels.h"

namespace orw::kernels {

template <class S, class Op>
class ScanRunner final : public ScanWalk {
 public:
  using T = typename S::Lane;
  using A = typename S::Acc;

  ScanRunner(size_t outer, size_t n, size_t inner, bool exclusive, bool reverse, size_t piece_bytes)
      : ScanWalk(outer, n, inner, exclusive, reverse, piece_bytes, sizeof(T), sizeof(A)) {}

  void feed(const void* x, void* out) override { feed_typed(static_cast<const T*>(x), static_cast<T*>(out)); }

  // Scans the next piece: x holds its input elements, out receives its output elements.
  void feed_typed(const T* x, T* out) {
    A* carry = reinterpret_cast<A*>(carry_.get());
    if (!by_rows_) {
      const size_t block = n_ * inner_, blocks = next().count / block;
      for (size_t b = 0; b < blocks; ++b, x += block, out += block) {
        if (inner_ == 1) scan_row(x, out);
        else scan_columns(x, out, n_, inner_, carry, true);
      }
      done_ += blocks;
      return;
    }
    const size_t m = rows_in_next();
    scan_columns(x, out, m, inner_, carry, row_ == 0);
    rows_done(m);
  }

 private:
  void scan_row(const void* x, void* out) override {
    scan_contiguous_row<S, Op>(static_cast<const T*>(x), static_cast<T*>(out), n_, exclusive_, reverse_);
  }
  void scan_columns(const void* x, void* out, size_t rows, size_t width, void* carry, bool first) override {
    scan_rows<S, Op>(static_cast<const T*>(x), static_cast<T*>(out), rows, inner_, width, static_cast<A*>(carry),
                     exclusive_, reverse_, first);
  }
};

// out = scan of x (outer, n, inner) along n: split on the thread pool, or piece by piece
// exactly as a stream would (the same bits either way).
template <class S, class Op>
void scan(const typename S::Lane* x, typename S::Lane* out, size_t outer, size_t n, size_t inner, bool exclusive,
          bool reverse, size_t piece_bytes) {
  ScanRunner<S, Op> runner(outer, n, inner, exclusive, reverse, piece_bytes);
  if (runner.run_split(x, out)) return;
  for (auto p = runner.next(); p.count > 0; p = runner.next()) runner.feed_typed(x + p.offset, out + p.offset);
}

}  // namespace orw::kernels
