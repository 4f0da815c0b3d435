#include "plan/scan_walk.h"

namespace orw {

ScanWalk::ScanWalk(size_t outer, size_t n, size_t inner, bool exclusive, bool reverse, size_t piece_bytes,
                   size_t element_size, size_t acc_size)
    : outer_(outer), n_(n), inner_(inner), exclusive_(exclusive), reverse_(reverse) {
  const size_t budget = piece_bytes / element_size > 0 ? piece_bytes / element_size : 1;
  const size_t block = n * inner;
  by_rows_ = inner > 1 && block > budget;
  if (by_rows_) {  // whole groups of kScanRowGroup rows when at least one group fits
    rows_per_piece_ = budget / inner > 0 ? budget / inner : 1;
    if (rows_per_piece_ >= kScanRowGroup) rows_per_piece_ -= rows_per_piece_ % kScanRowGroup;
  } else {
    blocks_per_piece_ = block > 0 && budget / block > 0 ? budget / block : 1;
  }
  if (inner > 1) carry_ = byte_buffer(inner * acc_size);
  if (block == 0) outer_ = 0;  // nothing to scan
}

ScanWalk::~ScanWalk() = default;

ScanWalk::Piece ScanWalk::next() const {
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

void ScanWalk::rows_done(size_t m) {
  row_ += m;
  if (row_ == n_) row_ = 0, ++done_;
}

}  // namespace orw
