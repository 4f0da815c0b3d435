// ArgMax / ArgMin: validate the node and input, reduce the one axis with the arg kernels,
// return int64 indices.
#include <memory>
#include <stdexcept>

#include "arg/arg.h"

#include "arg/arg_kernels.h"
#include "core/errors.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"
#include "plan/reduction_plan.h"

namespace orw {

int64_t arg_axis(const Node& node, int64_t rank) { return axis_attribute(node, rank, 0); }

void fail_empty_arg_axis(const Node& node, int64_t axis, const std::string& shape) {
  fail<ValueError>(ErrorMessage() << node << ": input 0 'data' has size 0 along axis " << axis << " (shape "
                                             << shape << "): an empty slice has no arg");
}

namespace {

struct PreparedArg {
  Shape out_dims;
  ReductionPlan plan;
  bool max = true, select_last = false;
};

// Everything but reading the data input's values (so streams can start before they exist).
PreparedArg prepare_arg(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  check_data_type(node, x, 0);
  const int64_t axis = arg_axis(node, x.rank());
  if (x.dims()[axis] == 0) fail_empty_arg_axis(node, axis, text_of(ShapeText{x.dims()}));
  const bool keepdims = node.int_attribute("keepdims", 1) != 0;
  PreparedArg p;
  p.out_dims = reduced_dims(x.dims(), {axis}, keepdims, int64_t{1});
  p.plan = make_reduction_plan(x.dims(), {axis});
  p.max = node.schema().reduce_op == ReduceOp::kMax;
  p.select_last = node.int_attribute("select_last_index", 0) != 0;
  return p;
}

}  // namespace

std::vector<Tensor> run_arg(const Node& node, const std::vector<const Tensor*>& inputs,
                            RunMemo& memo, const PlacedOutputs& placed) {
  auto& m = memo.plan<PreparedArg>(inputs, 1, [&] { return prepare_arg(node, inputs); });
  const PreparedArg& p = m.prepared;
  const Tensor& x = *inputs[0];
  Tensor out = placed.output(0, DataType::kInt64, p.out_dims, &m.outputs[0]);
  kernels::arg_reduce(p.max, p.select_last, x.type(), p.plan, x.raw(), out.mutable_data<int64_t>());
  return {out};
}

std::unique_ptr<StreamedRun> start_streamed_arg(const Node& node, const std::vector<const Tensor*>& inputs) {
  const DataType type = inputs[0]->type();
  PreparedArg p = prepare_arg(node, inputs);
  Tensor out = Tensor::uninitialized(DataType::kInt64, p.out_dims);
  auto plan = std::make_shared<const ReductionPlan>(std::move(p.plan));  // the arg stream refers to it
  auto stream = kernels::make_arg_stream(p.max, p.select_last, type, *plan, out.mutable_data<int64_t>());
  return std::make_unique<InOrderRun>("streamed arg", element_size(type), static_cast<size_t>(plan->input_count), out,
                                      std::move(stream), std::move(plan));
}

}  // namespace orw
