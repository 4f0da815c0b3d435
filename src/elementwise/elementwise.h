// The element-wise operators (Abs, Exp, Log, Sqrt, Mul, Cast, CastLike): registry run and
// check functions, and the rules the shape functions share with them.
#pragma once
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"

namespace orw {

// Registry run functions.
std::vector<Tensor> run_abs(const Node& node, const std::vector<const Tensor*>& inputs);
std::vector<Tensor> run_exp(const Node& node, const std::vector<const Tensor*>& inputs);
std::vector<Tensor> run_log(const Node& node, const std::vector<const Tensor*>& inputs);
std::vector<Tensor> run_sqrt(const Node& node, const std::vector<const Tensor*>& inputs);
std::vector<Tensor> run_mul(const Node& node, const std::vector<const Tensor*>& inputs);
std::vector<Tensor> run_cast(const Node& node, const std::vector<const Tensor*>& inputs);
std::vector<Tensor> run_cast_like(const Node& node, const std::vector<const Tensor*>& inputs);

// Registry check functions (OpSchema::check), run when a node is validated.
// Cast: 'to' is required and must name a type of that version the package supports.
void check_cast_node(const Node& node);
// Cast/CastLike 24+: 'round_mode' must be up, down or nearest.
void check_round_mode(const Node& node);

// Cast's target type (attribute 'to': an int from version 6, a TensorProto.DataType name such
// as "FLOAT" in version 1). Throws std::invalid_argument when it is missing or not a type of
// that version, TypeError when it is one the package does not support (string, float8, int4,
// float4, int2 ...), naming the op, the attribute and the type.
DataType cast_target(const Node& node);

// The output shape of Mul: numpy broadcasting from version 7; before it, A's shape, with B
// equal to A or (broadcast=1) of one element or matching A's dims from 'axis' (default: A's
// trailing dims). Throws std::invalid_argument naming the op, both inputs and their shapes.
Shape mul_output_dims(const Node& node, const Shape& a, const Shape& b);

// True for Mul versions before 7 (A's shape, limited broadcasting).
bool is_legacy_mul(const Node& node);

}  // namespace orw
