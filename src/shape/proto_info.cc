#include "shape/proto_info.h"

#include <cstring>

#include "core/errors.h"
#include "core/tensor.h"
#include "orw_proto/onnx.pb.h"

namespace orw {
namespace {

// Little-endian int32 (width 4) or int64 (width 8) elements.
std::vector<int64_t> from_raw(const std::string& raw, size_t width) {
  std::vector<int64_t> out(raw.size() / width);
  for (size_t i = 0; i < out.size(); ++i) {
    uint64_t bits = 0;
    for (size_t b = 0; b < width; ++b) bits |= uint64_t{static_cast<unsigned char>(raw[i * width + b])} << (8 * b);
    out[i] = width == 8 ? static_cast<int64_t>(bits) : static_cast<int32_t>(static_cast<uint32_t>(bits));
  }
  return out;
}

// The stored elements of an int32/int64 tensor of `count` elements.
std::vector<int64_t> stored_ints(const onnx::TensorProto& t, int64_t count, const std::string& what) {
  const bool is64 = t.data_type() == onnx::TensorProto::INT64;
  const size_t width = is64 ? 8 : 4;
  if (t.has_raw_data()) {
    if (t.raw_data().size() != static_cast<size_t>(count) * width) {
      ErrorMessage m;
      m << what << ": raw_data holds " << t.raw_data().size() << " bytes, but " << count << " elements of "
        << (is64 ? "int64" : "int32") << " need " << static_cast<size_t>(count) * width;
      fail<ParseError>(m);
    }
    return from_raw(t.raw_data(), width);
  }
  std::vector<int64_t> values;
  if (is64) values.assign(t.int64_data().begin(), t.int64_data().end());
  else values.assign(t.int32_data().begin(), t.int32_data().end());
  if (values.size() != static_cast<size_t>(count)) {
    fail<ParseError>(ErrorMessage() << what << ": holds " << values.size() << " values, but its dims need " << count);
  }
  return values;
}

// The stored elements of a float or double tensor of `count` elements, or nullopt when they
// do not match the count (the run's reading of the tensor reports that).
std::optional<std::vector<double>> stored_reals(const onnx::TensorProto& t, int64_t count) {
  const bool is64 = t.data_type() == onnx::TensorProto::DOUBLE;
  std::vector<double> out;
  if (t.has_raw_data()) {
    const size_t width = is64 ? 8 : 4;
    if (t.raw_data().size() != static_cast<size_t>(count) * width) return std::nullopt;
    for (int64_t bits : from_raw(t.raw_data(), width)) {
      double d;
      if (is64) {
        std::memcpy(&d, &bits, 8);
      } else {
        const uint32_t b32 = static_cast<uint32_t>(bits);
        float f;
        std::memcpy(&f, &b32, 4);
        d = f;
      }
      out.push_back(d);
    }
  } else if (is64) {
    out.assign(t.double_data().begin(), t.double_data().end());
  } else {
    out.assign(t.float_data().begin(), t.float_data().end());
  }
  if (out.size() != static_cast<size_t>(count)) return std::nullopt;
  return out;
}

}  // namespace

TensorInfo info_from_type(const onnx::TypeProto& type) {
  if (type.has_sequence_type()) return TensorInfo::wrap(ValueKind::kSequence, info_from_type(type.sequence_type().elem_type()));
  if (type.has_optional_type()) return TensorInfo::wrap(ValueKind::kOptional, info_from_type(type.optional_type().elem_type()));
  if (!type.has_tensor_type()) return TensorInfo::unknown();
  const auto& tt = type.tensor_type();
  TensorInfo info = TensorInfo::of_unknown_rank(static_cast<DataType>(tt.elem_type()));
  if (!tt.has_shape()) return info;
  info.shape = Dims{};
  for (const auto& d : tt.shape().dim()) {
    if (d.has_dim_value() && d.dim_value() >= 0) info.shape->push_back(Dim::of(d.dim_value()));
    else if (d.has_dim_param()) info.shape->push_back(Dim::symbol(d.dim_param()));
    else info.shape->push_back(Dim());
  }
  return info;
}

TensorInfo info_from_type_bytes(const std::string& bytes) {
  onnx::TypeProto type;
  return type.ParseFromString(bytes) ? info_from_type(type) : TensorInfo::unknown();
}

TensorInfo info_from_tensor(const onnx::TensorProto& tensor, const std::string& what) {
  TensorInfo info = TensorInfo::of(static_cast<DataType>(tensor.data_type()), {});
  for (int64_t d : tensor.dims()) {
    if (d < 0) fail<ParseError>(ErrorMessage() << what << ": dim " << d << " is negative");
    info.shape->push_back(Dim::of(d));
  }
  // The run's limits (a dim beyond 2^53 - 1, an element count beyond int64): the same errors.
  checked_element_count(Shape(tensor.dims().begin(), tensor.dims().end()), what);
  const bool is_int = info.type == DataType::kInt64 || info.type == DataType::kInt32;
  const bool is_real = info.type == DataType::kFloat || info.type == DataType::kDouble;
  const bool external = tensor.data_location() == onnx::TensorProto::EXTERNAL;
  if (!(is_int || is_real) || external || tensor.dims_size() > 1) return info;
  const int64_t count = tensor.dims_size() == 0 ? 1 : tensor.dims(0);
  if (count > static_cast<int64_t>(kMaxShapeValues)) return info;
  if (is_real) info.real_values = stored_reals(tensor, count);
  else info.values = shape_values(stored_ints(tensor, count, what));
  return info;
}

std::optional<Dims> shape_values(const std::vector<int64_t>& values) {
  if (values.size() > kMaxShapeValues) return std::nullopt;
  Dims out;
  for (int64_t v : values) out.push_back(Dim::of(v));
  return out;
}

TensorInfo info_from_constant(const onnx::NodeProto& node) {
  for (const auto& a : node.attribute()) {
    if (a.name() == "value") {
      ErrorMessage what;  // the prefix of info_from_tensor's errors
      what << "Constant '";
      if (node.output_size()) what << Printable{node.output(0)};
      what << "': attribute 'value'";
      return info_from_tensor(a.t(), what.text());
    }
    if (a.name() == "value_int") return {DataType::kInt64, Dims{}, shape_values({a.i()})};
    if (a.name() == "value_ints") {
      return {DataType::kInt64, Dims{Dim::of(a.ints_size())}, shape_values({a.ints().begin(), a.ints().end()})};
    }
    if (a.name() == "value_float") return {DataType::kFloat, Dims{}, std::nullopt, std::vector<double>{a.f()}};
    if (a.name() == "value_floats") {
      TensorInfo info = TensorInfo::of(DataType::kFloat, {Dim::of(a.floats_size())});
      if (a.floats_size() <= static_cast<int>(kMaxShapeValues)) info.real_values.emplace(a.floats().begin(), a.floats().end());
      return info;
    }
    if (a.name() == "value_string") return TensorInfo::of(DataType::kString, {});
    if (a.name() == "value_strings") return TensorInfo::of(DataType::kString, {Dim::of(a.strings_size())});
  }
  return TensorInfo::unknown();  // sparse_value, or an invalid Constant
}

}  // namespace orw
