// Shared test helpers: building typed tensors from plain numbers, reading them back, building
// nodes, and a platform-independent random source (std::mt19937 bits only; the standard
// distributions differ between libstdc++ and libc++, so they are not used).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/dtype.h"
#include "core/errors.h"
#include "core/half.h"
#include "core/tensor.h"
#include "onnx/attribute.h"
#include "onnx/node.h"
#include "ops/operators.h"

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

// Stores `v` as element i of a buffer of `type` (halfs round to nearest even from float).
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

// Equal values, or both NaN.
inline bool same_value(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

// A row-major N-d reduction (product) in double, straight from the definition: every input
// element multiplies into the output element it maps to. `axes` must be normalized.
struct RefResult {
  Shape dims;
  std::vector<double> values;
};
inline RefResult naive_reduce_prod(const Shape& dims, const std::vector<double>& x, const std::vector<int64_t>& axes,
                                   bool keepdims) {
  const size_t rank = dims.size();
  std::vector<bool> reduced(rank, false);
  for (int64_t a : axes) reduced[static_cast<size_t>(a)] = true;
  RefResult r;
  Shape kept;  // the output dims without keepdims' 1s
  for (size_t d = 0; d < rank; ++d) {
    if (!reduced[d]) kept.push_back(dims[d]);
    if (!reduced[d]) r.dims.push_back(dims[d]);
    else if (keepdims) r.dims.push_back(1);
  }
  size_t out_count = 1;
  for (int64_t d : kept) out_count *= static_cast<size_t>(d);
  r.values.assign(out_count, 1.0);
  std::vector<int64_t> idx(rank, 0);
  for (size_t i = 0; i < x.size(); ++i) {
    // idx is the multi-index of element i
    size_t o = 0;
    for (size_t d = 0; d < rank; ++d) {
      if (!reduced[d]) o = o * static_cast<size_t>(dims[d]) + static_cast<size_t>(idx[d]);
    }
    r.values[o] *= x[i];
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
  return r;
}

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

}  // namespace orw_test
