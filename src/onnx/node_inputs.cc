#include "onnx/node_inputs.h"

#include "core/errors.h"

namespace orw {

ErrorMessage& operator<<(ErrorMessage& m, InputLabel label) {
  const auto& specs = label.node.schema().inputs;
  m << "input " << label.index;
  if (label.index < specs.size()) m << " '" << specs[label.index].name << '\'';
  return m;
}

const Tensor* optional_input(const std::vector<const Tensor*>& inputs, size_t index) {
  return index < inputs.size() ? inputs[index] : nullptr;
}

void check_data_type(const Node& node, const Tensor& t, size_t index) {
  if (!node.schema().types.contains(t.type())) {
    fail<TypeError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " has element type "
                                   << type_name(t.type()) << ", which this version does not accept (allowed: "
                                   << node.schema().types.describe() << ')');
  }
}

std::vector<int64_t> read_int_values(const Node& node, const Tensor& t, size_t index, bool allow_int32) {
  std::vector<int64_t> v(static_cast<size_t>(t.size()));
  if (t.type() == DataType::kInt64) {
    for (size_t i = 0; i < v.size(); ++i) v[i] = t.data<int64_t>()[i];
  } else if (allow_int32 && t.type() == DataType::kInt32) {
    for (size_t i = 0; i < v.size(); ++i) v[i] = t.data<int32_t>()[i];
  } else {
    fail<TypeError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " must be "
                                   << (allow_int32 ? "int32 or int64" : "int64") << ", got " << type_name(t.type()));
  }
  return v;
}

}  // namespace orw
