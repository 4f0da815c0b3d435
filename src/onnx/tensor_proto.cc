#include "onnx/tensor_proto.h"

#include <climits>
#include <cstring>
#include <stdexcept>

#include "core/errors.h"
#include "core/half.h"
#include "orw_proto/onnx.pb.h"
#include "core/names.h"

namespace orw {
namespace {

// The uninitialized tensor a typed repeated field of `size` values fills; the field must hold
// exactly `count` values (checked before anything is allocated). Not a template: one copy for
// every field type.
Tensor tensor_for_field(DataType type, const Shape& dims, int64_t count, int size, const std::string& what,
                        const char* field_name) {
  if (static_cast<int64_t>(size) != count) {
    fail<ValueError>(ErrorMessage() << what << ": " << field_name << " has " << size << " values but dims "
                                               << ShapeText{dims} << " need " << count);
  }
  return Tensor::uninitialized(type, dims);
}

// The tensor from a typed repeated field (see tensor_for_field).
template <class Dst, class Field>
Tensor from_field(DataType type, const Shape& dims, int64_t count, const Field& field, const std::string& what,
                  const char* field_name) {
  Tensor t = tensor_for_field(type, dims, count, field.size(), what, field_name);
  Dst* out = t.mutable_data<Dst>();
  for (int i = 0; i < field.size(); ++i) out[i] = static_cast<Dst>(field.Get(i));
  return t;
}

[[noreturn]] void fail_unsupported_type(const std::string& what, DataType type) {
  fail<UnsupportedError>(ErrorMessage() << what << ": element type " << type_name(type) << " is not supported"
                                       << runtime_support_note(type));
}

}  // namespace

Tensor tensor_from_proto(const onnx::TensorProto& p, const std::string& what) {
  const auto type = static_cast<DataType>(p.data_type());
  if (!is_runnable_type(p.data_type()) || type == DataType::kString) {
    fail_unsupported_type(what, type);
  }
  if (p.data_location() == onnx::TensorProto::EXTERNAL) {
    fail<UnsupportedError>(ErrorMessage() << what << ": tensors with external data are not supported");
  }
  Shape dims(p.dims().begin(), p.dims().end());
  // Sizes are checked against the bytes present before anything is allocated.
  const int64_t count = checked_element_count(dims, what);
  const size_t bytes = checked_byte_size(type, count, what);
  if (p.has_raw_data()) {
    if (p.raw_data().size() != bytes) {
      fail<ValueError>(ErrorMessage() << what << ": raw_data has " << p.raw_data().size() << " bytes but "
                                                 << type_name(type) << ShapeText{dims} << " needs " << bytes);
    }
    Tensor t = Tensor::uninitialized(type, dims);
    std::memcpy(t.mutable_raw(), p.raw_data().data(), bytes);  // little-endian, as wasm and x86
    return t;
  }
  switch (type) {
    case DataType::kFloat: return from_field<float>(type, dims, count, p.float_data(), what, "float_data");
    case DataType::kDouble: return from_field<double>(type, dims, count, p.double_data(), what, "double_data");
    case DataType::kInt64: return from_field<int64_t>(type, dims, count, p.int64_data(), what, "int64_data");
    case DataType::kUint32: return from_field<uint32_t>(type, dims, count, p.uint64_data(), what, "uint64_data");
    case DataType::kUint64: return from_field<uint64_t>(type, dims, count, p.uint64_data(), what, "uint64_data");
    case DataType::kInt32: return from_field<int32_t>(type, dims, count, p.int32_data(), what, "int32_data");
    case DataType::kInt16: return from_field<int16_t>(type, dims, count, p.int32_data(), what, "int32_data");
    case DataType::kInt8: return from_field<int8_t>(type, dims, count, p.int32_data(), what, "int32_data");
    case DataType::kUint16:
    case DataType::kFloat16:
    case DataType::kBfloat16: return from_field<uint16_t>(type, dims, count, p.int32_data(), what, "int32_data");
    case DataType::kUint8:
    case DataType::kBool: return from_field<uint8_t>(type, dims, count, p.int32_data(), what, "int32_data");
    default:
      fail_unsupported_type(what, type);
  }
}

Tensor tensor_from_bytes(const void* bytes, size_t size, std::string* name) {
  onnx::TensorProto proto;
  if (size > static_cast<size_t>(INT_MAX) || !proto.ParseFromArray(bytes, static_cast<int>(size))) {
    fail<ParseError>(ErrorMessage() << "TensorProto: the " << size
                                    << " bytes are not a valid serialized onnx.TensorProto "
                                       "(truncated, malformed, or nested more than 100 messages deep)");
  }
  if (name) *name = proto.name();
  if (proto.name().empty()) return tensor_from_proto(proto, "tensor");
  ErrorMessage what;
  what << "tensor '" << Printable{proto.name()} << '\'';
  return tensor_from_proto(proto, what.text());
}

void tensor_to_proto(const Tensor& tensor, onnx::TensorProto* proto) {
  proto->clear_dims();
  for (int64_t d : tensor.dims()) proto->add_dims(d);
  proto->set_data_type(static_cast<int32_t>(tensor.type()));
  proto->set_raw_data(static_cast<const char*>(tensor.raw()), tensor.byte_size());  // wasm and x86 are little-endian
}

}  // namespace orw
