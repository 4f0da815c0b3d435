// Tensor ops that pick elements by index: Slice and Gather (which carry known values of a
// 1-D tensor along: a shape's dims sliced or picked), GatherElements, GatherND, NonZero,
// OneHot, and Resize.
#include <algorithm>

#include <cmath>

#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"
#include "shape/proto_info.h"

namespace orw {
namespace {

// The count of elements start, start+step, ... before end in a dim of `size` (ONNX's clamping
// rules), and with `picked` their indices (the first kMaxShapeValues + 1). In 128 bits: steps
// and bounds near the int64 limits cannot overflow.
int64_t slice_count(int64_t size, int64_t start, int64_t end, int64_t step, std::vector<int64_t>* picked) {
  const auto clamp = [size, step](int64_t v) {
    if (v < 0) v += size;
    return step > 0 ? std::max<int64_t>(0, std::min(size, v)) : std::max<int64_t>(-1, std::min(size - 1, v));
  };
  start = clamp(start);
  end = clamp(end);
  const __int128 s = step;
  int64_t count = 0;
  if (step > 0 && end > start) count = static_cast<int64_t>((__int128{end} - start + s - 1) / s);
  if (step < 0 && start > end) count = static_cast<int64_t>((__int128{start} - end - s - 1) / -s);
  for (int64_t k = 0; picked && k < count && picked->size() <= kMaxShapeValues; ++k) {
    picked->push_back(static_cast<int64_t>(start + k * s));
  }
  return count;
}

}  // namespace

// Slice: starts, ends, axes and steps (attributes before 10, inputs from 10).
void infer_slice_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    const int64_t rank = x.rank();
    std::optional<std::vector<int64_t>> starts, ends, axes, steps;
    if (node.since_version() < 10) {
      starts = ints_attribute(node, "starts");
      ends = ints_attribute(node, "ends");
      if (node.find_attribute("axes")) axes = ints_attribute(node, "axes");
    } else {
      starts = input_values(ctx, node, 1);
      ends = input_values(ctx, node, 2);
      if (has_input(node, 3)) axes = input_values(ctx, node, 3);
      if (has_input(node, 4)) steps = input_values(ctx, node, 4);
    }
    const bool axes_ok = !has_input(node, 3) || node.since_version() < 10 || axes;
    const bool steps_ok = !has_input(node, 4) || steps;
    Dims dims(x.shape->size());
    if (starts && ends && axes_ok && steps_ok) {
      if (starts->size() != ends->size()) {
        fail<ValueError>(ErrorMessage() << node << ": 'starts' has " << starts->size() << " values, 'ends' "
                                        << ends->size());
      }
      if (!axes) {
        axes.emplace();
        for (size_t i = 0; i < starts->size(); ++i) axes->push_back(static_cast<int64_t>(i));
      }
      if (!steps) steps = std::vector<int64_t>(starts->size(), 1);
      if (axes->size() != starts->size() || steps->size() != starts->size()) {
        fail<ValueError>(ErrorMessage() << node << ": 'axes' and 'steps' must have as many values as 'starts' ("
                                        << starts->size() << ')');
      }
      dims = *x.shape;
      std::vector<int64_t> picked;
      bool values_known = x.values && rank == 1;
      for (size_t i = 0; i < axes->size(); ++i) {
        const size_t d = static_cast<size_t>(normalize_axis(node, (*axes)[i], rank, "an axis"));
        if ((*steps)[i] == 0) fail<ValueError>(ErrorMessage() << node << ": a step is 0");
        if (!dims[d].is_value()) {
          // Unknown size: only a slice from 0 that ends past any size keeps the dim.
          const bool whole = (*steps)[i] == 1 && (*starts)[i] == 0 && (*ends)[i] >= INT32_MAX;
          if (!whole) dims[d] = Dim();
          values_known = false;
          continue;
        }
        dims[d] = Dim::of(slice_count(dims[d].value(), (*starts)[i], (*ends)[i], (*steps)[i],
                                      values_known ? &picked : nullptr));
      }
      if (values_known && axes->size() == 1 && picked.size() <= kMaxShapeValues) {
        Dims values;
        for (int64_t p : picked) values.push_back((*x.values)[static_cast<size_t>(p)]);
        out.values = values;
      }
    }
    out.shape = dims;
  });
}

// Gather: data's dims before 'axis', the indices' dims, data's dims after; known values of a
// 1-D data picked by known indices.
void infer_gather_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& data = input_info(ctx, node, 0);
  const TensorInfo& indices = input_info(ctx, node, 1);
  check_type(node, data, 0, node.schema().types);
  TensorInfo out = TensorInfo::of_unknown_rank(data.type);
  if (data.has_rank() && indices.has_rank()) {
    if (data.rank() == 0) fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << " has rank 0");
    const size_t axis = static_cast<size_t>(normalize_axis(node, node.int_attribute("axis", 0), data.rank(), "attribute 'axis'"));
    Dims dims(data.shape->begin(), data.shape->begin() + static_cast<std::ptrdiff_t>(axis));
    dims.insert(dims.end(), indices.shape->begin(), indices.shape->end());
    dims.insert(dims.end(), data.shape->begin() + static_cast<std::ptrdiff_t>(axis) + 1, data.shape->end());
    out.shape = dims;
    const auto picks = known_values(indices);
    if (data.values && data.rank() == 1 && picks && indices.rank() <= 1) {
      Dims values;
      const int64_t n = static_cast<int64_t>(data.values->size());
      for (int64_t p : *picks) {
        if (p < -n || p >= n) {
          fail<ValueError>(ErrorMessage() << node << ": index " << p << " is out of range for " << InputLabel{node, 0}
                                          << ' ' << data);
        }
        values.push_back((*data.values)[static_cast<size_t>(p < 0 ? p + n : p)]);
      }
      out.values = values;
    }
  }
  set_output(ctx, node, 0, std::move(out));
}

void infer_gather_elements_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& data = input_info(ctx, node, 0);
  check_type(node, data, 0, node.schema().types);
  set_output(ctx, node, 0, {data.type, input_info(ctx, node, 1).shape, std::nullopt});
}

// GatherND: batch dims, indices' dims but the last, then data's dims past the indexed ones.
void infer_gather_nd_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& data = input_info(ctx, node, 0);
  const TensorInfo& indices = input_info(ctx, node, 1);
  check_type(node, data, 0, node.schema().types);
  TensorInfo out = TensorInfo::of_unknown_rank(data.type);
  if (data.has_rank() && indices.has_rank() && indices.rank() >= 1 && indices.shape->back().is_value()) {
    const int64_t batch = node.int_attribute("batch_dims", 0);
    const int64_t last = indices.shape->back().value();
    if (batch + last > data.rank()) {
      fail<ValueError>(ErrorMessage() << node << ": the indices' last dim (" << last << ") and 'batch_dims' (" << batch
                                      << ") exceed " << InputLabel{node, 0} << ' ' << data);
    }
    Dims dims(indices.shape->begin(), indices.shape->end() - 1);
    dims.insert(dims.end(), data.shape->begin() + batch + last, data.shape->end());
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

void infer_non_zero_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  set_output(ctx, node, 0, TensorInfo::of(DataType::kInt64, x.has_rank() ? Dims{Dim::of(x.rank()), Dim()} : Dims{Dim(), Dim()}));
}

// OneHot: the indices' dims with the depth inserted at 'axis', the values' type.
void infer_one_hot_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& indices = input_info(ctx, node, 0);
  const TensorInfo& values = input_info(ctx, node, 2);
  TensorInfo out = TensorInfo::of_unknown_rank(values.type);
  if (indices.has_rank()) {
    Dims dims = *indices.shape;
    const size_t axis = static_cast<size_t>(normalize_axis(node, node.int_attribute("axis", -1), indices.rank() + 1, "attribute 'axis'"));
    const auto depth = input_values(ctx, node, 1);
    dims.insert(dims.begin() + static_cast<std::ptrdiff_t>(axis), depth && depth->size() == 1 ? Dim::of((*depth)[0]) : Dim());
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

// Resize (and Upsample's successor): known 'sizes' give the dims (18+: for 'axes' only, and
// 'keep_aspect_ratio_policy' scaling them to the input's aspect); known 'scales' give
// floor(dim * scale) of each known dim; otherwise the rank.
void infer_resize_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    const size_t rank = x.shape->size();
    std::vector<size_t> axes;
    for (int64_t a : ints_attribute(node, "axes")) axes.push_back(static_cast<size_t>(normalize_axis(node, a, x.rank(), "attribute 'axes'")));
    if (axes.empty()) {
      for (size_t d = 0; d < rank; ++d) axes.push_back(d);
    }
    out.shape = Dims(rank);
    const auto sizes = node.since_version() >= 11 ? input_values(ctx, node, 3) : std::nullopt;
    const TensorInfo* scales = optional_info(ctx, node, node.since_version() >= 11 ? 2 : 1);
    if (sizes && sizes->size() == axes.size()) {
      *out.shape = *x.shape;
      const std::string policy = string_attribute(node, "keep_aspect_ratio_policy", "stretch");
      std::optional<double> scale;  // not_larger / not_smaller: one scale for every axis
      if (policy != "stretch") {
        for (size_t i = 0; i < axes.size(); ++i) {
          const Dim& in = (*x.shape)[axes[i]];
          const double s = in.is_value() && in.value() > 0 ? static_cast<double>((*sizes)[i]) / static_cast<double>(in.value()) : -1;
          if (s < 0) {
            for (size_t a : axes) (*out.shape)[a] = Dim();
            return;
          }
          scale = !scale ? s : policy == "not_larger" ? std::min(*scale, s) : std::max(*scale, s);
        }
      }
      for (size_t i = 0; i < axes.size(); ++i) {
        (*out.shape)[axes[i]] = scale ? wide_dim(static_cast<__int128>(std::round(*scale * static_cast<double>((*x.shape)[axes[i]].value()))))
                                      : Dim::of((*sizes)[i]);
      }
    } else if (scales && scales->real_values && scales->real_values->size() == axes.size()) {
      *out.shape = *x.shape;
      for (size_t i = 0; i < axes.size(); ++i) {
        const double s = (*scales->real_values)[i];
        Dim& d = (*out.shape)[axes[i]];
        if (s == 1.0) continue;  // the dim itself, symbolic ones too
        d = d.is_value() && s > 0 && s < 1e15 ? wide_dim(static_cast<__int128>(std::floor(static_cast<double>(d.value()) * s))) : Dim();
      }
    }
  });
}

}  // namespace orw
