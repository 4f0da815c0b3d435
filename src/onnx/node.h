// A validated node: an onnx.NodeProto (from bytes, or built from parts) checked against the
// registry row for its opset: op and domain known, attributes known to that version with the
// right types and values, input/output counts in range.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/attribute.h"
#include "schema/op_schema.h"

namespace onnx {
class NodeProto;
}

namespace orw {

class Node {
 public:
  // Decodes serialized onnx.NodeProto bytes and validates them for `opset` (the model's opset
  // of the node's domain). Throws ParseError for bytes that do not decode, UnsupportedError
  // for an unknown op/domain/opset, TypeError for an attribute of the wrong type, and
  // ValueError for any other invalid attribute or input/output count.
  // With `default_io`, a node that lists no inputs/outputs gets default names as in make().
  static Node parse(const void* bytes, size_t size, int64_t opset, bool default_io = false);

  // Validates an already decoded NodeProto; same errors as parse() except ParseError.
  static Node from_proto(const onnx::NodeProto& proto, int64_t opset, bool default_io = false);

  // Builds and validates a node from parts; same errors as parse(). Empty `inputs` /
  // `outputs` get default names ("input0", "output0", ...) for the schema's inputs/outputs
  // (OpSchema::output_count outputs).
  static Node make(std::string op_type, std::string domain, int64_t opset, std::vector<Attribute> attributes,
                   std::vector<std::string> inputs = {}, std::vector<std::string> outputs = {},
                   std::string name = {});

  // Serialized onnx.NodeProto bytes; parse(serialize(), opset()) gives an equal node.
  std::string serialize() const;

  const OpSchema& schema() const { return *schema_; }
  const std::string& op_type() const { return op_type_; }
  const std::string& domain() const { return domain_; }  // as given ("" for ai.onnx)
  const std::string& name() const { return name_; }
  int64_t opset() const { return opset_; }
  int since_version() const { return schema_->since_version; }
  const std::vector<std::string>& inputs() const { return inputs_; }
  const std::vector<std::string>& outputs() const { return outputs_; }
  const std::vector<Attribute>& attributes() const { return attributes_; }

  // The attribute called `name`, or nullptr.
  const Attribute* find_attribute(const std::string& name) const;
  // An int attribute's value, or `fallback` when absent.
  int64_t int_attribute(const std::string& name, int64_t fallback) const;

  // How errors name this node: `ReduceProd (opset 18)` or `ReduceProd "r1" (opset 18)`.
  std::string where() const;

 private:
  Node() = default;
  void validate();
  void fill_default_io();
  void fill_default_outputs();

  const OpSchema* schema_ = nullptr;
  std::string op_type_, domain_, name_;
  int64_t opset_ = 0;
  std::vector<std::string> inputs_, outputs_;
  std::vector<Attribute> attributes_;
};

// Appends how errors name `node` (see Node::where()).
ErrorMessage& operator<<(ErrorMessage& message, const Node& node);
inline ErrorMessage& operator<<(ErrorMessage&& message, const Node& node) { return message << node; }

}  // namespace orw
