// The executors' shared half. Every family that streams is one of two kinds:
// - piece-wise streams (Reduce, Arg, Scan): the family's walk (reduce/reduce_walk.h,
//   arg/arg_walk.h, scan/scan_walk.h) maps each piece of input onto kernel calls, and cuts a
//   whole input's work for threads (ReduceWalk::run, ArgWalk::feed_all, ScanWalk::run_split).
//   Reduce and Arg walks are ReduceStreams (one output, filled in input order), fed through
//   InOrderRun; a ScanWalk is a StreamedRun itself (its output goes out in pieces).
// - whole-slice runs (Normalize, TopK): input 0 is `outer` independent slices; a piece is a
//   run of whole slices (SliceRun), and a whole input is cut for threads at the same places
//   (run_slices). Nothing else cuts these runs.
// Where an adapter from a family's stream to StreamedRun lives: here when several families
// share it (InOrderRun, SliceRun); in the family's `_op.cc` when it is that family's own
// (NormalizeRun, TopKRun).
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "core/errors.h"
#include "core/parallel.h"
#include "core/tensor.h"
#include "plan/pieces.h"
#include "plan/reduction_plan.h"

namespace orw {

// A node's run whose data input (input 0) arrives in pieces: what the bindings hold while
// they copy input in (each piece is processed while it is in cache, and nothing of the
// input's size is held). runtime/run_node.h starts one.
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

// A reduction fed piece by piece in input order (e.g. while its input is copied from
// elsewhere, so each piece is reduced while it is in cache). Gives the same bits as the
// whole-buffer run. What operators and the bindings hold (Reduce ops, ArgMax/ArgMin).
class ReduceStream {
 public:
  virtual ~ReduceStream() = default;
  // Elements per piece; feed() takes pieces of exactly this size, the last one may be shorter.
  virtual size_t piece_elements() const = 0;
  // Reduces input elements [begin, begin + count) found at x.
  virtual void feed(const void* x, size_t begin, size_t count) = 0;
  // Completes the output (finalize steps such as Mean's division).
  virtual void finish() = 0;
  // Feeds input elements [begin, begin + count) at x, whole pieces (the last may be shorter):
  // the same bits as feeding them piece by piece. Streams that can split the work run it on
  // the thread pool (core/parallel.h).
  virtual void feed_all(const void* x, size_t begin, size_t count, size_t bytes);
  // Feeds a whole input of `count` elements of `bytes` bytes at x and finishes.
  virtual void run(const void* x, size_t count, size_t bytes);
};

// Feeds a whole input of elements of `bytes` bytes at x to a stream and finishes it: by
// stream.run() (the stream's own pieces, on the thread pool where it can), or `piece`
// elements at a time on the calling thread when piece is given.
void run_stream(ReduceStream& stream, size_t count, const void* x, size_t bytes, size_t piece = 0);

// Feeds input elements [begin, begin + count) at x (elements of `bytes` bytes) to `stream`,
// `piece` elements at a time: in order, or on the thread pool when `on_pool` (for pieces that
// write only their own outputs, as whole rows of KR plans do).
void feed_pieces(ReduceStream& stream, const void* x, size_t begin, size_t count, size_t bytes, size_t piece,
                 bool on_pool = false);

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
        per_piece_(slices_per_task(slice * element_size)) {}
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

// A whole-slice run on a whole input of `outer` slices of slice_bytes each: part(first, end)
// for slices [first, end), in tasks of whole slices cut where SliceRun cuts its pieces, on the
// thread pool. Both must cut at the same places: a slice's bits can depend on where its
// kernel call starts (the normalize kernels chunk a call's slices, and LpNormalization sums
// short rows four at a time), so the same cuts are what make every thread count and every
// stream give the same bits.
template <class Part>
void run_slices(size_t outer, size_t slice_bytes, Part& part) {
  parallel_ranges(outer, slices_per_task(slice_bytes), part);
}

}  // namespace orw
