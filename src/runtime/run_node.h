// Operator entry points: validate a node's runtime inputs, then plan and run its kernel.
#pragma once
#include <memory>
#include <vector>

#include "core/tensor.h"
#include "reduce/reduce_kernels.h"
#include "onnx/node.h"

namespace orw {

// Runs `node` on positional inputs (nullptr, or a missing trailing entry, is an omitted
// optional input) and returns its outputs. Every input is checked before any work: count,
// required inputs present, element types, ranks and axis values. Throws TypeError for a wrong
// element type and std::invalid_argument (or SizeError) for anything else; messages name the
// op, the input or attribute, and the reason.
std::vector<Tensor> run_node(const Node& node, const std::vector<const Tensor*>& inputs);

// A node run on a data input (input 0) whose values arrive in pieces (e.g. while they are
// copied in from elsewhere: each piece is processed while it is in cache, and nothing of the
// input's size is held). Gives the same bits as run_node.
class StreamedRun {
 public:
  struct Piece {
    size_t offset = 0, count = 0;  // elements of input 0; count 0 once everything was fed
  };
  virtual ~StreamedRun() = default;

  // Validates the node and inputs as run_node does, without reading input 0's values
  // (inputs[0] may view null data). Returns nullptr when this run cannot stream (use
  // run_node): ops other than Reduce*/ArgMax/ArgMin/CumSum/CumProd; noop_with_empty_axes copying the input;
  // LogSumExp except over contiguous float slices; float16/bfloat16; L2 or LogSum of
  // integers. Throws as run_node.
  static std::unique_ptr<StreamedRun> start(const Node& node, const std::vector<const Tensor*>& inputs);

  virtual size_t element_size() const = 0;
  // The piece of input 0 the next feed() takes (pieces of a reverse scan come from the end).
  virtual Piece next() const = 0;
  // True when the output has input 0's type and shape and is produced piece by piece (scans):
  // feed() then writes the piece's output elements, at the same offsets, to `out`.
  virtual bool output_in_pieces() const = 0;
  // Processes the next piece: `in` holds its elements of input 0.
  virtual void feed(const void* in, void* out) = 0;
  // Once everything was fed: the output (for output_in_pieces() runs, an empty tensor: the
  // output went out in pieces). std::logic_error before that.
  virtual Tensor finish() = 0;
};

// The Reduce and scan halves of StreamedRun::start (nullptr when that run cannot stream).
std::unique_ptr<StreamedRun> start_streamed_reduce(const Node& node, const std::vector<const Tensor*>& inputs);
std::unique_ptr<StreamedRun> start_streamed_scan(const Node& node, const std::vector<const Tensor*>& inputs);

// Registry run functions, one per family.
std::vector<Tensor> run_reduce(const Node& node, const std::vector<const Tensor*>& inputs);
std::vector<Tensor> run_scan(const Node& node, const std::vector<const Tensor*>& inputs);

// ArgMax / ArgMin (src/ops/arg.cc): the registry's run function, the streamed half of
// StreamedRun::start, and the node's axis for `rank`, wrapped and range-checked (a rank-0
// input has none: an error).
std::vector<Tensor> run_arg(const Node& node, const std::vector<const Tensor*>& inputs);
std::unique_ptr<StreamedRun> start_streamed_arg(const Node& node, const std::vector<const Tensor*>& inputs);
int64_t arg_axis(const Node& node, int64_t rank);

// Normalizes reduction axes for `rank`: wraps negatives, checks the range [-rank, rank-1]
// and sorts; an axis given twice (after wrapping) is an error naming it. `source` names where they came from in errors ("attribute
// 'axes'", "input 'axes'").
std::vector<int64_t> normalize_axes(const Node& node, const std::vector<int64_t>& axes, int64_t rank,
                                    const char* source);

}  // namespace orw
