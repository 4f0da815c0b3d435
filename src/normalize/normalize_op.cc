// Softmax, LogSoftmax, Hardmax, LpNormalization: validate the node and input, map the axis
// onto the kernels' [outer, n, inner] view, run.
#include <vector>

#include "core/errors.h"
#include "normalize/normalize.h"
#include "normalize/normalize_kernels.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"

namespace orw {

int64_t normalize_axis(const Node& node, int64_t rank) {
  return axis_attribute(node, rank, node.schema().coerce_to_2d ? 1 : -1);  // the 2-D view's default is 1
}

int64_t lp_order(const Node& node) {
  const int64_t p = node.int_attribute("p", 2);
  if (p != 1 && p != 2) {
    fail<ValueError>(ErrorMessage() << node << ": attribute 'p' is " << p << ": only 1 and 2 are supported (L1, L2 norm)");
  }
  return p;
}

std::vector<Tensor> run_normalize(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo&) {
  const Tensor& x = *inputs[0];
  check_data_type(node, x, 0);
  const OpSchema& s = node.schema();
  const int64_t p = s.normalize_op == NormalizeOp::kLpNorm ? lp_order(node) : 2;
  const int64_t axis = normalize_axis(node, x.rank());
  // The 2-D view of versions 1 and 11 is the single-axis view with the axis being all dims
  // from 'axis' on: [prod(dims[:axis]), prod(dims[axis:]), 1].
  AxisExtent view = make_axis_extent(x.dims(), axis);
  if (s.coerce_to_2d) {
    view.n *= view.inner;
    view.inner = 1;
  }
  Tensor out = Tensor::uninitialized(x.type(), x.dims());
  if (x.size() > 0) kernels::normalize(s.normalize_op, x.type(), view, x.raw(), out.mutable_raw(), p);
  return {out};
}

}  // namespace orw
