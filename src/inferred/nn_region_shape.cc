// nn and object-detection ops over regions of the input: QLinearConv (the convolution rule),
// MaxUnpool, RoiAlign, MaxRoiPool, GridSample.
#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {

// MaxUnpool: 'output_shape''s values when given; else (in - 1) * stride + kernel - pads.
void infer_max_unpool_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  if (has_input(node, 2)) {
    const TensorInfo& shape = input_info(ctx, node, 2);
    if (shape.values) out.shape = shape.values;
    else if (x.has_rank()) out.shape = Dims(x.shape->size());
  } else if (x.has_rank() && x.rank() >= 3) {
    const size_t n = x.shape->size() - 2;
    const std::vector<int64_t> kernel = ints_attribute(node, "kernel_shape");
    const std::vector<int64_t> strides = ints_attribute(node, "strides", std::vector<int64_t>(n, 1));
    const std::vector<int64_t> pads = ints_attribute(node, "pads", std::vector<int64_t>(2 * n, 0));
    if (kernel.size() != n || strides.size() != n || pads.size() != 2 * n) {
      fail<ValueError>(ErrorMessage() << node << ": 'kernel_shape', 'strides' and 'pads' must fit the " << n
                                      << " spatial dims");
    }
    Dims dims{(*x.shape)[0], (*x.shape)[1]};
    for (size_t i = 0; i < n; ++i) {
      const Dim& in = (*x.shape)[i + 2];
      dims.push_back(in.is_value() ? wide_dim(__int128{in.value() - 1} * strides[i] + kernel[i] - pads[i] - pads[i + n])
                                   : Dim());
    }
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

// RoiAlign: [num_rois, C, output_height, output_width]; MaxRoiPool: [num_rois, C, pooled_shape].
void infer_roi_pool_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  const TensorInfo& rois = input_info(ctx, node, 1);
  const Dim count = rois.has_rank() && rois.rank() == 2 ? (*rois.shape)[0] : Dim();
  const Dim channels = x.has_rank() && x.rank() == 4 ? (*x.shape)[1] : Dim();
  Dims dims{count, channels};
  if (node.find_attribute("pooled_shape")) {
    const std::vector<int64_t> pooled = ints_attribute(node, "pooled_shape");
    if (pooled.size() != 2) fail<ValueError>(ErrorMessage() << node << ": attribute 'pooled_shape' must have 2 values");
    dims.push_back(Dim::of(pooled[0]));
    dims.push_back(Dim::of(pooled[1]));
  } else {
    dims.push_back(Dim::of(node.int_attribute("output_height", 1)));
    dims.push_back(Dim::of(node.int_attribute("output_width", 1)));
  }
  set_output(ctx, node, 0, TensorInfo::of(x.type, dims));
}

// GridSample: [N, C] of X, then the grid's [H_out, W_out].
void infer_grid_sample_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  const TensorInfo& grid = input_info(ctx, node, 1);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  if (grid.has_rank() && grid.rank() >= 3) {
    Dims dims{x.has_rank() ? (*x.shape)[0] : (*grid.shape)[0], x.has_rank() && x.rank() >= 2 ? (*x.shape)[1] : Dim()};
    dims.insert(dims.end(), grid.shape->begin() + 1, grid.shape->end() - 1);
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

// Col2Im: [N, C, image_shape...] from [N, C * prod(block_shape), L].
void infer_col2im_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  const auto image = input_values(ctx, node, 1);
  const auto block = input_values(ctx, node, 2);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  if (image) {
    Dims dims{x.has_rank() ? (*x.shape)[0] : Dim(), Dim()};
    if (block && x.has_rank() && x.rank() == 3) {
      int64_t size = 1;
      for (int64_t b : *block) size *= b;
      dims[1] = dim_div_exact(node, (*x.shape)[1], size, "the input's dim 1");
    }
    for (int64_t d : *image) dims.push_back(Dim::of(d));
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

}  // namespace orw
