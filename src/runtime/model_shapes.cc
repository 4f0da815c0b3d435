#include "runtime/model_shapes.h"

#include <climits>
#include <set>

#include "onnx/model.h"
#include "onnx/model_checks.h"
#include "onnx/node.h"
#include "orw_proto/onnx.pb.h"
#include "registry/compute_shape.h"
#include "runtime/function_shapes.h"
#include "runtime/string_cast_shapes.h"
#include "runtime/subgraph_shapes.h"
#include "shape/context.h"
#include "shape/declared.h"
#include "shape/proto_info.h"

namespace orw {
namespace {

void set_unknown_outputs(ShapesContext& ctx, const onnx::NodeProto& node) {
  for (const std::string& name : node.output()) {
    if (!name.empty()) ctx.set(name, TensorInfo::unknown());
  }
}

class GraphInference {
 public:
  GraphInference(const onnx::ModelProto& model, const ModelShapesOptions& options)
      : options_(options), functions_(model) {
    for (const auto& [domain, version] : imported_opsets(model)) ctx_.set_opset(domain, version);
    const auto& graph = model.graph();
    for (const auto& vi : graph.value_info()) declared_[vi.name()] = info_from_type(vi.type());
    for (const auto& out : graph.output()) {
      declared_[out.name()] = info_from_type(out.type());
      outputs_.insert(out.name());
    }
  }

  void add_input(const std::string& name, TensorInfo info) { add(name, std::move(info), ValueRole::kInput); }
  void add_initializer(const std::string& name, TensorInfo info) {
    // An initializer named like a graph input is the value the run uses (check_model_proto
    // made sure the declaration allows it): its exact type and dims win; the role stays input.
    const bool is_input = inputs_.count(name) != 0;
    ctx_.set(name, std::move(info));
    if (!is_input) result_.order.emplace_back(name, outputs_.count(name) ? ValueRole::kOutput : ValueRole::kInitializer);
  }

  void infer_node(const onnx::NodeProto& proto, size_t index) {
    const int64_t opset = ctx_.opset(proto.domain());
    try {
      if (proto.op_type() == "Constant" && canonical_domain(proto.domain()) == kOnnxDomain) {
        const TensorInfo info = info_from_constant(proto);
        for (const std::string& name : proto.output()) {
          if (!name.empty()) ctx_.set(name, info);
        }
      } else if (const onnx::FunctionProto* fn = functions_.find(proto)) {
        infer_function_call(ctx_, proto, *fn, functions_);
      } else if (is_control_flow(proto)) {
        infer_control_flow(ctx_, proto, functions_, 0);
      } else if (infer_string_cast(ctx_, proto, opset)) {
        // stored
      } else if (has_shape_function(proto, opset)) {
        const std::string bytes = proto.SerializeAsString();
        infer_shapes(ctx_, Node::parse(bytes.data(), bytes.size(), opset));
      } else {
        set_unknown_outputs(ctx_, proto);
        ErrorMessage m;
        append_node_proto(m, proto, opset) << ": no shape function for op '" << Printable{proto.op_type()}
                                     << "' of domain '" << Printable{canonical_domain(proto.domain())}
                                     << "' at this opset; its outputs are unknown";
        report(proto, index, ShapeDiagnosticCause::kNoShapeFunction, ErrorKind::kUnsupported, m.text());
      }
    } catch (const Error& e) {
      if (options_.strict) throw;
      set_unknown_outputs(ctx_, proto);
      report(proto, index, ShapeDiagnosticCause::kInvalidNode, e.kind(), e.message());
    }
    for (const std::string& name : proto.output()) {
      if (name.empty()) continue;
      merge_declaration(proto, index, opset, name);
      result_.order.emplace_back(name, outputs_.count(name) ? ValueRole::kOutput : ValueRole::kIntermediate);
    }
  }

  ModelShapes finish() {
    result_.values = ctx_.values();
    return std::move(result_);
  }

 private:
  void add(const std::string& name, TensorInfo info, ValueRole role) {
    ctx_.set(name, std::move(info));
    inputs_.insert(name);
    result_.order.emplace_back(name, role);
  }

  bool has_shape_function(const onnx::NodeProto& proto, int64_t opset) const {
    try {
      resolve_op(proto.domain(), proto.op_type(), opset);
      return true;
    } catch (const UnsupportedError&) {
      return false;
    }
  }

  void merge_declaration(const onnx::NodeProto& proto, size_t index, int64_t opset, const std::string& name) {
    const auto it = declared_.find(name);
    const TensorInfo* have = ctx_.find(name);
    if (it == declared_.end() || have == nullptr) return;
    TensorInfo merged = *have;
    const std::string reason = merge_declared(merged, it->second);
    if (reason.empty()) {
      ctx_.set(name, std::move(merged));
      return;
    }
    ErrorMessage m;
    append_node_proto(m, proto, opset) << ": output '" << Printable{name} << "' is " << reason;
    // An element type that differs is a TypeError, as everywhere in the package.
    const ErrorKind kind = reason.find(": element type ") != std::string::npos ? ErrorKind::kType : ErrorKind::kValue;
    if (options_.strict) fail_as(kind, m);
    report(proto, index, ShapeDiagnosticCause::kDeclaredConflict, kind, m.text());
  }

  void report(const onnx::NodeProto& proto, size_t index, ShapeDiagnosticCause cause, ErrorKind kind,
              const std::string& message) {
    result_.diagnostics.push_back(
        {index, proto.name(), proto.op_type(), canonical_domain(proto.domain()), cause, kind, message});
  }

  ModelShapesOptions options_;
  ModelFunctions functions_;
  ShapesContext ctx_;
  std::map<std::string, TensorInfo> declared_;
  std::set<std::string> outputs_;
  std::set<std::string> inputs_;
  ModelShapes result_;
};

}  // namespace

const char* role_name(ValueRole role) {
  switch (role) {
    case ValueRole::kInput: return "input";
    case ValueRole::kInitializer: return "initializer";
    case ValueRole::kIntermediate: return "intermediate";
    case ValueRole::kOutput: break;
  }
  return "output";
}

const char* cause_name(ShapeDiagnosticCause cause) {
  switch (cause) {
    case ShapeDiagnosticCause::kInvalidNode: return "invalid-node";
    case ShapeDiagnosticCause::kNoShapeFunction: return "no-shape-function";
    case ShapeDiagnosticCause::kDeclaredConflict: break;
  }
  return "declared-conflict";
}

ModelShapes infer_model_shapes_report(const void* bytes, size_t size, const ModelShapesOptions& options) {
  onnx::ModelProto model;
  parse_model_proto(bytes, size, &model);
  check_model_proto(model);
  GraphInference inference(model, options);
  const auto& graph = model.graph();
  for (const auto& input : graph.input()) inference.add_input(input.name(), info_from_type(input.type()));
  for (const auto& init : graph.initializer()) {
    ErrorMessage what;  // the prefix of info_from_tensor's errors
    what << "initializer '" << Printable{init.name()} << '\'';
    inference.add_initializer(init.name(), info_from_tensor(init, what.text()));
  }
  for (int i = 0; i < graph.node_size(); ++i) inference.infer_node(graph.node(i), static_cast<size_t>(i));
  return inference.finish();
}

std::map<std::string, TensorInfo> infer_model_shapes(const void* bytes, size_t size) {
  return infer_model_shapes_report(bytes, size, {true}).values;
}

}  // namespace orw
