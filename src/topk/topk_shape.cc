// The shape function of TopK: Values (X's type) and Indices (int64) of X's shape with the axis
// dim replaced by K. K is the attribute (version 1) or the K input's known value (a constant
// or ValueAsShape); unknown, the axis dim is unknown too. The checks are the run's, where the
// infos tell: types, axis range, K's shape and range against a known axis size.
#include <cstdint>

#include "core/errors.h"
#include "topk/topk.h"
#include "shape/node_io.h"

namespace orw {
namespace {

const TypeSet kKTypes = {DataType::kInt64};

// K's value as a dim: known, or unknown (an unknown dim).
Dim k_dim(const ShapesContext& ctx, const Node& node) {
  if (node.since_version() == 1) return Dim::of(topk_attribute_k(node));
  const TensorInfo& k = input_info(ctx, node, 1);
  check_type(node, k, 1, kKTypes);
  if (k.has_rank() && (k.rank() != 1 || ((*k.shape)[0].is_value() && !(*k.shape)[0].is(1)))) {
    fail_topk_k_shape(node, text_of(k.shape));
  }
  if (k.values && k.values->size() == 1 && (*k.values)[0].is_value()) return (*k.values)[0];
  return Dim();
}

}  // namespace

void infer_topk_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  const Dim k = k_dim(ctx, node);
  TensorInfo values = TensorInfo::of_unknown_rank(x.type);
  if (x.has_rank()) {
    Dims dims = *x.shape;
    const int64_t axis = topk_axis(node, x.rank());
    if (k.is_value()) {
      const Dim& n = dims[axis];
      check_topk_k(node, k.value(), axis, n.is_value() ? n.value() : INT64_MAX, text_of(x.shape));
    }
    dims[axis] = k;
    values.shape = std::move(dims);
  }
  TensorInfo indices = values;
  indices.type = DataType::kInt64;
  ctx.set(output_name(node, 0), std::move(values));
  ctx.set(output_name(node, 1), std::move(indices));
}

}  // namespace orw
