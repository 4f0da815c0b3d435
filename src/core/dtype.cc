#include "core/dtype.h"

namespace orw {

size_t element_size(DataType t) {
  switch (t) {
    case DataType::kBool:
    case DataType::kUint8:
    case DataType::kInt8: return 1;
    case DataType::kUint16:
    case DataType::kInt16:
    case DataType::kFloat16:
    case DataType::kBfloat16: return 2;
    case DataType::kFloat:
    case DataType::kInt32:
    case DataType::kUint32: return 4;
    case DataType::kDouble:
    case DataType::kInt64:
    case DataType::kUint64: return 8;
    default: return 0;
  }
}

std::string type_name(DataType t) {
  switch (t) {
    case DataType::kFloat: return "float32";
    case DataType::kUint8: return "uint8";
    case DataType::kInt8: return "int8";
    case DataType::kUint16: return "uint16";
    case DataType::kInt16: return "int16";
    case DataType::kInt32: return "int32";
    case DataType::kInt64: return "int64";
    case DataType::kString: return "string";
    case DataType::kBool: return "bool";
    case DataType::kFloat16: return "float16";
    case DataType::kDouble: return "float64";
    case DataType::kUint32: return "uint32";
    case DataType::kUint64: return "uint64";
    case DataType::kBfloat16: return "bfloat16";
    default: break;
  }
  // ONNX types without a DataType here (never held in a Tensor; named in error messages).
  static const char* const kOther[] = {"complex64", "complex128", nullptr,  "float8e4m3fn", "float8e4m3fnuz",
                                       "float8e5m2", "float8e5m2fnuz", "uint4", "int4",  "float4e2m1",
                                       "float8e8m0", "uint2", "int2"};
  const int v = static_cast<int>(t);
  if (v >= 14 && v <= 26 && kOther[v - 14]) return kOther[v - 14];
  return "type " + std::to_string(v);
}

bool is_known_type(int32_t value) {
  return (value >= 1 && value <= 13) || value == 16;
}

std::string TypeSet::describe() const {
  std::string out;
  for (int v = 0; v < 32; ++v) {
    if (!contains(static_cast<DataType>(v))) continue;
    if (!out.empty()) out += ", ";
    out += type_name(static_cast<DataType>(v));
  }
  return out;
}

}  // namespace orw
