// Cast and CastLike to or from string in whole-model inference: the package does not run them
// (a node of one is refused when it is made), but their outputs are known as ONNX infers them.
#pragma once
#include <cstdint>

#include "shape/context.h"

namespace onnx {
class NodeProto;
}  // namespace onnx

namespace orw {

// When `node` is a Cast (9 on) or CastLike (15 on) from or to string, stores its output (the
// input's shape in the target type) and returns true; otherwise false, and nothing is stored.
bool infer_string_cast(ShapesContext& ctx, const onnx::NodeProto& node, int64_t opset);

}  // namespace orw
