#include "infos.h"

namespace orw::bindings {

using emscripten::val;

namespace {

// JS info {type: onnx number, dims: (number|string|null)[] | null, value?: (number|string)[]}.
Dims dims_from_val(const val& arr) {
  Dims dims;
  const int n = arr["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    val d = arr[i];
    if (d.isNumber()) dims.push_back(Dim::of(static_cast<int64_t>(d.as<double>())));
    else if (d.isString()) dims.push_back(Dim::symbol(d.as<std::string>()));
    else dims.push_back(Dim());
  }
  return dims;
}

}  // namespace

TensorInfo info_from_val(const val& v) {
  TensorInfo info;
  info.type = static_cast<DataType>(v["type"].as<int>());
  val dims = v["dims"];
  if (!dims.isNull() && !dims.isUndefined()) info.shape = dims_from_val(dims);
  val value = v["value"];
  if (!value.isNull() && !value.isUndefined()) info.values = dims_from_val(value);
  return info;
}

namespace {

val dims_to_val(const Dims& dims) {
  val arr = val::array();
  for (const Dim& d : dims) {
    if (d.is_value()) arr.call<void>("push", static_cast<double>(d.value()));
    else if (d.is_symbol()) arr.call<void>("push", d.name());
    else arr.call<void>("push", val::null());
  }
  return arr;
}

}  // namespace

val info_to_val(const TensorInfo& info) {
  val o = val::object();
  o.set("type", static_cast<int>(info.type));
  o.set("dims", info.shape ? dims_to_val(*info.shape) : val::null());
  if (!info.is_tensor()) {
    o.set("kind", info.is(ValueKind::kSequence) ? "sequence" : "optional");
    o.set("element", info_to_val(info.element()));
  }
  return o;
}

}  // namespace orw::bindings
