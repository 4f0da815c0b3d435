#include "runtime/function_shapes.h"

#include "core/errors.h"
#include "onnx/node.h"
#include "orw_proto/onnx.pb.h"
#include "registry/compute_shape.h"
#include "runtime/string_cast_shapes.h"
#include "runtime/subgraph_shapes.h"
#include "schema/op_schema.h"
#include "shape/proto_info.h"

namespace orw {
namespace {

// A body node with the call's attribute values where it refers to them; an attribute the
// call does not give is left out (the op's default applies).
onnx::NodeProto with_call_attributes(const onnx::NodeProto& body, const onnx::NodeProto& call) {
  onnx::NodeProto out = body;
  out.clear_attribute();
  for (const auto& a : body.attribute()) {
    if (a.ref_attr_name().empty()) {
      *out.add_attribute() = a;
      continue;
    }
    for (const auto& given : call.attribute()) {
      if (given.name() != a.ref_attr_name()) continue;
      onnx::AttributeProto* copy = out.add_attribute();
      *copy = given;
      copy->set_name(a.name());
    }
  }
  return out;
}

void set_all(ShapesContext& ctx, const onnx::NodeProto& node, const TensorInfo& info) {
  for (const std::string& name : node.output()) {
    if (!name.empty()) ctx.set(name, info);
  }
}

}  // namespace

void infer_nested_node(ShapesContext& ctx, const onnx::NodeProto& node, const ModelFunctions& functions, int depth) {
  if (node.op_type() == "Constant" && canonical_domain(node.domain()) == kOnnxDomain) {
    set_all(ctx, node, info_from_constant(node));
    return;
  }
  if (const onnx::FunctionProto* fn = functions.find(node)) {
    infer_function_call(ctx, node, *fn, functions, depth + 1);
    return;
  }
  if (is_control_flow(node)) {
    infer_control_flow(ctx, node, functions, depth + 1);
    return;
  }
  const int64_t opset = ctx.opset(node.domain());
  if (infer_string_cast(ctx, node, opset)) return;
  try {
    resolve_op(node.domain(), node.op_type(), opset);
  } catch (const UnsupportedError&) {
    set_all(ctx, node, TensorInfo::unknown());
    return;
  }
  infer_shapes(ctx, Node::from_proto(node, opset));
}

ErrorMessage& append_node_proto(ErrorMessage& m, const onnx::NodeProto& node, int64_t opset) {
  m << Printable{node.op_type()};
  if (!node.name().empty()) m << " \"" << Printable{node.name()} << '"';
  return m << " (opset " << opset << ')';
}

ModelFunctions::ModelFunctions(const onnx::ModelProto& model) {
  for (const auto& fn : model.functions()) by_name_[{canonical_domain(fn.domain()), fn.name()}] = &fn;
}

const onnx::FunctionProto* ModelFunctions::find(const onnx::NodeProto& node) const {
  const auto it = by_name_.find({canonical_domain(node.domain()), node.op_type()});
  return it == by_name_.end() ? nullptr : it->second;
}

void infer_function_call(ShapesContext& ctx, const onnx::NodeProto& call, const onnx::FunctionProto& fn,
                         const ModelFunctions& functions, int depth) {
  const auto fail_in_function = [&](ErrorKind kind, const char* message) {
    ErrorMessage m;
    m << "function '" << Printable{canonical_domain(fn.domain())} << '.' << Printable{fn.name()} << "': " << message;
    fail_as(kind, m);
  };
  if (depth >= kMaxFunctionDepth) {
    fail_in_function(ErrorKind::kValue, "calls are nested too deeply (a function that calls itself?)");
  }
  ShapesContext body;
  body.set_opset("", ctx.opset(""));
  for (const auto& import : fn.opset_import()) body.set_opset(import.domain(), import.version());
  for (int i = 0; i < fn.input_size() && i < call.input_size(); ++i) {
    const TensorInfo* info = call.input(i).empty() ? nullptr : ctx.find(call.input(i));
    if (info) body.set(fn.input(i), *info);
  }
  try {
    for (const auto& node : fn.node()) infer_nested_node(body, with_call_attributes(node, call), functions, depth);
  } catch (const Error& e) {
    fail_in_function(e.kind(), e.message());
  }
  for (int i = 0; i < call.output_size(); ++i) {
    if (call.output(i).empty()) continue;
    const TensorInfo* info = i < fn.output_size() ? body.find(fn.output(i)) : nullptr;
    ctx.set(call.output(i), info ? *info : TensorInfo::unknown());
  }
}

}  // namespace orw
