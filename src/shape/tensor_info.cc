#include "shape/tensor_info.h"

#include <utility>

#include "core/errors.h"

namespace orw {
namespace {

ErrorMessage& append_joined(ErrorMessage& message, const Dims& dims) {
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) message << ',';
    message << dims[i];
  }
  return message;
}

}  // namespace

Dim Dim::of(int64_t value) {
  Dim d;
  d.kind_ = Kind::kValue;
  d.value_ = value;
  return d;
}

Dim Dim::symbol(std::string name) {
  Dim d;
  if (name.empty()) return d;
  d.kind_ = Kind::kSymbol;
  d.name_ = std::move(name);
  return d;
}

ErrorMessage& operator<<(ErrorMessage& message, const Dim& d) {
  switch (d.kind()) {
    case Dim::Kind::kValue:
      return message << d.value();
    case Dim::Kind::kSymbol:
      return message << d.name();
    default:
      return message << '?';
  }
}

ErrorMessage& operator<<(ErrorMessage& message, const std::optional<Dims>& shape) {
  if (!shape) return message << "[*]";
  return append_joined(message << '[', *shape) << ']';
}

TensorInfo TensorInfo::wrap(ValueKind kind, TensorInfo element) {
  element.values.reset();
  element.real_values.reset();
  if (element.containers >> (2 * (kMaxContainers - 1)) != 0) return unknown();
  element.containers = element.containers << 2 | static_cast<uint32_t>(kind);
  return element;
}

TensorInfo TensorInfo::element() const {
  TensorInfo out = *this;
  out.containers >>= 2;
  return out;
}

ErrorMessage& operator<<(ErrorMessage& message, const TensorInfo& info) {
  for (uint32_t c = info.containers; c != 0; c >>= 2) message << ((c & 3u) == 1 ? "seq(" : "opt(");
  if (info.type == DataType::kUndefined) {
    message << '?';
  } else {
    message << type_name(info.type);
  }
  message << info.shape;
  if (info.values) append_joined(message << "={", *info.values) << '}';
  for (uint32_t c = info.containers; c != 0; c >>= 2) message << ')';
  return message;
}

std::string to_string(const Dim& d) { return text_of(d); }
std::string to_string(const std::optional<Dims>& shape) { return text_of(shape); }
std::string to_string(const TensorInfo& info) { return text_of(info); }

}  // namespace orw
