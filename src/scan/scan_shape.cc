// The scan family's shape function (CumSum, CumProd): the output has the input's type and
// shape; the checks are on x's rank and on the axis input.
#include <stdexcept>

#include "core/errors.h"
#include "scan/scan.h"
#include "shape/node_io.h"

namespace orw {
namespace {

const TypeSet kAxisTypes = {DataType::kInt32, DataType::kInt64};

// 0-D, or 1-D with one element (a 1-D axis of unknown length passes: it may be 1).
bool may_be_scalar(const TensorInfo& axis) {
  if (axis.values && axis.values->size() != 1) return false;
  if (!axis.shape) return true;
  const Dims& s = *axis.shape;
  return s.empty() || (s.size() == 1 && (s[0].is(1) || !s[0].is_value()));
}

}  // namespace

void infer_scan_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  if (x.has_rank()) check_scan_rank(node, x.rank());
  const TensorInfo& axis = input_info(ctx, node, 1);
  check_type(node, axis, 1, kAxisTypes);
  if (!may_be_scalar(axis)) fail_scan_axis_not_scalar(node, text_of(axis));
  if (x.has_rank() && axis.values && axis.values->front().is_value()) {
    scan_axis(node, axis.values->front().value(), x.rank());  // range check
  }
  ctx.set(output_name(node), TensorInfo{x.type, x.shape, std::nullopt});
}

}  // namespace orw
