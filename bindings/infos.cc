#include "infos.h"

namespace orw::bindings {

namespace {

Dims dims_from_json(const JsonValue& arr) {
  Dims dims;
  for (const JsonValue& d : arr.items) {
    if (d.kind == JsonValue::kNumber) dims.push_back(Dim::of(static_cast<int64_t>(d.number)));
    else if (d.kind == JsonValue::kString) dims.push_back(Dim::symbol(d.string));
    else dims.push_back(Dim());
  }
  return dims;
}

}  // namespace

TensorInfo info_from_json(const JsonValue& v) {
  TensorInfo info;
  const JsonValue* type = v.get("type");
  info.type = static_cast<DataType>(type && type->kind == JsonValue::kNumber ? static_cast<int>(type->number) : 0);
  const JsonValue* dims = v.get("dims");
  if (dims && dims->kind == JsonValue::kArray) info.shape = dims_from_json(*dims);
  const JsonValue* value = v.get("value");
  if (value && value->kind == JsonValue::kArray) info.values = dims_from_json(*value);
  return info;
}

void info_to_json(JsonWriter& w, const TensorInfo& info) {
  w.begin_object().key("type").value(static_cast<int>(info.type)).key("dims");
  if (!info.shape) {
    w.null();
  } else {
    w.begin_array();
    for (const Dim& d : *info.shape) {
      if (d.is_value()) w.value(d.value());
      else if (d.is_symbol()) w.value(d.name());
      else w.null();
    }
    w.end_array();
  }
  w.end_object();
}

}  // namespace orw::bindings
