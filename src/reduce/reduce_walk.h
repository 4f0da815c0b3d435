// The Reduce family's walk: the type-independent half of running a ReductionPlan (built -Oz:
// it runs once per stream, piece or block, never per element). The typed half is
// reduce_runner.h's ReduceRunner (and logsumexp_kernels.cc's stream), which derives from
// ReduceWalk.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/buffer.h"
#include "plan/reduction_plan.h"
#include "plan/streamed_run.h"

namespace orw {

// The run-time parameters of a reduction: of its finalize step, and of op descriptors that
// carry values (reduce/reduce_ops.h: FlipMaxOp, HalfKeyMaxOp).
struct ReduceArgs {
  int64_t count = 0;           // elements reduced into each output (Mean)
  uint64_t flip = 0;           // FlipMaxOp, HalfKeyMaxOp: the xor that turns elements into keys
  uint16_t exponent_mask = 0;  // HalfKeyMaxOp: the format's exponent bits (core/half.h)
  bool to_bool = false;        // Max/Min of bool
};

// A finalize step: completes the n accumulators (of the runner's accumulator type) in place.
// A plain function (not a type), so every op sharing a kernel (Sum, Mean, LogSum) shares one
// runner instance.
using Finalize = void (*)(void* acc, size_t n, const ReduceArgs& args);

// A reduction stream's type-independent half: the plan and how each piece of input (whole
// units of piece_shape, in input order) maps onto kernel calls, the output, the buffer of wide
// accumulators and the finalize step. The kernel calls are the typed half's (one per piece or
// block); offsets and counts are in elements.
class ReduceWalk : public ReduceStream {
 public:
  ~ReduceWalk() override;
  size_t piece_elements() const final;
  void feed(const void* x, size_t begin, size_t count) final;
  // On several threads when there are at least two pieces: tasks that write disjoint
  // accumulators (pieces of K and KR plans, column blocks of RK plans, ranges of the outermost
  // kept group of outer blocks, row blocks of R-K-R plans), or R partials combined in piece
  // order. Every task makes the kernel calls the piece-by-piece feed makes for its part.
  void run(const void* x, size_t count, size_t bytes) final;

 protected:
  // Elements of element_size bytes, accumulated in acc_size bytes (a wider acc_size: in a
  // buffer of accumulators, rounded to the output by the runner's finish()); the accumulators
  // start as copies of *identity.
  ReduceWalk(const ReductionPlan& plan, void* out, size_t element_size, size_t acc_size, const void* identity,
             Finalize finalize, const ReduceArgs& args);

  // K (nothing reduced, or a single element): out[begin + i] = Op(out[begin + i], x[i]).
  virtual void kept(const void* x, size_t begin, size_t count) = 0;
  // R (the span: the one group reduced, contiguous): x[0..count) reduced into *partial (one
  // accumulator), then the partials added in input order (two steps, so that parts of the
  // span can be reduced on several threads).
  virtual void span_partial(const void* x, size_t count, void* partial) = 0;
  virtual void add_partial(const void* partial) = 0;
  // KR (each of `rows` rows reduced, rows `cols` apart) or RK (rows `stride` apart combined
  // column by column, columns [0, cols) from x) at x, into the accumulators from out_offset on.
  virtual void rows(const void* x, size_t rows, size_t cols, size_t out_offset) = 0;
  virtual void columns(const void* x, size_t rows, size_t stride, size_t cols, size_t out_offset) = 0;
  // Column blocks RK calls may be cut into with the same bits (a multiple of the kernel's
  // column chunk); rows KR calls may be cut into likewise.
  virtual size_t column_grain() const = 0;
  static constexpr size_t kRowGrain = 4;

  size_t outputs() const { return static_cast<size_t>(plan_.output_count); }
  void run_finalize();  // the finalize step, if any, on the accumulators

  void* out_;
  void* acc_;  // out_, or wide_
  ReduceArgs args_;

 private:
  // One outer block (the innermost two groups) with outer index o at x.
  void block(const char* x, size_t o);
  // The output offset of outer block o.
  size_t block_output(size_t o) const;
  void run_span_partials(const char* x, size_t count, size_t piece);
  void run_columns(const char* x, size_t count, size_t piece);
  void run_blocks(const char* x, size_t count);

  ReductionPlan plan_;
  size_t outer_groups_ = 0, inner_in_ = 1, inner_out_ = 1;
  ByteBuffer wide_;
  Finalize finalize_;
  size_t element_size_, acc_size_;
};

}  // namespace orw
