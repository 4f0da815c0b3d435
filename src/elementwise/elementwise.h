// The Elementwise family (Abs, Exp, Log, Sqrt, Mul, Cast, CastLike: the ops of the Reduce ops'
// ONNX function bodies): what the registry wires for it (run functions here, shape functions
// in elementwise_shape.h), and the rules the shape functions share with the runs. The
// kernels' own entry points are in elementwise_kernels.h.
#pragma once
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"

namespace orw {

// Registry run functions (element-wise ops keep nothing in the memo).
std::vector<Tensor> run_abs(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo& memo);
std::vector<Tensor> run_exp(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo& memo);
std::vector<Tensor> run_log(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo& memo);
std::vector<Tensor> run_sqrt(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo& memo);
std::vector<Tensor> run_mul(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo& memo);
std::vector<Tensor> run_cast(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo& memo);
std::vector<Tensor> run_cast_like(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo& memo);

// The output shape of Mul: numpy broadcasting from version 7; before it, A's shape, with B
// equal to A or (broadcast=1) of one element or matching A's dims from 'axis' (default: A's
// trailing dims). Throws std::invalid_argument naming the op, both inputs and their shapes.
Shape mul_output_dims(const Node& node, const Shape& a, const Shape& b);

// True for Mul versions before 7 (A's shape, limited broadcasting).
bool is_legacy_mul(const Node& node);

}  // namespace orw
