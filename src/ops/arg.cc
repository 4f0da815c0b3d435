// ArgMax / ArgMin: validate the node and input, reduce the one axis with the arg kernels,
// return int64 indices.
#include <memory>
#include <stdexcept>

#include "core/errors.h"
#include "kernels/arg.h"
#include "ops/inputs.h"
#include "ops/operators.h"
#include "plan/reduction_plan.h"

namespace orw {

int64_t arg_axis(const Node& node, int64_t rank) {  // declared in operators.h
  const Attribute* a = node.find_attribute("axis");
  const char* source = a ? "attribute 'axis'" : "attribute 'axis' (default 0)";
  return normalize_axes(node, {a ? a->i : 0}, rank, source)[0];
}

namespace {

struct PreparedArg {
  Tensor out;
  ReductionPlan plan;
  bool max = true, select_last = false;
};

// Everything but reading the data input's values (so streams can start before they exist).
PreparedArg prepare_arg(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  check_data_type(node, x, 0);
  const int64_t axis = arg_axis(node, x.rank());
  if (x.dims()[axis] == 0) {
    throw std::invalid_argument(node.where() + ": input 0 'data' has size 0 along axis " + std::to_string(axis) +
                                " (shape " + shape_to_string(x.dims()) + "): an empty slice has no arg");
  }
  const bool keepdims = node.int_attribute("keepdims", 1) != 0;
  Shape out_dims;
  for (int64_t d = 0; d < x.rank(); ++d) {
    if (d != axis) out_dims.push_back(x.dims()[d]);
    else if (keepdims) out_dims.push_back(1);
  }
  PreparedArg p;
  p.out = Tensor::uninitialized(DataType::kInt64, out_dims);
  p.plan = make_reduction_plan(x.dims(), {axis});
  p.max = node.schema().reduce_op == kernels::ReduceOp::kMax;
  p.select_last = node.int_attribute("select_last_index", 0) != 0;
  return p;
}

class ArgRun final : public StreamedRun {
 public:
  ArgRun(DataType type, PreparedArg p)
      : element_size_(orw::element_size(type)), p_(std::move(p)),
        stream_(kernels::make_arg_stream(p_.max, p_.select_last, type, p_.plan, p_.out.mutable_data<int64_t>())) {}
  size_t element_size() const override { return element_size_; }
  Piece next() const override {
    const size_t total = static_cast<size_t>(p_.plan.input_count), piece = stream_->piece_elements();
    return {fed_, total - fed_ < piece ? total - fed_ : piece};
  }
  bool output_in_pieces() const override { return false; }
  void feed(const void* in, void*) override {
    const Piece p = next();
    stream_->feed(in, p.offset, p.count);
    fed_ += p.count;
  }
  Tensor finish() override {
    if (fed_ != static_cast<size_t>(p_.plan.input_count)) {
      throw std::logic_error("streamed arg: finish() before the whole input was fed");
    }
    stream_->finish();
    return p_.out;
  }

 private:
  size_t element_size_, fed_ = 0;
  PreparedArg p_;  // the stream refers to its plan and output
  std::unique_ptr<kernels::ReduceStream> stream_;
};

}  // namespace

std::vector<Tensor> run_arg(const Node& node, const std::vector<const Tensor*>& inputs) {
  PreparedArg p = prepare_arg(node, inputs);
  const Tensor& x = *inputs[0];
  kernels::arg_reduce(p.max, p.select_last, x.type(), p.plan, x.raw(), p.out.mutable_data<int64_t>());
  return {p.out};
}

std::unique_ptr<StreamedRun> start_streamed_arg(const Node& node, const std::vector<const Tensor*>& inputs) {
  const DataType type = inputs[0]->type();
  return std::make_unique<ArgRun>(type, prepare_arg(node, inputs));
}

}  // namespace orw
