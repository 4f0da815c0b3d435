// The normalization family (Softmax, LogSoftmax, Hardmax, LpNormalization): what the registry
// wires for it, and the rules its operator and shape function share. The kernels' entry
// points are in normalize_kernels.h.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"
#include "plan/streamed_run.h"

namespace orw {

class ShapesContext;

// Runs a Softmax / LogSoftmax / Hardmax / LpNormalization node: one output of the input's type
// and shape. Throws TypeError for an element type outside the row's, ValueError for an axis
// out of range (naming the attribute) or an LpNormalization 'p' other than 1 or 2.
std::vector<Tensor> run_normalize(const Node& node, const std::vector<const Tensor*>& inputs,
                                  RunMemo& memo, const PlacedOutputs& placed);

// The same run with the input fed in pieces of whole slices along the axis, each piece's
// output given back as it is computed (start_streamed_run in runtime/run_node.h); nullptr
// when a slice is larger than a piece may be, or the input is empty. Throws as run_normalize.
std::unique_ptr<StreamedRun> start_streamed_normalize(const Node& node, const std::vector<const Tensor*>& inputs);

// Shape inference: the input's type and shape, with the run's checks of the type, of 'p' and
// (when the rank is known) of the axis range.
void infer_normalize_shape(ShapesContext& ctx, const Node& node);

// The node's axis for `rank`, wrapped and range-checked: default 1 for the 2-D-view versions
// (coerce_to_2d), -1 otherwise. Throws ValueError naming attribute 'axis' when out of
// [-rank, rank - 1] (a rank-0 input has no axis).
int64_t normalization_axis(const Node& node, int64_t rank);

// LpNormalization's 'p' (default 2; 1 or 2, checked when the node is made: check_attribute_rules).
int64_t lp_order(const Node& node);

}  // namespace orw
