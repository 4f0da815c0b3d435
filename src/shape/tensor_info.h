// What shape inference knows about one value: its element type, its shape (known rank with
// each dim an integer, a named symbol or unknown; or an unknown rank) and, for small integer
// tensors, its element values ("ValueAsShape": an axes initializer, a Constant, a Shape output).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/dtype.h"

namespace orw {

class ErrorMessage;  // core/errors.h

// A dimension, or one element of a ValueAsShape: an integer, a named symbol ("N"), or unknown.
class Dim {
 public:
  enum class Kind : uint8_t { kUnknown, kValue, kSymbol };

  Dim() = default;  // unknown
  static Dim of(int64_t value);
  static Dim symbol(std::string name);  // an empty name gives an unknown dim

  Kind kind() const { return kind_; }
  bool is_value() const { return kind_ == Kind::kValue; }
  bool is_symbol() const { return kind_ == Kind::kSymbol; }
  bool is_unknown() const { return kind_ == Kind::kUnknown; }
  bool is(int64_t v) const { return is_value() && value_ == v; }
  int64_t value() const { return value_; }          // 0 unless is_value()
  const std::string& name() const { return name_; }  // empty unless is_symbol()

  bool operator==(const Dim& o) const { return kind_ == o.kind_ && value_ == o.value_ && name_ == o.name_; }
  bool operator!=(const Dim& o) const { return !(*this == o); }

 private:
  Kind kind_ = Kind::kUnknown;
  int64_t value_ = 0;
  std::string name_;
};

using Dims = std::vector<Dim>;

// What holds the tensor a value describes: ONNX's sequence and optional types.
enum class ValueKind : uint8_t { kSequence = 1, kOptional = 2 };

struct TensorInfo {
  DataType type = DataType::kUndefined;  // kUndefined: unknown element type
  std::optional<Dims> shape;             // nullopt: unknown rank
  std::optional<Dims> values;            // ValueAsShape: the elements, row-major; nullopt: unknown
  // The elements of a small float or double tensor (an initializer or Constant: Resize's
  // scales), row-major; nullopt: unknown. Not part of the text form.
  std::optional<std::vector<double>> real_values = std::nullopt;
  // The containers around the tensor, two bits each (a ValueKind), the outermost in the lowest
  // bits: 0 for a tensor, kSequence for a sequence of tensors, kOptional | kSequence << 2 for an
  // optional sequence; at most kMaxContainers deep. type and shape then describe the innermost
  // tensor (every element alike); values are never known. (A word, not a vector: every copy of
  // an info in every shape function stays as cheap as it was.)
  uint32_t containers = 0;
  static constexpr int kMaxContainers = 16;

  // Unknown type and rank.
  static TensorInfo unknown() { return {}; }
  // A tensor of `type` with known rank.
  static TensorInfo of(DataType type, Dims shape) { return {type, std::move(shape), std::nullopt, std::nullopt}; }
  // A tensor of `type` with unknown rank.
  static TensorInfo of_unknown_rank(DataType type) { return {type, std::nullopt, std::nullopt, std::nullopt}; }

  // `element` inside a container of `kind` (its known values dropped); nothing known
  // (unknown()) beyond kMaxContainers.
  static TensorInfo wrap(ValueKind kind, TensorInfo element);

  bool is_tensor() const { return containers == 0; }
  // True when the outermost container is `kind`.
  bool is(ValueKind kind) const { return (containers & 3u) == static_cast<uint32_t>(kind); }
  // The info without its outermost container (a sequence's element, an optional's value).
  TensorInfo element() const;

  bool has_rank() const { return shape.has_value(); }
  int64_t rank() const { return shape ? static_cast<int64_t>(shape->size()) : -1; }  // -1: unknown

  bool operator==(const TensorInfo& o) const {
    return type == o.type && shape == o.shape && values == o.values && real_values == o.real_values &&
           containers == o.containers;
  }
  bool operator!=(const TensorInfo& o) const { return !(*this == o); }
};

// "3", "N" or "?".
std::string to_string(const Dim& d);

// "[N,1,D]"; "[]" for rank 0; "[*]" for an unknown rank.
std::string to_string(const std::optional<Dims>& shape);

// The type and shape, then the values when known: "float[N,1,D]", "float[]" (rank 0),
// "float[*]" (unknown rank; "[?]" would read as rank 1 with an unknown dim), "?[*]" (nothing
// known), "int64[2]={0,N}" (with ValueAsShape).
std::string to_string(const TensorInfo& info);

// The same texts appended to an error message (no temporary string at the throw site).
ErrorMessage& operator<<(ErrorMessage& message, const Dim& d);
ErrorMessage& operator<<(ErrorMessage& message, const std::optional<Dims>& shape);
ErrorMessage& operator<<(ErrorMessage& message, const TensorInfo& info);

}  // namespace orw
