// The shape function of ArgMax / ArgMin: an int64 output of the input's shape with the axis
// set to 1 (keepdims, the default) or dropped. The checks are those of the run: element type,
// axis range (a rank-0 input has no axis), and a known size-0 axis.
#include <stdexcept>

#include "core/errors.h"
#include "ops/operators.h"
#include "shape/node_io.h"
#include "shape/shape_fns.h"

namespace orw {

void infer_arg_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  TensorInfo out = TensorInfo::of_unknown_rank(DataType::kInt64);
  if (x.has_rank()) {
    const Dims& in = *x.shape;
    const int64_t axis = arg_axis(node, x.rank());
    if (in[axis].is(0)) {
      fail<ValueError>(ErrorMessage() << node << ": input 0 'data' has size 0 along axis " << axis
                                                 << " (shape " << x.shape << "): an empty slice has no arg");
    }
    const bool keepdims = node.int_attribute("keepdims", 1) != 0;
    Dims dims;
    for (int64_t d = 0; d < x.rank(); ++d) {
      if (d != axis) dims.push_back(in[d]);
      else if (keepdims) dims.push_back(Dim::of(1));
    }
    out.shape = std::move(dims);
  }
  ctx.set(output_name(node), std::move(out));
}

}  // namespace orw
