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
    case DataType::kComplex64: return "complex64";
    case DataType::kComplex128: return "complex128";
    case DataType::kBfloat16: return "bfloat16";
    case DataType::kFloat8E4M3FN: return "float8e4m3fn";
    case DataType::kFloat8E4M3FNUZ: return "float8e4m3fnuz";
    case DataType::kFloat8E5M2: return "float8e5m2";
    case DataType::kFloat8E5M2FNUZ: return "float8e5m2fnuz";
    case DataType::kUint4: return "uint4";
    case DataType::kInt4: return "int4";
    case DataType::kFloat4E2M1: return "float4e2m1";
    case DataType::kFloat8E8M0: return "float8e8m0";
    case DataType::kUint2: return "uint2";
    case DataType::kInt2: return "int2";
    default: return "type " + std::to_string(static_cast<int>(t));
  }
}

bool is_known_type(int32_t value) { return value >= 1 && value <= 26; }

bool is_runnable_type(int32_t value) {
  return (value >= 1 && value <= 13) || value == 16;
}

const char* runtime_support_note(DataType t) {
  const auto v = static_cast<int32_t>(t);
  return is_known_type(v) && !is_runnable_type(v) && t != DataType::kString ? " (known to shape inference only)" : "";
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
