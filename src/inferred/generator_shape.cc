// Generators (Range, ConstantOfShape), quantization and NonMaxSuppression.
#include <algorithm>
#include <cmath>

#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {

// Range: 1-D, max(ceil((limit - start) / delta), 0) elements when the three are known.
void infer_range_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& start = input_info(ctx, node, 0);
  check_type(node, start, 0, node.schema().types);
  TensorInfo out = TensorInfo::of(start.type, {Dim()});
  const auto s = input_values(ctx, node, 0), l = input_values(ctx, node, 1), d = input_values(ctx, node, 2);
  if (s && l && d && s->size() == 1 && l->size() == 1 && d->size() == 1) {
    if ((*d)[0] == 0) fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 2} << " is 0");
    // In double: limit - start may overflow int64 for values an untrusted model gives.
    const double count = std::ceil((static_cast<double>((*l)[0]) - static_cast<double>((*s)[0])) / static_cast<double>((*d)[0]));
    const int64_t n = count > 0 ? static_cast<int64_t>(std::min(count, 9007199254740991.0)) : 0;
    out.shape = Dims{Dim::of(n)};
  }
  set_output(ctx, node, 0, std::move(out));
}

// ConstantOfShape: the 'input' values as dims; 'value''s type (float by default).
void infer_constant_of_shape_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& shape = input_info(ctx, node, 0);
  const Attribute* value = node.find_attribute("value");
  TensorInfo out = TensorInfo::of_unknown_rank(value && value->tensor ? value->tensor->type() : DataType::kFloat);
  if (shape.values) out.shape = shape.values;
  else if (shape.has_rank() && shape.rank() == 1) out.shape = unknown_dims((*shape.shape)[0]);
  set_output(ctx, node, 0, std::move(out));
}

namespace {

// The type an 'output_dtype' attribute names: unknown for a number ONNX does not define,
// nullopt when absent or 0.
std::optional<DataType> output_dtype(const Node& node) {
  const int64_t dtype = node.int_attribute("output_dtype", 0);
  if (dtype == 0) return std::nullopt;
  return is_known_type(static_cast<int32_t>(dtype)) ? static_cast<DataType>(dtype) : DataType::kUndefined;
}

}  // namespace

// QuantizeLinear: the input's shape in the zero point's type (21+: else 'output_dtype'; uint8
// without either).
void infer_quantize_linear_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  const TensorInfo* zero = optional_info(ctx, node, 2);
  const DataType type = zero ? zero->type : output_dtype(node).value_or(DataType::kUint8);
  set_output(ctx, node, 0, {type, x.shape, std::nullopt});
}

// DequantizeLinear: the input's shape in float (19+: the scale's type; 23+: 'output_dtype'
// when given).
void infer_dequantize_linear_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  const DataType type = output_dtype(node).value_or(node.since_version() >= 19 ? input_info(ctx, node, 1).type
                                                                                : DataType::kFloat);
  set_output(ctx, node, 0, {type, x.shape, std::nullopt});
}

// DynamicQuantizeLinear: y uint8 as x; scale float and zero point uint8 scalars.
void infer_dynamic_quantize_linear_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  set_output(ctx, node, 0, {DataType::kUint8, x.shape, std::nullopt});
  set_output(ctx, node, 1, TensorInfo::of(DataType::kFloat, {}));
  set_output(ctx, node, 2, TensorInfo::of(DataType::kUint8, {}));
}

// NonMaxSuppression: int64 [selected, 3].
void infer_non_max_suppression_shape(ShapesContext& ctx, const Node& node) {
  check_type(node, input_info(ctx, node, 0), 0, node.schema().types);
  set_output(ctx, node, 0, TensorInfo::of(DataType::kInt64, {Dim(), Dim::of(3)}));
}

}  // namespace orw

namespace orw {

// RandomNormal, RandomUniform: attribute 'shape', 'dtype' (float by default).
void infer_random_shape(ShapesContext& ctx, const Node& node) {
  const auto type = static_cast<DataType>(node.int_attribute("dtype", 1));
  TensorInfo out = TensorInfo::of_unknown_rank(type);
  if (node.find_attribute("shape")) {
    Dims dims;
    for (int64_t d : ints_attribute(node, "shape")) dims.push_back(Dim::of(d));
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

// RandomNormalLike, RandomUniformLike, Bernoulli: the input's shape, 'dtype' or its type.
void infer_random_like_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  const Attribute* dtype = node.find_attribute("dtype");
  set_output(ctx, node, 0, {dtype ? static_cast<DataType>(dtype->i) : x.type, x.shape, std::nullopt});
}

// Multinomial: [batch, sample_size], 'dtype' (int32 by default).
void infer_multinomial_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  const auto type = static_cast<DataType>(node.int_attribute("dtype", 6));
  const Dim batch = x.has_rank() && x.rank() == 2 ? (*x.shape)[0] : Dim();
  set_output(ctx, node, 0, TensorInfo::of(type, {batch, Dim::of(node.int_attribute("sample_size", 1))}));
}

}  // namespace orw
