// Shape inference entry points for one node: the generic infer_shapes() for a validated Node,
// and one function per operator taking an onnx.NodeProto, in the form
// ComputeShapeReduceSum(ctx, node, data, axes). All of them resolve the op's version in the
// registry with the context's opset and run that row's shape function, which stores the
// output's TensorInfo in ctx under the node's output name.
//
// Errors (all per-op functions):
//   ValueError: the node's op type is not the function's, the context imports no opset for
//     the node's domain, the node is invalid (no output, unknown attribute, bad attribute
//     value; see Node::parse), an axes input is given to a version that takes axes from its
//     attribute, axes not int64 or not 1-D, an axis out of range, a rank-0 scan input.
//   TypeError: an input's element type is outside the version's types.
//   UnsupportedError: the opset has no version of the op.
//   LookupError: `data` (or `x`), or a named `axes` (or `axis`), is not in ctx.
// Messages name the op and opset, the input or attribute, and the reason.
#pragma once

#include "shape/context.h"

namespace onnx {
class NodeProto;
}

namespace orw {

class Node;

// Runs the shape function of the node's family (registry/families.h) on ctx. Throws as listed above.
void infer_shapes(ShapesContext& ctx, const Node& node);

// Reduce ops. `data`: the name in ctx of the data input. `axes`: the name of the axes input,
// or nullptr / "" when it is omitted (always so for versions whose axes are an attribute).
// These names replace the node's own input list, which is not read.
void ComputeShapeReduceSum(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes = nullptr);
void ComputeShapeReduceProd(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes = nullptr);
void ComputeShapeReduceMean(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes = nullptr);
void ComputeShapeReduceMax(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes = nullptr);
void ComputeShapeReduceMin(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes = nullptr);
void ComputeShapeReduceL1(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes = nullptr);
void ComputeShapeReduceL2(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes = nullptr);
void ComputeShapeReduceLogSum(ShapesContext& ctx, const onnx::NodeProto& node, const char* data, const char* axes = nullptr);
void ComputeShapeReduceLogSumExp(ShapesContext& ctx, const onnx::NodeProto& node, const char* data,
                                 const char* axes = nullptr);
void ComputeShapeReduceSumSquare(ShapesContext& ctx, const onnx::NodeProto& node, const char* data,
                                 const char* axes = nullptr);

// Scan ops. `x`: the name in ctx of the data input; `axis`: the name of the (required) axis
// input. As above, they replace the node's input list.
void ComputeShapeCumSum(ShapesContext& ctx, const onnx::NodeProto& node, const char* x, const char* axis);
void ComputeShapeCumProd(ShapesContext& ctx, const onnx::NodeProto& node, const char* x, const char* axis);

// ArgMax / ArgMin. `data`: the name in ctx of the data input; it replaces the node's input
// list. Errors as above, plus a rank-0 input (no axis) and a known size-0 axis.
void ComputeShapeArgMax(ShapesContext& ctx, const onnx::NodeProto& node, const char* data);
void ComputeShapeArgMin(ShapesContext& ctx, const onnx::NodeProto& node, const char* data);

// TopK. `x`: the name in ctx of the data input; `k`: the name of the K input (versions 10+;
// nullptr / "" at version 1, whose K is attribute 'k'). Stores both outputs (Values, Indices).
// Errors as above, plus a missing or non-positive 'k' at version 1, K not a 1-element 1-D
// int64 tensor, a known K that is negative or above a known axis size.
void ComputeShapeTopK(ShapesContext& ctx, const onnx::NodeProto& node, const char* x, const char* k = nullptr);

// Softmax, LogSoftmax, Hardmax, LpNormalization. `input`: the name in ctx of the data input;
// it replaces the node's input list. The output has the input's type and shape. Errors as
// above, plus an axis out of range for a known rank and, for LpNormalization, a 'p' other than
// 1 or 2.
void ComputeShapeSoftmax(ShapesContext& ctx, const onnx::NodeProto& node, const char* input);
void ComputeShapeLogSoftmax(ShapesContext& ctx, const onnx::NodeProto& node, const char* input);
void ComputeShapeHardmax(ShapesContext& ctx, const onnx::NodeProto& node, const char* input);
void ComputeShapeLpNormalization(ShapesContext& ctx, const onnx::NodeProto& node, const char* input);

}  // namespace orw
