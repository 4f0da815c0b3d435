// Tensor ops added after opset 17: AffineGrid, CenterCropPad and BitCast.
#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {

// AffineGrid(theta [N,2,3] or [N,3,4], size [N,C,H,W] or [N,C,D,H,W]): theta's type,
// [N,H,W,2] or [N,D,H,W,3] from size's values; the rank from size's length.
void infer_affine_grid_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& theta = data_input(ctx, node);
  const TensorInfo& size = input_info(ctx, node, 1);
  TensorInfo out = TensorInfo::of_unknown_rank(theta.type);
  Dim length = size.has_rank() && size.rank() == 1 ? (*size.shape)[0] : Dim();
  std::optional<Dims> values = size.values;
  if (values) length = Dim::of(static_cast<int64_t>(values->size()));
  if (length.is_value()) {
    if (length.value() != 4 && length.value() != 5) {
      fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 1} << ' ' << size
                                      << " must hold 4 or 5 values (N, C, [D,] H, W)");
    }
    const size_t spatial = static_cast<size_t>(length.value()) - 2;
    Dims dims(spatial + 2);
    if (values) {
      dims[0] = (*values)[0];
      for (size_t i = 0; i < spatial; ++i) dims[i + 1] = (*values)[i + 2];
    }
    dims[spatial + 1] = Dim::of(static_cast<int64_t>(spatial));
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

// CenterCropPad(input, shape): the input's dims with those of 'axes' (default all) replaced
// by the values of 'shape'.
void infer_center_crop_pad_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    Dims dims = *x.shape;
    std::vector<int64_t> axes = ints_attribute(node, "axes");
    if (!node.find_attribute("axes")) {
      for (int64_t i = 0; i < x.rank(); ++i) axes.push_back(i);
    }
    const TensorInfo& shape = input_info(ctx, node, 1);
    if (shape.values && shape.values->size() != axes.size()) {
      fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 1} << ' ' << shape << " has "
                                      << shape.values->size() << " values for " << axes.size() << " axes");
    }
    std::vector<bool> seen(dims.size());
    for (size_t i = 0; i < axes.size(); ++i) {
      const size_t axis = static_cast<size_t>(normalize_axis(node, axes[i], x.rank(), "attribute 'axes'"));
      if (seen[axis]) fail<ValueError>(ErrorMessage() << node << ": attribute 'axes' repeats axis " << axes[i]);
      seen[axis] = true;
      dims[axis] = shape.values ? (*shape.values)[i] : Dim();
    }
    out.shape = dims;
  });
}

namespace {

// Bits per element of the types a BitCast may take (0: not a bit-castable type).
int bit_width(DataType t) {
  switch (t) {
    case DataType::kBool: return 8;
    case DataType::kString: return 0;
    case DataType::kFloat8E4M3FN:
    case DataType::kFloat8E4M3FNUZ:
    case DataType::kFloat8E5M2:
    case DataType::kFloat8E5M2FNUZ:
    case DataType::kFloat8E8M0: return 8;
    case DataType::kUint4:
    case DataType::kInt4:
    case DataType::kFloat4E2M1: return 4;
    case DataType::kUint2:
    case DataType::kInt2: return 2;
    default: return static_cast<int>(element_size(t)) * 8;
  }
}

}  // namespace

// BitCast: the input's shape in type 'to', which must have the input type's bit width.
void infer_bit_cast_shape(ShapesContext& ctx, const Node& node) {
  const int64_t to = node.int_attribute("to", 0);
  if (!is_known_type(static_cast<int32_t>(to)) || bit_width(static_cast<DataType>(to)) == 0) {
    fail<TypeError>(ErrorMessage() << node << ": attribute 'to' (" << to
                                   << ") is not a type BitCast takes (a numeric type or bool)");
  }
  const auto type = static_cast<DataType>(to);
  const TensorInfo& x = data_input(ctx, node);
  if (x.type != DataType::kUndefined && bit_width(x.type) != bit_width(type)) {
    fail<TypeError>(ErrorMessage() << node << ": attribute 'to' (" << type_name(type) << ", " << bit_width(type)
                                   << " bits) must have the bit width of " << InputLabel{node, 0} << "'s "
                                   << type_name(x.type) << " (" << bit_width(x.type) << " bits)");
  }
  set_output(ctx, node, 0, {type, x.shape, std::nullopt});
}

}  // namespace orw
