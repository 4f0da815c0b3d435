// Streams of scans and the type-independent half of running one (built -Oz: it runs once per
// piece, never per element). The typed half is scan/scan_runner.h's ScanRunner, which derives
// from ScanWalk.
#pragma once
#include <cstddef>

#include "core/buffer.h"

namespace orw {

// A scan fed piece by piece: next() says which input elements to provide (pieces of a reverse
// scan may come from the end), feed() writes the same elements of the output. Gives the same
// bits as the whole-buffer scan. What the scan operator and the bindings hold.
class ScanStream {
 public:
  struct Piece {
    size_t offset = 0, count = 0;  // elements; count 0 once everything was fed
  };
  virtual ~ScanStream() = default;
  virtual Piece next() const = 0;
  // Scans the piece next() named: x holds its input elements, out receives its output.
  virtual void feed(const void* x, void* out) = 0;
};

// Input rows a scan over columns (inner > 1) combines with its carry row at a time; a piece
// cut by rows holds whole groups when at least one fits. Measured along axis 0 of [1024, 4096]
// float32 in wasm (V8, AMD EPYC): 4 beat 2 by ~15%; 8 was several times slower.
constexpr size_t kScanRowGroup = 4;

// A scan of (outer, n, inner) along n, fed in pieces of about piece_bytes of input (in cache
// while they are scanned). Whole scan blocks (outer slices) go into a piece when they fit;
// otherwise a block's rows come a piece at a time in scan order (a reverse scan is fed from
// the end), on top of the carry row (acc_size bytes per column).
class ScanWalk : public ScanStream {
 public:
  ScanWalk(size_t outer, size_t n, size_t inner, bool exclusive, bool reverse, size_t piece_bytes, size_t element_size,
           size_t acc_size);
  ~ScanWalk() override;
  Piece next() const final;
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
