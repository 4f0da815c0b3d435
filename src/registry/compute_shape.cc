#include "registry/compute_shape.h"

#include <stdexcept>

#include "core/errors.h"
#include "onnx/node.h"
#include "onnx/node_inputs.h"
#include "orw_proto/onnx.pb.h"
#include "registry/families.h"

namespace orw {
namespace {

// Appends " (axes become an input in opset 18)", from the op's first later row with an axes
// input; nothing when there is none.
void append_when_axes_become_input(ErrorMessage& m, const OpSchema& s) {
  for (const OpSchema& later : all_ops()) {
    if (later.domain == std::string(s.domain) && later.op_type == std::string(s.op_type) &&
        later.since_version > s.since_version && later.axes_from == AxesFrom::kInput) {
      m << " (axes become an input in opset " << later.since_version << ')';
      return;
    }
  }
}

// Checks the input names given to a per-op function against the version's inputs.
void check_given_inputs(const Node& node, const std::vector<std::string>& names) {
  const OpSchema& s = node.schema();
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    if (!s.inputs[i].optional && (i >= names.size() || names[i].empty())) {
      fail<ValueError>(ErrorMessage()
                                  << node << ": " << InputLabel{node, i} << " is required but no name was given");
    }
  }
  if (names.size() > s.inputs.size() && s.axes_from != AxesFrom::kAttribute) {  // TopK 1: K is attribute 'k'
    fail<ValueError>(ErrorMessage() << node << ": input 1 is given, but this version takes only "
                                    << s.inputs.size() << " input");
  }
  if (names.size() > s.inputs.size()) {  // a Reduce version whose axes are an attribute
    ErrorMessage m;
    m << node << ": input 1 'axes' is given";
    if (node.find_attribute("axes") != nullptr) m << " as well as attribute 'axes'";
    m << ", but this version takes axes only from attribute 'axes'";
    append_when_axes_become_input(m, s);
    fail<ValueError>(m);
  }
}

void compute_shape(ShapesContext& ctx, const onnx::NodeProto& proto, const char* op_type, const char* first,
                   const char* second) {
  if (proto.op_type() != op_type) {
    fail<ValueError>(ErrorMessage() << "ComputeShape" << op_type << ": the node's op type is '"
                                               << Printable{proto.op_type()} << "', expected '" << op_type << '\'');
  }
  const int64_t opset = ctx.opset(proto.domain());
  if (opset == 0) {
    fail<ValueError>(ErrorMessage() << op_type << ": the shapes context imports no opset for domain '"
                                               << Printable{canonical_domain(proto.domain())} << '\'');
  }
  // The given names replace the node's inputs: parse the node with the version's input names
  // (a valid count), then check the given names with the node's name in the messages.
  onnx::NodeProto copy = proto;
  copy.clear_input();
  for (const InputSpec& in : resolve_op(proto.domain(), op_type, opset).inputs) copy.add_input(in.name);
  const std::string bytes = copy.SerializeAsString();
  const Node parsed = Node::parse(bytes.data(), bytes.size(), opset);
  std::vector<std::string> names = {first ? first : "", second ? second : ""};
  if (names.back().empty()) names.pop_back();  // an omitted trailing optional input
  check_given_inputs(parsed, names);
  infer_shapes(ctx, Node::make(parsed.op_type(), parsed.domain(), opset, parsed.attributes(), names, parsed.outputs(),
                               parsed.name()));
}

// Sequences and optionals reach only the versions that take them (the row's containers); every
// other shape function reads a tensor.
void reject_containers(const ShapesContext& ctx, const Node& node) {
  const uint8_t takes = node.schema().containers;
  for (size_t i = 0; i < node.inputs().size(); ++i) {
    const TensorInfo* info = node.inputs()[i].empty() ? nullptr : ctx.find(node.inputs()[i]);
    if (info == nullptr || info->is_tensor()) continue;
    const bool sequence = info->is(ValueKind::kSequence);
    if (takes & (sequence ? kTakesSequences : kTakesOptionals)) continue;
    fail<TypeError>(ErrorMessage() << node << ": " << InputLabel{node, i} << " is " << (sequence ? "a sequence" : "an optional")
                                   << " (" << *info << "), but this version takes "
                                   << (takes == 0 ? "a tensor" : sequence ? "no sequence" : "no optional"));
  }
}

}  // namespace

void infer_shapes(ShapesContext& ctx, const Node& node) {
  reject_containers(ctx, node);
  entry_of(node.schema()).shape(ctx, node);
}

void ComputeShapeReduceSum(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceSum", data, axes);
}
void ComputeShapeReduceProd(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceProd", data, axes);
}
void ComputeShapeReduceMean(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceMean", data, axes);
}
void ComputeShapeReduceMax(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceMax", data, axes);
}
void ComputeShapeReduceMin(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceMin", data, axes);
}
void ComputeShapeReduceL1(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceL1", data, axes);
}
void ComputeShapeReduceL2(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceL2", data, axes);
}
void ComputeShapeReduceLogSum(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceLogSum", data, axes);
}
void ComputeShapeReduceLogSumExp(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceLogSumExp", data, axes);
}
void ComputeShapeReduceSumSquare(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes) {
  compute_shape(ctx, node, "ReduceSumSquare", data, axes);
}
void ComputeShapeCumSum(ShapesContext& ctx, const onnx::NodeProto& node, const char* x, const char* axis) {
  compute_shape(ctx, node, "CumSum", x, axis);
}
void ComputeShapeCumProd(ShapesContext& ctx, const onnx::NodeProto& node, const char* x, const char* axis) {
  compute_shape(ctx, node, "CumProd", x, axis);
}
void ComputeShapeArgMax(ShapesContext& ctx, const onnx::NodeProto& node, const char* data) {
  compute_shape(ctx, node, "ArgMax", data, nullptr);
}
void ComputeShapeArgMin(ShapesContext& ctx, const onnx::NodeProto& node, const char* data) {
  compute_shape(ctx, node, "ArgMin", data, nullptr);
}
void ComputeShapeTopK(ShapesContext& ctx, const onnx::NodeProto& node, const char* x, const char* k) {
  compute_shape(ctx, node, "TopK", x, k);
}
void ComputeShapeSoftmax(ShapesContext& ctx, const onnx::NodeProto& node, const char* input) {
  compute_shape(ctx, node, "Softmax", input, nullptr);
}
void ComputeShapeLogSoftmax(ShapesContext& ctx, const onnx::NodeProto& node, const char* input) {
  compute_shape(ctx, node, "LogSoftmax", input, nullptr);
}
void ComputeShapeHardmax(ShapesContext& ctx, const onnx::NodeProto& node, const char* input) {
  compute_shape(ctx, node, "Hardmax", input, nullptr);
}
void ComputeShapeLpNormalization(ShapesContext& ctx, const onnx::NodeProto& node, const char* input) {
  compute_shape(ctx, node, "LpNormalization", input, nullptr);
}

}  // namespace orw
