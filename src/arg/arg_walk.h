// The Arg family's walk: the type-independent half of ArgMax/ArgMin streams (built -Oz: it
// runs once per stream, piece or block, never per element). The typed half is arg_runner.h's
// ArgRunner, which derives from ArgWalk.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/buffer.h"
#include "plan/reduction_plan.h"
#include "plan/streamed_run.h"

namespace orw {

// An Arg stream over a plan reducing one group (R, KR, RK or K...RK): a copy of the plan, the
// RK columns' state (best values, then their indices, lane_size bytes each), and how each
// piece of input (whole units of piece_shape, in input order) maps onto the typed half's
// kernel calls. Writes int64 indices to out[plan.output_count].
class ArgWalk : public ReduceStream {
 public:
  ~ArgWalk() override;
  size_t piece_elements() const final;
  void feed(const void* x, size_t begin, size_t count) final;
  // On several threads when the range holds at least two pieces: KR pieces, or RK column
  // blocks (each walking the range's rows in order). An index is exact, so any cut gives the
  // bits of one thread.
  void feed_all(const void* x, size_t begin, size_t count, size_t bytes) final;
  void finish() final;

 protected:
  // RK columns start at *bottom (lane_size bytes) and index 0.
  ArgWalk(const ReductionPlan& plan, int64_t* out, size_t element_size, size_t lane_size, const void* bottom);

  // RK: the rows of range [begin, begin + count) at x, columns [c0, c0 + w) only.
  void column_window(const char* x, size_t begin, size_t count, size_t c0, size_t w);

  // R: elements [begin, begin + count) of the span (the one group reduced, contiguous).
  virtual void span(const void* x, size_t begin, size_t count) = 0;
  // KR: k rows of r elements, each row's index to out[out_offset + row].
  virtual void rows(const void* x, size_t k, size_t r, size_t out_offset) = 0;
  // RK: rows [row0, row1) (`stride` apart) of columns [0, cols) (row row0 at x), into the
  // columns' state from state_offset on.
  virtual void columns(const void* x, size_t row0, size_t row1, size_t stride, size_t cols, size_t state_offset) = 0;
  // R: the span's index so far.
  virtual int64_t span_index() const = 0;

  int64_t* out_;
  void* bv_ = nullptr;  // RK: the columns' best values
  void* bi_ = nullptr;  // and their indices

 private:
  ReductionPlan plan_;
  ByteBuffer state_;
  size_t element_size_, lane_size_;
  size_t columns_ = 0, rows_ = 0;
  bool span_ = false;
};

// Elements turned into keys (`convert`: count elements to keys) a piece of `piece` elements at
// a time, then reduced by the stream `keys` (keys of key_size bytes): ArgMin as ArgMax of
// reversed keys, 8/16-bit types as int32 keys. One class for every type; only convert is
// typed.
class ArgKeyStream final : public ReduceStream {
 public:
  using Convert = void (*)(const void* x, void* keys, size_t count);
  ArgKeyStream(std::unique_ptr<ReduceStream> keys, size_t piece, size_t key_size, Convert convert);
  ~ArgKeyStream() override;
  size_t piece_elements() const override;
  void feed(const void* x, size_t begin, size_t count) override;
  // Several pieces at a time: converted on the thread pool, then fed to `keys` as a range.
  void feed_all(const void* x, size_t begin, size_t count, size_t bytes) override;
  void finish() override;

 private:
  std::unique_ptr<ReduceStream> keys_;
  ByteBuffer buffer_;
  size_t capacity_ = 0;  // elements the buffer holds
  size_t piece_, key_size_;
  Convert convert_;
};

}  // namespace orw
