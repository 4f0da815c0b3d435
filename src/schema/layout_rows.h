// The registry rows of the ops that only move or view data (src/layout): every ONNX version of
// Reshape, Squeeze, Unsqueeze, Flatten, Identity, Shape and Expand to opset 25. Included by
// op_table.cc only, which joins them to its table.
#pragma once
#include "schema/op_schema.h"

namespace orw {
namespace layout_rows {

using DT = DataType;

// The package's types (every fixed-size one and bool; bfloat16 from 13); floats only in
// Reshape 1 and Flatten 1.
constexpr TypeSet kFloats = {DT::kFloat16, DT::kFloat, DT::kDouble};
constexpr TypeSet kTypes = {DT::kUint8, DT::kUint16, DT::kUint32, DT::kUint64, DT::kInt8,   DT::kInt16,
                            DT::kInt32, DT::kInt64,  DT::kFloat16, DT::kFloat, DT::kDouble, DT::kBool};
constexpr TypeSet kV13Types = kTypes.with(DT::kBfloat16);

constexpr InputSpec kData[] = {{"data"}};
constexpr InputSpec kInput[] = {{"input"}};
constexpr InputSpec kReshapeInputs[] = {{"data"}, {"shape"}};
constexpr InputSpec kSqueezeV13Inputs[] = {{"data"}, {"axes", true}};
constexpr InputSpec kUnsqueezeV13Inputs[] = {{"data"}, {"axes"}};
constexpr InputSpec kExpandInputs[] = {{"input"}, {"shape"}};
// Reshape 1: 'shape' required (checked by the operator); consumed_inputs a legacy hint, ignored.
constexpr AttrSpec kReshapeV1Attrs[] = {{"shape", AttrType::kInts}, {"consumed_inputs", AttrType::kInts}};
constexpr AttrSpec kReshapeV14Attrs[] = {{"allowzero", AttrType::kInt, AttrRule::kBoolean}};
constexpr AttrSpec kAxes[] = {{"axes", AttrType::kInts}};  // Unsqueeze: required, checked by the operator
constexpr AttrSpec kAxis[] = {{"axis", AttrType::kInt}};
constexpr AttrSpec kShapeV15Attrs[] = {{"start", AttrType::kInt}, {"end", AttrType::kInt}};

constexpr OpSchema row(const char* op, int since, TypeSet types, StaticList<InputSpec> inputs,
                       StaticList<AttrSpec> attrs, LayoutOp kernel, AxesFrom axes = AxesFrom::kNone) {
  OpSchema s{kOnnxDomain, op, since, types, inputs, attrs};
  s.family = Family::kLayout;
  s.layout_op = kernel;
  s.axes_from = axes;
  return s;
}

// The versions after 13 that only add element types the runtime does not hold (float8 19, int4
// 21, float4 23, float8e8m0 24, int2 25): rows of their own, as ONNX numbers them, with those
// types for shape inference.
#define ORW_LAYOUT_ROWS_FROM_21(op, types, ...)                                                      \
  row(op, 21, types.with(newer_types(21)), __VA_ARGS__), row(op, 23, types.with(newer_types(23)), __VA_ARGS__), \
      row(op, 24, types.with(newer_types(24)), __VA_ARGS__), row(op, 25, types.with(newer_types(25)), __VA_ARGS__)

using L = LayoutOp;
constexpr uint8_t kSeqOpt = kTakesSequences | kTakesOptionals;
constexpr AxesFrom kAttr = AxesFrom::kAttribute, kIn = AxesFrom::kInput;

// Rows of one op adjacent, since-versions ascending.
constexpr OpSchema kRows[] = {
    // Reshape: 'shape' an attribute in 1, an input from 5 (every type); 13 bfloat16; 14 'allowzero'.
    row("Reshape", 1, kFloats, kData, kReshapeV1Attrs, L::kReshape),
    row("Reshape", 5, kTypes, kReshapeInputs, {}, L::kReshape),
    row("Reshape", 13, kV13Types, kReshapeInputs, {}, L::kReshape),
    row("Reshape", 14, kV13Types, kReshapeInputs, kReshapeV14Attrs, L::kReshape),
    row("Reshape", 19, kV13Types.with(newer_types(19)), kReshapeInputs, kReshapeV14Attrs, L::kReshape),
    ORW_LAYOUT_ROWS_FROM_21("Reshape", kV13Types, kReshapeInputs, kReshapeV14Attrs, L::kReshape),
    // Squeeze, Unsqueeze: axes an attribute in 1 and 11 (negative axes from 11; accepted at 1
    // too), an input from 13 (with bfloat16).
    row("Squeeze", 1, kTypes, kData, kAxes, L::kSqueeze, kAttr),
    row("Squeeze", 11, kTypes, kData, kAxes, L::kSqueeze, kAttr),
    row("Squeeze", 13, kV13Types, kSqueezeV13Inputs, {}, L::kSqueeze, kIn),
    ORW_LAYOUT_ROWS_FROM_21("Squeeze", kV13Types, kSqueezeV13Inputs, {}, L::kSqueeze, kIn),
    row("Unsqueeze", 1, kTypes, kData, kAxes, L::kUnsqueeze, kAttr),
    row("Unsqueeze", 11, kTypes, kData, kAxes, L::kUnsqueeze, kAttr),
    row("Unsqueeze", 13, kV13Types, kUnsqueezeV13Inputs, {}, L::kUnsqueeze, kIn),
    ORW_LAYOUT_ROWS_FROM_21("Unsqueeze", kV13Types, kUnsqueezeV13Inputs, {}, L::kUnsqueeze, kIn),
    // Flatten: floats in 1, every type from 9, negative axis from 11, bfloat16 from 13.
    row("Flatten", 1, kFloats, kInput, kAxis, L::kFlatten),
    row("Flatten", 9, kTypes, kInput, kAxis, L::kFlatten),
    row("Flatten", 11, kTypes, kInput, kAxis, L::kFlatten),
    row("Flatten", 13, kV13Types, kInput, kAxis, L::kFlatten),
    ORW_LAYOUT_ROWS_FROM_21("Flatten", kV13Types, kInput, kAxis, L::kFlatten),
    // Identity: 13 bfloat16; 14 and 16 add sequences and optionals (inferred, not run).
    row("Identity", 1, kTypes, kInput, {}, L::kIdentity),
    row("Identity", 13, kV13Types, kInput, {}, L::kIdentity),
    taking(kTakesSequences, row("Identity", 14, kV13Types, kInput, {}, L::kIdentity)),
    taking(kSeqOpt, row("Identity", 16, kV13Types, kInput, {}, L::kIdentity)),
    taking(kSeqOpt, row("Identity", 19, kV13Types.with(newer_types(19)), kInput, {}, L::kIdentity)),
    taking(kSeqOpt, row("Identity", 21, kV13Types.with(newer_types(21)), kInput, {}, L::kIdentity)),
    taking(kSeqOpt, row("Identity", 23, kV13Types.with(newer_types(23)), kInput, {}, L::kIdentity)),
    taking(kSeqOpt, row("Identity", 24, kV13Types.with(newer_types(24)), kInput, {}, L::kIdentity)),
    taking(kSeqOpt, row("Identity", 25, kV13Types.with(newer_types(25)), kInput, {}, L::kIdentity)),
    // Shape: an int64 output of the dims; 13 bfloat16; 15 'start' and 'end'.
    row("Shape", 1, kTypes, kData, {}, L::kShape),
    row("Shape", 13, kV13Types, kData, {}, L::kShape),
    row("Shape", 15, kV13Types, kData, kShapeV15Attrs, L::kShape),
    row("Shape", 19, kV13Types.with(newer_types(19)), kData, kShapeV15Attrs, L::kShape),
    ORW_LAYOUT_ROWS_FROM_21("Shape", kV13Types, kData, kShapeV15Attrs, L::kShape),
    // Expand: 8, 13 (bfloat16).
    row("Expand", 8, kTypes, kExpandInputs, {}, L::kExpand),
    row("Expand", 13, kV13Types, kExpandInputs, {}, L::kExpand),
};

#undef ORW_LAYOUT_ROWS_FROM_21

}  // namespace layout_rows
}  // namespace orw
