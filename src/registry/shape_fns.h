// The shape functions the registry's rows point to (OpSchema::shape), one per family. Each
// reads the node's input infos from ctx and stores its output's; the node's schema row gives
// the opset rules (where axes come from, allowed types). Errors: std::out_of_range when an
// input value is not in ctx; TypeError for an element type the version does not accept;
// std::invalid_argument for anything else invalid (rank, axis range, axes shape).
#pragma once

namespace orw {

class Node;
class ShapesContext;

// Reduce* (every version): keepdims, noop_with_empty_axes, axes from attribute or input,
// with known, counted or unknown axes values.
void infer_reduce_shape(ShapesContext& ctx, const Node& node);

// CumSum / CumProd: the output is the input's type and shape; checks rank and the axis input.
void infer_scan_shape(ShapesContext& ctx, const Node& node);

// ArgMax / ArgMin: int64, the input's shape with the axis kept as 1 or dropped (keepdims).
void infer_arg_shape(ShapesContext& ctx, const Node& node);

}  // namespace orw
