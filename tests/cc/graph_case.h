// A small graph written in the shapes' text form, for the tests of whole-model shape
// inference: GraphCase(13).input("x", "float32[N,3]").node("Relu", {"x"}, {"y"}).at("y").
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "orw_proto/onnx.pb.h"
#include "runtime/model_shapes.h"
#include "test_shape_helpers.h"

namespace shape_test {

// Writes an info's containers, element type and shape into a TypeProto.
inline void write_type(onnx::TypeProto* type, const TensorInfo& t) {
  if (!t.is_tensor()) {
    const TensorInfo element = t.element();
    if (t.is(orw::ValueKind::kSequence)) write_type(type->mutable_sequence_type()->mutable_elem_type(), element);
    else write_type(type->mutable_optional_type()->mutable_elem_type(), element);
    return;
  }
  auto* tt = type->mutable_tensor_type();
  tt->set_elem_type(static_cast<int>(t.type));
  if (!t.shape) return;
  auto* shape = tt->mutable_shape();
  for (const Dim& d : *t.shape) {
    auto* dim = shape->add_dim();
    if (d.is_value()) dim->set_dim_value(d.value());
    if (d.is_symbol()) dim->set_dim_param(d.name());
  }
}

// Writes an info's text form ("float32[N,?,3]", "?[*]", "seq(int64[*])") into a ValueInfoProto.
inline void write_value_info(onnx::ValueInfoProto* v, const std::string& name, const std::string& text) {
  v->set_name(name);
  write_type(v->mutable_type(), info(text));
}

struct GraphCase {
  onnx::ModelProto m;

  explicit GraphCase(int64_t opset) {
    m.set_ir_version(8);
    m.add_opset_import()->set_version(opset);
    m.mutable_graph();
  }
  GraphCase& input(const std::string& name, const std::string& text) {
    write_value_info(m.mutable_graph()->add_input(), name, text);
    return *this;
  }
  GraphCase& output(const std::string& name, const std::string& text) {
    write_value_info(m.mutable_graph()->add_output(), name, text);
    return *this;
  }
  GraphCase& value_info(const std::string& name, const std::string& text) {
    write_value_info(m.mutable_graph()->add_value_info(), name, text);
    return *this;
  }
  // An int64 initializer of rank 1 (or rank 0 with `scalar`).
  GraphCase& ints(const std::string& name, const std::vector<int64_t>& values, bool scalar = false) {
    auto* t = m.mutable_graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(7);
    if (!scalar) t->add_dims(static_cast<int64_t>(values.size()));
    for (int64_t v : values) t->add_int64_data(v);
    return *this;
  }
  // A float32 initializer of rank 1.
  GraphCase& floats(const std::string& name, const std::vector<float>& values) {
    auto* t = m.mutable_graph()->add_initializer();
    t->set_name(name);
    t->set_data_type(1);
    t->add_dims(static_cast<int64_t>(values.size()));
    for (float v : values) t->add_float_data(v);
    return *this;
  }
  GraphCase& node(const std::string& op, const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                  const std::vector<onnx::AttributeProto>& attrs = {}, const std::string& name = {}) {
    onnx::NodeProto n = make_node(op, inputs, outputs, attrs);
    n.set_name(name);
    *m.mutable_graph()->add_node() = n;
    return *this;
  }
  orw::ModelShapes report(bool strict = false) const {
    const std::string bytes = m.SerializeAsString();
    return orw::infer_model_shapes_report(bytes.data(), bytes.size(), {strict});
  }
  // The text form of a value of the (non-strict) report.
  std::string at(const std::string& name) const { return orw::to_string(report().values.at(name)); }
  // "" when each named value has the expected text form and nothing is reported; else what
  // differs ("y: float32[2] (expected float32[3])", the diagnostics' messages).
  std::string mismatches(const std::vector<std::pair<std::string, std::string>>& expected) const {
    const orw::ModelShapes r = report();
    std::string out;
    for (const auto& [name, text] : expected) {
      const auto it = r.values.find(name);
      const std::string got = it == r.values.end() ? "(none)" : orw::to_string(it->second);
      if (got != text) out += name + ": " + got + " (expected " + text + "); ";
    }
    for (const auto& d : r.diagnostics) out += d.message + "; ";
    return out;
  }
  // The message of the report's one diagnostic (else how many there are, which no test expects).
  std::string only_diagnostic() const {
    const orw::ModelShapes r = report();
    if (r.diagnostics.size() != 1) return std::to_string(r.diagnostics.size()) + " diagnostics";
    return r.diagnostics[0].message;
  }
};

// A subgraph: its inputs and outputs in the text form ("float32[N,3]", "?[*]" for none
// declared) and its nodes.
struct Subgraph {
  onnx::GraphProto g;
  Subgraph& input(const std::string& name, const std::string& text) {
    write_value_info(g.add_input(), name, text);
    return *this;
  }
  Subgraph& output(const std::string& name, const std::string& text = "?[*]") {
    write_value_info(g.add_output(), name, text);
    return *this;
  }
  Subgraph& node(const std::string& op, const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                 const std::vector<onnx::AttributeProto>& attrs = {}) {
    *g.add_node() = make_node(op, inputs, outputs, attrs);
    return *this;
  }
  onnx::AttributeProto as(const std::string& name) const {
    onnx::AttributeProto a;
    a.set_name(name);
    a.set_type(onnx::AttributeProto::GRAPH);
    *a.mutable_g() = g;
    return a;
  }
};

inline onnx::AttributeProto string_attr(const std::string& name, const std::string& v) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::STRING);
  a.set_s(v);
  return a;
}

}  // namespace shape_test
