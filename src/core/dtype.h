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
  kBfloat16 = 16,
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
  // The types in the set as "float, double, int32" (ONNX-style lower-case names).
  std::string describe() const;

 private:
  static constexpr uint32_t bit(DataType t) {
    int v = static_cast<int>(t);
    return (v >= 0 && v < 32) ? (1u << v) : 0u;
  }
  uint32_t bits_ = 0;
};

// Size in bytes of one element; 0 for types without fixed-size storage (string, undefined).
size_t element_size(DataType t);

// The type's name as the JS API spells it (onnxruntime-web's dtype strings): "float32",
// "float64", "int64", "bfloat16" (ONNX's own names except float and double). Unknown values
// give "type <n>". Every message and the shapes' text form use it.
std::string type_name(DataType t);

// True for the numbers 0..16 that ONNX defines (except the complex types).
bool is_known_type(int32_t value);

}  // namespace orw
