// Shape functions of the element-wise ops (OpSchema::shape), as in shape_fns.h: each reads
// the node's input infos from ctx and stores its output's. Errors: LookupError when an
// input is not in ctx; TypeError for an element type the version (or package) does not
// accept, or binary inputs of different types; ValueError for dims that cannot
// broadcast or a bad Cast 'to'.
#pragma once

#include "onnx/node.h"
#include "shape/context.h"

namespace orw {

// Abs, Exp, Log, Sqrt, Neg, Reciprocal: the input's type and shape.
void infer_unary_shape(ShapesContext& ctx, const Node& node);

// Add, Sub, Mul, Div: numpy broadcasting of symbolic dims from version 7; A's shape before.
void infer_arithmetic_shape(ShapesContext& ctx, const Node& node);

// Cast: type 'to', the input's shape (and its ValueAsShape values between int32 and int64).
void infer_cast_shape(ShapesContext& ctx, const Node& node);

// CastLike: input 1's type, input 0's shape.
void infer_cast_like_shape(ShapesContext& ctx, const Node& node);

// Clip: the input's type and shape; bounds (inputs 1 and 2 from 11) of the input's type and
// rank 0 or 1 when known.
void infer_clip_shape(ShapesContext& ctx, const Node& node);

// The broadcast of two known-rank infos (numpy rules over symbolic dims): inputs `ia` and `ib`
// of the node. Throws ValueError naming the op and both inputs for two known dims
// that differ and are not 1.
Dims broadcast_dims(const Node& node, const TensorInfo& a, const TensorInfo& b, size_t ia = 0, size_t ib = 1);

}  // namespace orw
