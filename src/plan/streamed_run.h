// A node's run whose data input (input 0) arrives in pieces: what the bindings hold while
// they copy input in (each piece is processed while it is in cache, and nothing of the
// input's size is held). Each family that streams implements it; runtime/run_node.h starts one.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "core/errors.h"
#include "core/tensor.h"
#include "plan/pieces.h"
#include "plan/reduce_walk.h"
#include "plan/reduction_plan.h"

namespace orw {

class StreamedRun {
 public:
  struct Piece {
    size_t offset = 0, count = 0;  // elements of input 0; count 0 once everything was fed
  };
  virtual ~StreamedRun() = default;

  virtual size_t element_size() const = 0;
  // The piece of input 0 the next feed() takes (pieces of a reverse scan come from the end).
  virtual Piece next() const = 0;
  // True when the output has input 0's type and shape and is produced piece by piece (scans):
  // feed() then writes the piece's output elements, at the same offsets, to `out`.
  virtual bool output_in_pieces() const = 0;
  // Processes the next piece: `in` holds its elements of input 0.
  virtual void feed(const void* in, void* out) = 0;
  // Once everything was fed: the outputs, in the node's order (none for output_in_pieces()
  // runs: the output went out in pieces). InternalError before that.
  virtual std::vector<Tensor> finish() = 0;
};

// A StreamedRun over a ReduceStream that takes input 0 in order, piece by piece, and fills one
// output (the Reduce ops, ArgMax and ArgMin).
class InOrderRun final : public StreamedRun {
 public:
  // `stream` writes into `out`'s buffer; `plan`, when given, is kept alive for a stream that
  // refers to it. `what` names the run in errors ("streamed reduce").
  InOrderRun(const char* what, size_t element_size, size_t total, Tensor out, std::unique_ptr<ReduceStream> stream,
             std::shared_ptr<const ReductionPlan> plan = nullptr)
      : what_(what), element_size_(element_size), total_(total), out_(std::move(out)), plan_(std::move(plan)),
        stream_(std::move(stream)) {}
  size_t element_size() const override { return element_size_; }
  Piece next() const override {
    const size_t piece = stream_->piece_elements();
    return {fed_, total_ - fed_ < piece ? total_ - fed_ : piece};
  }
  bool output_in_pieces() const override { return false; }
  void feed(const void* in, void*) override {
    const Piece p = next();
    stream_->feed(in, p.offset, p.count);
    fed_ += p.count;
  }
  // Throws InternalError before the whole input was fed.
  std::vector<Tensor> finish() override {
    if (fed_ != total_) fail<InternalError>(ErrorMessage() << what_ << ": finish() before the whole input was fed");
    stream_->finish();
    return {out_};
  }

 private:
  const char* what_;
  size_t element_size_, total_, fed_ = 0;
  Tensor out_;
  std::shared_ptr<const ReductionPlan> plan_;  // declared before the stream: outlives it
  std::unique_ptr<ReduceStream> stream_;
};

// A StreamedRun over independent slices: input 0 is `outer` blocks of `slice` elements (an
// outer index's n x inner block, every row along the axis inside it), fed a piece of whole
// slices at a time, as many as fit in kPieceBytes (at least one). TopK and the normalize ops.
class SliceRun : public StreamedRun {
 public:
  // Whether slices of `slice` elements can stream: one must fit in kMaxPieceBytes (the
  // bindings' staging buffers), and there must be something to feed.
  static bool streams(size_t outer, size_t slice, size_t element_size) {
    return outer * slice > 0 && slice * element_size <= kMaxPieceBytes;
  }
  // `what` names the run in errors ("streamed TopK").
  SliceRun(const char* what, size_t element_size, size_t outer, size_t slice)
      : what_(what), element_size_(element_size), outer_(outer), slice_(slice),
        per_piece_(slice * element_size >= kPieceBytes ? 1 : kPieceBytes / (slice * element_size)) {}
  size_t element_size() const final { return element_size_; }
  Piece next() const final {
    const size_t left = outer_ - fed_;
    return {fed_ * slice_, (left < per_piece_ ? left : per_piece_) * slice_};
  }
  void feed(const void* in, void* out) final {
    const size_t count = next().count / slice_;
    feed_slices(in, out, fed_, count);
    fed_ += count;
  }
  // Throws InternalError before the whole input was fed.
  std::vector<Tensor> finish() final {
    if (fed_ != outer_) fail<InternalError>(ErrorMessage() << what_ << ": finish() before the whole input was fed");
    return outputs();
  }

 protected:
  // Processes slices [first, first + count): `in` holds their input elements; `out`, for
  // output_in_pieces() runs, receives their output elements.
  virtual void feed_slices(const void* in, void* out, size_t first, size_t count) = 0;
  // The outputs once everything was fed (none for output_in_pieces() runs).
  virtual std::vector<Tensor> outputs() = 0;

 private:
  const char* what_;
  size_t element_size_, outer_, slice_, per_piece_, fed_ = 0;
};

}  // namespace orw
