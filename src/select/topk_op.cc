// TopK: validate the node and its inputs, then select along the axis with the TopK kernels.
#include "select/select.h"

#include "core/errors.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"
#include "select/topk_kernels.h"

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

namespace {

// K from the second input: a 1-D int64 tensor of one element.
int64_t input_k(const Node& node, const Tensor& k) {
  if (k.type() != DataType::kInt64) {
    fail<TypeError>(ErrorMessage() << node << ": input 1 'K' must be int64, got " << type_name(k.type()));
  }
  if (k.rank() != 1 || k.size() != 1) {
    fail<ValueError>(ErrorMessage() << node << ": input 1 'K' must be a 1-D tensor of one element, got shape "
                                    << ShapeText{k.dims()});
  }
  return k.data<int64_t>()[0];
}

}  // namespace

std::vector<Tensor> run_topk(const Node& node, const std::vector<const Tensor*>& inputs, RunMemo&) {
  const Tensor& x = *inputs[0];
  check_data_type(node, x, 0);
  const int64_t axis = topk_axis(node, x.rank());
  const int64_t k = node.since_version() == 1 ? topk_attribute_k(node) : input_k(node, *inputs[1]);
  check_topk_k(node, k, axis, x.dims()[axis], text_of(ShapeText{x.dims()}));
  Shape dims = x.dims();
  dims[axis] = k;
  Tensor values = Tensor::uninitialized(x.type(), dims);
  Tensor indices = Tensor::uninitialized(DataType::kInt64, dims);
  const AxisExtent g = make_axis_extent(x.dims(), axis);
  // 'sorted' = 0 allows any order; the sorted one is returned at every version.
  const bool largest = node.int_attribute("largest", 1) != 0;
  if (values.size() > 0) {
    kernels::topk(x.type(), g, k, largest, x.raw(), values.mutable_raw(), indices.mutable_data<int64_t>());
  }
  return {values, indices};
}

}  // namespace orw
