// Input and output access shared by the shape functions: a node's inputs looked up in a
// ShapesContext, with errors that name the op, the input and the value.
#pragma once
#include <cstddef>

#include "core/dtype.h"
#include "onnx/node.h"
#include "shape/context.h"

namespace orw {

// True when the node lists input `index` with a non-empty name (omitted optional inputs are
// absent or "").
bool has_input(const Node& node, size_t index);

// The info of the node's input `index`. Throws LookupError naming the op, the input
// and the value when ctx does not hold it.
const TensorInfo& input_info(const ShapesContext& ctx, const Node& node, size_t index);

// Throws TypeError unless `info`'s element type is unknown or in `allowed`.
void check_type(const Node& node, const TensorInfo& info, size_t index, TypeSet allowed);

// The name of the node's output `index` (default: the first, for single-output ops). Throws
// ValueError when it is empty.
const std::string& output_name(const Node& node, size_t index = 0);

}  // namespace orw
