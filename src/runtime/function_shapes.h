// Model-local functions (ModelProto.functions): a node that calls one is inferred through the
// function's body, in a shapes context of its own.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "shape/context.h"

namespace onnx {
class FunctionProto;
class ModelProto;
class NodeProto;
}  // namespace onnx

namespace orw {

class ErrorMessage;  // core/errors.h

// How errors and diagnostics name a node read from a model: `MatMul "mm" (opset 13)`, as
// Node's errors do.
ErrorMessage& append_node_proto(ErrorMessage& m, const onnx::NodeProto& node, int64_t opset);

class ModelFunctions {
 public:
  explicit ModelFunctions(const onnx::ModelProto& model);
  // The function `node` calls (its domain and op type name one), or nullptr.
  const onnx::FunctionProto* find(const onnx::NodeProto& node) const;

 private:
  std::map<std::pair<std::string, std::string>, const onnx::FunctionProto*> by_name_;
};

// The deepest chain of function calls inferred (a function calling itself stops there).
constexpr int kMaxFunctionDepth = 16;

// Stores `call`'s outputs in ctx: the body of `fn` inferred node by node in a context holding
// the call's input infos under the function's input names, the function's opset imports (the
// caller's ai.onnx opset when it imports none), and the call's attributes where body nodes
// refer to them (ref_attr_name). Body ops without a shape function give unknown values.
// Throws the first body node's error as its class, prefixed "function '<domain>.<name>': ".
void infer_function_call(ShapesContext& ctx, const onnx::NodeProto& call, const onnx::FunctionProto& fn,
                         const ModelFunctions& functions, int depth = 0);

// One node of a function body or subgraph, its outputs stored in ctx: a Constant, a call of a
// model-local function, If/Loop/Scan (runtime/subgraph_shapes.h), or the op's shape function;
// an op without one gives unknown outputs. Errors are thrown.
void infer_nested_node(ShapesContext& ctx, const onnx::NodeProto& node, const ModelFunctions& functions, int depth);

}  // namespace orw
