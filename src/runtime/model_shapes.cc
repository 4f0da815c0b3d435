#include "runtime/model_shapes.h"

#include <climits>

#include "core/errors.h"
#include "onnx/model.h"
#include "onnx/model_checks.h"
#include "onnx/node.h"
#include "orw_proto/onnx.pb.h"
#include "registry/compute_shape.h"
#include "shape/context.h"
#include "shape/proto_info.h"

namespace orw {
namespace {

// A Constant node's output: from `value`, or from the value_* shorthands (opset 12+).
TensorInfo constant_info(const onnx::NodeProto& node) {
  for (const auto& a : node.attribute()) {
    if (a.name() == "value") {
      ErrorMessage what;  // the prefix of info_from_tensor's errors
      what << "Constant '";
      if (node.output_size()) what << Printable{node.output(0)};
      what << "': attribute 'value'";
      return info_from_tensor(a.t(), what.text());
    }
    if (a.name() == "value_int") return {DataType::kInt64, Dims{}, shape_values({a.i()})};
    if (a.name() == "value_ints") {
      return {DataType::kInt64, Dims{Dim::of(a.ints_size())}, shape_values({a.ints().begin(), a.ints().end()})};
    }
    if (a.name() == "value_float") return TensorInfo::of(DataType::kFloat, {});
    if (a.name() == "value_floats") return TensorInfo::of(DataType::kFloat, {Dim::of(a.floats_size())});
    if (a.name() == "value_string") return TensorInfo::of(DataType::kString, {});
    if (a.name() == "value_strings") return TensorInfo::of(DataType::kString, {Dim::of(a.strings_size())});
  }
  return TensorInfo::unknown();  // sparse_value, or an invalid Constant
}

void set_outputs(ShapesContext& ctx, const onnx::NodeProto& node, const TensorInfo& info) {
  for (const std::string& name : node.output()) {
    if (!name.empty()) ctx.set(name, info);
  }
}

void infer_graph_node(ShapesContext& ctx, const onnx::NodeProto& proto) {
  if (proto.op_type() == "Constant" && canonical_domain(proto.domain()) == kOnnxDomain) {
    set_outputs(ctx, proto, constant_info(proto));
    return;
  }
  const int64_t opset = ctx.opset(proto.domain());
  try {
    resolve_op(proto.domain(), proto.op_type(), opset);
  } catch (const UnsupportedError&) {
    set_outputs(ctx, proto, TensorInfo::unknown());
    return;
  }
  const std::string bytes = proto.SerializeAsString();
  infer_shapes(ctx, Node::parse(bytes.data(), bytes.size(), opset));
}

}  // namespace

std::map<std::string, TensorInfo> infer_model_shapes(const void* bytes, size_t size) {
  onnx::ModelProto model;
  parse_model_proto(bytes, size, &model);
  check_model_proto(model);
  ShapesContext ctx;
  for (const auto& [domain, version] : imported_opsets(model)) ctx.set_opset(domain, version);
  const auto& graph = model.graph();
  for (const auto& input : graph.input()) ctx.set(input.name(), info_from_type(input.type()));
  for (const auto& init : graph.initializer()) {
    // An initializer named like a graph input is the value the run uses (check_model_proto
    // made sure the declaration allows it): its exact type and dims win.
    ErrorMessage what;  // the prefix of info_from_tensor's errors
    what << "initializer '" << Printable{init.name()} << '\'';
    ctx.set(init.name(), info_from_tensor(init, what.text()));
  }
  for (const auto& node : graph.node()) infer_graph_node(ctx, node);
  return ctx.values();
}

}  // namespace orw
