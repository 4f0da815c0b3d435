// Shape-inference test helpers: TensorInfo from its text form ("float[N,3,D]", "float[*]",
// "int64[2]={1,k}"), onnx::NodeProto builders, and a ShapeCase that runs one node through its
// per-op ComputeShape* entry point and returns the output's text form.
#pragma once
#include <catch2/catch.hpp>

#include <cctype>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/attribute.h"
#include "core/dtype.h"
#include "onnx/node.h"
#include "orw_proto/onnx.pb.h"
#include "registry/compute_shape.h"
#include "shape/context.h"
#include "runtime/model_shapes.h"
#include "shape/tensor_info.h"
#include "thrown.h"

namespace shape_test {

using orw::DataType;
using orw::Dim;
using orw::Dims;
using orw::ShapesContext;
using orw::TensorInfo;

// "float" -> kFloat, "?" -> kUndefined.
inline DataType parse_type(const std::string& name) {
  if (name == "?") return DataType::kUndefined;
  for (int v = 1; v <= 26; ++v) {
    if (orw::type_name(static_cast<DataType>(v)) == name) return static_cast<DataType>(v);
  }
  throw std::logic_error("parse_type: unknown type '" + name + "'");
}

// "3" -> 3, "?" -> unknown, anything else a symbol.
inline Dim parse_dim(const std::string& s) {
  if (s == "?") return Dim();
  if (!s.empty() && (isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-')) return Dim::of(std::stoll(s));
  return Dim::symbol(s);
}

inline Dims parse_dims(const std::string& list) {
  Dims out;
  size_t start = 0;
  while (start < list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    out.push_back(parse_dim(list.substr(start, comma - start)));
    start = comma + 1;
  }
  return out;
}

// The inverse of orw::to_string(TensorInfo).
inline TensorInfo info(const std::string& text) {
  for (const auto& [prefix, kind] : {std::make_pair("seq(", orw::ValueKind::kSequence), std::make_pair("opt(", orw::ValueKind::kOptional)}) {
    if (text.rfind(prefix, 0) == 0 && text.back() == ')') return TensorInfo::wrap(kind, info(text.substr(4, text.size() - 5)));
  }
  const size_t open = text.find('['), close = text.find(']');
  if (open == std::string::npos || close == std::string::npos) throw std::logic_error("info: bad text '" + text + "'");
  TensorInfo t;
  t.type = parse_type(text.substr(0, open));
  const std::string dims = text.substr(open + 1, close - open - 1);
  if (dims != "*") t.shape = parse_dims(dims);
  if (close + 1 < text.size()) {
    if (text.compare(close + 1, 2, "={") != 0 || text.back() != '}') throw std::logic_error("info: bad values in '" + text + "'");
    t.values = parse_dims(text.substr(close + 3, text.size() - close - 4));
  }
  return t;
}

inline onnx::AttributeProto int_attr(const std::string& name, int64_t v) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::INT);
  a.set_i(v);
  return a;
}

inline onnx::AttributeProto ints_attr(const std::string& name, const std::vector<int64_t>& v) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::INTS);
  for (int64_t x : v) a.add_ints(x);
  return a;
}

inline onnx::NodeProto make_node(const std::string& op, const std::vector<std::string>& inputs,
                                 const std::vector<std::string>& outputs,
                                 const std::vector<onnx::AttributeProto>& attrs = {}) {
  onnx::NodeProto n;
  n.set_op_type(op);
  for (const auto& i : inputs) n.add_input(i);
  for (const auto& o : outputs) n.add_output(o);
  for (const auto& a : attrs) *n.add_attribute() = a;
  return n;
}

// Infers node `op` at `opset` over inputs given in text form ("" omits an optional input);
// returns the output's text form.
inline std::string infer(const std::string& op, int opset, const std::vector<std::string>& inputs,
                         std::vector<orw::Attribute> attrs = {}) {
  ShapesContext ctx(opset);
  std::vector<std::string> names;
  for (size_t i = 0; i < inputs.size(); ++i) {
    names.push_back(inputs[i].empty() ? "" : "I" + std::to_string(i));
    if (!inputs[i].empty()) ctx.set(names.back(), info(inputs[i]));
  }
  const orw::Node node = orw::Node::make(op, "", opset, std::move(attrs), names, {"Y"});
  orw::infer_shapes(ctx, node);
  return orw::to_string(ctx.at("Y"));
}

// Model-level inference of `m` (serialized, then infer_model_shapes).
inline std::map<std::string, TensorInfo> infer_model(const onnx::ModelProto& m) {
  const std::string bytes = m.SerializeAsString();
  return orw::infer_model_shapes(bytes.data(), bytes.size());
}

using ComputeFn = void (*)(ShapesContext&, const onnx::NodeProto&, const char*, const char*);

struct OpEntry {
  const char* op;
  ComputeFn fn;
  int first_axes_input_opset;  // per the ONNX changelog; 0 for the scans and ArgMax/ArgMin
};

// Every per-op entry point, with the opset where its axes become an input.
inline const std::vector<OpEntry>& all_entry_points() {
  static const std::vector<OpEntry> entries = {
      {"ReduceSum", orw::ComputeShapeReduceSum, 13},
      {"ReduceProd", orw::ComputeShapeReduceProd, 18},
      {"ReduceMean", orw::ComputeShapeReduceMean, 18},
      {"ReduceMax", orw::ComputeShapeReduceMax, 18},
      {"ReduceMin", orw::ComputeShapeReduceMin, 18},
      {"ReduceL1", orw::ComputeShapeReduceL1, 18},
      {"ReduceL2", orw::ComputeShapeReduceL2, 18},
      {"ReduceLogSum", orw::ComputeShapeReduceLogSum, 18},
      {"ReduceLogSumExp", orw::ComputeShapeReduceLogSumExp, 18},
      {"ReduceSumSquare", orw::ComputeShapeReduceSumSquare, 18},
      {"CumSum", orw::ComputeShapeCumSum, 0},
      {"CumProd", orw::ComputeShapeCumProd, 0},
      {"ArgMax", [](ShapesContext& c, const onnx::NodeProto& n, const char* x, const char*) { orw::ComputeShapeArgMax(c, n, x); }, 0},
      {"ArgMin", [](ShapesContext& c, const onnx::NodeProto& n, const char* x, const char*) { orw::ComputeShapeArgMin(c, n, x); }, 0},
      {"TopK", orw::ComputeShapeTopK, 0},
  };
  return entries;
}

inline const OpEntry& entry_point(const std::string& op) {
  for (const OpEntry& e : all_entry_points()) {
    if (op == e.op) return e;
  }
  throw std::logic_error("entry_point: no ComputeShape" + op);
}

// One node through its entry point: data "X" (and "A" for the axes / axis input), output "Y".
struct ShapeCase {
  std::string op;
  ShapesContext ctx;
  std::vector<onnx::AttributeProto> attrs;
  bool with_second = false;

  ShapeCase(std::string op_type, int64_t opset) : op(std::move(op_type)), ctx(opset) {}

  ShapeCase& data(const std::string& text) { ctx.set("X", info(text)); return *this; }
  // The axes (Reduce) or axis (scans) input "A".
  ShapeCase& second(const std::string& text) { ctx.set("A", info(text)); with_second = true; return *this; }
  ShapeCase& attr(const std::string& name, int64_t v) { attrs.push_back(int_attr(name, v)); return *this; }
  ShapeCase& axes_attr(const std::vector<int64_t>& v) { attrs.push_back(ints_attr("axes", v)); return *this; }
  ShapeCase& keepdims(int64_t v) { return attr("keepdims", v); }

  // Known axes where the version in force at the context's opset wants them.
  ShapeCase& axes(const std::vector<int64_t>& v) {
    if (ctx.opset("") < entry_point(op).first_axes_input_opset) return axes_attr(v);
    std::string text = "int64[" + std::to_string(v.size()) + "]={";
    for (size_t i = 0; i < v.size(); ++i) text += (i ? "," : "") + std::to_string(v[i]);
    return second(text + "}");
  }

  onnx::NodeProto node() const {
    return make_node(op, with_second ? std::vector<std::string>{"X", "A"} : std::vector<std::string>{"X"}, {"Y"}, attrs);
  }

  // Runs the entry point and returns the output as text.
  std::string run() {
    entry_point(op).fn(ctx, node(), "X", with_second ? "A" : nullptr);
    return orw::to_string(ctx.at("Y"));
  }
};

// An entry point's input that the context does not hold is std::out_of_range naming the input
// and the value: input 0 (`data_input` in the op's schema, value "X") while input 1 is given as
// `second_text` ("" for none), then input 1 (`second_input`, value "A") named but not held.
inline void check_inputs_not_held(const std::string& op, int64_t opset, const std::string& data_input,
                                  const std::string& second_input, const std::string& second_text) {
  using Catch::Matchers::Message;
  const std::string prefix = op + " (opset " + std::to_string(opset) + "): ";
  const std::string not_held = ", which the shapes context does not hold";
  ShapeCase no_data(op, opset);
  if (!second_text.empty()) no_data.second(second_text);
  CHECK_THROWS_MATCHES(no_data.run(), std::out_of_range,
                       Message(prefix + "input 0 '" + data_input + "' is the value 'X'" + not_held));
  ShapeCase no_second(op, opset);
  no_second.data("float32[2]").with_second = true;
  CHECK_THROWS_MATCHES(no_second.run(), std::out_of_range,
                       Message(prefix + "input 1 '" + second_input + "' is the value 'A'" + not_held));
}

}  // namespace shape_test
