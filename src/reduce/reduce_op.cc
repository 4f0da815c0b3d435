// The Reduce family operator: resolve axes for the node's version, validate, compute the
// output shape, plan, run the kernel.
#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <stdexcept>

#include "reduce/reduce.h"

#include "core/errors.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"
#include "plan/reduction_plan.h"
#include "reduce/reduce_kernels.h"

namespace orw {

void fail_axes_not_1d(const Node& node, const std::string& shape) {
  fail<ValueError>(ErrorMessage() << node << ": input 1 'axes' must be a 1-D tensor, got shape " << shape);
}

namespace {

// A Reduce node checked against its inputs: the output's dims and the plan, or, for
// noop_with_empty_axes on an op without an element-wise step, "copy the input".
struct PreparedReduce {
  Shape out_dims;
  ReductionPlan plan;
  bool copy_input = false;
};

// Everything but reading the data input's values (so streams can start before they exist).
PreparedReduce prepare_reduce(const Node& node, const std::vector<const Tensor*>& inputs) {
  const OpSchema& s = node.schema();
  const Tensor& x = *inputs[0];
  check_data_type(node, x, 0);

  std::vector<int64_t> raw_axes;
  const char* source = "attribute 'axes'";
  if (s.axes_from == AxesFrom::kAttribute) {
    if (const Attribute* a = node.find_attribute("axes")) raw_axes = a->ints;
  } else if (const Tensor* axes = optional_input(inputs, 1)) {
    source = "input 'axes'";
    if (axes->rank() != 1) {
      fail_axes_not_1d(node, text_of(ShapeText{axes->dims()}));
    }
    raw_axes = read_int_values(node, *axes, 1, false);
  }
  const bool keepdims = node.int_attribute("keepdims", 1) != 0;
  const bool noop = node.int_attribute("noop_with_empty_axes", 0) != 0;

  PreparedReduce p;
  std::vector<int64_t> axes = normalize_axes(node, raw_axes, x.rank(), source);
  // No axes: reduce everything, or with noop_with_empty_axes reduce nothing: the input as it
  // is, bit for bit, or through the op's element-wise step (SumSquare: x^2, L1/L2: |x|, ...).
  if (axes.empty() && noop && !has_elementwise_step(s.reduce_op)) {
    p.out_dims = x.dims();
    p.copy_input = true;
    return p;
  }
  if (axes.empty() && !noop) {
    for (int64_t d = 0; d < x.rank(); ++d) axes.push_back(d);
  }
  p.out_dims = reduced_dims(x.dims(), axes, keepdims, int64_t{1});
  p.plan = make_reduction_plan(x.dims(), axes);
  return p;
}

}  // namespace

std::vector<Tensor> run_reduce(const Node& node, const std::vector<const Tensor*>& inputs,
                               RunMemo& memo, const PlacedOutputs& placed) {
  // The memo keeps the last run's checks and plan: a run on the same shapes and axes skips
  // them, and reuses the output buffer once the previous output was dropped.
  auto& m = memo.plan<PreparedReduce>(inputs, 1, [&] { return prepare_reduce(node, inputs); });
  const PreparedReduce& p = m.prepared;
  const Tensor& x = *inputs[0];
  Tensor out = placed.output(0, x.type(), p.out_dims, &m.outputs[0]);
  if (p.copy_input) {
    std::copy_n(static_cast<const char*>(x.raw()), x.byte_size(), static_cast<char*>(out.mutable_raw()));
  } else {
    kernels::reduce(node.schema().reduce_op, x.type(), p.plan, x.raw(), out.mutable_raw());
  }
  std::vector<Tensor> result;
  result.push_back(std::move(out));
  return result;
}

std::unique_ptr<StreamedRun> start_streamed_reduce(const Node& node, const std::vector<const Tensor*>& inputs) {
  PreparedReduce p = prepare_reduce(node, inputs);
  if (p.copy_input) return nullptr;
  const DataType type = inputs[0]->type();
  Tensor out = Tensor::uninitialized(type, p.out_dims);
  auto stream = kernels::make_reduce_stream(node.schema().reduce_op, type, p.plan, out.mutable_raw());
  if (!stream) return nullptr;
  return std::make_unique<InOrderRun>("streamed reduce", element_size(type), static_cast<size_t>(p.plan.input_count),
                                      out, std::move(stream));
}

}  // namespace orw
