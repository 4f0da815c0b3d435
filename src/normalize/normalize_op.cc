// Softmax, LogSoftmax, Hardmax, LpNormalization: validate the node and input, map the axis
// onto the kernels' [outer, n, inner] extent, run.
#include <memory>
#include <vector>

#include "core/errors.h"
#include "normalize/normalize.h"
#include "normalize/normalize_kernels.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"
#include "plan/streamed_run.h"

namespace orw {

int64_t normalization_axis(const Node& node, int64_t rank) {
  return axis_attribute(node, rank, node.schema().coerce_to_2d ? 1 : -1);  // the 2-D versions' default is 1
}

int64_t lp_order(const Node& node) { return node.int_attribute("p", 2); }  // 1 or 2: checked with the node

namespace {

// A node's run, validated: the [outer, n, inner] extent and 'p'.
struct PreparedNormalize {
  AxisExtent extent;
  int64_t p = 2;
};

PreparedNormalize prepare_normalize(const Node& node, const Tensor& x) {
  check_data_type(node, x, 0);
  const OpSchema& s = node.schema();
  PreparedNormalize r;
  r.p = s.normalize_op == NormalizeOp::kLpNorm ? lp_order(node) : 2;
  const int64_t axis = normalization_axis(node, x.rank());
  // The 2-D extent of versions 1 and 11 is the single-axis extent with the axis being all dims
  // from 'axis' on: [prod(dims[:axis]), prod(dims[axis:]), 1].
  r.extent = make_axis_extent(x.dims(), axis);
  if (s.coerce_to_2d) {
    r.extent.n *= r.extent.inner;
    r.extent.inner = 1;
  }
  return r;
}

// The op with X in pieces of whole slices, each piece's output written as it is computed
// (output_in_pieces, as the scans).
class NormalizeRun final : public SliceRun {
 public:
  NormalizeRun(NormalizeOp op, DataType type, PreparedNormalize p)
      : SliceRun("streamed normalize", orw::element_size(type), static_cast<size_t>(p.extent.outer),
                 static_cast<size_t>(p.extent.n * p.extent.inner)),
        op_(op), type_(type), p_(p) {}
  bool output_in_pieces() const override { return true; }

 private:
  void feed_slices(const void* in, void* out, size_t, size_t count) override {
    kernels::normalize(op_, type_, {static_cast<int64_t>(count), p_.extent.n, p_.extent.inner}, in, out, p_.p);
  }
  std::vector<Tensor> outputs() override { return {}; }

  NormalizeOp op_;
  DataType type_;
  PreparedNormalize p_;
};

}  // namespace

std::vector<Tensor> run_normalize(const Node& node, const std::vector<const Tensor*>& inputs,
                                  RunMemo& memo, const PlacedOutputs& placed) {
  const Tensor& x = *inputs[0];
  auto& m = memo.plan<PreparedNormalize>(inputs, 1, [&] { return prepare_normalize(node, x); });
  const PreparedNormalize& p = m.prepared;
  Tensor out = placed.output(0, x.type(), x.dims(), &m.outputs[0]);
  if (x.size() == 0) return {out};
  const size_t slice = static_cast<size_t>(p.extent.n * p.extent.inner) * element_size(x.type());
  const auto* in = static_cast<const char*>(x.raw());
  auto* o = static_cast<char*>(out.mutable_raw());
  auto part = [&](size_t s0, size_t s1) {
    const AxisExtent part_extent{static_cast<int64_t>(s1 - s0), p.extent.n, p.extent.inner};
    kernels::normalize(node.schema().normalize_op, x.type(), part_extent, in + s0 * slice, o + s0 * slice, p.p);
  };
  run_slices(static_cast<size_t>(p.extent.outer), slice, part);
  return {out};
}

std::unique_ptr<StreamedRun> start_streamed_normalize(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  const PreparedNormalize p = prepare_normalize(node, x);
  // An empty input, or slices larger than a piece may be: the run on the whole input.
  if (!SliceRun::streams(static_cast<size_t>(p.extent.outer), static_cast<size_t>(p.extent.n * p.extent.inner),
                         element_size(x.type()))) {
    return nullptr;
  }
  return std::make_unique<NormalizeRun>(node.schema().normalize_op, x.type(), p);
}

}  // namespace orw
