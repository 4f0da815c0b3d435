#include "runtime/string_cast_shapes.h"

#include <string>

#include "orw_proto/onnx.pb.h"
#include "schema/op_schema.h"

namespace orw {
namespace {

const TensorInfo* input(const ShapesContext& ctx, const onnx::NodeProto& node, int i) {
  return i < node.input_size() && !node.input(i).empty() ? ctx.find(node.input(i)) : nullptr;
}

bool is_string(const TensorInfo* info) { return info && info->type == DataType::kString; }

}  // namespace

bool infer_string_cast(ShapesContext& ctx, const onnx::NodeProto& node, int64_t opset) {
  const bool cast = node.op_type() == "Cast", like = node.op_type() == "CastLike";
  if ((!cast && !like) || canonical_domain(node.domain()) != kOnnxDomain || node.output_size() < 1 ||
      opset < (cast ? 9 : 15)) {
    return false;
  }
  const TensorInfo* x = input(ctx, node, 0);
  DataType to = DataType::kUndefined;
  if (like) {
    const TensorInfo* target = input(ctx, node, 1);
    if (target) to = target->type;
  } else {
    for (const auto& a : node.attribute()) {
      if (a.name() == "to" && a.type() == onnx::AttributeProto::INT) to = static_cast<DataType>(a.i());
    }
  }
  // The runtime's types and the newer ones of the version (Cast's versions add them at the
  // opsets newer_types names); else the ordinary Cast path reports the type.
  const bool known = is_runnable_type(static_cast<int32_t>(to)) || newer_types(static_cast<int>(opset)).contains(to);
  if (!x || (!is_string(x) && to != DataType::kString) || !known) return false;
  if (!node.output(0).empty()) ctx.set(node.output(0), TensorInfo{to, x->shape, std::nullopt});
  return true;
}

}  // namespace orw
