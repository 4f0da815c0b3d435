// Declared types (graph outputs, value_info) merged into what inference found, as ONNX's
// shape inference merges them: what inference knows stays, the declaration fills in the rest
// (an element type, a rank, a known or named dim where inference has none), and a
// declaration that says something else than inference is a conflict.
#pragma once
#include <string>

#include "shape/tensor_info.h"

namespace orw {

// Fills `inferred` in from `declared`. Returns "" or, on the first conflict, its reason
// ("declared float[N,8] but inferred float[N,16]: dim 1 is 16, declared 8"); `inferred` is
// then left as inference found it. Known values (ValueAsShape) are kept.
std::string merge_declared(TensorInfo& inferred, const TensorInfo& declared);

}  // namespace orw
