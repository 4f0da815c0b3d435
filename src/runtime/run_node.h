// Running one validated node: its runtime inputs checked, then its family's run (through
// registry/families.h), whole or streamed.
#pragma once
#include <memory>
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"
#include "plan/streamed_run.h"

namespace orw {

// Runs `node` on positional inputs (nullptr, or a missing trailing entry, is an omitted
// optional input) and returns its outputs. Every input is checked before any work: count,
// required inputs present, element types, ranks and axis values. `memo` is the node's, kept by
// the caller between runs (a run on the same shapes then skips the checks and planning and
// reuses its output buffer); `placed`, the caller's buffers for this run's outputs. Throws TypeError for a wrong element type and
// ValueError (or SizeError) for anything else; messages name the op, the input or
// attribute, and the reason.
std::vector<Tensor> run_node(const Node& node, const std::vector<const Tensor*>& inputs,
                             RunMemo& memo, const PlacedOutputs& placed = PlacedOutputs());

// The same with a memo of its own (nothing kept between runs).
std::vector<Tensor> run_node(const Node& node, const std::vector<const Tensor*>& inputs);

// Validates the node and inputs as run_node does, without reading input 0's values
// (inputs[0] may view null data), and starts a run whose input 0 arrives in pieces. Gives the
// same bits as run_node. Returns nullptr when this run cannot stream (use run_node): ops other
// than Reduce*, ArgMax/ArgMin, CumSum/CumProd, Softmax/LogSoftmax/Hardmax/LpNormalization and
// TopK (the last two families: pieces of whole slices); noop_with_empty_axes copying the input;
// LogSumExp except over contiguous float slices; float16/bfloat16; L2 or LogSum of integers.
// Throws as run_node.
std::unique_ptr<StreamedRun> start_streamed_run(const Node& node, const std::vector<const Tensor*>& inputs);

// A node and its memo: what the bindings hold for each node handle.
struct MemoizedNode {
  Node node;
  RunMemo memo;
  std::vector<Tensor> run(const std::vector<const Tensor*>& inputs, const PlacedOutputs& placed = PlacedOutputs()) {
    return run_node(node, inputs, memo, placed);
  }
};

}  // namespace orw
