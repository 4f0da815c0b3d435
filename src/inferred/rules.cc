#include "inferred/rules.h"

#include "core/errors.h"
#include "elementwise/elementwise_shape.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"

namespace orw {

const TensorInfo& data_input(const ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  return x;
}

const TensorInfo* optional_info(const ShapesContext& ctx, const Node& node, size_t index) {
  return has_input(node, index) ? &input_info(ctx, node, index) : nullptr;
}

void set_output(ShapesContext& ctx, const Node& node, size_t index, TensorInfo info) {
  if (index < node.outputs().size() && !node.outputs()[index].empty()) ctx.set(node.outputs()[index], std::move(info));
}

int64_t normalize_axis(const Node& node, int64_t axis, int64_t rank, const char* what) {
  return normalize_axes(node, {axis}, rank, what)[0];
}

std::vector<int64_t> ints_attribute(const Node& node, const char* name, std::vector<int64_t> fallback) {
  const Attribute* a = node.find_attribute(name);
  return a ? a->ints : fallback;
}

std::string string_attribute(const Node& node, const char* name, const char* fallback) {
  const Attribute* a = node.find_attribute(name);
  return a ? a->s : fallback;
}

std::optional<std::vector<int64_t>> known_values(const TensorInfo& info) {
  if (!info.values) return std::nullopt;
  std::vector<int64_t> out;
  for (const Dim& d : *info.values) {
    if (!d.is_value()) return std::nullopt;
    out.push_back(d.value());
  }
  return out;
}

std::optional<std::vector<int64_t>> input_values(const ShapesContext& ctx, const Node& node, size_t index) {
  const TensorInfo* info = optional_info(ctx, node, index);
  return info ? known_values(*info) : std::nullopt;
}

std::optional<Dims> unknown_dims(const Dim& length) {
  if (!length.is_value() || length.value() < 0 || length.value() > kMaxInferredRank) return std::nullopt;
  return Dims(static_cast<size_t>(length.value()));
}

Dim dim_div_exact(const Node& node, const Dim& a, int64_t b, const char* what) {
  if (b == 1) return a;
  if (!a.is_value()) return Dim();
  if (b <= 0 || a.value() % b != 0) {
    fail<ValueError>(ErrorMessage() << node << ": " << what << ' ' << a.value() << " is not a multiple of " << b);
  }
  return Dim::of(a.value() / b);
}

void infer_same_as_input_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  for (size_t i = 0; i < node.outputs().size(); ++i) set_output(ctx, node, i, {x.type, x.shape, std::nullopt});
}

void infer_same_shape_bool_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  set_output(ctx, node, 0, {DataType::kBool, x.shape, std::nullopt});
}

std::optional<Dims> broadcast_inputs(const ShapesContext& ctx, const Node& node, size_t first, size_t last) {
  std::optional<TensorInfo> acc;
  size_t acc_index = first;
  bool unknown_rank = false;
  for (size_t i = first; i < last; ++i) {
    const TensorInfo& in = input_info(ctx, node, i);
    if (!in.has_rank()) {
      unknown_rank = true;
      continue;
    }
    if (!acc) {
      acc = in;
      acc_index = i;
    } else {
      acc->shape = broadcast_dims(node, *acc, in, acc_index, i);
    }
  }
  if (unknown_rank || !acc) return std::nullopt;
  return acc->shape;
}

void infer_broadcast_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  set_output(ctx, node, 0, {x.type, broadcast_inputs(ctx, node, 0, node.inputs().size()), std::nullopt});
}

void infer_broadcast_to_bool_shape(ShapesContext& ctx, const Node& node) {
  check_type(node, input_info(ctx, node, 0), 0, node.schema().types);
  set_output(ctx, node, 0, {DataType::kBool, broadcast_inputs(ctx, node, 0, node.inputs().size()), std::nullopt});
}

void infer_where_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 1);
  set_output(ctx, node, 0, {x.type, broadcast_inputs(ctx, node, 0, 3), std::nullopt});
}

namespace {

// Window arithmetic in 128 bits: attribute values and dims of untrusted models cannot overflow.
using Wide = __int128;

Wide floor_div(Wide a, Wide b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

}  // namespace

Dim wide_dim(Wide v) { return v >= 0 && v <= kMaxDimValue ? Dim::of(static_cast<int64_t>(v)) : Dim(); }

Dims window_output_dims(const Node& node, const Dims& x, const std::vector<int64_t>& kernel_from_weights) {
  const size_t n = x.size() - 2;
  const std::vector<int64_t> kernel = ints_attribute(node, "kernel_shape", kernel_from_weights);
  if (kernel.size() != n) {
    fail<ValueError>(ErrorMessage() << node << ": 'kernel_shape' has " << kernel.size() << " dims, but the input has "
                                    << n << " spatial dims");
  }
  const std::vector<int64_t> strides = ints_attribute(node, "strides", std::vector<int64_t>(n, 1));
  const std::vector<int64_t> dilations = ints_attribute(node, "dilations", std::vector<int64_t>(n, 1));
  const std::vector<int64_t> pads = ints_attribute(node, "pads", std::vector<int64_t>(2 * n, 0));
  if (strides.size() != n || dilations.size() != n || pads.size() != 2 * n) {
    fail<ValueError>(ErrorMessage() << node << ": 'strides', 'dilations' and 'pads' must have " << n << ", " << n
                                    << " and " << 2 * n << " values for " << n << " spatial dims");
  }
  const std::string auto_pad = string_attribute(node, "auto_pad", "NOTSET");
  const bool ceil_mode = node.int_attribute("ceil_mode", 0) != 0;
  Dims out;
  for (size_t i = 0; i < n; ++i) {
    const Dim& in = x[i + 2];
    if (strides[i] < 1 || dilations[i] < 1 || kernel[i] < 1) {
      fail<ValueError>(ErrorMessage() << node << ": kernel, strides and dilations must be positive");
    }
    if (!in.is_value()) {
      out.push_back(Dim());
      continue;
    }
    const Wide effective = Wide{dilations[i]} * (kernel[i] - 1) + 1;
    Wide size;
    if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
      size = (Wide{in.value()} + strides[i] - 1) / strides[i];
    } else {
      const Wide padded = auto_pad == "VALID" ? Wide{in.value()} : Wide{in.value()} + pads[i] + pads[i + n];
      const Wide span = padded - effective;
      size = (ceil_mode ? -floor_div(-span, strides[i]) : floor_div(span, strides[i])) + 1;
      // A ceil-mode window that would start in the end padding is dropped, as ONNX does.
      if (ceil_mode && (size - 1) * strides[i] >= Wide{in.value()} + pads[i]) --size;
    }
    if (size < 0) {
      fail<ValueError>(ErrorMessage() << node << ": spatial dim " << i << " (" << in.value()
                                      << ") is smaller than the kernel's extent " << wide_dim(effective));
    }
    out.push_back(wide_dim(size));
  }
  return out;
}

void infer_subgraphs_shape(ShapesContext&, const Node& node) {
  fail<UnsupportedError>(ErrorMessage() << node << ": its outputs come from its subgraphs, which only whole-model "
                                                   "inference (inferModelShapes) reads");
}

}  // namespace orw
