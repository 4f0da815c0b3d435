// Element types, numbered as ONNX's TensorProto.DataType, with their sizes and names.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace orw {

enum class DataType : int32_t {
  kUndefined = 0,
  kFloat = 1,
  kUint8 = 2,
  kInt8 = 3,
  kUint16 = 4,
  kInt16 = 5,
  kInt32 = 6,
  kInt64 = 7,
  kString = 8,
  kBool = 9,
  kFloat16 = 10,
  kDouble = 11,
  kUint32 = 12,
  kUint64 = 13,
  kComplex64 = 14,
  kComplex128 = 15,
  kBfloat16 = 16,
  // The types below and the complex ones are known to shape inference only: no Tensor holds
  // them (element_size is 0), so nothing runs on them.
  kFloat8E4M3FN = 17,
  kFloat8E4M3FNUZ = 18,
  kFloat8E5M2 = 19,
  kFloat8E5M2FNUZ = 20,
  kUint4 = 21,
  kInt4 = 22,
  kFloat4E2M1 = 23,
  kFloat8E8M0 = 24,
  kUint2 = 25,
  kInt2 = 26,
};

// A set of element types, as a bit mask indexed by the ONNX numbering.
class TypeSet {
 public:
  constexpr TypeSet() = default;
  constexpr TypeSet(std::initializer_list<DataType> types) {
    for (DataType t : types) bits_ |= bit(t);
  }
  constexpr bool contains(DataType t) const { return (bits_ & bit(t)) != 0; }
  constexpr TypeSet with(DataType t) const { TypeSet s = *this; s.bits_ |= bit(t); return s; }
  constexpr TypeSet with(TypeSet o) const { TypeSet s = *this; s.bits_ |= o.bits_; return s; }
  // The types in the set as "float, double, int32" (ONNX-style lower-case names).
  std::string describe() const;

 private:
  static constexpr uint32_t bit(DataType t) {
    int v = static_cast<int>(t);
    return (v >= 0 && v < 32) ? (1u << v) : 0u;
  }
  uint32_t bits_ = 0;
};

// The types ONNX adds to the all-types lists of its ops (Cast, Reshape, Identity, ...) up to
// version `since`: float8 in 19, int4/uint4 in 21, float4e2m1 in 23, float8e8m0 in 24, int2/uint2
// in 25. Shape inference only.
constexpr TypeSet newer_types(int since) {
  TypeSet s;
  if (since >= 19) {
    s = {DataType::kFloat8E4M3FN, DataType::kFloat8E4M3FNUZ, DataType::kFloat8E5M2, DataType::kFloat8E5M2FNUZ};
  }
  if (since >= 21) s = s.with(DataType::kUint4).with(DataType::kInt4);
  if (since >= 23) s = s.with(DataType::kFloat4E2M1);
  if (since >= 24) s = s.with(DataType::kFloat8E8M0);
  if (since >= 25) s = s.with(DataType::kUint2).with(DataType::kInt2);
  return s;
}

// Size in bytes of one element; 0 for types a Tensor cannot hold (string, undefined, complex,
// float8, 4- and 2-bit types).
size_t element_size(DataType t);

// The type's name as the JS API spells it (onnxruntime-web's dtype strings): "float32",
// "float64", "int64", "bfloat16", "int4", "uint4" (ONNX's own lower-case names otherwise, as
// "float8e4m3fn"). Unknown values give "type <n>". Every message and the shapes' text form use it.
std::string type_name(DataType t);

// True for the numbers 1..26 that ONNX defines: the element types shape inference knows.
bool is_known_type(int32_t value);

// True for the known types a Tensor holds and the runtime runs on: 1..13 except the complex
// types, and bfloat16.
bool is_runnable_type(int32_t value);

// " (known to shape inference only)" for a known type the runtime does not run, else "": the
// tail of the "element type ... is not supported" errors of tensor creation.
const char* runtime_support_note(DataType t);

}  // namespace orw
