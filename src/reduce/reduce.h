// The Reduce family (ReduceProd, ReduceSum, ReduceMean, ReduceMax, ...): what the registry
// wires for it, and the rules its operator and shape function share. The kernels' own entry
// points are in reduce_kernels.h.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"
#include "plan/streamed_run.h"

namespace orw {

class ShapesContext;

// Runs a Reduce node: axes from the attribute or input 1 (by the row's AxesFrom), keepdims,
// noop_with_empty_axes. The memo keeps the last run's plan and output buffer.
std::vector<Tensor> run_reduce(const Node& node, const std::vector<const Tensor*>& inputs,
                               RunMemo& memo, const PlacedOutputs& placed);

// The same run with input 0 fed in pieces, or nullptr when it cannot stream (see
// start_streamed_run in runtime/run_node.h).
std::unique_ptr<StreamedRun> start_streamed_reduce(const Node& node, const std::vector<const Tensor*>& inputs);

// Shape inference (every version): keepdims, noop_with_empty_axes, axes from attribute or
// input, with known, counted or unknown axes values.
void infer_reduce_shape(ShapesContext& ctx, const Node& node);

// Throws ValueError: input 1 'axes' is not a 1-D tensor (`shape`: its shape as messages print
// it).
[[noreturn]] void fail_axes_not_1d(const Node& node, const std::string& shape);

}  // namespace orw
