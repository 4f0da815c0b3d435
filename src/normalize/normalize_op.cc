// Softmax, LogSoftmax, Hardmax, LpNormalization: validate the node and input, map the axis
// onto the kernels' [outer, n, inner] view, run.
#include <algorithm>
#include <memory>
#include <vector>

#include "core/errors.h"
#include "normalize/normalize.h"
#include "normalize/normalize_kernels.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"
#include "plan/pieces.h"
#include "plan/streamed_run.h"

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

namespace {

// A node's run, validated: the [outer, n, inner] view and 'p'.
struct PreparedNormalize {
  AxisExtent view;
  int64_t p = 2;
};

PreparedNormalize prepare_normalize(const Node& node, const Tensor& x) {
  check_data_type(node, x, 0);
  const OpSchema& s = node.schema();
  PreparedNormalize r;
  r.p = s.normalize_op == NormalizeOp::kLpNorm ? lp_order(node) : 2;
  const int64_t axis = normalize_axis(node, x.rank());
  // The 2-D view of versions 1 and 11 is the single-axis view with the axis being all dims
  // from 'axis' on: [prod(dims[:axis]), prod(dims[axis:]), 1].
  r.view = make_axis_extent(x.dims(), axis);
  if (s.coerce_to_2d) {
    r.view.n *= r.view.inner;
    r.view.inner = 1;
  }
  return r;
}

// The op with X in pieces of whole slices (an outer index's n x inner block), each piece's
// output written as it is computed (output_in_pieces, as the scans).
class NormalizeRun final : public StreamedRun {
 public:
  NormalizeRun(NormalizeOp op, DataType type, PreparedNormalize p, size_t slices_per_piece)
      : op_(op), type_(type), element_size_(orw::element_size(type)), p_(p), per_piece_(slices_per_piece) {}
  size_t element_size() const override { return element_size_; }
  Piece next() const override {
    const auto slice = static_cast<size_t>(p_.view.n * p_.view.inner), outer = static_cast<size_t>(p_.view.outer);
    return {fed_ * slice, std::min(per_piece_, outer - fed_) * slice};
  }
  bool output_in_pieces() const override { return true; }
  void feed(const void* in, void* out) override {
    const size_t slices = next().count / static_cast<size_t>(p_.view.n * p_.view.inner);
    kernels::normalize(op_, type_, {static_cast<int64_t>(slices), p_.view.n, p_.view.inner}, in, out, p_.p);
    fed_ += slices;
  }
  std::vector<Tensor> finish() override {
    if (fed_ != static_cast<size_t>(p_.view.outer)) fail<InternalError>("streamed normalize: finish() before the whole input was fed");
    return {};
  }

 private:
  NormalizeOp op_;
  DataType type_;
  size_t element_size_;
  PreparedNormalize p_;
  size_t per_piece_, fed_ = 0;  // slices per piece, slices fed
};

}  // namespace

std::vector<Tensor> run_normalize(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo&) {
  const Tensor& x = *inputs[0];
  const PreparedNormalize p = prepare_normalize(node, x);
  Tensor out = Tensor::uninitialized(x.type(), x.dims());
  if (x.size() > 0) kernels::normalize(node.schema().normalize_op, x.type(), p.view, x.raw(), out.mutable_raw(), p.p);
  return {out};
}

std::unique_ptr<StreamedRun> start_streamed_normalize(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  const PreparedNormalize p = prepare_normalize(node, x);
  // Slices as large as a piece may be, or an empty input: the run on the whole input.
  const size_t slice_bytes = static_cast<size_t>(p.view.n * p.view.inner) * element_size(x.type());
  if (x.size() == 0 || slice_bytes > kMaxPieceBytes) return nullptr;
  const size_t per_piece = std::max<size_t>(1, kPieceBytes / slice_bytes);
  return std::make_unique<NormalizeRun>(node.schema().normalize_op, x.type(), p, per_piece);
}

}  // namespace orw
