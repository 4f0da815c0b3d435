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

// Identity: the input as it is (type, shape and known values). The other layout ops' shape
// functions are the inferred rules' (inferred/tensor_shape.cc, tensor_copy_shape.cc): one set
// of rules for Reshape, Squeeze, Unsqueeze, Flatten, Shape and Expand, with data propagation.
void infer_identity_shape(ShapesContext& ctx, const Node& node) {
  TensorInfo x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  ctx.set(output_name(node), std::move(x));
}

}  // namespace orw
