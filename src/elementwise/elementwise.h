// The Elementwise family (Abs, Exp, Log, Sqrt, Neg, Reciprocal, Add, Sub, Mul, Div, Cast,
// CastLike, Clip: the ops of the ONNX function bodies of the Reduce and Softmax-like ops): what the registry wires for it (run functions here, shape functions
// in elementwise_shape.h), and the rules the shape functions share with the runs. The
// kernels' own entry points are in elementwise_kernels.h.
#pragma once
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"

namespace orw {

// Registry run functions (element-wise ops keep nothing in the memo).
// Abs, Exp, Log, Sqrt, Neg, Reciprocal (the row's elementwise_op says which).
std::vector<Tensor> run_unary(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
// Add, Sub, Mul, Div. Integer Div throws ValueError naming the first zero of input 1.
std::vector<Tensor> run_arithmetic(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
std::vector<Tensor> run_cast(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
std::vector<Tensor> run_cast_like(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
// Clip: bounds from attributes 'min'/'max' (1, 6; floats, converted to the input's type) or
// inputs 1 and 2 (11 on; one element of the input's type, rank 0 or 1). An absent bound clips
// nothing. Throws TypeError for a bound of another type, ValueError for one of several elements.
std::vector<Tensor> run_clip(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);

// The output shape of Add, Sub, Mul, Div: numpy broadcasting from version 7; before it, A's shape, with B
// equal to A or (broadcast=1) of one element or matching A's dims from 'axis' (default: A's
// trailing dims). Throws ValueError naming the op, both inputs and their shapes.
Shape arithmetic_output_dims(const Node& node, const Shape& a, const Shape& b);

// True for Add/Sub/Mul/Div versions before 7 (A's shape, limited broadcasting).
bool is_legacy_broadcast(const Node& node);

}  // namespace orw
