// The shape function of ArgMax / ArgMin: an int64 output of the input's shape with the axis
// set to 1 (keepdims, the default) or dropped. The checks are those of the run: element type,
// axis range (a rank-0 input has no axis), and a known size-0 axis.
#include <stdexcept>

#include "arg/arg.h"
#include "core/errors.h"
#include "plan/axes.h"
#include "shape/node_io.h"

namespace orw {

void infer_arg_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  TensorInfo out = TensorInfo::of_unknown_rank(DataType::kInt64);
  if (x.has_rank()) {
    const Dims& in = *x.shape;
    const int64_t axis = arg_axis(node, x.rank());
    if (in[axis].is(0)) fail_empty_arg_axis(node, axis, text_of(x.shape));
    const bool keepdims = node.int_attribute("keepdims", 1) != 0;
    out.shape = reduced_dims(in, {axis}, keepdims, Dim::of(1));
  }
  ctx.set(output_name(node), std::move(out));
}

}  // namespace orw
