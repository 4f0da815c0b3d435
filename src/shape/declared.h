// Declared types (graph outputs, value_info) merged into what inference found, as ONNX's
// shape inference merges them: what inference knows stays, the declaration fills in the rest
// (an element type, a rank, a known or named dim where inference has none), and a
// declaration that says something else than inference is a conflict.
#pragma once
#include <optional>
#include <string>

#include "shape/tensor_info.h"

namespace orw {

// Fills `inferred` in from `declared`. Returns "" or, on the first conflict, its reason
// ("declared float[N,8] but inferred float[N,16]: dim 1 is 16, declared 8"); `inferred` is
// then left as inference found it. Known values (ValueAsShape) are kept.
std::string merge_declared(TensorInfo& inferred, const TensorInfo& declared);

// What is true of a value that is either `a` or `b` (If's branches, a loop's carried value,
// the elements of a sequence): the containers and element type they share (one of them may
// not know them), each dim where they agree, unknown elsewhere; ranks that differ give an
// unknown rank. nullopt when both know their containers or element types and these differ.
std::optional<TensorInfo> union_of(const TensorInfo& a, const TensorInfo& b);

}  // namespace orw
