// The Scan family (CumSum, CumProd): what the registry wires for it, and the rules its operator
// and shape function share. The kernels' own entry points are in scan_kernels.h.
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

// Runs a CumSum/CumProd node along the axis of input 1 (exclusive, reverse). The memo keeps
// the last run's extent and output buffer.
std::vector<Tensor> run_scan(const Node& node, const std::vector<const Tensor*>& inputs,
                             RunMemo& memo, const PlacedOutputs& placed);

// The same run with input 0 fed (and its output produced) in pieces, or nullptr for
// float16/bfloat16.
std::unique_ptr<StreamedRun> start_streamed_scan(const Node& node, const std::vector<const Tensor*>& inputs);

// Shape inference: the output is the input's type and shape; checks rank and the axis input.
void infer_scan_shape(ShapesContext& ctx, const Node& node);

// Throws ValueError for a rank-0 input 0 'x' (a scan needs an axis).
void check_scan_rank(const Node& node, int64_t rank);

// Throws ValueError: input 1 'axis' is not a scalar (0-D, or 1-D with one element); `got` is
// what it is, as the message prints it ("shape [2]").
[[noreturn]] void fail_scan_axis_not_scalar(const Node& node, const std::string& got);

// The value of input 1 'axis' for `rank`, wrapped and range-checked (ValueError naming the
// input when out of [-rank, rank - 1]).
int64_t scan_axis(const Node& node, int64_t axis, int64_t rank);

}  // namespace orw
