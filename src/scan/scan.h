// The Scan family (CumSum, CumProd): what the registry wires for it. The kernels' own entry
// points are in scan_kernels.h.
#pragma once
#include <memory>
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"
#include "plan/streamed_run.h"

namespace orw {

class ShapesContext;

// Runs a CumSum/CumProd node along the axis of input 1 (exclusive, reverse). The memo keeps
// the last run's extent and output buffer.
std::vector<Tensor> run_scan(const Node& node, const std::vector<const Tensor*>& inputs,
                             RunMemo& memo, const PlacedOutputs& placed);

// The same run with input 0 fed (and its output produced) in pieces, or nullptr for
// float16/bfloat16.
std::unique_ptr<StreamedRun> start_streamed_scan(const Node& node, const std::vector<const Tensor*>& inputs);

// Shape inference: the output is the input's type and shape; checks rank and the axis input.
void infer_scan_shape(ShapesContext& ctx, const Node& node);

}  // namespace orw
