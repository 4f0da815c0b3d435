// The Reduce family's shape function. The axes are either fully known (a list), known only in
// number (a 1-D axes input of known length, or ValueAsShape values with symbolic entries), or
// not known at all; each case gives the most precise shape that holds for every valid model.
#include <algorithm>
#include <stdexcept>

#include "core/errors.h"
#include "plan/axes.h"
#include "reduce/reduce.h"
#include "shape/node_io.h"

namespace orw {
namespace {

// What the node says about its axes.
struct Axes {
  enum class Kind { kAll, kList, kCount, kUnknown };
  Kind kind = Kind::kAll;       // kAll: omitted or empty (reduce all, or identity with noop)
  std::vector<int64_t> known;   // kList: the values; kCount: the entries whose value is known
  int64_t count = 0;            // kCount: number of entries
  const char* source = "attribute 'axes'";
};

const TypeSet kAxesTypes = {DataType::kInt64};

Axes axes_from_input(const ShapesContext& ctx, const Node& node) {
  const TensorInfo& t = input_info(ctx, node, 1);
  check_type(node, t, 1, kAxesTypes);
  if (t.has_rank() && t.rank() != 1) {
    fail_axes_not_1d(node, text_of(t.shape));
  }
  Axes axes;
  axes.source = "input 'axes'";
  if (t.values) {
    for (const Dim& v : *t.values) {
      if (v.is_value()) axes.known.push_back(v.value());
    }
    axes.count = static_cast<int64_t>(t.values->size());
  } else if (t.has_rank() && (*t.shape)[0].is_value()) {
    axes.count = (*t.shape)[0].value();
  } else {
    axes.kind = Axes::Kind::kUnknown;
    return axes;
  }
  const bool all_known = static_cast<int64_t>(axes.known.size()) == axes.count;
  axes.kind = axes.count == 0 ? Axes::Kind::kAll : all_known ? Axes::Kind::kList : Axes::Kind::kCount;
  return axes;
}

Axes read_axes(const ShapesContext& ctx, const Node& node) {
  if (node.schema().axes_from == AxesFrom::kInput) {
    return has_input(node, 1) ? axes_from_input(ctx, node) : Axes{};
  }
  Axes axes;
  if (const Attribute* a = node.find_attribute("axes")) axes.known = a->ints;
  axes.kind = axes.known.empty() ? Axes::Kind::kAll : Axes::Kind::kList;
  axes.count = static_cast<int64_t>(axes.known.size());
  return axes;
}

// keepdims=1 when any dim might be reduced: dims in `reduced` become 1, dims that are 1
// already stay 1, every other dim is either itself or 1, so a fresh symbol.
Dims maybe_reduced(ShapesContext& ctx, const Node& node, const Dims& in, const std::vector<int64_t>& reduced) {
  Dims out;
  for (size_t d = 0; d < in.size(); ++d) {
    if (in[d].is(1) || std::binary_search(reduced.begin(), reduced.end(), static_cast<int64_t>(d))) {
      out.push_back(Dim::of(1));
    } else {
      out.push_back(Dim::symbol(ctx.fresh_symbol(output_name(node) + "_d" + std::to_string(d))));
    }
  }
  return out;
}

// Axes whose number is known but not every value. Known entries are range-checked; entries of
// unknown value are taken to be distinct axes, none of them a known one.
Dims reduce_counted(ShapesContext& ctx, const Node& node, const Dims& in, const Axes& axes, bool keepdims) {
  const int64_t rank = static_cast<int64_t>(in.size());
  const std::vector<int64_t> known = normalize_axes(node, axes.known, rank, axes.source);
  if (keepdims) return maybe_reduced(ctx, node, in, known);
  const int64_t reduced = static_cast<int64_t>(known.size()) + axes.count - static_cast<int64_t>(axes.known.size());
  if (reduced > rank) {
    fail<ValueError>(ErrorMessage()
                                << node << ": " << axes.source << ": " << axes.count
                                << " axes cannot all be distinct axes of input 0 'data' of rank " << rank);
  }
  Dims out;
  for (int64_t d = 0; d < rank - reduced; ++d) {
    out.push_back(Dim::symbol(ctx.fresh_symbol(output_name(node) + "_d" + std::to_string(d))));
  }
  return out;
}

// The output shape, or nullopt for an unknown rank.
std::optional<Dims> reduced_shape(ShapesContext& ctx, const Node& node, const std::optional<Dims>& in,
                                  const Axes& axes, bool keepdims) {
  switch (axes.kind) {
    case Axes::Kind::kAll:
      if (!keepdims) return Dims{};
      if (in) return Dims(in->size(), Dim::of(1));
      return std::nullopt;
    case Axes::Kind::kList:
      if (in) return reduced_dims(*in, normalize_axes(node, axes.known, static_cast<int64_t>(in->size()), axes.source), keepdims, Dim::of(1));
      return std::nullopt;
    case Axes::Kind::kCount:
      if (in) return reduce_counted(ctx, node, *in, axes, keepdims);
      return std::nullopt;
    case Axes::Kind::kUnknown:
      // A rank-0 input has no axes to name: the result is rank 0 either way.
      if (in && (keepdims || in->empty())) return maybe_reduced(ctx, node, *in, {});
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

void infer_reduce_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo data = input_info(ctx, node, 0);
  check_type(node, data, 0, node.schema().types);
  const Axes axes = read_axes(ctx, node);
  const bool keepdims = node.int_attribute("keepdims", 1) != 0;
  const bool noop = node.int_attribute("noop_with_empty_axes", 0) != 0;  // only input-axes versions have it

  if (axes.kind == Axes::Kind::kAll && noop) {
    ctx.set(output_name(node), data);  // identity
    return;
  }
  TensorInfo out = TensorInfo::of_unknown_rank(data.type);
  out.shape = reduced_shape(ctx, node, data.shape, axes, keepdims);
  ctx.set(output_name(node), std::move(out));
}

}  // namespace orw
