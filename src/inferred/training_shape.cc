// The ai.onnx.preview.training ops. The optimizers (Adagrad, Momentum: one state per optimized
// tensor; Adam: two) take R, T, then n optimized tensors, their n gradients and n of each
// state, and give the n new tensors then the n new values of each state, each the type and
// shape of the input it updates. Gradient's i-th output is the gradient with respect to its
// i-th input (the i-th name of 'xs'): that input's shape; its element type (float16, float or
// double) is not tied to any input, so it is left unknown.
#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {
namespace {

constexpr TypeSet kOptimizedTypes{DataType::kFloat, DataType::kDouble};

// Input `index`'s type and shape (its values are not the output's).
TensorInfo type_and_shape(const ShapesContext& ctx, const Node& node, size_t index) {
  const TensorInfo& x = input_info(ctx, node, index);
  return x.has_rank() ? TensorInfo::of(x.type, *x.shape) : TensorInfo::of_unknown_rank(x.type);
}

void infer_optimizer(ShapesContext& ctx, const Node& node, size_t states) {
  data_input(ctx, node);  // R
  check_type(node, input_info(ctx, node, 1), 1, TypeSet{DataType::kInt64});
  const size_t groups = states + 2;  // the tensors, their gradients, their states
  const size_t listed = node.inputs().size() - 2;
  if (listed == 0 || listed % groups != 0) {
    fail<ValueError>(ErrorMessage() << node << ": input 2 'inputs' has " << listed << " tensors; it must list the optimized "
                                    << "tensors, their gradients and their " << (states == 1 ? "state" : "two states")
                                    << ", as many of each (a multiple of " << groups << ')');
  }
  const size_t n = listed / groups;
  if (node.outputs().size() != n * (states + 1)) {
    fail<ValueError>(ErrorMessage() << node << ": " << n << " optimized tensors give " << n * (states + 1)
                                    << " outputs (the new tensors, then the new " << (states == 1 ? "state" : "states")
                                    << "), not " << node.outputs().size());
  }
  // One element type (T3) for every tensor listed.
  DataType type = DataType::kUndefined;
  size_t first = 0;
  for (size_t i = 2; i < node.inputs().size(); ++i) {
    const TensorInfo& x = input_info(ctx, node, i);
    check_type(node, x, i, kOptimizedTypes);
    if (x.type == DataType::kUndefined) continue;
    if (type == DataType::kUndefined) {
      type = x.type, first = i;
    } else if (x.type != type) {
      fail<TypeError>(ErrorMessage() << node << ": input " << i << " has element type " << type_name(x.type)
                                     << " but input " << first << " has " << type_name(type)
                                     << " (the tensors, gradients and states share one element type)");
    }
  }
  for (size_t i = 0; i < n; ++i) {
    set_output(ctx, node, i, type_and_shape(ctx, node, 2 + i));
    // State s's inputs follow the tensors and gradients; its outputs follow the new tensors.
    for (size_t s = 1; s <= states; ++s) set_output(ctx, node, s * n + i, type_and_shape(ctx, node, 2 + (s + 1) * n + i));
  }
}

}  // namespace

void infer_one_state_optimizer_shape(ShapesContext& ctx, const Node& node) { infer_optimizer(ctx, node, 1); }
void infer_two_state_optimizer_shape(ShapesContext& ctx, const Node& node) { infer_optimizer(ctx, node, 2); }

void infer_gradient_shape(ShapesContext& ctx, const Node& node) {
  const Attribute* xs = node.find_attribute("xs");
  if (!xs) fail<ValueError>(ErrorMessage() << node << ": attribute 'xs' (the names of the differentiated inputs) is required");
  const size_t zs = node.find_attribute("zs") ? node.find_attribute("zs")->strings.size() : 0;
  if (node.inputs().size() != xs->strings.size() + zs) {
    fail<ValueError>(ErrorMessage() << node << ": has " << node.inputs().size() << " inputs; attributes 'xs' and 'zs' name "
                                    << xs->strings.size() + zs << " (one input for each)");
  }
  if (node.outputs().size() != xs->strings.size()) {
    fail<ValueError>(ErrorMessage() << node << ": has " << node.outputs().size() << " outputs; attribute 'xs' names "
                                    << xs->strings.size() << " (one gradient for each)");
  }
  for (size_t i = 0; i < xs->strings.size(); ++i) {
    const TensorInfo& x = input_info(ctx, node, i);
    set_output(ctx, node, i, x.has_rank() ? TensorInfo::of(DataType::kUndefined, *x.shape) : TensorInfo::unknown());
  }
}

}  // namespace orw
