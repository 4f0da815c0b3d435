// The parts of running a reduction plan that do not depend on the element type, compiled once
// and for size (-Oz, see CMakeLists.txt): they run once per stream, piece or block, never per
// element.
#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>

#include "arg/arg_microkernels.h"
#include "reduce/reduce_microkernels.h"
#include "scan/scan_microkernels.h"

namespace orw::kernels {

ByteBuffer byte_buffer(size_t bytes) {
  return ByteBuffer(new std::max_align_t[(bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t)]);
}

void fill_copies(void* dst, const void* value, size_t size, size_t n) noexcept {
  if (n == 0) return;
  auto* d = static_cast<char*>(dst);
  const size_t total = n * size;
  std::memcpy(d, value, size);
  for (size_t done = size; done < total;) {  // the copies so far, copied after themselves
    const size_t m = done < total - done ? done : total - done;
    std::memcpy(d + done, d, m);
    done += m;
  }
}

PlanWalk::PlanWalk(const ReductionPlan& plan) : plan_(plan) {
  const auto& dims = plan.group_dims;
  const size_t groups = dims.size();
  outer_groups_ = groups > 2 ? groups - 2 : 0;
  for (size_t g = outer_groups_; g < groups; ++g) {
    inner_in_ *= static_cast<size_t>(dims[g]);
    if (!plan.group_reduced[g]) inner_out_ *= static_cast<size_t>(dims[g]);
  }
}

void PlanWalk::feed(PlanKernels& k, const void* x, size_t begin, size_t count, size_t element_size) const {
  const auto& dims = plan_.group_dims;
  const size_t groups = dims.size();
  if (count == 0) return;
  if (groups == 0 || (groups == 1 && !plan_.group_reduced[0])) return k.kept(x, begin, count);  // K, or one element
  if (groups == 1) return k.slice(x, count);                                                   // R
  const auto* bytes = static_cast<const char*>(x);
  const auto cols = static_cast<size_t>(dims[groups - 1]);
  const bool kr = plan_.group_reduced[groups - 1];
  if (groups == 2) {  // KR, RK: the piece's whole rows
    if (kr) k.rows(x, count / cols, cols, begin / cols);
    else k.columns(x, count / cols, cols, 0);
    return;
  }
  // Outer blocks (the innermost two groups) with outer index o; the output moves only with
  // kept groups.
  const auto rows = static_cast<size_t>(dims[groups - 2]);
  for (size_t done = 0; done < count; done += inner_in_) {
    size_t o = (begin + done) / inner_in_, stride = inner_out_, out_offset = 0;
    for (size_t g = outer_groups_; g-- > 0;) {
      const auto extent = static_cast<size_t>(dims[g]);
      if (!plan_.group_reduced[g]) {
        out_offset += (o % extent) * stride;
        stride *= extent;
      }
      o /= extent;
    }
    const char* xb = bytes + done * element_size;
    if (kr) k.rows(xb, rows, cols, out_offset);
    else k.columns(xb, rows, cols, out_offset);
  }
}

// Pieces as the Reduce kernels cut them (piece_shape), except that an RK plan's piece holds at
// most 1 MiB of whole rows (at least one row) instead of up to 2 MiB: measured end to end
// (ArgMax axis 0 of [64,256,256]), 1 MiB pieces ran 6.0-7.1x ORT-web against 5.6-5.9x for 2 MiB.
size_t arg_piece_elements(const ReductionPlan& plan, size_t element_size) {
  PieceShape p = piece_shape(plan, element_size);
  if (plan.group_dims.size() == 2 && !plan.group_reduced[1]) {
    const size_t row_bytes = p.unit * element_size;
    p.units = std::min(p.units, std::max<size_t>(1, (size_t{1} << 20) / (row_bytes ? row_bytes : 1)));
  }
  return p.elements();
}

ArgStreamBase::ArgStreamBase(const ReductionPlan& plan, int64_t* out, size_t element_size, size_t lane_size,
                             const void* bottom)
    : plan_(plan), out_(out), element_size_(element_size), lane_size_(lane_size) {
  const auto& dims = plan_.group_dims;
  const size_t g = dims.size();
  const size_t n_out = static_cast<size_t>(plan_.output_count);
  for (size_t o = 0; o < n_out; ++o) out_[o] = 0;  // also the answer when nothing is reduced
  if (g >= 2 && !plan_.group_reduced[g - 1]) {      // ...RK: columns carry state
    columns_ = static_cast<size_t>(dims[g - 1]);
    rows_ = static_cast<size_t>(dims[g - 2]);
    const size_t bytes = n_out * lane_size;
    state_ = byte_buffer(2 * bytes);
    bv_ = state_.get();
    bi_ = reinterpret_cast<char*>(state_.get()) + bytes;
    fill_copies(bv_, bottom, lane_size, n_out);
    std::memset(bi_, 0, bytes);
  }
  slice_ = g == 1 && plan_.group_reduced[0];
}

ArgStreamBase::~ArgStreamBase() = default;

size_t ArgStreamBase::piece_elements() const { return arg_piece_elements(plan_, element_size_); }

void ArgStreamBase::feed(const void* x, size_t begin, size_t count) {
  if (count == 0 || plan_.reduce_count <= 1) return;  // nothing reduced: every index is 0
  if (slice_) return kernels_->slice(x, begin, count);  // R: one slice
  if (columns_ == 0) {                                  // ...KR: whole rows
    const auto r = static_cast<size_t>(plan_.group_dims.back());
    return kernels_->rows(x, count / r, r, begin / r);
  }
  // ...RK: a piece is whole rows of one block, or whole blocks.
  const size_t block = rows_ * columns_;
  for (size_t at = begin; at < begin + count;) {
    const size_t b = at / block, row0 = (at % block) / columns_;
    const size_t rows = std::min(rows_ - row0, (begin + count - at) / columns_);
    kernels_->columns(static_cast<const char*>(x) + (at - begin) * element_size_, row0, row0 + rows, columns_,
                      b * columns_);
    at += rows * columns_;
  }
}

void ArgStreamBase::finish() {
  if (plan_.reduce_count <= 1) return;
  if (slice_) out_[0] = kernels_->slice_index();
  if (columns_ == 0) return;
  const size_t n_out = static_cast<size_t>(plan_.output_count);
  for (size_t o = 0; o < n_out; ++o) {
    out_[o] = lane_size_ == 4 ? static_cast<const int32_t*>(bi_)[o] : static_cast<const int64_t*>(bi_)[o];
  }
}

TransformedArgStream::TransformedArgStream(std::unique_ptr<ReduceStream> lanes, size_t piece, size_t lane_size,
                                           Convert convert)
    : lanes_(std::move(lanes)), piece_(piece), lane_size_(lane_size), convert_(convert) {}

TransformedArgStream::~TransformedArgStream() = default;

size_t TransformedArgStream::piece_elements() const { return piece_; }

void TransformedArgStream::feed(const void* x, size_t begin, size_t count) {
  if (count > capacity_) {
    buffer_ = byte_buffer(count * lane_size_);
    capacity_ = count;
  }
  convert_(x, buffer_.get(), count);
  lanes_->feed(buffer_.get(), begin, count);
}

void TransformedArgStream::finish() { lanes_->finish(); }

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

}  // namespace orw::kernels
