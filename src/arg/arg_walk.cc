#include "arg/arg_walk.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "core/parallel.h"
#include "plan/pieces.h"

namespace orw {

ArgWalk::ArgWalk(const ReductionPlan& plan, int64_t* out, size_t element_size, size_t lane_size, const void* bottom)
    : out_(out), plan_(plan), element_size_(element_size), lane_size_(lane_size) {
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
  span_ = g == 1 && plan_.group_reduced[0];
}

ArgWalk::~ArgWalk() = default;

size_t ArgWalk::piece_elements() const { return arg_piece_elements(plan_, element_size_); }

void ArgWalk::feed(const void* x, size_t begin, size_t count) {
  if (count == 0 || plan_.reduce_count <= 1) return;  // nothing reduced: every index is 0
  if (span_) return span(x, begin, count);          // R: the span
  if (columns_ == 0) {                                // ...KR: whole rows
    const auto r = static_cast<size_t>(plan_.group_dims.back());
    return rows(x, count / r, r, begin / r);
  }
  column_window(static_cast<const char*>(x), begin, count, 0, columns_);  // ...RK: whole rows
}

void ArgWalk::column_window(const char* x, size_t begin, size_t count, size_t c0, size_t w) {
  const size_t block = rows_ * columns_;
  for (size_t at = begin; at < begin + count;) {
    const size_t b = at / block, row0 = (at % block) / columns_;
    const size_t n = std::min(rows_ - row0, (begin + count - at) / columns_);
    columns(x + (at - begin + c0) * element_size_, row0, row0 + n, columns_, w, b * columns_ + c0);
    at += n * columns_;
  }
}

void ArgWalk::feed_all(const void* x, size_t begin, size_t count, size_t bytes) {
  const size_t piece = piece_elements();
  if (thread_count() == 1 || count <= piece || span_ || plan_.reduce_count <= 1) {
    return ReduceStream::feed_all(x, begin, count, bytes);
  }
  const auto* in = static_cast<const char*>(x);
  if (columns_ == 0) return feed_pieces(*this, x, begin, count, bytes, piece, true);  // KR: pieces of whole rows
  // RK: column blocks of about a piece of the range each (a multiple of 64 columns).
  const size_t rows = std::max<size_t>(1, count / columns_);
  const size_t grain = std::max<size_t>(64, kArgRkPieceBytes / (rows * element_size_) / 64 * 64);
  auto task = [&](size_t t) {
    const size_t c0 = t * grain;
    column_window(in, begin, count, c0, std::min(grain, columns_ - c0));
  };
  parallel_for(task_count(columns_, grain), task);
}

void ArgWalk::finish() {
  if (plan_.reduce_count <= 1) return;
  if (span_) out_[0] = span_index();
  if (columns_ == 0) return;
  const size_t n_out = static_cast<size_t>(plan_.output_count);
  for (size_t o = 0; o < n_out; ++o) {
    out_[o] = lane_size_ == 4 ? static_cast<const int32_t*>(bi_)[o] : static_cast<const int64_t*>(bi_)[o];
  }
}

ArgKeyStream::ArgKeyStream(std::unique_ptr<ReduceStream> keys, size_t piece, size_t key_size, Convert convert)
    : keys_(std::move(keys)), piece_(piece), key_size_(key_size), convert_(convert) {}

ArgKeyStream::~ArgKeyStream() = default;

size_t ArgKeyStream::piece_elements() const { return piece_; }

void ArgKeyStream::feed(const void* x, size_t begin, size_t count) {
  if (count > capacity_) {
    buffer_ = byte_buffer(count * key_size_);
    capacity_ = count;
  }
  convert_(x, buffer_.get(), count);
  keys_->feed(buffer_.get(), begin, count);
}

void ArgKeyStream::feed_all(const void* x, size_t begin, size_t count, size_t bytes) {
  if (thread_count() == 1 || count <= piece_) return ReduceStream::feed_all(x, begin, count, bytes);
  // Batches of pieces (keys for at most kBatchPieces pieces held at once), each converted a
  // piece per task and then fed on as one range.
  constexpr size_t kBatchPieces = 16;
  const size_t batch = piece_ * kBatchPieces;
  const size_t keep = std::min(batch, count);
  if (keep > capacity_) {
    buffer_ = byte_buffer(keep * key_size_);
    capacity_ = keep;
  }
  auto* keys = reinterpret_cast<char*>(buffer_.get());
  const auto* in = static_cast<const char*>(x);
  for (size_t done = 0; done < count; done += batch) {
    const size_t n = std::min(batch, count - done);
    auto convert = [&](size_t i0, size_t i1) { convert_(in + (done + i0) * bytes, keys + i0 * key_size_, i1 - i0); };
    parallel_ranges(n, piece_, convert);
    keys_->feed_all(keys, begin + done, n, key_size_);
  }
}

void ArgKeyStream::finish() { keys_->finish(); }

}  // namespace orw
