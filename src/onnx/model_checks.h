// What makes bytes a model: the structural rules that Model::parse (sessions) and
// infer_model_shapes (inferModelShapes) both apply before they read a graph, so that the
// two never disagree on what a model is.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

namespace onnx {
class ModelProto;
}

namespace orw {

// Decodes ModelProto bytes into *proto. Throws ParseError for bytes that do not decode and
// for bytes that decode but hold no graph (empty bytes, or a NodeProto's or TensorProto's).
void parse_model_proto(const void* bytes, size_t size, onnx::ModelProto* proto);

// Throws, naming the value or node, for a model that is not well formed:
//  - ValueError: an empty graph (no inputs, initializers, nodes or outputs); an empty name for a graph input, output or
//    initializer; a name listed twice among the inputs, the outputs or the initializers; an
//    opset_import listing a domain twice, or none at IR version 3 and later; a node of a
//    domain that opset_import does not list; an initializer that disagrees with the graph
//    input of its name (element type, rank or a fixed dim);
//  - SizeError: a declared dim above kMaxDim (2^53 - 1), which JS could not hold exactly;
//  - the errors of check_graph_limits.
void check_model_proto(const onnx::ModelProto& proto);

// The opset of each domain the model imports (domains in canonical form, "" as "ai.onnx"):
// its opset_import, or ai.onnx opset 1 for a model from before IR version 3 that has none.
std::map<std::string, int64_t> imported_opsets(const onnx::ModelProto& proto);

}  // namespace orw
