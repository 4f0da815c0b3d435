#include "shape/tensor_info.h"

namespace orw {
namespace {

std::string join(const Dims& dims) {
  std::string s;
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + to_string(dims[i]);
  return s;
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

std::string to_string(const Dim& d) {
  switch (d.kind()) {
    case Dim::Kind::kValue: return std::to_string(d.value());
    case Dim::Kind::kSymbol: return d.name();
    default: return "?";
  }
}

std::string to_string(const std::optional<Dims>& shape) { return shape ? "[" + join(*shape) + "]" : "[*]"; }

std::string to_string(const TensorInfo& info) {
  std::string s = info.type == DataType::kUndefined ? std::string("?") : type_name(info.type);
  s += to_string(info.shape);
  if (info.values) s += "={" + join(*info.values) + "}";
  return s;
}

}  // namespace orw
