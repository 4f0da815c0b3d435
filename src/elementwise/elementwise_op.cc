// The element-wise operators: validate inputs and attributes, then run the kernels of
// elementwise_kernels.h.
#include "elementwise/elementwise.h"

#include <cctype>
#include <stdexcept>
#include <string>

#include "core/errors.h"
#include "core/parallel.h"
#include "elementwise/elementwise_kernels.h"
#include "onnx/attribute_rules.h"
#include "onnx/node_inputs.h"
#include "plan/broadcast_plan.h"
#include "plan/pieces.h"

namespace orw {
namespace {

using kernels::BinaryOp;
using kernels::UnaryOp;

UnaryOp unary_op_of(ElementwiseOp op) {
  switch (op) {
    case ElementwiseOp::kExp: return UnaryOp::kExp;
    case ElementwiseOp::kLog: return UnaryOp::kLog;
    case ElementwiseOp::kSqrt: return UnaryOp::kSqrt;
    case ElementwiseOp::kNeg: return UnaryOp::kNeg;
    case ElementwiseOp::kReciprocal: return UnaryOp::kReciprocal;
    default: return UnaryOp::kAbs;
  }
}

BinaryOp binary_op_of(ElementwiseOp op) {
  switch (op) {
    case ElementwiseOp::kAdd: return BinaryOp::kAdd;
    case ElementwiseOp::kSub: return BinaryOp::kSub;
    case ElementwiseOp::kDiv: return BinaryOp::kDiv;
    default: return BinaryOp::kMul;
  }
}

// Integer division by zero has no value (C++ traps or is undefined): refused before the
// kernel runs, naming the first zero of the divisor.
void check_no_zero_divisor(const Node& node, const Tensor& b) {
  constexpr TypeSet kIntegers = {DataType::kInt8,  DataType::kInt16,  DataType::kInt32,  DataType::kInt64,
                                 DataType::kUint8, DataType::kUint16, DataType::kUint32, DataType::kUint64};
  if (!kIntegers.contains(b.type())) return;
  const size_t width = element_size(b.type());
  const auto* bytes = static_cast<const unsigned char*>(b.raw());
  for (int64_t i = 0; i < b.size(); ++i) {
    bool zero = true;
    for (size_t k = 0; k < width; ++k) zero = zero && bytes[i * width + k] == 0;
    if (zero) {
      fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 1} << " holds 0 at index " << i
                                      << "; integer division by zero has no result");
    }
  }
}

// Appends "input 0 'A' of shape [2,3] and input 1 'B' of shape [3]": the two inputs.
struct BothInputs {
  const Node& node;
  const Shape& a;
  const Shape& b;
};
ErrorMessage& operator<<(ErrorMessage& m, BothInputs both) {
  return m << InputLabel{both.node, 0} << " of shape " << ShapeText{both.a} << " and " << InputLabel{both.node, 1}
           << " of shape " << ShapeText{both.b};
}

// B's dims placed in A's rank for the legacy broadcast of versions 1-6 (1 elsewhere).
Shape legacy_aligned_b(const Node& node, const Shape& a, const Shape& b) {
  const bool broadcast = node.int_attribute("broadcast", 0) != 0;
  const BothInputs both{node, a, b};
  if (!broadcast) {
    if (a != b) {
      fail<ValueError>(ErrorMessage()
                                  << node << ": " << both
                                  << " differ; this version broadcasts only with attribute 'broadcast' = 1");
    }
    return b;
  }
  int64_t count = 1;
  for (int64_t d : b) count *= d;
  if (count == 1 && b.size() <= a.size()) return Shape(a.size(), 1);
  const auto ra = static_cast<int64_t>(a.size()), rb = static_cast<int64_t>(b.size());
  const Attribute* axis_attr = node.find_attribute("axis");
  const int64_t axis = axis_attr ? axis_attr->i : ra - rb;
  if (rb > ra || axis < 0 || axis + rb > ra) {
    fail<ValueError>(ErrorMessage()
                                << node << ": " << both
                                << ": with 'broadcast' = 1, B must have one element or match A's dims from axis "
                                << axis << " (attribute 'axis'), which does not fit");
  }
  Shape aligned(a.size(), 1);
  for (int64_t d = 0; d < rb; ++d) {
    if (b[d] != a[axis + d]) {
      fail<ValueError>(ErrorMessage() << node << ": " << both << ": B's dim " << d << " (" << b[d]
                                                 << ") differs from A's dim " << axis + d << " (" << a[axis + d]
                                                 << "); the legacy broadcast of this version needs them equal");
    }
    aligned[axis + d] = b[d];
  }
  return aligned;
}

// What an element-wise run's checks and plan give for one set of input types and dims, kept by
// RunMemo::plan so a repeated run on the same shapes neither re-checks nor re-plans: the
// output's type and dims, the broadcast plan (Add, Sub, Mul, Div) and Clip's bounds when they
// are attributes (versions 1, 6: converted to the input's type once).
struct PreparedElementwise {
  DataType type = DataType::kUndefined;
  Shape out_dims;
  BroadcastPlan plan;
  Tensor lo, hi;
};

// The node's memo through one instance of RunMemo::plan for the family. The key's inputs are
// all data: none is compared by value.
PlanMemo<PreparedElementwise>& planned(RunMemo& memo, const std::vector<const Tensor*>& inputs,
                                       PrepareFn<PreparedElementwise> prepare) {
  return memo.plan<PreparedElementwise>(inputs, inputs.size(), prepare);
}

// Element-wise kernels over parts of about a piece (a multiple of 4096 elements, so vector
// steps and tails fall where they fall in one call): the bits of one call on any thread count.
template <class F>
void by_parts(size_t n, size_t element_bytes, F&& kernel) {
  const size_t grain = (kPieceBytes / element_bytes + 4095) / 4096 * 4096;
  if (n <= grain) return kernel(size_t{0}, n);
  parallel_ranges(n, grain, kernel);
}

}  // namespace

std::vector<Tensor> run_unary(const Node& node, const std::vector<const Tensor*>& inputs,
                              RunMemo& memo, const PlacedOutputs& placed) {
  const Tensor& x = *inputs[0];
  auto& m = planned(memo, inputs, [&] {
    check_data_type(node, x, 0);
    return PreparedElementwise{x.type(), x.dims(), {}, {}, {}};
  });
  Tensor out = placed.output(0, x.type(), x.dims(), &m.outputs[0]);
  const UnaryOp op = unary_op_of(node.schema().elementwise_op);
  const size_t es = element_size(x.type());
  const auto* in = static_cast<const char*>(x.raw());
  auto* o = static_cast<char*>(out.mutable_raw());
  by_parts(static_cast<size_t>(x.size()), es, [&](size_t i0, size_t i1) {
    kernels::unary(op, x.type(), in + i0 * es, o + i0 * es, i1 - i0);
  });
  return {out};
}

bool is_legacy_broadcast(const Node& node) { return node.since_version() < 7; }

Shape arithmetic_output_dims(const Node& node, const Shape& a, const Shape& b) {
  if (is_legacy_broadcast(node)) {
    legacy_aligned_b(node, a, b);  // checks
    return a;
  }
  try {
    return plan_broadcast(a, b).output_dims;
  } catch (const std::invalid_argument& e) {
    fail<ValueError>(ErrorMessage()
                                << node << ": " << BothInputs{node, a, b} << " do not broadcast (" << e.what() << ')');
  }
}

std::vector<Tensor> run_arithmetic(const Node& node, const std::vector<const Tensor*>& inputs,
                                   RunMemo& memo, const PlacedOutputs& placed) {
  const Tensor& a = *inputs[0];
  const Tensor& b = *inputs[1];
  auto& m = planned(memo, inputs, [&] {
    check_data_type(node, a, 0);
    check_data_type(node, b, 1);
    if (a.type() != b.type()) {
      fail<TypeError>(ErrorMessage() << node << ": " << InputLabel{node, 1} << " has element type "
                                     << type_name(b.type()) << " but " << InputLabel{node, 0} << " has "
                                     << type_name(a.type()) << "; both inputs must have the same type");
    }
    const Shape out_dims = arithmetic_output_dims(node, a.dims(), b.dims());
    return PreparedElementwise{
        a.type(), out_dims,
        plan_broadcast(a.dims(), is_legacy_broadcast(node) ? legacy_aligned_b(node, a.dims(), b.dims()) : b.dims()),
        {}, {}};
  });
  const PreparedElementwise& p = m.prepared;
  const BinaryOp op = binary_op_of(node.schema().elementwise_op);
  // A check of the divisor's values, not its shape: on every run, after the shape checks.
  if (op == BinaryOp::kDiv) check_no_zero_divisor(node, b);
  Tensor out = placed.output(0, p.type, p.out_dims, &m.outputs[0]);
  kernels::binary(op, p.type, p.plan, a.raw(), b.raw(), out.mutable_raw());
  return {out};
}

namespace {

// x cast to `to` into out (of x's dims), by parts.
void cast_by_parts(const Tensor& x, DataType to, Tensor& out) {
  const size_t from_size = element_size(x.type()), to_size = element_size(to);
  const auto* in = static_cast<const char*>(x.raw());
  auto* o = static_cast<char*>(out.mutable_raw());
  by_parts(static_cast<size_t>(x.size()), from_size > to_size ? from_size : to_size, [&](size_t i0, size_t i1) {
    kernels::cast(x.type(), to, in + i0 * from_size, o + i0 * to_size, i1 - i0);
  });
}

}  // namespace

std::vector<Tensor> run_cast(const Node& node, const std::vector<const Tensor*>& inputs,
                             RunMemo& memo, const PlacedOutputs& placed) {
  const Tensor& x = *inputs[0];
  auto& m = planned(memo, inputs, [&] {
    check_data_type(node, x, 0);
    const DataType to = element_type_attribute(node, "to");
    // The row lists ONNX's newer types for shape inference; no tensor holds them.
    if (!is_runnable_type(static_cast<int32_t>(to))) {
      fail<UnsupportedError>(ErrorMessage() << node << ": attribute 'to' is " << type_name(to)
                                            << ", an element type the runtime does not run (known to shape inference only)");
    }
    return PreparedElementwise{to, x.dims(), {}, {}, {}};
  });
  Tensor out = placed.output(0, m.prepared.type, x.dims(), &m.outputs[0]);
  cast_by_parts(x, m.prepared.type, out);
  return {out};
}

std::vector<Tensor> run_cast_like(const Node& node, const std::vector<const Tensor*>& inputs,
                                  RunMemo& memo, const PlacedOutputs& placed) {
  const Tensor& x = *inputs[0];
  const Tensor& like = *inputs[1];
  auto& m = planned(memo, inputs, [&] {
    check_data_type(node, x, 0);
    check_data_type(node, like, 1);
    return PreparedElementwise{like.type(), x.dims(), {}, {}, {}};
  });
  Tensor out = placed.output(0, like.type(), x.dims(), &m.outputs[0]);
  cast_by_parts(x, like.type(), out);
  return {out};
}

namespace {

// Clip's bound `name` (input `index` from version 11, else the float attribute) as one element
// of x's type, or an empty tensor when the node gives none.
Tensor clip_bound(const Node& node, const std::vector<const Tensor*>& inputs, size_t index, const char* name,
                  DataType type) {
  if (node.since_version() < 11) {
    const Attribute* a = node.find_attribute(name);
    if (!a) return Tensor();
    Tensor bound = Tensor::uninitialized(type, {});
    kernels::cast(DataType::kFloat, type, &a->f, bound.mutable_raw(), 1);
    return bound;
  }
  const Tensor* t = optional_input(inputs, index);
  if (!t) return Tensor();
  if (t->type() != type) {
    fail<TypeError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " has element type "
                                   << type_name(t->type()) << " but " << InputLabel{node, 0} << " has "
                                   << type_name(type) << "; the bounds must have the input's type");
  }
  if (t->size() != 1 || t->rank() > 1) {
    fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " must be a scalar, got shape "
                                    << ShapeText{t->dims()});
  }
  return *t;
}

// A bound's bytes on this run: the attribute's, kept in the plan, or the input's (from version
// 11: its values may change between runs of the same shapes); null when there is none.
const void* bound_bytes(const Node& node, const std::vector<const Tensor*>& inputs, size_t index, const Tensor& kept) {
  if (node.since_version() < 11) return kept.raw();
  const Tensor* t = optional_input(inputs, index);
  return t ? t->raw() : nullptr;
}

}  // namespace

std::vector<Tensor> run_clip(const Node& node, const std::vector<const Tensor*>& inputs,
                             RunMemo& memo, const PlacedOutputs& placed) {
  const Tensor& x = *inputs[0];
  auto& m = planned(memo, inputs, [&] {
    check_data_type(node, x, 0);
    Tensor lo = clip_bound(node, inputs, 1, "min", x.type());
    Tensor hi = clip_bound(node, inputs, 2, "max", x.type());
    // Bound inputs are checked here but not kept: the plan must not hold the caller's tensors.
    if (node.since_version() >= 11) lo = hi = Tensor();
    return PreparedElementwise{x.type(), x.dims(), {}, std::move(lo), std::move(hi)};
  });
  const void* lo = bound_bytes(node, inputs, 1, m.prepared.lo);
  const void* hi = bound_bytes(node, inputs, 2, m.prepared.hi);
  Tensor out = placed.output(0, x.type(), x.dims(), &m.outputs[0]);
  const size_t es = element_size(x.type());
  const auto* in = static_cast<const char*>(x.raw());
  auto* o = static_cast<char*>(out.mutable_raw());
  by_parts(static_cast<size_t>(x.size()), es, [&](size_t i0, size_t i1) {
    kernels::clip(x.type(), in + i0 * es, lo, hi, o + i0 * es, i1 - i0);
  });
  return {out};
}

}  // namespace orw
