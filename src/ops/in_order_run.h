// A StreamedRun over a kernel stream that takes input 0 in order, piece by piece, and fills
// one output (the Reduce ops, ArgMax and ArgMin).
#pragma once
#include <memory>
#include <stdexcept>

#include "core/errors.h"
#include "kernels/kernels.h"
#include "ops/operators.h"
#include "plan/reduction_plan.h"

namespace orw {

class InOrderRun final : public StreamedRun {
 public:
  // `stream` writes into `out`'s buffer; `plan`, when given, is kept alive for a stream that
  // refers to it. `what` names the run in errors ("streamed reduce").
  InOrderRun(const char* what, size_t element_size, size_t total, Tensor out,
             std::unique_ptr<kernels::ReduceStream> stream, std::shared_ptr<const ReductionPlan> plan = nullptr)
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
  // Throws std::logic_error before the whole input was fed.
  Tensor finish() override {
    if (fed_ != total_) fail<InternalError>(ErrorMessage() << what_ << ": finish() before the whole input was fed");
    stream_->finish();
    return out_;
  }

 private:
  const char* what_;
  size_t element_size_, total_, fed_ = 0;
  Tensor out_;
  std::shared_ptr<const ReductionPlan> plan_;  // declared before the stream: outlives it
  std::unique_ptr<kernels::ReduceStream> stream_;
};

}  // namespace orw
