// The TopK family: what the registry wires for it, and the rules its operator and
// shape function share. The kernels' entry points are in topk_kernels.h.
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

// Runs a TopK node: outputs Values (X's type) and Indices (int64), X's shape with the axis
// dim replaced by K. Throws TypeError for an X or K of a type the version does not accept,
// ValueError for a bad axis, K (missing 'k' at version 1, k = 0 at version 1, K not a
// 1-element 1-D tensor, K < 0, K > the axis size).
std::vector<Tensor> run_topk(const Node& node, const std::vector<const Tensor*>& inputs,
                             RunMemo& memo, const PlacedOutputs& placed);

// The same run with X fed in pieces of whole slices along the axis (start_streamed_run in
// runtime/run_node.h); nullptr when a slice is larger than a piece may be, or the output is
// empty (the run on the whole input then). Throws as run_topk before anything is fed.
std::unique_ptr<StreamedRun> start_streamed_topk(const Node& node, const std::vector<const Tensor*>& inputs);

// Shape inference: Values and Indices, with K from the attribute (1) or from the K input's
// known values (10+); an unknown K leaves the axis dim unknown. Same errors as the run where
// the infos tell.
void infer_topk_shape(ShapesContext& ctx, const Node& node);

// The node's axis for `rank` (attribute 'axis', default -1), wrapped and range-checked.
int64_t topk_axis(const Node& node, int64_t rank);

// Version 1's attribute 'k'; throws ValueError when it is missing or not positive.
int64_t topk_attribute_k(const Node& node);

// Throws ValueError unless 0 <= k <= axis_size (`shape` is X's shape as messages print it).
void check_topk_k(const Node& node, int64_t k, int64_t axis, int64_t axis_size, const std::string& shape);

// Throws ValueError: input 1 'K' is not a 1-D tensor of one element (`shape`: its shape as
// messages print it).
[[noreturn]] void fail_topk_k_shape(const Node& node, const std::string& shape);

}  // namespace orw
