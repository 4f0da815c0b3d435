// The element-wise operators: validate inputs and attributes, then run the kernels of
// kernels/elementwise.h.
#include "ops/elementwise_ops.h"

#include <cctype>
#include <stdexcept>
#include <string>

#include "core/errors.h"
#include "kernels/elementwise.h"
#include "ops/inputs.h"
#include "plan/broadcast_plan.h"

namespace orw {
namespace {

using kernels::UnaryOp;

std::vector<Tensor> run_unary(const Node& node, const std::vector<const Tensor*>& inputs, UnaryOp op) {
  const Tensor& x = *inputs[0];
  check_data_type(node, x, 0);
  Tensor out = Tensor::uninitialized(x.type(), x.dims());
  kernels::unary(op, x.type(), x.raw(), out.mutable_raw(), static_cast<size_t>(x.size()));
  return {out};
}

// The Cast version that first accepts ONNX element type `t` (TensorProto.DataType number), or
// 0 when no version does (undefined, complex, unknown numbers).
int cast_type_since(int32_t t) {
  if ((t >= 1 && t <= 7) || (t >= 9 && t <= 13)) return 1;
  switch (t) {
    case 8: return 9;                                   // string
    case 16: return 13;                                 // bfloat16
    case 17: case 18: case 19: case 20: return 19;      // float8 e4m3fn, e4m3fnuz, e5m2, e5m2fnuz
    case 21: case 22: return 21;                        // uint4, int4
    case 23: return 23;                                 // float4e2m1
    case 24: return 24;                                 // float8e8m0
    case 25: case 26: return 25;                        // uint2, int2
    default: return 0;
  }
}

// Cast version 1 names its target by TensorProto.DataType name ("FLOAT"); any letter case.
int32_t type_from_name(const Node& node, const std::string& name) {
  static const char* const kNames[] = {"UNDEFINED", "FLOAT",  "UINT8",  "INT8",      "UINT16",     "INT16",
                                       "INT32",     "INT64",  "STRING", "BOOL",      "FLOAT16",    "DOUBLE",
                                       "UINT32",    "UINT64", "COMPLEX64", "COMPLEX128", "BFLOAT16"};
  std::string upper = name;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int32_t t = 1; t < static_cast<int32_t>(sizeof kNames / sizeof kNames[0]); ++t) {
    if (upper == kNames[t]) return t;
  }
  fail<ValueError>(ErrorMessage()
                              << node << ": attribute 'to' is \"" << Printable{name}
                              << "\", which is not a TensorProto.DataType name (e.g. \"FLOAT\", \"INT64\")");
}

// Appends "float (1)": an element type's name and TensorProto.DataType number.
struct TypeLabel {
  int32_t type;
};
ErrorMessage& operator<<(ErrorMessage& m, TypeLabel label) {
  return m << type_name(static_cast<DataType>(label.type)) << " (" << label.type << ')';
}

// Appends "input 0 'A' of shape [2,3] and input 1 'B' of shape [3]": Mul's two inputs.
struct BothInputs {
  const Node& node;
  const Shape& a;
  const Shape& b;
};
ErrorMessage& operator<<(ErrorMessage& m, BothInputs both) {
  return m << InputLabel{both.node, 0} << " of shape " << ShapeText{both.a} << " and " << InputLabel{both.node, 1}
           << " of shape " << ShapeText{both.b};
}

// B's dims placed in A's rank for the legacy broadcast of Mul 1-6 (1 elsewhere).
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

}  // namespace

std::vector<Tensor> run_abs(const Node& node, const std::vector<const Tensor*>& in) { return run_unary(node, in, UnaryOp::kAbs); }
std::vector<Tensor> run_exp(const Node& node, const std::vector<const Tensor*>& in) { return run_unary(node, in, UnaryOp::kExp); }
std::vector<Tensor> run_log(const Node& node, const std::vector<const Tensor*>& in) { return run_unary(node, in, UnaryOp::kLog); }
std::vector<Tensor> run_sqrt(const Node& node, const std::vector<const Tensor*>& in) { return run_unary(node, in, UnaryOp::kSqrt); }

bool is_legacy_mul(const Node& node) { return node.since_version() < 7; }

Shape mul_output_dims(const Node& node, const Shape& a, const Shape& b) {
  if (is_legacy_mul(node)) {
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

std::vector<Tensor> run_mul(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& a = *inputs[0];
  const Tensor& b = *inputs[1];
  check_data_type(node, a, 0);
  check_data_type(node, b, 1);
  if (a.type() != b.type()) {
    fail<TypeError>(ErrorMessage() << node << ": " << InputLabel{node, 1} << " has element type " << type_name(b.type())
                                   << " but " << InputLabel{node, 0} << " has " << type_name(a.type())
                                   << "; both inputs must have the same type");
  }
  const Shape out_dims = mul_output_dims(node, a.dims(), b.dims());
  const BroadcastPlan plan = plan_broadcast(a.dims(), is_legacy_mul(node) ? legacy_aligned_b(node, a.dims(), b.dims()) : b.dims());
  Tensor out = Tensor::uninitialized(a.type(), out_dims);
  kernels::mul(a.type(), plan, a.raw(), b.raw(), out.mutable_raw());
  return {out};
}

DataType cast_target(const Node& node) {
  const Attribute* to = node.find_attribute("to");
  if (!to) {
    fail<ValueError>(ErrorMessage() << node << ": attribute 'to' is required (the target element type)");
  }
  int64_t t = to->type == AttrType::kString ? type_from_name(node, to->s) : to->i;
  const int since = t >= 0 && t <= 64 ? cast_type_since(static_cast<int32_t>(t)) : 0;
  if (since == 0) {
    fail<ValueError>(ErrorMessage()
                                << node << ": attribute 'to' = " << t
                                << " is not an element type Cast can produce (complex, undefined or unknown)");
  }
  const auto type = static_cast<DataType>(t);
  if (since > node.since_version()) {
    fail<ValueError>(ErrorMessage() << node << ": attribute 'to' is " << TypeLabel{static_cast<int32_t>(t)}
                                               << ", which Cast accepts only from version " << since
                                               << " (this node resolves to version " << node.since_version() << ')');
  }
  if (!node.schema().types.contains(type)) {
    fail<TypeError>(ErrorMessage() << node << ": attribute 'to' is " << TypeLabel{static_cast<int32_t>(t)}
                                   << ", an element type this package does not support (supported: "
                                   << node.schema().types.describe() << ')');
  }
  return type;
}

void check_round_mode(const Node& node) {
  const Attribute* a = node.find_attribute("round_mode");
  if (a && a->s != "up" && a->s != "down" && a->s != "nearest") {
    fail<ValueError>(ErrorMessage()
                                << node << ": attribute 'round_mode' must be \"up\", \"down\" or \"nearest\", got \""
                                << Printable{a->s} << '"');
  }
}

void check_cast_node(const Node& node) {
  cast_target(node);
  check_round_mode(node);
}

std::vector<Tensor> run_cast(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  check_data_type(node, x, 0);
  const DataType to = cast_target(node);
  Tensor out = Tensor::uninitialized(to, x.dims());
  kernels::cast(x.type(), to, x.raw(), out.mutable_raw(), static_cast<size_t>(x.size()));
  return {out};
}

std::vector<Tensor> run_cast_like(const Node& node, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  const Tensor& like = *inputs[1];
  check_data_type(node, x, 0);
  check_data_type(node, like, 1);
  Tensor out = Tensor::uninitialized(like.type(), x.dims());
  kernels::cast(x.type(), like.type(), x.raw(), out.mutable_raw(), static_cast<size_t>(x.size()));
  return {out};
}

}  // namespace orw
