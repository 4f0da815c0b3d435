// The scan operators (CumSum, CumProd): validate x and the axis input, then run the scan kernel.
#include <memory>
#include <stdexcept>
#include <string>

#include "scan/scan.h"

#include "core/errors.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"
#include "plan/reduction_plan.h"
#include "scan/scan_kernels.h"

namespace orw {

void check_scan_rank(const Node& node, int64_t rank) {
  if (rank < 1) fail<ValueError>(ErrorMessage() << node << ": input 0 'x' must have rank >= 1, got a rank-0 tensor");
}

void fail_scan_axis_not_scalar(const Node& node, const std::string& got) {
  fail<ValueError>(ErrorMessage() << node << ": input 1 'axis' must be a scalar (0-D, or 1-D with one element), got "
                                  << got);
}

int64_t scan_axis(const Node& node, int64_t axis, int64_t rank) {
  return normalize_axes(node, {axis}, rank, "input 1 'axis'")[0];
}

namespace {

struct PreparedScan {
  AxisExtent extent;
  bool exclusive = false, reverse = false;
};

PreparedScan prepare_scan(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  const Tensor& axis_t = *inputs[1];
  check_data_type(node, x, 0);
  check_scan_rank(node, x.rank());
  if (!(axis_t.rank() == 0 || (axis_t.rank() == 1 && axis_t.size() == 1))) {
    fail_scan_axis_not_scalar(node, "shape " + text_of(ShapeText{axis_t.dims()}));
  }
  const int64_t axis = scan_axis(node, read_int_values(node, axis_t, 1, true)[0], x.rank());
  PreparedScan p;
  p.extent = make_axis_extent(x.dims(), axis);
  p.exclusive = node.int_attribute("exclusive", 0) != 0;
  p.reverse = node.int_attribute("reverse", 0) != 0;
  return p;
}

}  // namespace

std::vector<Tensor> run_scan(const Node& node, const std::vector<const Tensor*>& inputs,
                             RunMemo& memo, const PlacedOutputs& placed) {
  auto& m = memo.plan<PreparedScan>(inputs, 1, [&] { return prepare_scan(node, inputs); });
  const PreparedScan& p = m.prepared;
  const Tensor& x = *inputs[0];
  Tensor out = placed.output(0, x.type(), x.dims(), &m.outputs[0]);
  kernels::scan(node.schema().scan_op, x.type(), p.extent, p.exclusive, p.reverse, x.raw(), out.mutable_raw());
  std::vector<Tensor> result;
  result.push_back(std::move(out));
  return result;
}

std::unique_ptr<StreamedRun> start_streamed_scan(const Node& node, const std::vector<const Tensor*>& inputs) {
  const PreparedScan p = prepare_scan(node, inputs);
  const DataType type = inputs[0]->type();
  return kernels::make_scan_stream(node.schema().scan_op, type, p.extent, p.exclusive, p.reverse);
}

}  // namespace orw
