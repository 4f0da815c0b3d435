// The scan operators (CumProd): validate x and the axis input, then run the scan kernel.
#include <stdexcept>

#include "core/errors.h"
#include "kernels/kernels.h"
#include "ops/inputs.h"
#include "ops/operators.h"
#include "plan/reduction_plan.h"

namespace orw {

std::vector<Tensor> run_scan(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  const Tensor& axis_t = *inputs[1];
  check_data_type(node, x, 0);
  if (x.rank() < 1) {
    throw std::invalid_argument(node.where() + ": input 0 'x' must have rank >= 1, got a rank-0 tensor");
  }
  if (!(axis_t.rank() == 0 || (axis_t.rank() == 1 && axis_t.size() == 1))) {
    throw std::invalid_argument(node.where() + ": input 1 'axis' must be a scalar (0-D, or 1-D with one element), got shape " +
                                shape_to_string(axis_t.dims()));
  }
  int64_t axis = read_int_values(node, axis_t, 1, true)[0];
  const int64_t rank = x.rank();
  if (axis < -rank || axis >= rank) {
    throw std::invalid_argument(node.where() + ": input 1 'axis': axis " + std::to_string(axis) + " is out of range for rank " +
                                std::to_string(rank) + " (valid range [" + std::to_string(-rank) + ", " +
                                std::to_string(rank - 1) + "])");
  }
  if (axis < 0) axis += rank;
  const bool exclusive = node.int_attribute("exclusive", 0) != 0;
  const bool reverse = node.int_attribute("reverse", 0) != 0;

  Tensor out = Tensor::uninitialized(x.type(), x.dims());
  kernels::scan(node.schema().scan_op, x.type(), make_scan_extent(x.dims(), axis), exclusive, reverse, x.raw(),
                out.mutable_raw());
  return {out};
}

}  // namespace orw
