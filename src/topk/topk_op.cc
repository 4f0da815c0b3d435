// TopK: validate the node and its inputs, then select along the axis with the TopK kernels.
#include "topk/topk.h"

#include <memory>

#include "core/errors.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"
#include "plan/streamed_run.h"
#include "topk/topk_kernels.h"

namespace orw {

int64_t topk_axis(const Node& node, int64_t rank) { return axis_attribute(node, rank, -1); }

int64_t topk_attribute_k(const Node& node) {
  const Attribute* a = node.find_attribute("k");
  if (!a) fail<ValueError>(ErrorMessage() << node << ": attribute 'k' is required at this version");
  if (a->i <= 0) fail<ValueError>(ErrorMessage() << node << ": attribute 'k' must be positive, got " << a->i);
  return a->i;
}

void check_topk_k(const Node& node, int64_t k, int64_t axis, int64_t axis_size, const std::string& shape) {
  const char* source = node.since_version() == 1 ? "attribute 'k'" : "input 1 'K'";
  if (k < 0) fail<ValueError>(ErrorMessage() << node << ": " << source << " must not be negative, got " << k);
  if (k > axis_size) {
    fail<ValueError>(ErrorMessage() << node << ": " << source << " is " << k << ", larger than the size "
                                    << axis_size << " of axis " << axis << " of input 0 'X' (shape " << shape << ')');
  }
}

void fail_topk_k_shape(const Node& node, const std::string& shape) {
  fail<ValueError>(ErrorMessage() << node << ": input 1 'K' must be a 1-D tensor of one element, got shape " << shape);
}

namespace {

// K from the second input: a 1-D int64 tensor of one element.
int64_t input_k(const Node& node, const Tensor& k) {
  if (k.type() != DataType::kInt64) {
    fail<TypeError>(ErrorMessage() << node << ": input 1 'K' must be int64, got " << type_name(k.type()));
  }
  if (k.rank() != 1 || k.size() != 1) {
    fail_topk_k_shape(node, text_of(ShapeText{k.dims()}));
  }
  return k.data<int64_t>()[0];
}

// A TopK node's run, validated: the outputs' dims, the axis view and the options.
struct PreparedTopK {
  Shape out_dims;
  AxisExtent extent;
  int64_t k = 0;
  bool largest = true;
};

PreparedTopK prepare_topk(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  check_data_type(node, x, 0);
  const int64_t axis = topk_axis(node, x.rank());
  const int64_t k = node.since_version() == 1 ? topk_attribute_k(node) : input_k(node, *inputs[1]);
  check_topk_k(node, k, axis, x.dims()[axis], text_of(ShapeText{x.dims()}));
  PreparedTopK p;
  p.out_dims = x.dims();
  p.out_dims[axis] = k;
  p.extent = make_axis_extent(x.dims(), axis);
  p.k = k;
  // 'sorted' = 0 allows any order; the sorted one is returned at every version.
  p.largest = node.int_attribute("largest", 1) != 0;
  return p;
}

// TopK with X in pieces of whole slices, each selected as it arrives into its place in the
// outputs.
class TopKRun final : public SliceRun {
 public:
  TopKRun(DataType type, PreparedTopK p)
      : SliceRun("streamed TopK", orw::element_size(type), static_cast<size_t>(p.extent.outer),
                 static_cast<size_t>(p.extent.n * p.extent.inner)),
        type_(type), p_(std::move(p)), values_(Tensor::uninitialized(type, p_.out_dims)),
        indices_(Tensor::uninitialized(DataType::kInt64, p_.out_dims)) {}
  bool output_in_pieces() const override { return false; }

 private:
  void feed_slices(const void* in, void*, size_t first, size_t count) override {
    const auto out_slice = static_cast<size_t>(p_.k * p_.extent.inner);
    auto* values = static_cast<char*>(values_.mutable_raw()) + first * out_slice * element_size();
    int64_t* indices = indices_.mutable_data<int64_t>() + first * out_slice;
    kernels::topk(type_, {static_cast<int64_t>(count), p_.extent.n, p_.extent.inner}, p_.k, p_.largest, in, values,
                  indices);
  }
  std::vector<Tensor> outputs() override { return {values_, indices_}; }

  DataType type_;
  PreparedTopK p_;
  Tensor values_, indices_;
};

}  // namespace

std::vector<Tensor> run_topk(const Node& node, const std::vector<const Tensor*>& inputs,
                             RunMemo& memo, const PlacedOutputs& placed) {
  auto& m = memo.plan<PreparedTopK, 2>(inputs, 1, [&] { return prepare_topk(node, inputs); });
  const PreparedTopK& p = m.prepared;
  const DataType type = inputs[0]->type();
  Tensor values_out = placed.output(0, type, p.out_dims, &m.outputs[0]);
  Tensor indices_out = placed.output(1, DataType::kInt64, p.out_dims, &m.outputs[1]);
  if (values_out.size() == 0) return {values_out, indices_out};
  // Slices (outer indices) are independent: tasks of whole slices.
  const size_t es = element_size(type);
  const AxisExtent& extent = p.extent;
  const auto in_slice = static_cast<size_t>(extent.n * extent.inner);
  const auto out_slice = static_cast<size_t>(p.k * extent.inner);
  const auto* in = static_cast<const char*>(inputs[0]->raw());
  auto* values = static_cast<char*>(values_out.mutable_raw());
  int64_t* indices = indices_out.mutable_data<int64_t>();
  auto part = [&](size_t s0, size_t s1) {
    const AxisExtent part_extent{static_cast<int64_t>(s1 - s0), extent.n, extent.inner};
    kernels::topk(type, part_extent, p.k, p.largest, in + s0 * in_slice * es, values + s0 * out_slice * es,
                  indices + s0 * out_slice);
  };
  run_slices(static_cast<size_t>(extent.outer), in_slice * es, part);
  return {values_out, indices_out};
}

std::unique_ptr<StreamedRun> start_streamed_topk(const Node& node, const std::vector<const Tensor*>& inputs) {
  const DataType type = inputs[0]->type();
  PreparedTopK p = prepare_topk(node, inputs);
  // An empty output, or slices larger than a piece may be: the run on the whole input.
  const AxisExtent& extent = p.extent;
  if (extent.outer * p.k * extent.inner == 0 ||
      !SliceRun::streams(static_cast<size_t>(extent.outer), static_cast<size_t>(extent.n * extent.inner),
                         element_size(type))) {
    return nullptr;
  }
  return std::make_unique<TopKRun>(type, std::move(p));
}

}  // namespace orw
