// The layout family's shape functions. Each gives the exact shape when the dims and the
// shape/axes values it needs are known, named fresh symbols for dims it cannot pin down, and an
// unknown rank when not even the rank follows; the run's checks apply wherever the infos allow.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/errors.h"
#include "elementwise/elementwise_shape.h"
#include "layout/layout.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"
#include "shape/node_io.h"

namespace orw {
namespace {

const TypeSet kInt64Only = {DataType::kInt64};

// The data input's info, its type checked against the row's.
TensorInfo data_info(const ShapesContext& ctx, const Node& node) {
  TensorInfo x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  return x;
}

// What is known of a 1-D int64 input (axes, shape): its values, or only its length, or neither.
struct ListInfo {
  std::optional<std::vector<int64_t>> values;  // every entry known
  std::optional<int64_t> length;
  std::optional<Dims> entries;  // each entry a value, a symbol (a Shape output's) or unknown
};

ListInfo list_info(const ShapesContext& ctx, const Node& node, size_t index) {
  const TensorInfo& t = input_info(ctx, node, index);
  check_type(node, t, index, kInt64Only);
  if (t.has_rank() && t.rank() != 1) {
    fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " must be a 1-D tensor, got "
                                    << t);
  }
  ListInfo list;
  if (t.values) {
    list.entries = t.values;
    list.length = static_cast<int64_t>(t.values->size());
    std::vector<int64_t> v;
    for (const Dim& d : *t.values) {
      if (d.is_value()) v.push_back(d.value());
    }
    if (v.size() == t.values->size()) list.values = std::move(v);
  } else if (t.has_rank() && (*t.shape)[0].is_value()) {
    list.length = (*t.shape)[0].value();
  }
  return list;
}

// Squeeze's and Unsqueeze's axes: the attribute, input 1, or nothing given (length 0, no values).
ListInfo axes_info(const ShapesContext& ctx, const Node& node, bool& given, const char*& source) {
  source = node.schema().axes_from == AxesFrom::kInput ? "input 1 'axes'" : "attribute 'axes'";
  given = true;
  if (node.schema().axes_from == AxesFrom::kInput) {
    if (has_input(node, 1)) return list_info(ctx, node, 1);
  } else if (const Attribute* a = node.find_attribute("axes")) {
    return ListInfo{a->ints, static_cast<int64_t>(a->ints.size()), std::nullopt};
  }
  given = false;
  return {};
}

Dim fresh(ShapesContext& ctx, const Node& node, size_t d) {
  return Dim::symbol(ctx.fresh_symbol(output_name(node) + "_d" + std::to_string(d)));
}

bool all_known(const Dims& dims) {
  for (const Dim& d : dims) {
    if (!d.is_value()) return false;
  }
  return true;
}

Shape values_of(const Dims& dims) {
  Shape v;
  for (const Dim& d : dims) v.push_back(d.value());
  return v;
}

Dims dims_of(const Shape& values) {
  Dims d;
  for (int64_t v : values) d.push_back(Dim::of(v));
  return d;
}

// The product of dims [from, to): known when each of them is (or one is 0), else fresh.
Dim product(ShapesContext& ctx, const Node& node, const Dims& dims, int64_t from, int64_t to, size_t position) {
  const Dims part(dims.begin() + from, dims.begin() + to);
  for (const Dim& d : part) {
    if (d.is(0)) return Dim::of(0);
  }
  if (!all_known(part)) return fresh(ctx, node, position);
  return Dim::of(checked_element_count(values_of(part), node.op_type()));
}

// The output info of an op that keeps the element order: x's type and values, `shape`.
void set_view(ShapesContext& ctx, const Node& node, const TensorInfo& x, std::optional<Dims> shape) {
  ctx.set(output_name(node), TensorInfo{x.type, std::move(shape), x.values});
}

}  // namespace

void infer_identity_shape(ShapesContext& ctx, const Node& node) { ctx.set(output_name(node), data_info(ctx, node)); }

void infer_reshape_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = data_info(ctx, node);
  ListInfo target;
  const char* source = "input 1 'shape'";
  if (node.schema().inputs.size() < 2) {  // version 1: attribute 'shape'
    const Attribute* a = node.find_attribute("shape");
    if (!a) fail<ValueError>(ErrorMessage() << node << ": attribute 'shape' is required");
    target = ListInfo{a->ints, static_cast<int64_t>(a->ints.size()), std::nullopt};
    source = "attribute 'shape'";
  } else {
    target = list_info(ctx, node, 1);
  }
  if (!target.length) return set_view(ctx, node, x, std::nullopt);
  if (target.values && x.has_rank() && all_known(*x.shape)) {
    return set_view(ctx, node, x, dims_of(reshaped_dims(node, values_of(*x.shape), *target.values, source)));
  }
  Dims out;
  const bool allow_zero = reshape_allows_zero(node);
  for (size_t i = 0; i < static_cast<size_t>(*target.length); ++i) {
    // An entry of unknown value is -1 here: any dim. A symbol (a dim of some tensor) is itself.
    const Dim entry = target.entries ? (*target.entries)[i] : Dim();
    const int64_t v = target.values ? (*target.values)[i] : entry.is_value() ? entry.value() : -1;
    if (entry.is_symbol()) out.push_back(entry);
    else if (v > 0 || (v == 0 && allow_zero)) out.push_back(Dim::of(v));
    else if (v == 0 && x.has_rank() && i < x.shape->size()) out.push_back((*x.shape)[i]);
    else out.push_back(fresh(ctx, node, i));
  }
  set_view(ctx, node, x, std::move(out));
}

void infer_squeeze_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = data_info(ctx, node);
  bool given = false;
  const char* source = nullptr;
  const ListInfo axes = axes_info(ctx, node, given, source);
  if (!x.has_rank() || (given && !axes.length) || (!given && !all_known(*x.shape))) {
    return set_view(ctx, node, x, std::nullopt);
  }
  const Dims& in = *x.shape;
  if (given && !axes.values) {  // n distinct axes of unknown values: rank r - n
    if (*axes.length > x.rank()) {
      fail<ValueError>(ErrorMessage() << node << ": " << source << " has " << *axes.length
                                      << " entries, more than the rank of input 0 'data' " << x);
    }
    Dims out;
    for (size_t d = 0; d + static_cast<size_t>(*axes.length) < in.size(); ++d) out.push_back(fresh(ctx, node, d));
    return set_view(ctx, node, x, std::move(out));
  }
  if (!given) {
    Dims out;
    for (const Dim& d : in) {
      if (!d.is(1)) out.push_back(d);
    }
    return set_view(ctx, node, x, std::move(out));
  }
  const std::vector<int64_t> sorted = normalize_axes(node, *axes.values, x.rank(), source);
  for (int64_t a : sorted) {
    const Dim& d = in[static_cast<size_t>(a)];
    if (d.is_value() && d.value() != 1) {
      fail<ValueError>(ErrorMessage() << node << ": " << source << " names axis " << a << ", but dim " << a
                                      << " of input 0 'data' " << x << " is " << d << ", not 1");
    }
  }
  set_view(ctx, node, x, reduced_dims(in, sorted, false, Dim::of(1)));
}

void infer_unsqueeze_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = data_info(ctx, node);
  bool given = false;
  const char* source = nullptr;
  const ListInfo axes = axes_info(ctx, node, given, source);
  if (!given) fail<ValueError>(ErrorMessage() << node << ": attribute 'axes' is required");
  if (!x.has_rank() || !axes.length) return set_view(ctx, node, x, std::nullopt);
  if (!axes.values) {
    Dims out;
    for (size_t d = 0; d < x.shape->size() + static_cast<size_t>(*axes.length); ++d) out.push_back(fresh(ctx, node, d));
    return set_view(ctx, node, x, std::move(out));
  }
  const std::vector<int64_t> sorted = unsqueeze_axes(node, *axes.values, x.rank(), source);
  set_view(ctx, node, x, unsqueezed_dims(*x.shape, sorted, Dim::of(1)));
}

void infer_flatten_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = data_info(ctx, node);
  if (!x.has_rank()) return set_view(ctx, node, x, Dims{fresh(ctx, node, 0), fresh(ctx, node, 1)});
  const int64_t axis = flatten_axis(node, x.rank());
  const Dims& in = *x.shape;
  set_view(ctx, node, x, Dims{product(ctx, node, in, 0, axis, 0), product(ctx, node, in, axis, x.rank(), 1)});
}

void infer_shape_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = data_info(ctx, node);
  if (!x.has_rank()) {
    ctx.set(output_name(node), TensorInfo::of(DataType::kInt64, {fresh(ctx, node, 0)}));
    return;
  }
  const auto [start, end] = shape_range(node, x.rank());
  Dims values(x.shape->begin() + start, x.shape->begin() + end);
  ctx.set(output_name(node), TensorInfo{DataType::kInt64, Dims{Dim::of(end - start)}, std::move(values)});
}

void infer_expand_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = data_info(ctx, node);
  const ListInfo shape = list_info(ctx, node, 1);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  if (shape.entries && x.has_rank()) {
    for (size_t i = 0; i < shape.entries->size(); ++i) {
      const Dim& d = (*shape.entries)[i];
      if (d.is_value() && d.value() < 0) {
        fail<ValueError>(ErrorMessage() << node << ": input 1 'shape' entry " << i << " is negative (" << d.value()
                                        << ')');
      }
    }
    out.shape = broadcast_dims(node, x, TensorInfo::of(x.type, *shape.entries));
  } else if (shape.length && x.has_rank()) {
    Dims dims;
    const size_t rank = std::max(x.shape->size(), static_cast<size_t>(*shape.length));
    for (size_t d = 0; d < rank; ++d) dims.push_back(fresh(ctx, node, d));
    out.shape = std::move(dims);
  }
  ctx.set(output_name(node), std::move(out));
}

}  // namespace orw
