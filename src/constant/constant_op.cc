// Constant: the one value attribute of the node, as a tensor.
#include "constant/constant.h"

#include <cstring>

#include "core/errors.h"
#include "shape/context.h"
#include "shape/node_io.h"
#include "shape/proto_info.h"

namespace orw {
namespace {

// The node's one value attribute. The registry row lists only the forms of its version, so
// any attribute that validated is one of them.
const Attribute& value_attribute(const Node& node) {
  if (node.attributes().size() != 1) {
    fail<ValueError>(ErrorMessage() << node << ": needs exactly one value attribute ('value', 'value_float', "
                                    << "'value_floats', 'value_int' or 'value_ints'), got "
                                    << node.attributes().size());
  }
  const Attribute& a = node.attributes()[0];
  if (a.type == AttrType::kSparseTensor || a.type == AttrType::kString || a.type == AttrType::kStrings) {
    fail<UnsupportedError>(ErrorMessage() << node << ": attribute '" << Printable{a.name}
                                          << "' is not supported (sparse and string tensors have no kernels here)");
  }
  return a;
}

template <class T, class Values>
Tensor tensor_of(DataType type, const Values& values, Shape dims) {
  Tensor t = Tensor::uninitialized(type, std::move(dims));
  T* out = t.mutable_data<T>();
  for (size_t i = 0; i < values.size(); ++i) out[i] = static_cast<T>(values[i]);
  return t;
}

Tensor constant_tensor(const Node& node) {
  const Attribute& a = value_attribute(node);
  switch (a.type) {
    case AttrType::kFloat: return tensor_of<float>(DataType::kFloat, std::vector<float>{a.f}, {});
    case AttrType::kFloats: return tensor_of<float>(DataType::kFloat, a.floats, {static_cast<int64_t>(a.floats.size())});
    case AttrType::kInt: return tensor_of<int64_t>(DataType::kInt64, std::vector<int64_t>{a.i}, {});
    case AttrType::kInts: return tensor_of<int64_t>(DataType::kInt64, a.ints, {static_cast<int64_t>(a.ints.size())});
    default: break;
  }
  if (!a.tensor) fail<InternalError>(ErrorMessage() << node << ": attribute 'value' was not decoded");
  if (!node.schema().types.contains(a.tensor->type())) {
    fail<TypeError>(ErrorMessage() << node << ": attribute 'value' has element type " << type_name(a.tensor->type())
                                   << " (allowed: " << node.schema().types.describe() << ')');
  }
  return *a.tensor;
}

// The elements of a small int32/int64 tensor of rank 0 or 1 (the ones shape inference tracks).
std::optional<Dims> values_of(const Tensor& t) {
  if (t.rank() > 1 || (t.type() != DataType::kInt64 && t.type() != DataType::kInt32)) return std::nullopt;
  std::vector<int64_t> values(static_cast<size_t>(t.size()));
  for (int64_t i = 0; i < t.size(); ++i) {
    values[i] = t.type() == DataType::kInt64 ? t.data<int64_t>()[i] : t.data<int32_t>()[i];
  }
  return shape_values(values);
}

}  // namespace

// A copy: the attribute's own tensor would let a caller who keeps the output (a 'wasm' tensor
// in JS) write into the node.
std::vector<Tensor> run_constant(const Node& node, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&) {
  return {constant_tensor(node).copy()};
}

void infer_constant_shape(ShapesContext& ctx, const Node& node) {
  const Tensor t = constant_tensor(node);
  Dims dims;
  for (int64_t d : t.dims()) dims.push_back(Dim::of(d));
  ctx.set(output_name(node), TensorInfo{t.type(), std::move(dims), values_of(t)});
}

}  // namespace orw
