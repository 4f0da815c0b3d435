// Shape inference over a whole model: every value of an onnx.ModelProto's main graph, with
// the nodes it could not infer reported beside the values.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "core/errors.h"
#include "shape/tensor_info.h"

namespace orw {

// What a value is to its graph. A graph input with an initializer is an input (the
// initializer is only its default).
enum class ValueRole : uint8_t { kInput, kInitializer, kIntermediate, kOutput };

// "input", "initializer", "intermediate", "output".
const char* role_name(ValueRole role);

// Why a node is reported.
enum class ShapeDiagnosticCause : uint8_t {
  kInvalidNode,       // the node broke its op's rules (its error is the message)
  kNoShapeFunction,   // an op or domain the package has no shape function for
  kDeclaredConflict,  // an output's declaration (graph output, value_info) says otherwise
};

// "invalid-node", "no-shape-function", "declared-conflict".
const char* cause_name(ShapeDiagnosticCause cause);

// A node whose outputs inference could not give (an invalid node, an op or domain without a
// shape function), or whose outputs contradict their declaration (graph output, value_info).
struct ShapeDiagnostic {
  size_t node_index = 0;  // position in graph.node
  std::string node_name;  // "" for an unnamed node
  std::string op_type;
  std::string domain;     // canonical ("ai.onnx" for "")
  ShapeDiagnosticCause cause = ShapeDiagnosticCause::kInvalidNode;
  ErrorKind kind = ErrorKind::kValue;     // the error class the message would be thrown as
  std::string message;    // the package's error text, starting with the node ("MatMul \"mm\" (opset 13): ...")
};

struct ModelShapes {
  std::map<std::string, TensorInfo> values;                // every value, by name
  std::vector<std::pair<std::string, ValueRole>> order;   // every value once: inputs, initializers, then node outputs in graph order
  std::vector<ShapeDiagnostic> diagnostics;                // in graph order
};

struct ModelShapesOptions {
  // Throw the first diagnostic's error instead of reporting it (ops and domains without a
  // shape function are reported, never thrown).
  bool strict = false;
};

// Decodes a serialized onnx.ModelProto and infers every value of its graph, node by node in
// graph order, resolving each op with the model's opset imports:
// - graph inputs from their ValueInfo (dim_value, dim_param, or unknown dims);
// - initializers and Constant nodes from their tensors, with ValueAsShape for small integer
//   tensors (rank <= 1, at most 16 elements); an initializer that is also a graph input
//   (IR version >= 4) is only a default, so the input's ValueInfo wins and gives no values;
// - a node that calls a model-local function (ModelProto.functions) through the function's
//   body (runtime/function_shapes.h), If, Loop and Scan through their subgraphs
//   (runtime/subgraph_shapes.h), Cast and CastLike from or to string as ONNX does
//   (runtime/string_cast_shapes.h: the package does not run them);
// - every other node through its registry shape function; a node that fails (or names an
//   input nothing provides) gets unknown outputs and a diagnostic with its error;
// - ops and domains without a shape function: unknown outputs and a diagnostic (kUnsupported);
// - then each node output declared as a graph output or in value_info is merged with its
//   declaration (shape/declared.h); a conflict is a diagnostic and inference's answer stays.
// Throws ParseError for bytes that do not decode or a malformed initializer,
// ValueError for a graph over the limits of onnx/model.h or broken by the rules
// of onnx/model_checks.h, and with `strict` the first node diagnostic's error (as its class).
ModelShapes infer_model_shapes_report(const void* bytes, size_t size, const ModelShapesOptions& options = {});

// The values of a strict infer_model_shapes_report.
std::map<std::string, TensorInfo> infer_model_shapes(const void* bytes, size_t size);

}  // namespace orw
