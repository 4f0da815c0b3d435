// Operator entry points: validate a node's runtime inputs, then plan and run its kernel.
#pragma once
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"

namespace orw {

// Runs `node` on positional inputs (nullptr, or a missing trailing entry, is an omitted
// optional input) and returns its outputs. Every input is checked before any work: count,
// required inputs present, element types, ranks and axis values. Throws TypeError for a wrong
// element type and std::invalid_argument (or SizeError) for anything else; messages name the
// op, the input or attribute, and the reason.
std::vector<Tensor> run_node(const Node& node, const std::vector<const Tensor*>& inputs);

// Registry run functions, one per family.
std::vector<Tensor> run_reduce(const Node& node, const std::vector<const Tensor*>& inputs);
std::vector<Tensor> run_scan(const Node& node, const std::vector<const Tensor*>& inputs);

// Normalizes reduction axes for `rank`: wraps negatives, checks the range [-rank, rank-1],
// sorts and merges duplicates. `source` names where they came from in errors ("attribute
// 'axes'", "input 'axes'").
std::vector<int64_t> normalize_axes(const Node& node, const std::vector<int64_t>& axes, int64_t rank,
                                    const char* source);

}  // namespace orw
