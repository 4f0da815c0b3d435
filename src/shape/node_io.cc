#include "shape/node_io.h"

#include <stdexcept>

#include "core/errors.h"
#include "onnx/node_inputs.h"

namespace orw {

bool has_input(const Node& node, size_t index) {
  return index < node.inputs().size() && !node.inputs()[index].empty();
}

const TensorInfo& input_info(const ShapesContext& ctx, const Node& node, size_t index) {
  const std::string& name = index < node.inputs().size() ? node.inputs()[index] : std::string();
  if (const TensorInfo* info = ctx.find(name)) return *info;
  fail<LookupError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " is the value '"
                                         << Printable{name} << "', which the shapes context does not hold");
}

void check_type(const Node& node, const TensorInfo& info, size_t index, TypeSet allowed) {
  if (info.type == DataType::kUndefined || allowed.contains(info.type)) return;
  ErrorMessage m;
  m << node << ": " << InputLabel{node, index} << " has element type " << type_name(info.type)
    << ", which this version does not accept (allowed: " << allowed.describe() << ')';
  fail<TypeError>(m);
}

const std::string& output_name(const Node& node, size_t index) {
  const std::string& name = node.outputs().at(index);  // Node validation checked the row's output count
  if (name.empty()) fail<ValueError>(ErrorMessage() << node << ": output " << index << " has an empty name");
  return name;
}

}  // namespace orw
