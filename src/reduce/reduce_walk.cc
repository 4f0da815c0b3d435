#include "reduce/reduce_walk.h"

#include <algorithm>
#include <cstddef>

#include "core/errors.h"
#include "core/parallel.h"
#include "plan/pieces.h"

namespace orw {
namespace {
constexpr size_t kMaxAccBytes = 32;  // the widest accumulator (128-bit sums) with room to spare
}  // namespace

ReduceWalk::ReduceWalk(const ReductionPlan& plan, void* out, size_t element_size, size_t acc_size,
                       const void* identity, Finalize finalize, const ReduceArgs& args)
    : out_(out),
      acc_(out),
      args_(args),
      plan_(plan),
      finalize_(finalize),
      element_size_(element_size),
      acc_size_(acc_size) {
  const auto& dims = plan_.group_dims;
  const size_t groups = dims.size();
  outer_groups_ = groups > 2 ? groups - 2 : 0;
  for (size_t g = outer_groups_; g < groups; ++g) {
    inner_in_ *= static_cast<size_t>(dims[g]);
    if (!plan_.group_reduced[g]) inner_out_ *= static_cast<size_t>(dims[g]);
  }
  if (acc_size > kMaxAccBytes) fail<InternalError>(ErrorMessage() << "reduce: accumulators of " << acc_size << " bytes");
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
  if (groups == 1) {  // R
    std::max_align_t partial[kMaxAccBytes / sizeof(std::max_align_t)];
    span_partial(x, count, partial);
    return add_partial(partial);
  }
  const auto* bytes = static_cast<const char*>(x);
  if (groups == 2) {  // KR, RK: the piece's whole rows
    const auto cols = static_cast<size_t>(dims[1]);
    if (plan_.group_reduced[1]) rows(x, count / cols, cols, begin / cols);
    else columns(x, count / cols, cols, cols, 0);
    return;
  }
  for (size_t done = 0; done < count; done += inner_in_) block(bytes + done * element_size_, (begin + done) / inner_in_);
}

// The output moves only with kept groups.
size_t ReduceWalk::block_output(size_t o) const {
  const auto& dims = plan_.group_dims;
  size_t stride = inner_out_, out_offset = 0;
  for (size_t g = outer_groups_; g-- > 0;) {
    const auto extent = static_cast<size_t>(dims[g]);
    if (!plan_.group_reduced[g]) {
      out_offset += (o % extent) * stride;
      stride *= extent;
    }
    o /= extent;
  }
  return out_offset;
}

void ReduceWalk::block(const char* x, size_t o) {
  const auto& dims = plan_.group_dims;
  const size_t groups = dims.size();
  const auto block_rows = static_cast<size_t>(dims[groups - 2]), cols = static_cast<size_t>(dims[groups - 1]);
  if (plan_.group_reduced[groups - 1]) rows(x, block_rows, cols, block_output(o));
  else columns(x, block_rows, cols, cols, block_output(o));
}

void ReduceWalk::run(const void* x, size_t count, size_t bytes) {
  const size_t piece = piece_elements();
  if (thread_count() == 1 || count <= piece) return ReduceStream::run(x, count, bytes);
  const auto* in = static_cast<const char*>(x);
  const size_t groups = plan_.group_dims.size();
  const bool last_reduced = plan_.group_reduced[groups - 1];
  if (groups == 1 && last_reduced) {
    run_span_partials(in, count, piece);
  } else if (groups == 2 && !last_reduced) {
    run_columns(in, count, piece);
  } else if (groups > 2) {
    run_blocks(in, count);
  } else {  // K, KR: each piece writes its own accumulators
    feed_pieces(*this, x, 0, count, bytes, piece, true);
  }
  finish();
}

// R: each piece's partial on some thread, then added in piece order (as feed() adds them).
void ReduceWalk::run_span_partials(const char* x, size_t count, size_t piece) {
  const size_t n = task_count(count, piece);
  const ByteBuffer partials = byte_buffer(n * acc_size_);
  char* p = reinterpret_cast<char*>(partials.get());
  auto task = [&](size_t i) {
    const size_t b = i * piece;
    span_partial(x + b * element_size_, std::min(piece, count - b), p + i * acc_size_);
  };
  parallel_for(n, task);
  for (size_t i = 0; i < n; ++i) add_partial(p + i * acc_size_);
}

// RK: a task per block of columns, each walking every piece's rows in order.
void ReduceWalk::run_columns(const char* x, size_t count, size_t piece) {
  const auto cols = static_cast<size_t>(plan_.group_dims[1]);
  const size_t grain = column_grain();
  auto task = [&](size_t t) {
    const size_t c0 = t * grain, w = std::min(grain, cols - c0);
    for (size_t b = 0; b < count; b += piece) {
      columns(x + (b + c0) * element_size_, std::min(piece, count - b) / cols, cols, w, c0);
    }
  };
  parallel_for(task_count(cols, grain), task);
}

// Outer blocks: blocks that share accumulators differ only in reduced groups, so a task takes
// a range of the outermost kept outer group (its blocks in input order). With none (R, K, R),
// a task takes a block of the K rows, in every outer block in turn.
void ReduceWalk::run_blocks(const char* x, size_t count) {
  const auto& dims = plan_.group_dims;
  size_t t = 0;
  while (t < outer_groups_ && plan_.group_reduced[t]) ++t;
  if (t == outer_groups_) {
    const auto k = static_cast<size_t>(dims[1]), cols = static_cast<size_t>(dims[2]);
    const size_t reps = count / inner_in_, per_row = reps * cols * element_size_;
    // Tasks of about a piece each, in blocks of kRowGrain rows (the row quads).
    const size_t grain = kRowGrain * slices_per_task(per_row * kRowGrain);
    auto task = [&](size_t j) {
      const size_t r0 = j * grain, n = std::min(grain, k - r0);
      for (size_t o = 0; o < reps; ++o) rows(x + (o * inner_in_ + r0 * cols) * element_size_, n, cols, r0);
    };
    return parallel_for(task_count(k, grain), task);
  }
  size_t above = 1, below = 1;
  for (size_t g = 0; g < t; ++g) above *= static_cast<size_t>(dims[g]);
  for (size_t g = t + 1; g < outer_groups_; ++g) below *= static_cast<size_t>(dims[g]);
  const auto extent = static_cast<size_t>(dims[t]);
  const size_t per_index = above * below * inner_in_ * element_size_;
  const size_t grain = slices_per_task(per_index);  // indices of about a piece per task
  auto task = [&](size_t j) {
    const size_t i0 = j * grain, i1 = std::min(extent, i0 + grain);
    for (size_t hi = 0; hi < above; ++hi) {
      for (size_t i = i0; i < i1; ++i) {
        for (size_t lo = 0; lo < below; ++lo) {
          const size_t o = (hi * extent + i) * below + lo;
          block(x + o * inner_in_ * element_size_, o);
        }
      }
    }
  };
  parallel_for(task_count(extent, grain), task);
}

}  // namespace orw
