// Operator entry points: validate a node's runtime inputs, then plan and run its kernel.
#pragma once
#include <memory>
#include <vector>

#include "core/tensor.h"
#include "kernels/kernels.h"
#include "onnx/node.h"

namespace orw {

// Runs `node` on positional inputs (nullptr, or a missing trailing entry, is an omitted
// optional input) and returns its outputs. Every input is checked before any work: count,
// required inputs present, element types, ranks and axis values. Throws TypeError for a wrong
// element type and std::invalid_argument (or SizeError) for anything else; messages name the
// op, the input or attribute, and the reason.
std::vector<Tensor> run_node(const Node& node, const std::vector<const Tensor*>& inputs);

// A Reduce node run on a data input whose values arrive in pieces, in input order (e.g. while
// they are copied in from elsewhere: each piece is reduced while it is in cache). Gives the
// same bits as run_node.
class StreamedReduce {
 public:
  // Validates the node and inputs as run_node does, without reading the data input's values
  // (inputs[0] may view null data), and allocates the output. Returns nullptr when this run
  // cannot stream (not a Reduce op; noop_with_empty_axes copying the input; LogSumExp;
  // float16/bfloat16; L2 or LogSum of integers): use run_node then. Throws as run_node.
  static std::unique_ptr<StreamedReduce> start(const Node& node, const std::vector<const Tensor*>& inputs);
  ~StreamedReduce();

  size_t element_size() const { return element_size_; }
  // Elements the next feed() takes; 0 once the whole input has been fed.
  size_t next_piece() const;
  // Reduces the next next_piece() elements of the data input, found at `piece`.
  void feed(const void* piece);
  // The output, once everything was fed (std::logic_error otherwise).
  Tensor finish();

 private:
  StreamedReduce() = default;
  size_t element_size_ = 0, total_ = 0, fed_ = 0;
  Tensor out_;
  std::unique_ptr<kernels::ReduceStream> stream_;
};

// Registry run functions, one per family.
std::vector<Tensor> run_reduce(const Node& node, const std::vector<const Tensor*>& inputs);
std::vector<Tensor> run_scan(const Node& node, const std::vector<const Tensor*>& inputs);

// Normalizes reduction axes for `rank`: wraps negatives, checks the range [-rank, rank-1],
// sorts and merges duplicates. `source` names where they came from in errors ("attribute
// 'axes'", "input 'axes'").
std::vector<int64_t> normalize_axes(const Node& node, const std::vector<int64_t>& axes, int64_t rank,
                                    const char* source);

}  // namespace orw
