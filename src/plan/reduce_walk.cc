#include "plan/reduce_walk.h"

#include "plan/pieces.h"

namespace orw {

PieceShape piece_shape(const ReductionPlan& plan, size_t element_size) {
  PieceShape p;
  const size_t groups = plan.group_dims.size();
  if (groups == 2) p.unit = static_cast<size_t>(plan.group_dims[1]);
  if (groups > 2) p.unit = static_cast<size_t>(plan.group_dims[groups - 2] * plan.group_dims[groups - 1]);
  if (p.unit == 0) p.unit = 1;  // an empty input: nothing to cut
  const size_t unit_bytes = p.unit * element_size;
  p.units = unit_bytes >= kPieceBytes ? 1 : kPieceBytes / unit_bytes;
  // RK plans (rows kept whole, reduced across rows): `out` is read and written once per
  // piece, so large rows come several to a piece (up to kRkRowsPerPiece, and kMaxPieceBytes).
  if (groups == 2 && !plan.group_reduced[1] && p.units < kRkRowsPerPiece) {
    const size_t fit = kMaxPieceBytes / unit_bytes;
    p.units = fit >= kRkRowsPerPiece ? kRkRowsPerPiece : fit > p.units ? fit : p.units;
  }
  return p;
}

ReduceWalk::ReduceWalk(const ReductionPlan& plan, void* out, size_t element_size, size_t acc_size,
                       const void* identity, Finalize finalize, const ReduceArgs& args)
    : out_(out), acc_(out), args_(args), plan_(plan), finalize_(finalize), element_size_(element_size) {
  const auto& dims = plan_.group_dims;
  const size_t groups = dims.size();
  outer_groups_ = groups > 2 ? groups - 2 : 0;
  for (size_t g = outer_groups_; g < groups; ++g) {
    inner_in_ *= static_cast<size_t>(dims[g]);
    if (!plan_.group_reduced[g]) inner_out_ *= static_cast<size_t>(dims[g]);
  }
  if (acc_size != element_size) {
    wide_ = byte_buffer(outputs() * acc_size);
    acc_ = wide_.get();
  }
  fill_copies(acc_, identity, acc_size, outputs());
}

ReduceWalk::~ReduceWalk() = default;

size_t ReduceWalk::piece_elements() const { return piece_shape(plan_, element_size_).elements(); }

void ReduceWalk::run_finalize() {
  if (finalize_) finalize_(acc_, outputs(), args_);
}

void ReduceWalk::feed(const void* x, size_t begin, size_t count) {
  const auto& dims = plan_.group_dims;
  const size_t groups = dims.size();
  if (count == 0) return;
  if (groups == 0 || (groups == 1 && !plan_.group_reduced[0])) return kept(x, begin, count);  // K, or one element
  if (groups == 1) return slice(x, count);                                                   // R
  const auto* bytes = static_cast<const char*>(x);
  const auto cols = static_cast<size_t>(dims[groups - 1]);
  const bool kr = plan_.group_reduced[groups - 1];
  if (groups == 2) {  // KR, RK: the piece's whole rows
    if (kr) rows(x, count / cols, cols, begin / cols);
    else columns(x, count / cols, cols, 0);
    return;
  }
  // Outer blocks (the innermost two groups) with outer index o; the output moves only with
  // kept groups.
  const auto block_rows = static_cast<size_t>(dims[groups - 2]);
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
    const char* xb = bytes + done * element_size_;
    if (kr) rows(xb, block_rows, cols, out_offset);
    else columns(xb, block_rows, cols, out_offset);
  }
}

void run_stream(ReduceStream& stream, size_t count, const void* x, size_t bytes, size_t piece) {
  if (piece == 0) piece = stream.piece_elements();
  for (size_t begin = 0; begin < count; begin += piece) {
    stream.feed(static_cast<const char*>(x) + begin * bytes, begin, count - begin < piece ? count - begin : piece);
  }
  stream.finish();
}

}  // namespace orw
