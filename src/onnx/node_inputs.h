// Positional input checks shared by the operators.
#pragma once
#include <vector>

#include "core/errors.h"
#include "core/tensor.h"
#include "onnx/node.h"

namespace orw {

// `ErrorMessage() << ... << InputLabel{node, index}` appends "input 1 'axes'".
struct InputLabel {
  const Node& node;
  size_t index;
};
ErrorMessage& operator<<(ErrorMessage& message, InputLabel label);

// The input at `index`, or nullptr when it is omitted (only optional inputs may be).
const Tensor* optional_input(const std::vector<const Tensor*>& inputs, size_t index);

// Throws TypeError unless the input's element type is in the schema's types.
void check_data_type(const Node& node, const Tensor& t, size_t index);

// Reads a small integer tensor (int32 or int64) as int64 values; throws TypeError otherwise.
std::vector<int64_t> read_int_values(const Node& node, const Tensor& t, size_t index, bool allow_int32);

}  // namespace orw
