// Tensor ops that copy or repeat elements: Split, Shape and Size (whose outputs carry known
// values), Expand, Tile, Pad, DepthToSpace, SpaceToDepth, EyeLike.
#include <algorithm>

#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"
#include "shape/proto_info.h"

namespace orw {

// Split: the 'split' sizes (attribute before 13, input from 13), else equal parts (18:
// 'num_outputs', the last part smaller).
void infer_split_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  const size_t outputs = node.outputs().size();
  std::optional<std::vector<int64_t>> split;
  if (node.since_version() < 13 && node.find_attribute("split")) split = ints_attribute(node, "split");
  if (node.since_version() >= 13 && has_input(node, 1)) split = input_values(ctx, node, 1);
  const bool split_given = node.since_version() < 13 ? node.find_attribute("split") != nullptr : has_input(node, 1);
  for (size_t i = 0; i < outputs; ++i) {
    TensorInfo out = TensorInfo::of_unknown_rank(x.type);
    if (x.has_rank()) {
      const size_t axis = static_cast<size_t>(normalize_axis(node, node.int_attribute("axis", 0), x.rank(), "attribute 'axis'"));
      Dims dims = *x.shape;
      const Dim& whole = dims[axis];
      if (split) {
        if (split->size() != outputs) {
          fail<ValueError>(ErrorMessage() << node << ": 'split' has " << split->size() << " sizes for " << outputs
                                          << " outputs");
        }
        dims[axis] = Dim::of((*split)[i]);
      } else if (split_given || !whole.is_value()) {
        dims[axis] = Dim();
      } else {
        const int64_t parts = static_cast<int64_t>(outputs);
        const int64_t size = static_cast<int64_t>((__int128{whole.value()} + parts - 1) / parts);
        if (node.since_version() < 18 && whole.value() % parts != 0) {
          fail<ValueError>(ErrorMessage() << node << ": dim " << axis << " of " << InputLabel{node, 0} << ' ' << x
                                          << " does not split into " << parts << " equal parts");
        }
        const int64_t before = size * static_cast<int64_t>(i);
        dims[axis] = Dim::of(std::max<int64_t>(0, std::min(size, whole.value() - before)));
      }
      out.shape = dims;
    }
    set_output(ctx, node, i, std::move(out));
  }
}

// Shape: int64 [rank] (15: 'start' and 'end' clamp), its values the input's dims.
void infer_shape_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  TensorInfo out = TensorInfo::of_unknown_rank(DataType::kInt64);
  out.shape = Dims{Dim()};
  if (x.has_rank()) {
    const int64_t rank = x.rank();
    const auto clamp = [rank](int64_t v) { return std::max<int64_t>(0, std::min(rank, v < 0 ? v + rank : v)); };
    const int64_t start = clamp(node.int_attribute("start", 0));
    const int64_t end = clamp(node.int_attribute("end", rank));
    const Dims dims(x.shape->begin() + start, x.shape->begin() + std::max(start, end));
    out.shape = Dims{Dim::of(static_cast<int64_t>(dims.size()))};
    if (dims.size() <= kMaxShapeValues) out.values = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

void infer_size_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  TensorInfo out = TensorInfo::of(DataType::kInt64, {});
  if (x.has_rank()) {
    Dim count = Dim::of(1);
    for (const Dim& d : *x.shape) count = dim_mul(count, d);
    if (!count.is_unknown()) out.values = Dims{count};
  }
  set_output(ctx, node, 0, std::move(out));
}

// Expand: the input broadcast with the 'shape' input's values (numpy rules, either side).
void infer_expand_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  const TensorInfo& shape = input_info(ctx, node, 1);
  check_type(node, x, 0, node.schema().types);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  if (shape.values && x.has_rank()) {
    Dims target = *shape.values;
    const size_t rank = std::max(target.size(), x.shape->size());
    Dims dims(rank);
    for (size_t d = 0; d < rank; ++d) {
      const Dim a = d + x.shape->size() >= rank ? (*x.shape)[d + x.shape->size() - rank] : Dim::of(1);
      const Dim b = d + target.size() >= rank ? target[d + target.size() - rank] : Dim::of(1);
      if (a.is_value() && b.is_value() && a.value() != b.value() && a.value() != 1 && b.value() != 1) {
        fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << ' ' << x << " does not broadcast to "
                                        << InputLabel{node, 1} << ' ' << shape);
      }
      dims[d] = b.is(1) ? a : a.is(1) ? b : a.is_value() ? a : b.is_value() ? b : a == b ? a : Dim();
    }
    out.shape = dims;
  } else if (shape.has_rank() && shape.rank() == 1 && (*shape.shape)[0].is_value() && x.has_rank()) {
    out.shape = unknown_dims(Dim::of(std::max<int64_t>((*shape.shape)[0].value(), x.rank())));
  }
  set_output(ctx, node, 0, std::move(out));
}

void infer_tile_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    Dims dims(x.shape->size());
    if (const auto repeats = input_values(ctx, node, 1)) {
      if (repeats->size() != dims.size()) {
        fail<ValueError>(ErrorMessage() << node << ": 'repeats' has " << repeats->size() << " values for "
                                        << InputLabel{node, 0} << ' ' << x);
      }
      for (size_t d = 0; d < dims.size(); ++d) dims[d] = dim_mul((*x.shape)[d], Dim::of((*repeats)[d]));
    }
    out.shape = dims;
  });
}

// Pad: 'pads' (attribute before 11, input from 11; 18: over 'axes' only) added at both ends.
void infer_pad_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    const size_t rank = x.shape->size();
    std::optional<std::vector<int64_t>> pads;
    if (node.since_version() < 11) pads = ints_attribute(node, node.since_version() < 2 ? "paddings" : "pads");
    else pads = input_values(ctx, node, 1);
    std::vector<int64_t> axes(rank);
    for (size_t d = 0; d < rank; ++d) axes[d] = static_cast<int64_t>(d);
    bool axes_known = true;
    if (has_input(node, 3)) {
      const auto given = input_values(ctx, node, 3);
      if (given) axes = *given;
      axes_known = given.has_value();
    }
    Dims dims(rank);
    if (pads && axes_known) {
      if (pads->size() != 2 * axes.size()) {
        fail<ValueError>(ErrorMessage() << node << ": 'pads' has " << pads->size() << " values, expected "
                                        << 2 * axes.size());
      }
      dims = *x.shape;
      for (size_t i = 0; i < axes.size(); ++i) {
        const size_t d = static_cast<size_t>(normalize_axis(node, axes[i], static_cast<int64_t>(rank), "an axis"));
        dims[d] = dim_add(dim_add(dims[d], Dim::of((*pads)[i])), Dim::of((*pads)[i + axes.size()]));
      }
    }
    out.shape = dims;
  });
}

namespace {

// DepthToSpace (`to_space`) and SpaceToDepth on [N, C, H, W] with 'blocksize'.
void space_depth(ShapesContext& ctx, const Node& node, bool to_space) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    if (x.rank() != 4) {
      fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << ' ' << x << " must have rank 4");
    }
    const int64_t b = node.int_attribute("blocksize", 0);
    if (b < 1 || b > INT32_MAX) {
      fail<ValueError>(ErrorMessage() << node << ": attribute 'blocksize' must be in 1.." << INT32_MAX << ", got " << b);
    }
    const Dims& s = *x.shape;
    if (to_space) {
      out.shape = Dims{s[0], dim_div_exact(node, s[1], b * b, "the channel count"), dim_mul(s[2], Dim::of(b)),
                       dim_mul(s[3], Dim::of(b))};
    } else {
      out.shape = Dims{s[0], dim_mul(s[1], Dim::of(b * b)), dim_div_exact(node, s[2], b, "the height"),
                       dim_div_exact(node, s[3], b, "the width")};
    }
  });
}

}  // namespace

void infer_depth_to_space_shape(ShapesContext& ctx, const Node& node) { space_depth(ctx, node, true); }
void infer_space_to_depth_shape(ShapesContext& ctx, const Node& node) { space_depth(ctx, node, false); }

// EyeLike: the input's 2-D shape, 'dtype' or the input's type.
void infer_eye_like_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  const Attribute* dtype = node.find_attribute("dtype");
  set_output(ctx, node, 0, {dtype ? static_cast<DataType>(dtype->i) : x.type, x.shape, std::nullopt});
}

}  // namespace orw
