// A validated model: onnx.ModelProto -> opset imports, graph inputs/outputs (ValueInfo),
// initializers, and nodes validated against the registry for their domain's opset, in
// topological order.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"

namespace onnx {
class GraphProto;
}

namespace orw {

// The largest graphs accepted (models and shape inference): nodes, and value names mentioned
// (graph inputs, outputs, initializers, value_info, node inputs and outputs).
constexpr int64_t kMaxGraphNodes = 4096;
constexpr int64_t kMaxGraphValues = 16384;

// Throws ValueError when `graph` is larger than the limits above.
void check_graph_limits(const onnx::GraphProto& graph);

// A declared dim: a number, a symbol (dim_param) or unknown.
struct DeclaredDim {
  int64_t value = -1;  // >= 0 when known
  std::string symbol;  // non-empty for dim_param
};

struct ValueInfo {
  std::string name;
  DataType type = DataType::kUndefined;  // kUndefined when not declared
  bool has_shape = false;
  std::vector<DeclaredDim> dims;
};

class Model {
 public:
  // Decodes and validates serialized ModelProto bytes. Throws ParseError for bytes that do not
  // decode, UnsupportedError naming the first node whose op/domain/opset is not supported,
  // ValueError for a graph that is not well formed (a value used before it is
  // produced, produced twice, a graph output nobody produces, a graph over the limits above).
  static Model parse(const void* bytes, size_t size);

  int64_t ir_version() const { return ir_version_; }
  // The opset imported for a domain ("" and "ai.onnx" are the same), or 0.
  int64_t opset(const std::string& domain) const;
  const std::vector<ValueInfo>& inputs() const { return inputs_; }    // without initializers
  const std::vector<ValueInfo>& outputs() const { return outputs_; }
  const std::map<std::string, Tensor>& initializers() const { return initializers_; }
  const std::vector<Node>& nodes() const { return nodes_; }            // topological order

 private:
  int64_t ir_version_ = 0;
  std::map<std::string, int64_t> opsets_;
  std::vector<ValueInfo> inputs_, outputs_;
  std::map<std::string, Tensor> initializers_;
  std::vector<Node> nodes_;
};

}  // namespace orw
