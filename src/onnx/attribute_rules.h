// The value rules of attributes (schema's AttrRule), applied when a node is validated, and
// the reading of an element-type attribute (Cast's 'to').
#pragma once

#include "core/dtype.h"
#include "onnx/node.h"

namespace orw {

// Checks every attribute of `node` whose spec has a rule (kElementType, kRoundMode; kBoolean
// is checked as each attribute is read). Throws as Node::parse does.
void check_attribute_rules(const Node& node);

// The element type an attribute names (Cast's 'to': an int from version 6, a
// TensorProto.DataType name such as "FLOAT" in version 1). Throws ValueError when it
// is missing or not a type of that version, TypeError when it is one the package does not
// support (string, float8, int4, float4, int2 ...), naming the op, the attribute and the type.
DataType element_type_attribute(const Node& node, const char* name);

}  // namespace orw
