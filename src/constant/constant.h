// The Constant family (Constant, every version): what the registry wires for it. A Constant has
// no inputs; its one output is the tensor its attributes hold.
#pragma once
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"

namespace orw {

class ShapesContext;

// The attribute's tensor: 'value' as decoded, 'value_float'/'value_int' as a rank-0 float or
// int64, 'value_floats'/'value_ints' as rank 1. Throws ValueError unless exactly one value
// attribute is set, UnsupportedError for 'sparse_value' and the string forms.
std::vector<Tensor> run_constant(const Node& node, const std::vector<const Tensor*>& inputs,
                                 RunMemo& memo, const PlacedOutputs& placed);

// The output's type and shape, with its values (ValueAsShape) for small integer tensors; the
// errors of run_constant.
void infer_constant_shape(ShapesContext& ctx, const Node& node);

}  // namespace orw
