// The Arg family (ArgMax, ArgMin): what the registry wires for it, and the rules its operator
// and shape function share. The kernels' own entry points are in arg_kernels.h.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"
#include "plan/streamed_run.h"

namespace orw {

class ShapesContext;

// Runs an ArgMax/ArgMin node: int64 indices along 'axis', keepdims, select_last_index.
std::vector<Tensor> run_arg(const Node& node, const std::vector<const Tensor*>& inputs,
                            RunMemo& memo, const PlacedOutputs& placed);

// The same run with input 0 fed in pieces.
std::unique_ptr<StreamedRun> start_streamed_arg(const Node& node, const std::vector<const Tensor*>& inputs);

// Shape inference: int64, the input's shape with the axis kept as 1 or dropped (keepdims).
void infer_arg_shape(ShapesContext& ctx, const Node& node);

// The node's axis for `rank`, wrapped and range-checked (a rank-0 input has none: an error).
int64_t arg_axis(const Node& node, int64_t rank);

// Throws ValueError for a size-0 axis (an empty slice has no arg); `shape` is the
// input's shape as the messages print it.
[[noreturn]] void fail_empty_arg_axis(const Node& node, int64_t axis, const std::string& shape);

}  // namespace orw
