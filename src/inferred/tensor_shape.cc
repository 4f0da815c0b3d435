// Shape-changing tensor ops. Those that move small integer tensors around (Shape, Squeeze,
// Unsqueeze, Concat, Reshape of a shape) carry their known values along (ValueAsShape), as
// ONNX's data propagation does, so that a shape computed in the graph reaches Reshape,
// Expand, ConstantOfShape or Tile as known dims.
#include <algorithm>

#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"
#include "shape/proto_info.h"

namespace orw {
namespace {

// Axes from the 'axes' attribute (before `input_since`) or input 1; nullopt when not known.
std::optional<std::vector<int64_t>> axes_of(const ShapesContext& ctx, const Node& node, int input_since) {
  if (node.since_version() < input_since) {
    if (!node.find_attribute("axes")) return std::nullopt;
    return ints_attribute(node, "axes");
  }
  if (!has_input(node, 1)) return std::nullopt;
  return input_values(ctx, node, 1);
}

// The values of a tensor whose element count stays, with a new shape (values are row-major).
std::optional<Dims> same_values(const TensorInfo& x, const std::optional<Dims>& shape) {
  if (!x.values || !shape || shape->size() > 1) return std::nullopt;
  return x.values;
}

}  // namespace

void infer_flatten_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    const int64_t rank = x.rank();
    int64_t axis = node.int_attribute("axis", 1);
    if (axis < -rank || axis > rank) {
      fail<ValueError>(ErrorMessage() << node << ": attribute 'axis' is " << axis << ", out of range for rank " << rank
                                      << " (" << -rank << ".." << rank << ')');
    }
    if (axis < 0) axis += rank;
    Dim outer = Dim::of(1), inner = Dim::of(1);
    for (int64_t d = 0; d < rank; ++d) (d < axis ? outer : inner) = dim_mul(d < axis ? outer : inner, (*x.shape)[d]);
    out.shape = Dims{outer, inner};
  });
}

// Reshape: the 'shape' input's known values (0 copies the input's dim unless allowzero, -1
// takes what is left); its length alone when the values are unknown.
void infer_reshape_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  const TensorInfo* shape = node.since_version() >= 5 ? &input_info(ctx, node, 1) : nullptr;
  std::optional<Dims> target;
  if (shape && shape->values) target = shape->values;
  else if (!shape && node.find_attribute("shape")) target = shape_values(ints_attribute(node, "shape"));
  if (target) {
    const bool allow_zero = node.int_attribute("allowzero", 0) != 0;
    Dims dims = *target;
    int64_t infer_at = -1;
    Dim known = Dim::of(1);
    for (size_t i = 0; i < dims.size(); ++i) {
      if (dims[i].is(0) && !allow_zero) {
        if (!x.has_rank() || i >= x.shape->size()) {
          dims[i] = Dim();
          known = Dim();
          continue;
        }
        dims[i] = (*x.shape)[i];
      }
      if (dims[i].is(-1)) {
        if (infer_at >= 0) fail<ValueError>(ErrorMessage() << node << ": the shape has more than one -1");
        infer_at = static_cast<int64_t>(i);
        continue;
      }
      if (dims[i].is_value() && dims[i].value() < -1) {
        fail<ValueError>(ErrorMessage() << node << ": shape dim " << i << " is " << dims[i].value());
      }
      known = dim_mul(known, dims[i]);
    }
    if (infer_at >= 0) {
      Dim total = Dim::of(1);
      if (x.has_rank()) for (const Dim& d : *x.shape) total = dim_mul(total, d);
      else total = Dim();
      Dim& slot = dims[static_cast<size_t>(infer_at)];
      slot = Dim();
      if (total.is_value() && known.is_value() && known.value() != 0) {
        slot = dim_div_exact(node, total, known.value(), "the input's element count");
      } else if (x.has_rank() && !known.is_unknown()) {
        // Symbolic: the -1 is the input's dims that the other target dims do not name.
        Dims rest = *x.shape;
        bool found = true;
        for (size_t i = 0; i < dims.size() && found; ++i) {
          if (static_cast<int64_t>(i) == infer_at || dims[i].is(1)) continue;
          const auto it = std::find(rest.begin(), rest.end(), dims[i]);
          if (it == rest.end()) found = false;
          else rest.erase(it);
        }
        if (found) {
          Dim product = Dim::of(1);
          for (const Dim& d : rest) product = dim_mul(product, d);
          slot = product;
        }
      }
    }
    out.shape = dims;
    out.values = same_values(x, out.shape);
  } else if (shape && shape->has_rank() && shape->rank() == 1) {
    out.shape = unknown_dims((*shape->shape)[0]);
  }
  set_output(ctx, node, 0, std::move(out));
}

void infer_transpose_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    const size_t rank = x.shape->size();
    std::vector<int64_t> perm = ints_attribute(node, "perm");
    if (!node.find_attribute("perm")) {
      for (size_t i = 0; i < rank; ++i) perm.push_back(static_cast<int64_t>(rank - 1 - i));
    }
    if (perm.size() != rank) {
      fail<ValueError>(ErrorMessage() << node << ": attribute 'perm' has " << perm.size() << " values for "
                                      << InputLabel{node, 0} << ' ' << x);
    }
    std::vector<bool> seen(rank);
    Dims dims;
    for (int64_t p : perm) {
      const int64_t a = normalize_axis(node, p, static_cast<int64_t>(rank), "a value of attribute 'perm'");
      if (seen[static_cast<size_t>(a)]) fail<ValueError>(ErrorMessage() << node << ": attribute 'perm' repeats " << a);
      seen[static_cast<size_t>(a)] = true;
      dims.push_back((*x.shape)[static_cast<size_t>(a)]);
    }
    out.shape = dims;
  });
}

// Squeeze: the listed axes (each must be 1), or every known 1 when none are given.
void infer_squeeze_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  const auto axes = axes_of(ctx, node, 13);
  const bool axes_given = node.since_version() < 13 ? node.find_attribute("axes") != nullptr : has_input(node, 1);
  if (x.has_rank() && (axes || !axes_given)) {
    std::vector<bool> drop(x.shape->size());
    if (axes) {
      for (int64_t a : *axes) {
        const size_t d = static_cast<size_t>(normalize_axis(node, a, x.rank(), "an axis"));
        if ((*x.shape)[d].is_value() && !(*x.shape)[d].is(1)) {
          fail<ValueError>(ErrorMessage() << node << ": axis " << a << " of " << InputLabel{node, 0} << ' ' << x
                                          << " is not 1");
        }
        drop[d] = true;
      }
    }
    Dims dims;
    bool certain = true;
    for (size_t d = 0; d < x.shape->size(); ++d) {
      const Dim& dim = (*x.shape)[d];
      if (!axes && !dim.is_value()) certain = false;
      if (axes ? !drop[d] : !dim.is(1)) dims.push_back(dim);
    }
    if (certain) {
      out.shape = dims;
      out.values = same_values(x, out.shape);
    }
  }
  set_output(ctx, node, 0, std::move(out));
}

void infer_unsqueeze_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo out = TensorInfo::of_unknown_rank(x.type);
  const auto axes = axes_of(ctx, node, 13);
  if (x.has_rank() && axes) {
    const int64_t rank = x.rank() + static_cast<int64_t>(axes->size());
    std::vector<bool> added(static_cast<size_t>(rank));
    for (int64_t a : *axes) {
      const size_t d = static_cast<size_t>(normalize_axis(node, a, rank, "an axis"));
      if (added[d]) fail<ValueError>(ErrorMessage() << node << ": axis " << a << " is given twice");
      added[d] = true;
    }
    Dims dims;
    size_t next = 0;
    for (size_t d = 0; d < added.size(); ++d) dims.push_back(added[d] ? Dim::of(1) : (*x.shape)[next++]);
    out.shape = dims;
    out.values = same_values(x, out.shape);
  }
  set_output(ctx, node, 0, std::move(out));
}

// Concat: the inputs' dims along 'axis' added, the others alike; values of 1-D inputs joined.
void infer_concat_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& first = input_info(ctx, node, 0);
  check_type(node, first, 0, node.schema().types);
  TensorInfo out = TensorInfo::of_unknown_rank(first.type);
  std::optional<Dims> dims;
  Dims values;
  bool all_values = true;
  for (size_t i = 0; i < node.inputs().size(); ++i) {
    const TensorInfo& in = input_info(ctx, node, i);
    if (in.values) values.insert(values.end(), in.values->begin(), in.values->end());
    else all_values = false;
    if (!in.has_rank()) continue;
    const size_t axis = static_cast<size_t>(normalize_axis(node, node.int_attribute("axis", 0), in.rank(), "attribute 'axis'"));
    if (!dims) {
      dims = *in.shape;
      continue;
    }
    if (dims->size() != in.shape->size()) {
      fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, i} << ' ' << in << " has another rank than "
                                      << InputLabel{node, 0} << ' ' << first);
    }
    for (size_t d = 0; d < dims->size(); ++d) {
      Dim& have = (*dims)[d];
      const Dim& dim = (*in.shape)[d];
      if (d == axis) have = dim_add(have, dim);
      else if (have.is_value() && dim.is_value() && have.value() != dim.value()) {
        fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, i} << ' ' << in << " differs from "
                                        << InputLabel{node, 0} << ' ' << first << " in dim " << d);
      } else if (!have.is_value()) {
        have = dim.is_unknown() ? have : dim;
      }
    }
  }
  bool all_ranked = true;
  for (size_t i = 0; i < node.inputs().size(); ++i) all_ranked = all_ranked && input_info(ctx, node, i).has_rank();
  if (dims && all_ranked) out.shape = dims;
  else if (dims) out.shape = Dims(dims->size());
  if (all_values && out.shape && out.shape->size() == 1 && values.size() <= kMaxShapeValues) out.values = values;
  set_output(ctx, node, 0, std::move(out));
}

}  // namespace orw
