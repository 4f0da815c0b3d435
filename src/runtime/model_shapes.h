// Shape inference over a whole model: every value of an onnx.ModelProto's main graph.
#pragma once
#include <cstddef>
#include <map>
#include <string>

#include "shape/tensor_info.h"

namespace orw {

// Decodes a serialized onnx.ModelProto and infers every value of its graph, node by node in
// graph order, resolving each op with the model's opset imports:
// - graph inputs from their ValueInfo (dim_value, dim_param, or unknown dims);
// - initializers and Constant nodes from their tensors, with ValueAsShape for small integer
//   tensors (rank <= 1, at most 16 elements); an initializer that is also a graph input
//   (IR version >= 4) is only a default, so the input's ValueInfo wins and gives no values;
// - nodes of the supported ops through their registry shape function;
// - outputs of any other op (or of a supported op at an opset with no version of it) as
//   unknown type and rank, without failing the model.
// Returns value name -> info. Throws ParseError for bytes that do not decode or a malformed
// tensor, std::invalid_argument (as infer_shapes) for an invalid node of a supported op or a
// graph over the limits of onnx/model.h (kMaxGraphNodes, kMaxGraphValues), and
// std::out_of_range for a node input that nothing before it in the graph provides.
std::map<std::string, TensorInfo> infer_model_shapes(const void* bytes, size_t size);

}  // namespace orw
