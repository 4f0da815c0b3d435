#include "onnx/attribute_rules.h"

#include <cctype>
#include <stdexcept>
#include <string>

#include "core/errors.h"

namespace orw {
namespace {

// The Cast version that first accepts ONNX element type `t` (TensorProto.DataType number), or
// 0 when no version does (undefined, complex, unknown numbers).
int cast_type_since(int32_t t) {
  if ((t >= 1 && t <= 7) || (t >= 9 && t <= 13)) return 1;
  switch (t) {
    case 8: return 9;                                   // string
    case 16: return 13;                                 // bfloat16
    case 17: case 18: case 19: case 20: return 19;      // float8 e4m3fn, e4m3fnuz, e5m2, e5m2fnuz
    case 21: case 22: return 21;                        // uint4, int4
    case 23: return 23;                                 // float4e2m1
    case 24: return 24;                                 // float8e8m0
    case 25: case 26: return 25;                        // uint2, int2
    default: return 0;
  }
}

// Cast version 1 names its target by TensorProto.DataType name ("FLOAT"); any letter case.
int32_t type_from_name(const Node& node, const std::string& name) {
  static const char* const kNames[] = {"UNDEFINED", "FLOAT",  "UINT8",  "INT8",      "UINT16",     "INT16",
                                       "INT32",     "INT64",  "STRING", "BOOL",      "FLOAT16",    "DOUBLE",
                                       "UINT32",    "UINT64", "COMPLEX64", "COMPLEX128", "BFLOAT16"};
  std::string upper = name;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int32_t t = 1; t < static_cast<int32_t>(sizeof kNames / sizeof kNames[0]); ++t) {
    if (upper == kNames[t]) return t;
  }
  fail<ValueError>(ErrorMessage()
                              << node << ": attribute 'to' is \"" << Printable{name}
                              << "\", which is not a TensorProto.DataType name (e.g. \"FLOAT\", \"INT64\")");
}

// Appends "float (1)": an element type's name and TensorProto.DataType number.
struct TypeLabel {
  int32_t type;
};
ErrorMessage& operator<<(ErrorMessage& m, TypeLabel label) {
  return m << type_name(static_cast<DataType>(label.type)) << " (" << label.type << ')';
}

}  // namespace

DataType element_type_attribute(const Node& node, const char* name) {
  const Attribute* to = node.find_attribute(name);
  if (!to) {
    fail<ValueError>(ErrorMessage() << node << ": attribute '" << name << "' is required (the target element type)");
  }
  int64_t t = to->type == AttrType::kString ? type_from_name(node, to->s) : to->i;
  const int since = t >= 0 && t <= 64 ? cast_type_since(static_cast<int32_t>(t)) : 0;
  if (since == 0) {
    fail<ValueError>(ErrorMessage()
                                << node << ": attribute '" << name << "' = " << t
                                << " is not an element type " << node.op_type() << " can produce (complex, undefined or unknown)");
  }
  const auto type = static_cast<DataType>(t);
  if (since > node.since_version()) {
    fail<ValueError>(ErrorMessage() << node << ": attribute '" << name << "' is " << TypeLabel{static_cast<int32_t>(t)}
                                               << ", which " << node.op_type() << " accepts only from version " << since
                                               << " (this node resolves to version " << node.since_version() << ')');
  }
  if (!node.schema().types.contains(type)) {
    fail<TypeError>(ErrorMessage() << node << ": attribute '" << name << "' is " << TypeLabel{static_cast<int32_t>(t)}
                                   << ", an element type this package does not support (supported: "
                                   << node.schema().types.describe() << ')');
  }
  return type;
}

namespace {

void check_round_mode(const Node& node) {
  const Attribute* a = node.find_attribute("round_mode");
  if (a && a->s != "up" && a->s != "down" && a->s != "nearest") {
    fail<ValueError>(ErrorMessage()
                                << node << ": attribute 'round_mode' must be \"up\", \"down\" or \"nearest\", got \""
                                << Printable{a->s} << '"');
  }
}

// LpNormalization's p: "only 1 or 2 are supported" (the ONNX definition), checked when the node
// is made, so a node that could never run is never created.
void check_norm_order(const Node& node, const char* name) {
  const int64_t p = node.int_attribute(name, 2);
  if (p != 1 && p != 2) {
    fail<ValueError>(ErrorMessage() << node << ": attribute '" << name << "' is " << p
                                    << ": only 1 and 2 are supported (L1, L2 norm)");
  }
}

}  // namespace

void check_attribute_rules(const Node& node) {
  for (const AttrSpec& spec : node.schema().attributes) {
    if (spec.rule == AttrRule::kElementType) element_type_attribute(node, spec.name);
    if (spec.rule == AttrRule::kRoundMode) check_round_mode(node);
    if (spec.rule == AttrRule::kNormOrder) check_norm_order(node, spec.name);
  }
}

}  // namespace orw
