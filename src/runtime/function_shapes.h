// Model-local functions (ModelProto.functions): a node that calls one is inferred through the
// function's body, in a shapes context of its own.
#pragma once
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

}  // namespace orw
