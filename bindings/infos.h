// Shape-inference infos between the JS layer's JSON and TensorInfo.
//   JSON: {type: ONNX element type number, dims: (number|string|null)[] | null, value?: (number|string)[]}
//   dims: a number, a symbol, or null (unknown dim); dims null: unknown rank.
#pragma once
#include "json.h"
#include "shape/tensor_info.h"

namespace orw::bindings {

TensorInfo info_from_json(const JsonValue& v);
// Writes {type, dims}.
void info_to_json(JsonWriter& w, const TensorInfo& info);

}  // namespace orw::bindings
