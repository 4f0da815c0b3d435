// Shared test helpers: building typed tensors from plain numbers, reading them back, building
// nodes, a platform-independent random source (std::mt19937 bits only; the standard
// distributions differ between libstdc++ and libc++, so they are not used), the spec's tables
// and a tolerant comparison. The references written from the definitions are in references.h.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/dtype.h"
#include "core/errors.h"
#include "core/half.h"
#include "core/tensor.h"
#include "core/attribute.h"
#include "onnx/node.h"
#include "runtime/run_node.h"

namespace orw_test {

using orw::Attribute;
using orw::DataType;
using orw::Node;
using orw::Shape;
using orw::Tensor;

// Every element type the kernels implement, in ONNX numbering order.
inline const std::vector<DataType>& arithmetic_types() {
  static const std::vector<DataType> types = {DataType::kFloat,   DataType::kInt32,  DataType::kInt64,
                                              DataType::kFloat16, DataType::kDouble, DataType::kUint32,
                                              DataType::kUint64,  DataType::kBfloat16};
  return types;
}

inline bool is_integer(DataType t) {
  return t == DataType::kInt32 || t == DataType::kInt64 || t == DataType::kUint32 || t == DataType::kUint64;
}
inline bool is_half_type(DataType t) { return t == DataType::kFloat16 || t == DataType::kBfloat16; }

// Stores `v` as element i of a buffer of `type` (halfs round to nearest even from float; 8/16-bit
// integers wrap; bool stores 1 for any nonzero value).
inline void store_value(DataType type, void* data, size_t i, double v) {
  switch (type) {
    case DataType::kFloat: static_cast<float*>(data)[i] = static_cast<float>(v); return;
    case DataType::kDouble: static_cast<double*>(data)[i] = v; return;
    case DataType::kFloat16: static_cast<uint16_t*>(data)[i] = orw::f32_to_f16(static_cast<float>(v)); return;
    case DataType::kBfloat16: static_cast<uint16_t*>(data)[i] = orw::f32_to_bf16(static_cast<float>(v)); return;
    case DataType::kInt32: static_cast<int32_t*>(data)[i] = static_cast<int32_t>(v); return;
    case DataType::kInt64: static_cast<int64_t*>(data)[i] = static_cast<int64_t>(v); return;
    case DataType::kUint32: static_cast<uint32_t*>(data)[i] = static_cast<uint32_t>(static_cast<int64_t>(v)); return;
    case DataType::kUint64: static_cast<uint64_t*>(data)[i] = static_cast<uint64_t>(static_cast<int64_t>(v)); return;
    case DataType::kInt8: static_cast<int8_t*>(data)[i] = static_cast<int8_t>(static_cast<int64_t>(v)); return;
    case DataType::kUint8: static_cast<uint8_t*>(data)[i] = static_cast<uint8_t>(static_cast<int64_t>(v)); return;
    case DataType::kInt16: static_cast<int16_t*>(data)[i] = static_cast<int16_t>(static_cast<int64_t>(v)); return;
    case DataType::kUint16: static_cast<uint16_t*>(data)[i] = static_cast<uint16_t>(static_cast<int64_t>(v)); return;
    case DataType::kBool: static_cast<uint8_t*>(data)[i] = v != 0 ? 1 : 0; return;
    default: throw std::logic_error("store_value: unsupported test type " + orw::type_name(type));
  }
}

// Element i of a buffer of `type`, as a double (halfs widened exactly).
inline double load_value(DataType type, const void* data, size_t i) {
  switch (type) {
    case DataType::kFloat: return static_cast<const float*>(data)[i];
    case DataType::kDouble: return static_cast<const double*>(data)[i];
    case DataType::kFloat16: return orw::f16_to_f32(static_cast<const uint16_t*>(data)[i]);
    case DataType::kBfloat16: return orw::bf16_to_f32(static_cast<const uint16_t*>(data)[i]);
    case DataType::kInt32: return static_cast<double>(static_cast<const int32_t*>(data)[i]);
    case DataType::kInt64: return static_cast<double>(static_cast<const int64_t*>(data)[i]);
    case DataType::kUint32: return static_cast<double>(static_cast<const uint32_t*>(data)[i]);
    case DataType::kUint64: return static_cast<double>(static_cast<const uint64_t*>(data)[i]);
    case DataType::kInt8: return static_cast<const int8_t*>(data)[i];
    case DataType::kUint8: return static_cast<const uint8_t*>(data)[i];
    case DataType::kInt16: return static_cast<const int16_t*>(data)[i];
    case DataType::kUint16: return static_cast<const uint16_t*>(data)[i];
    case DataType::kBool: return static_cast<const uint8_t*>(data)[i];  // the stored byte: 0/1, or anything else
    default: throw std::logic_error("load_value: unsupported test type " + orw::type_name(type));
  }
}

// An owned tensor of `type` holding `values` (converted element by element).
inline Tensor make_tensor(DataType type, Shape dims, const std::vector<double>& values) {
  Tensor t(type, std::move(dims));
  if (static_cast<size_t>(t.size()) != values.size()) {
    throw std::logic_error("make_tensor: " + std::to_string(values.size()) + " values for shape " +
                           orw::shape_to_string(t.dims()));
  }
  for (size_t i = 0; i < values.size(); ++i) store_value(type, t.mutable_raw(), i, values[i]);
  return t;
}

// An owned tensor whose elements are exactly `values` (element type given by the caller).
template <class T>
Tensor make_typed(DataType type, Shape dims, const std::vector<T>& values) {
  Tensor t(type, std::move(dims));
  if (static_cast<size_t>(t.size()) != values.size() || orw::element_size(type) != sizeof(T)) {
    throw std::logic_error("make_typed: size mismatch");
  }
  if (!values.empty()) std::memcpy(t.mutable_raw(), values.data(), values.size() * sizeof(T));
  return t;
}

inline Tensor int64_tensor(Shape dims, const std::vector<int64_t>& values) {
  return make_typed<int64_t>(DataType::kInt64, std::move(dims), values);
}
inline Tensor int64_vector(const std::vector<int64_t>& values) {
  return int64_tensor({static_cast<int64_t>(values.size())}, values);
}
inline Tensor int64_scalar(int64_t v) { return int64_tensor({}, {v}); }

inline std::vector<double> to_doubles(const Tensor& t) {
  std::vector<double> out(static_cast<size_t>(t.size()));
  for (size_t i = 0; i < out.size(); ++i) out[i] = load_value(t.type(), t.raw(), i);
  return out;
}

template <class T>
std::vector<T> to_vector(const Tensor& t) {
  if (orw::element_size(t.type()) != sizeof(T)) throw std::logic_error("to_vector: size mismatch");
  std::vector<T> out(static_cast<size_t>(t.size()));
  if (!out.empty()) std::memcpy(out.data(), t.raw(), out.size() * sizeof(T));
  return out;
}

// The elements of a T tensor as their raw bits, zero-extended (integer sums that wrap compare
// exactly whatever T's signedness).
template <class T>
std::vector<uint64_t> bits_of(const Tensor& t) {
  std::vector<uint64_t> out;
  for (T v : to_vector<T>(t)) {
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof v);
    out.push_back(b);
  }
  return out;
}

// Runs a single-output node and returns that output.
inline Tensor run1(const Node& node, const std::vector<const Tensor*>& inputs) {
  std::vector<Tensor> out = orw::run_node(node, inputs);
  if (out.size() != 1) throw std::logic_error("run1: node returned " + std::to_string(out.size()) + " outputs");
  return out[0];
}

// `v` as it reads back after being stored as `type` (the type's rounding or wrapping).
inline double as_type(DataType type, double v) {
  unsigned char buf[8];
  store_value(type, buf, 0, v);
  return load_value(type, buf, 0);
}

// Element i of a buffer of `type` compared exactly: -1, 0, 1 for a < b, a == b, a > b (no NaNs).
inline int compare_elements(DataType type, const void* data, size_t a, size_t b) {
  auto cmp = [](auto x, auto y) { return x < y ? -1 : x > y ? 1 : 0; };
  switch (type) {
    case DataType::kInt64: return cmp(static_cast<const int64_t*>(data)[a], static_cast<const int64_t*>(data)[b]);
    case DataType::kUint64: return cmp(static_cast<const uint64_t*>(data)[a], static_cast<const uint64_t*>(data)[b]);
    default: return cmp(load_value(type, data, a), load_value(type, data, b));  // exact for every other type
  }
}

// Equal values, or both NaN.
inline bool same_value(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

// ---- deterministic random numbers --------------------------------------------------------

// Uniform integer in [lo, hi] (inclusive); slight modulo bias is irrelevant for tests.
inline int64_t rand_int(std::mt19937& rng, int64_t lo, int64_t hi) {
  const uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
  const uint64_t r = (static_cast<uint64_t>(rng()) << 32) | rng();
  return lo + static_cast<int64_t>(r % span);
}

// Uniform double in [0, 1).
inline double rand_unit(std::mt19937& rng) { return static_cast<double>(rng() >> 8) * (1.0 / 16777216.0); }

inline uint64_t rand_u64(std::mt19937& rng) { return (static_cast<uint64_t>(rng()) << 32) | rng(); }

// ---- the spec's tables (Reduce, CumSum, ArgMax/ArgMin, TopK), a runner and a comparison --
// (from the ONNX operator docs and changelog; tests compare the registry against these)

// The Reduce ops that share one family of tests (ReduceProd has its own).
inline const std::vector<std::string>& reduce_family_ops() {
  static const std::vector<std::string> ops = {"ReduceSum",  "ReduceMean",  "ReduceSumSquare",
                                               "ReduceL1",   "ReduceL2",    "ReduceLogSum",
                                               "ReduceLogSumExp", "ReduceMax", "ReduceMin"};
  return ops;
}

// The since-versions of a Reduce op.
inline std::vector<int64_t> spec_reduce_versions(const std::string& op) {
  if (op == "ReduceSum") return {1, 11, 13};
  if (op == "ReduceMax" || op == "ReduceMin") return {1, 11, 12, 13, 18, 20};
  return {1, 11, 13, 18};
}

// The opset from which the axes are the optional second input (and noop_with_empty_axes
// exists); before it they are an attribute.
inline int64_t spec_axes_input_since(const std::string& op) { return op == "ReduceSum" ? 13 : 18; }
inline bool spec_axes_is_input(const std::string& op, int64_t opset) { return opset >= spec_axes_input_since(op); }

inline bool is_min_max(const std::string& op) { return op == "ReduceMax" || op == "ReduceMin"; }

// The element types of a Reduce op's data input in force at `opset`.
inline std::vector<DataType> spec_reduce_types(const std::string& op, int64_t opset) {
  std::vector<DataType> t = {DataType::kUint32,  DataType::kUint64, DataType::kInt32, DataType::kInt64,
                             DataType::kFloat16, DataType::kFloat,  DataType::kDouble};
  if (opset >= 13) t.push_back(DataType::kBfloat16);
  if (is_min_max(op) && opset >= 12) {
    t.push_back(DataType::kInt8);
    t.push_back(DataType::kUint8);
  }
  if (is_min_max(op) && opset >= 20) t.push_back(DataType::kBool);
  return t;
}

// CumSum's element types in force at `opset` (11: no half types; 14 adds float16, bfloat16).
inline std::vector<DataType> spec_cumsum_types(int64_t opset) {
  std::vector<DataType> t = {DataType::kUint32, DataType::kUint64, DataType::kInt32,
                             DataType::kInt64,  DataType::kFloat,  DataType::kDouble};
  if (opset >= 14) {
    t.push_back(DataType::kFloat16);
    t.push_back(DataType::kBfloat16);
  }
  return t;
}

// ONNX's "all numeric types" but bfloat16, which ArgMax/ArgMin admit from version 13 and TopK
// from 24 (TopK before 11: the float types only). In the order the suites have always listed
// them (the ArgMax suite picks types by index).
inline std::vector<DataType> numeric_types_but_bfloat16() {
  return {DataType::kUint8,   DataType::kUint16, DataType::kUint32, DataType::kUint64,
          DataType::kInt8,    DataType::kInt16,  DataType::kInt32,  DataType::kInt64,
          DataType::kFloat16, DataType::kFloat,  DataType::kDouble};
}
inline std::vector<DataType> spec_arg_types(int64_t opset) {
  std::vector<DataType> t = numeric_types_but_bfloat16();
  if (opset >= 13) t.push_back(DataType::kBfloat16);
  return t;
}
inline std::vector<DataType> spec_topk_types(int64_t opset) {
  if (opset < 11) return {DataType::kFloat16, DataType::kFloat, DataType::kDouble};
  std::vector<DataType> t = numeric_types_but_bfloat16();
  if (opset >= 24) t.push_back(DataType::kBfloat16);
  return t;
}

inline bool contains_type(const std::vector<DataType>& types, DataType t) {
  for (DataType u : types) {
    if (u == t) return true;
  }
  return false;
}

// Every fixed-size ONNX element type (the candidates of type checks).
inline const std::vector<DataType>& all_fixed_size_types() {
  static const std::vector<DataType> types = {
      DataType::kFloat,  DataType::kUint8,   DataType::kInt8,   DataType::kUint16, DataType::kInt16,
      DataType::kInt32,  DataType::kInt64,   DataType::kBool,   DataType::kFloat16, DataType::kDouble,
      DataType::kUint32, DataType::kUint64,  DataType::kBfloat16};
  return types;
}

inline bool is_floating(DataType t) {
  return t == DataType::kFloat || t == DataType::kDouble || t == DataType::kFloat16 || t == DataType::kBfloat16;
}
inline bool is_unsigned_type(DataType t) {
  return t == DataType::kUint8 || t == DataType::kUint16 || t == DataType::kUint32 || t == DataType::kUint64 ||
         t == DataType::kBool;
}

inline Attribute keepdims_attr(int v) { return Attribute::of_int("keepdims", v); }
inline Attribute noop_attr(int v) { return Attribute::of_int("noop_with_empty_axes", v); }

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// Runs Reduce op `op` at `opset` on x. `axes` go in the attribute before
// spec_axes_input_since(op) and in an int64 input from then on (std::nullopt: no axes at all).
inline Tensor run_reduce_op(const std::string& op, int64_t opset, const Tensor& x,
                            const std::optional<std::vector<int64_t>>& axes = std::nullopt,
                            std::vector<Attribute> attrs = {}) {
  std::vector<const Tensor*> inputs{&x};
  Tensor axes_tensor;
  if (axes) {
    if (!spec_axes_is_input(op, opset)) {
      attrs.push_back(Attribute::of_ints("axes", *axes));
    } else {
      axes_tensor = int64_vector(*axes);
      inputs.push_back(&axes_tensor);
    }
  }
  return run1(Node::make(op, "", opset, std::move(attrs)), inputs);
}

// run_reduce_op bound to one op, for a suite of that op: `const BoundReduceOp reduce_sum{"ReduceSum"};`
// then reduce_sum(opset, x, axes, attrs).
struct BoundReduceOp {
  std::string op;
  Tensor operator()(int64_t opset, const Tensor& x, const std::optional<std::vector<int64_t>>& axes,
                    std::vector<Attribute> attrs = {}) const {
    return run_reduce_op(op, opset, x, axes, std::move(attrs));
  }
};

// run_reduce_op with the axes always given (std::nullopt: none), as the per-op suites call it.
inline Tensor reduce(const std::string& op, int64_t opset, const Tensor& x, const std::optional<std::vector<int64_t>>& axes,
                     std::vector<Attribute> attrs = {}) {
  return run_reduce_op(op, opset, x, axes, std::move(attrs));
}

// Relative error allowed in a float result computed in the type's compute precision (float32
// for float, float16, bfloat16; double for double) and rounded once: a few float32 ulps, or
// one ulp of the half type. 0 for integers.
inline double default_rel_tolerance(DataType t) {
  switch (t) {
    case DataType::kFloat: return 1e-6;
    case DataType::kDouble: return 1e-12;
    case DataType::kFloat16: return std::ldexp(1.0, -10);
    case DataType::kBfloat16: return std::ldexp(1.0, -7);
    default: return 0;
  }
}

// "" when `got` has `type`, `dims` and the `expected` values; otherwise what differs first.
// Integer and bool results must equal the expected value converted toward zero (the spec's
// conversion of double results: Mean, L2, LogSum, LogSumExp of integers); float results must
// be within rel*|e| + abs of it (rel < 0: default_rel_tolerance), NaN matches NaN and
// infinities must match exactly.
inline std::string tensor_mismatch(const Tensor& got, DataType type, const Shape& dims,
                                   const std::vector<double>& expected, double rel = -1, double abs = 0) {
  if (got.type() != type) return "element type " + orw::type_name(got.type()) + ", expected " + orw::type_name(type);
  if (got.dims() != dims) {
    return "shape " + orw::shape_to_string(got.dims()) + ", expected " + orw::shape_to_string(dims);
  }
  if (static_cast<size_t>(got.size()) != expected.size()) return "test error: wrong number of expected values";
  if (rel < 0) rel = default_rel_tolerance(type);
  for (size_t i = 0; i < expected.size(); ++i) {
    const double g = load_value(type, got.raw(), i);
    double e = expected[i];
    bool ok;
    if (!is_floating(type)) {
      e = std::trunc(e);
      ok = g == e;
    } else if (std::isnan(e) || std::isinf(e)) {
      ok = same_value(g, e);
    } else {
      ok = std::fabs(g - e) <= rel * std::fabs(e) + abs;
    }
    if (!ok) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "element %zu: got %.17g, expected %.17g", i, g, e);
      return buf;
    }
  }
  return "";
}

}  // namespace orw_test
