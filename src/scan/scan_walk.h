// The Scan family's walk: the type-independent half of running a scan (built -Oz: it runs once
// per piece, never per element). The typed half is scan_runner.h's ScanRunner, which derives
// from ScanWalk. A scan is a StreamedRun itself: its output goes out in pieces, so it needs no
// adapter (Reduce and Arg streams are fed through InOrderRun, plan/streamed_run.h).
#pragma once
#include <cstddef>

#include <vector>

#include "core/buffer.h"
#include "core/tensor.h"
#include "plan/streamed_run.h"

namespace orw {

// Input rows a scan over columns (inner > 1) combines with its carry row at a time; a piece
// cut by rows holds whole groups when at least one fits. Measured along axis 0 of [1024, 4096]
// float32 in wasm (V8, AMD EPYC): 4 beat 2 by ~15%; 8 was several times slower.
constexpr size_t kScanRowGroup = 4;

// A scan of (outer, n, inner) along n, fed in pieces of about piece_bytes of input (in cache
// while they are scanned). Whole scan blocks (outer slices) go into a piece when they fit;
// otherwise a block's rows come a piece at a time in scan order (a reverse scan is fed from
// the end), on top of the carry row (acc_size bytes per column).
class ScanWalk : public StreamedRun {
 public:
  ScanWalk(size_t outer, size_t n, size_t inner, bool exclusive, bool reverse, size_t piece_bytes, size_t element_size,
           size_t acc_size);
  ~ScanWalk() override;
  size_t element_size() const final { return element_size_; }
  Piece next() const final;
  bool output_in_pieces() const final { return true; }
  // Throws InternalError before the whole input was fed (the output went out in pieces).
  std::vector<Tensor> finish() final;
  // Scans the whole input x into out on the thread pool when that splits the work (several
  // threads, at least two pieces of input, more than one row): tasks of whole blocks
  // (scanned rows, or blocks of rows with their own carry) or of column windows. Returns false
  // (nothing done) otherwise. Each column or row is scanned as feed() scans it.
  bool run_split(const void* x, void* out);

 protected:
  // One block's contiguous row (inner == 1), or `rows` of its rows, columns [0, width) (x, out
  // at the window's first column), on carry[width] (first: the carry starts here).
  virtual void scan_row(const void* x, void* out) = 0;
  virtual void scan_columns(const void* x, void* out, size_t rows, size_t width, void* carry, bool first) = 0;

  size_t rows_in_next() const { return n_ - row_ < rows_per_piece_ ? n_ - row_ : rows_per_piece_; }
  void rows_done(size_t m);  // by rows: m more rows of the current block scanned

  size_t outer_, n_, inner_;
  bool exclusive_, reverse_;
  bool by_rows_ = false;
  size_t blocks_per_piece_ = 1, rows_per_piece_ = 1;
  size_t done_ = 0, row_ = 0;  // blocks finished; rows of the current block done (by_rows_)
  ByteBuffer carry_;           // inner > 1: the running value of each column

 private:
  size_t piece_bytes_, element_size_, acc_size_;
};

}  // namespace orw
