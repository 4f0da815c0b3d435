// The shape function of Softmax, LogSoftmax, Hardmax, LpNormalization: the input's type and
// shape. The checks are those of the run: element type, 'p', and the axis range when the rank
// is known.
#include "normalize/normalize.h"
#include "shape/node_io.h"

namespace orw {

void infer_normalize_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  if (x.has_rank()) normalization_axis(node, x.rank());
  ctx.set(output_name(node), TensorInfo{x.type, x.shape, std::nullopt});
}

}  // namespace orw
