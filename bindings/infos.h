// Shape-inference infos between JS objects and TensorInfo.
//   JS: {type: ONNX element type number, dims: (number|string|null)[] | null, value?: (number|string)[]}
//   dims: a number, a symbol, or null (unknown dim); dims null: unknown rank.
//   Out only: a sequence or optional adds kind ('sequence' | 'optional') and element (the info
//   inside it); its type and dims are the innermost tensor's.
#pragma once
#include <emscripten/val.h>

#include "shape/tensor_info.h"

namespace orw::bindings {

TensorInfo info_from_val(const emscripten::val& v);
emscripten::val info_to_val(const TensorInfo& info);

}  // namespace orw::bindings
