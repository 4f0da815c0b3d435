// The scan family's shape function (CumSum, CumProd): the output has the input's type and
// shape; the checks are on x's rank and on the axis input.
#include <stdexcept>

#include "core/errors.h"
#include "plan/axes.h"
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
  if (x.rank() == 0) {
    fail<ValueError>(ErrorMessage() << node << ": input 0 'x' must have rank >= 1, got a rank-0 tensor");
  }
  const TensorInfo& axis = input_info(ctx, node, 1);
  check_type(node, axis, 1, kAxisTypes);
  if (!may_be_scalar(axis)) {
    fail<ValueError>(
        ErrorMessage() << node << ": input 1 'axis' must be a scalar (0-D, or 1-D with one element), got " << axis);
  }
  if (x.has_rank() && axis.values && axis.values->front().is_value()) {
    normalize_axes(node, {axis.values->front().value()}, x.rank(), "input 1 'axis'");  // range check
  }
  ctx.set(output_name(node), TensorInfo{x.type, x.shape, std::nullopt});
}

}  // namespace orw
