// The layout operators: check the inputs, work out the output dims, and hand back the input's
// bytes under them (Expand and Shape write new tensors).
#include <cstring>
#include <optional>
#include <stdexcept>

#include "core/errors.h"
#include "layout/layout.h"
#include "onnx/node_inputs.h"
#include "plan/axes.h"
#include "plan/broadcast_plan.h"
#include "plan/broadcast_walk.h"

namespace orw {
namespace {

// The data input (0), its type checked against the row's.
const Tensor& data_input(const Node& node, const std::vector<const Tensor*>& inputs) {
  check_data_type(node, *inputs[0], 0);
  return *inputs[0];
}

// A 1-D int64 input (axes, shape) as values.
std::vector<int64_t> int64_list(const Node& node, const Tensor& t, size_t index) {
  if (t.rank() != 1) {
    fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " must be a 1-D tensor, got shape "
                                    << ShapeText{t.dims()});
  }
  return read_int_values(node, t, index, false);
}

// Squeeze's and Unsqueeze's axes: attribute 'axes' (1, 11) or input 1 (13 on); nullopt when
// the node gives none.
std::optional<std::vector<int64_t>> given_axes(const Node& node, const std::vector<const Tensor*>& inputs) {
  if (node.schema().axes_from == AxesFrom::kInput) {
    const Tensor* axes = optional_input(inputs, 1);
    if (!axes) return std::nullopt;
    return int64_list(node, *axes, 1);
  }
  if (const Attribute* a = node.find_attribute("axes")) return a->ints;
  return std::nullopt;
}

const char* axes_source(const Node& node) {
  return node.schema().axes_from == AxesFrom::kInput ? "input 1 'axes'" : "attribute 'axes'";
}

// One output: the input's bytes seen with `dims`.
std::vector<Tensor> view_as(const Tensor& x, Shape dims) { return {x.reshaped(std::move(dims))}; }

// Element-size copies of one broadcast row (b is the same walk as a: the row reads a only).
template <size_t kSize>
void copy_row(const void* a, const void*, void* out, size_t n) {
  std::memcpy(out, a, n * kSize);
}

BroadcastRowFn copy_row_of(size_t element_size) {
  switch (element_size) {
    case 1: return copy_row<1>;
    case 2: return copy_row<2>;
    case 4: return copy_row<4>;
    default: return copy_row<8>;
  }
}

}  // namespace

std::vector<int64_t> unsqueeze_axes(const Node& node, const std::vector<int64_t>& axes, int64_t in_rank,
                                    const char* source) {
  return normalize_axes(node, axes, in_rank + static_cast<int64_t>(axes.size()), source);
}

int64_t flatten_axis(const Node& node, int64_t rank) {
  const int64_t given = node.int_attribute("axis", 1);
  const int64_t axis = given < 0 ? given + rank : given;
  if (axis < 0 || axis > rank) {
    fail<ValueError>(ErrorMessage() << node << ": attribute 'axis' is " << given << ", outside [" << -rank << ", "
                                    << rank << "] for an input of rank " << rank);
  }
  return axis;
}

std::pair<int64_t, int64_t> shape_range(const Node& node, int64_t rank) {
  auto clamp = [rank](int64_t v) {
    if (v < 0) v += rank;
    return v < 0 ? 0 : v > rank ? rank : v;
  };
  const int64_t start = clamp(node.int_attribute("start", 0));
  const int64_t end = clamp(node.int_attribute("end", rank));
  return {start, end < start ? start : end};
}

bool reshape_allows_zero(const Node& node) { return node.int_attribute("allowzero", 0) != 0; }

Shape reshaped_dims(const Node& node, const Shape& in, const std::vector<int64_t>& shape, const char* source) {
  const bool allow_zero = reshape_allows_zero(node);
  Shape out(shape.size());
  int64_t inferred = -1;  // the index of the -1 entry
  bool has_zero = false;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t v = shape[i];
    auto where = [&] { return ErrorMessage() << node << ": " << source << " entry " << i << " (" << v << ')'; };
    out[i] = v;
    if (v == -1) {
      if (inferred >= 0) fail<ValueError>(where() << " is a second -1; at most one dim is inferred");
      inferred = static_cast<int64_t>(i);
      out[i] = 1;  // for the product of the others, below
    } else if (v < -1) {
      fail<ValueError>(where() << " is negative; entries are dims, 0 or one -1");
    } else if (v == 0 && !allow_zero) {
      if (i >= in.size()) {
        fail<ValueError>(where() << " copies dim " << i << " of input 0 'data', which has rank " << in.size());
      }
      out[i] = in[i];
    }
    has_zero = has_zero || v == 0;
  }
  const int64_t count = checked_element_count(in, node.op_type());
  const int64_t known = checked_element_count(out, node.op_type());  // with the -1 as 1
  if (inferred >= 0) {
    if (allow_zero && has_zero) {
      fail<ValueError>(ErrorMessage() << node << ": " << source
                                      << " has both a 0 and a -1, which 'allowzero' = 1 does not allow");
    }
    if (known == 0 || count % known != 0) {
      fail<ValueError>(ErrorMessage() << node << ": " << source << ' ' << ShapeText{shape} << " cannot hold the "
                                      << count << " elements of input 0 'data' of shape " << ShapeText{in}
                                      << " (the -1 has no whole value)");
    }
    out[static_cast<size_t>(inferred)] = count / known;
  } else if (known != count) {
    fail<ValueError>(ErrorMessage() << node << ": " << source << ' ' << ShapeText{shape} << " gives shape "
                                    << ShapeText{out} << " of " << known << " elements, but input 0 'data' of shape "
                                    << ShapeText{in} << " has " << count);
  }
  return out;
}

std::vector<Tensor> run_reshape(const Node& node, const std::vector<const Tensor*>& inputs,
                                RunMemo&, const PlacedOutputs&) {
  const Tensor& x = data_input(node, inputs);
  if (node.schema().inputs.size() < 2) {  // version 1: attribute 'shape'
    const Attribute* a = node.find_attribute("shape");
    if (!a) fail<ValueError>(ErrorMessage() << node << ": attribute 'shape' is required");
    return view_as(x, reshaped_dims(node, x.dims(), a->ints, "attribute 'shape'"));
  }
  return view_as(x, reshaped_dims(node, x.dims(), int64_list(node, *inputs[1], 1), "input 1 'shape'"));
}

std::vector<Tensor> run_squeeze(const Node& node, const std::vector<const Tensor*>& inputs,
                                RunMemo&, const PlacedOutputs&) {
  const Tensor& x = data_input(node, inputs);
  const auto axes = given_axes(node, inputs);
  if (!axes) {  // every dim of size 1
    Shape out;
    for (int64_t d : x.dims()) {
      if (d != 1) out.push_back(d);
    }
    return view_as(x, std::move(out));
  }
  const std::vector<int64_t> sorted = normalize_axes(node, *axes, x.rank(), axes_source(node));
  for (int64_t a : sorted) {
    if (x.dims()[static_cast<size_t>(a)] != 1) {
      fail<ValueError>(ErrorMessage() << node << ": " << axes_source(node) << " names axis " << a
                                      << ", but dim " << a << " of input 0 'data' of shape " << ShapeText{x.dims()}
                                      << " is " << x.dims()[static_cast<size_t>(a)] << ", not 1");
    }
  }
  return view_as(x, reduced_dims(x.dims(), sorted, false, int64_t{1}));
}

std::vector<Tensor> run_unsqueeze(const Node& node, const std::vector<const Tensor*>& inputs,
                                  RunMemo&, const PlacedOutputs&) {
  const Tensor& x = data_input(node, inputs);
  const auto axes = given_axes(node, inputs);
  if (!axes) fail<ValueError>(ErrorMessage() << node << ": attribute 'axes' is required");
  const std::vector<int64_t> sorted = unsqueeze_axes(node, *axes, x.rank(), axes_source(node));
  return view_as(x, unsqueezed_dims(x.dims(), sorted, int64_t{1}));
}

std::vector<Tensor> run_flatten(const Node& node, const std::vector<const Tensor*>& inputs,
                                RunMemo&, const PlacedOutputs&) {
  const Tensor& x = data_input(node, inputs);
  const int64_t axis = flatten_axis(node, x.rank());
  const Shape& d = x.dims();
  const int64_t outer = checked_element_count(Shape(d.begin(), d.begin() + axis), node.op_type());
  const int64_t inner = checked_element_count(Shape(d.begin() + axis, d.end()), node.op_type());
  return view_as(x, {outer, inner});
}

std::vector<Tensor> run_identity(const Node& node, const std::vector<const Tensor*>& inputs,
                                 RunMemo&, const PlacedOutputs&) {
  return {data_input(node, inputs)};
}

std::vector<Tensor> run_shape(const Node& node, const std::vector<const Tensor*>& inputs,
                              RunMemo&, const PlacedOutputs& placed) {
  const Tensor& x = data_input(node, inputs);
  const auto [start, end] = shape_range(node, x.rank());
  Tensor out = placed.output(0, DataType::kInt64, {end - start});
  for (int64_t d = start; d < end; ++d) out.mutable_data<int64_t>()[d - start] = x.dims()[static_cast<size_t>(d)];
  return {out};
}

std::vector<Tensor> run_expand(const Node& node, const std::vector<const Tensor*>& inputs,
                               RunMemo&, const PlacedOutputs& placed) {
  const Tensor& x = data_input(node, inputs);
  const std::vector<int64_t> shape = int64_list(node, *inputs[1], 1);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0) {
      fail<ValueError>(ErrorMessage() << node << ": input 1 'shape' entry " << i << " is negative (" << shape[i] << ')');
    }
  }
  BroadcastPlan plan;
  try {
    plan = plan_broadcast(x.dims(), shape);
  } catch (const std::invalid_argument& e) {
    fail<ValueError>(ErrorMessage() << node << ": input 0 'input' of shape " << ShapeText{x.dims()}
                                    << " does not broadcast to input 1 'shape' " << ShapeText{shape} << " ("
                                    << e.what() << ')');
  }
  checked_byte_size(x.type(), checked_element_count(plan.output_dims, node.op_type()), node.op_type());
  Tensor out = placed.output(0, x.type(), plan.output_dims);
  // The second operand walks as the first: the copy row reads one input, repeated or not.
  plan.b_strides = plan.a_strides;
  walk_broadcast(plan, element_size(x.type()), x.raw(), x.raw(), out.mutable_raw(), copy_row_of(element_size(x.type())));
  return {out};
}

}  // namespace orw
