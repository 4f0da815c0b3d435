// Convolutions and pools (the window rule of inferred/rules.h), the normalizations and Dropout.
#include <algorithm>

#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {
namespace {

// A convolution's input must have rank 3 or more (N, C, spatial dims).
bool check_spatial(const Node& node, const TensorInfo& x) {
  if (!x.has_rank()) return false;
  if (x.rank() < 3) {
    fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << ' ' << x
                                    << " must have rank 3 or more (batch, channels, spatial dims)");
  }
  return true;
}

std::vector<int64_t> known_kernel(const TensorInfo* w) {
  std::vector<int64_t> kernel;
  if (!w || !w->has_rank()) return kernel;
  for (size_t i = 2; i < w->shape->size(); ++i) kernel.push_back((*w->shape)[i].is_value() ? (*w->shape)[i].value() : 0);
  return kernel;
}

// A convolution of input 0 by the weights at input `w_index`, output of `type`.
void conv_shape(ShapesContext& ctx, const Node& node, DataType type, size_t w_index = 1) {
  const TensorInfo& x = input_info(ctx, node, 0);
  const TensorInfo& w = input_info(ctx, node, w_index);
  TensorInfo out = TensorInfo::of_unknown_rank(type);
  if (check_spatial(node, x)) {
    std::vector<int64_t> kernel = known_kernel(&w);
    Dims dims{(*x.shape)[0], w.has_rank() ? (*w.shape)[0] : Dim()};
    const bool kernel_known = node.find_attribute("kernel_shape") || (w.has_rank() && std::find(kernel.begin(), kernel.end(), 0) == kernel.end());
    if (kernel_known) {
      const Dims spatial = window_output_dims(node, *x.shape, kernel);
      dims.insert(dims.end(), spatial.begin(), spatial.end());
    } else {
      dims.resize(x.shape->size());
    }
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

}  // namespace

void infer_conv_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  conv_shape(ctx, node, x.type);
}

void infer_conv_integer_shape(ShapesContext& ctx, const Node& node) {
  check_type(node, input_info(ctx, node, 0), 0, node.schema().types);
  conv_shape(ctx, node, DataType::kInt32);
}

// QLinearConv: x by w (input 3), in y_zero_point's type.
void infer_qlinear_conv_shape(ShapesContext& ctx, const Node& node) {
  check_type(node, input_info(ctx, node, 0), 0, node.schema().types);
  conv_shape(ctx, node, input_info(ctx, node, 7).type, 3);
}

// ConvTranspose: 'output_shape' when given, else stride * (in - 1) + output_padding +
// ((kernel - 1) * dilation + 1) - pads (SAME_*: in * stride); channels W[1] * group.
void infer_conv_transpose_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  const TensorInfo& w = input_info(ctx, node, 1);
  check_type(node, x, 0, node.schema().types);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  if (check_spatial(node, x)) {
    const size_t n = x.shape->size() - 2;
    const int64_t group = node.int_attribute("group", 1);
    Dims dims{(*x.shape)[0], w.has_rank() && w.rank() >= 2 ? dim_mul((*w.shape)[1], Dim::of(group)) : Dim()};
    const std::vector<int64_t> kernel = ints_attribute(node, "kernel_shape", known_kernel(&w));
    const std::vector<int64_t> output_shape = ints_attribute(node, "output_shape");
    const std::vector<int64_t> strides = ints_attribute(node, "strides", std::vector<int64_t>(n, 1));
    const std::vector<int64_t> dilations = ints_attribute(node, "dilations", std::vector<int64_t>(n, 1));
    const std::vector<int64_t> pads = ints_attribute(node, "pads", std::vector<int64_t>(2 * n, 0));
    const std::vector<int64_t> output_padding = ints_attribute(node, "output_padding", std::vector<int64_t>(n, 0));
    const std::string auto_pad = string_attribute(node, "auto_pad", "NOTSET");
    if (strides.size() != n || dilations.size() != n || pads.size() != 2 * n || output_padding.size() != n) {
      fail<ValueError>(ErrorMessage() << node << ": 'strides', 'dilations', 'pads' and 'output_padding' must fit the "
                                      << n << " spatial dims");
    }
    for (size_t i = 0; i < n; ++i) {
      const Dim& in = (*x.shape)[i + 2];
      if (output_shape.size() == n) dims.push_back(Dim::of(output_shape[i]));
      else if (!in.is_value() || kernel.size() != n || kernel[i] == 0) dims.push_back(Dim());
      else if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") dims.push_back(wide_dim(__int128{in.value()} * strides[i]));
      else {
        dims.push_back(wide_dim(__int128{strides[i]} * (in.value() - 1) + output_padding[i] +
                                __int128{kernel[i] - 1} * dilations[i] + 1 - pads[i] - pads[i + n]));
      }
    }
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

// MaxPool, AveragePool, LpPool: the window rule; MaxPool's optional Indices are int64.
void infer_pool_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  if (check_spatial(node, x)) {
    if (!node.find_attribute("kernel_shape")) {
      fail<ValueError>(ErrorMessage() << node << ": attribute 'kernel_shape' is required");
    }
    Dims dims{(*x.shape)[0], (*x.shape)[1]};
    const Dims spatial = window_output_dims(node, *x.shape, {});
    dims.insert(dims.end(), spatial.begin(), spatial.end());
    out.shape = dims;
  }
  set_output(ctx, node, 1, {DataType::kInt64, out.shape, std::nullopt});
  set_output(ctx, node, 0, std::move(out));
}

// GlobalAveragePool, GlobalMaxPool, GlobalLpPool: N, C, then 1 per spatial dim.
void infer_global_pool_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  if (check_spatial(node, x)) {
    Dims dims(x.shape->size(), Dim::of(1));
    dims[0] = (*x.shape)[0];
    dims[1] = (*x.shape)[1];
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

// BatchNormalization: Y as X; in training mode (15+) running mean and var are [C].
void infer_batch_normalization_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  set_output(ctx, node, 0, {x.type, x.shape, std::nullopt});
  const TensorInfo& mean = input_info(ctx, node, 3);
  for (size_t i = 1; i < node.outputs().size(); ++i) {
    TensorInfo stat = TensorInfo::of_unknown_rank(mean.type);
    if (x.has_rank() && x.rank() >= 2) stat.shape = Dims{(*x.shape)[1]};
    set_output(ctx, node, i, std::move(stat));
  }
}

// LayerNormalization: Y as X; Mean and InvStdDev keep the dims before 'axis' and 1 after,
// in 'stash_type' (float by default).
void infer_layer_normalization_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  set_output(ctx, node, 0, {x.type, x.shape, std::nullopt});
  const auto stash = static_cast<DataType>(node.int_attribute("stash_type", 1));
  TensorInfo stat = TensorInfo::of_unknown_rank(stash);
  if (x.has_rank()) {
    const int64_t axis = normalize_axis(node, node.int_attribute("axis", -1), x.rank(), "attribute 'axis'");
    Dims dims = *x.shape;
    for (size_t d = static_cast<size_t>(axis); d < dims.size(); ++d) dims[d] = Dim::of(1);
    stat.shape = dims;
  }
  set_output(ctx, node, 1, stat);
  set_output(ctx, node, 2, stat);
}

// Dropout: output as the input; the mask bool of the same shape.
void infer_dropout_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  set_output(ctx, node, 0, {x.type, x.shape, std::nullopt});
  // Versions before 10 give a mask of the input's type.
  set_output(ctx, node, 1, {node.since_version() >= 10 ? DataType::kBool : x.type, x.shape, std::nullopt});
}

}  // namespace orw
