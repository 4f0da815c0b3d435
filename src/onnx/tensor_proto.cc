#include "onnx/tensor_proto.h"

#include <climits>
#include <cstring>
#include <stdexcept>

#include "core/errors.h"
#include "core/half.h"
#include "orw_proto/onnx.pb.h"

namespace orw {
namespace {

template <class Dst, class Field>
void copy_field(const Field& field, Tensor& t, const std::string& what, const char* field_name) {
  if (static_cast<int64_t>(field.size()) != t.size()) {
    throw std::invalid_argument(what + ": " + field_name + " has " + std::to_string(field.size()) +
                                " values but dims " + shape_to_string(t.dims()) + " need " + std::to_string(t.size()));
  }
  Dst* out = t.mutable_data<Dst>();
  for (int i = 0; i < field.size(); ++i) out[i] = static_cast<Dst>(field.Get(i));
}

}  // namespace

Tensor tensor_from_proto(const onnx::TensorProto& p, const std::string& what) {
  const auto type = static_cast<DataType>(p.data_type());
  if (!is_known_type(p.data_type()) || type == DataType::kString) {
    throw UnsupportedError(what + ": element type " + type_name(type) + " is not supported");
  }
  if (p.data_location() == onnx::TensorProto::EXTERNAL) {
    throw UnsupportedError(what + ": tensors with external data are not supported");
  }
  Shape dims(p.dims().begin(), p.dims().end());
  Tensor t(type, dims);
  if (p.has_raw_data()) {
    if (p.raw_data().size() != t.byte_size()) {
      throw std::invalid_argument(what + ": raw_data has " + std::to_string(p.raw_data().size()) + " bytes but " +
                                  type_name(type) + shape_to_string(dims) + " needs " + std::to_string(t.byte_size()));
    }
    std::memcpy(t.mutable_raw(), p.raw_data().data(), t.byte_size());  // little-endian, as wasm and x86
    return t;
  }
  switch (type) {
    case DataType::kFloat: copy_field<float>(p.float_data(), t, what, "float_data"); break;
    case DataType::kDouble: copy_field<double>(p.double_data(), t, what, "double_data"); break;
    case DataType::kInt64: copy_field<int64_t>(p.int64_data(), t, what, "int64_data"); break;
    case DataType::kUint32: copy_field<uint32_t>(p.uint64_data(), t, what, "uint64_data"); break;
    case DataType::kUint64: copy_field<uint64_t>(p.uint64_data(), t, what, "uint64_data"); break;
    case DataType::kInt32: copy_field<int32_t>(p.int32_data(), t, what, "int32_data"); break;
    case DataType::kInt16: copy_field<int16_t>(p.int32_data(), t, what, "int32_data"); break;
    case DataType::kInt8: copy_field<int8_t>(p.int32_data(), t, what, "int32_data"); break;
    case DataType::kUint16:
    case DataType::kFloat16:
    case DataType::kBfloat16: copy_field<uint16_t>(p.int32_data(), t, what, "int32_data"); break;
    case DataType::kUint8:
    case DataType::kBool: copy_field<uint8_t>(p.int32_data(), t, what, "int32_data"); break;
    default: throw UnsupportedError(what + ": element type " + type_name(type) + " is not supported");
  }
  return t;
}

Tensor tensor_from_bytes(const void* bytes, size_t size, std::string* name) {
  onnx::TensorProto proto;
  if (size > static_cast<size_t>(INT_MAX) || !proto.ParseFromArray(bytes, static_cast<int>(size))) {
    throw ParseError("TensorProto: the " + std::to_string(size) + " bytes are not a valid serialized onnx.TensorProto");
  }
  if (name) *name = proto.name();
  return tensor_from_proto(proto, proto.name().empty() ? std::string("tensor") : "tensor '" + proto.name() + "'");
}

}  // namespace orw
