#include "schema/op_schema.h"

#include <string_view>

#include "core/errors.h"
#include "core/names.h"
#include "schema/layout_rows.h"
#include "schema/rows/inferred_rows.h"

namespace orw {
namespace {

using DT = DataType;
using EW = ElementwiseOp;

// Type lists per the ONNX operator docs and changelog.
constexpr TypeSet kReduceV1Types = {DT::kUint32, DT::kUint64, DT::kInt32, DT::kInt64, DT::kFloat16, DT::kFloat, DT::kDouble};
constexpr TypeSet kMinMaxV12Types = kReduceV1Types.with(DT::kInt8).with(DT::kUint8);
constexpr TypeSet kReduceV13Types = kReduceV1Types.with(DT::kBfloat16);
constexpr TypeSet kMinMaxV13Types = kMinMaxV12Types.with(DT::kBfloat16);
constexpr TypeSet kMinMaxV20Types = kMinMaxV13Types.with(DT::kBool);
constexpr TypeSet kCumSumV11Types = {DT::kUint32, DT::kUint64, DT::kInt32, DT::kInt64, DT::kFloat, DT::kDouble};
constexpr TypeSet kScanV14Types = kCumSumV11Types.with(DT::kFloat16).with(DT::kBfloat16);
constexpr TypeSet kFloatTypes = {DT::kFloat16, DT::kFloat, DT::kDouble};
constexpr TypeSet kAllNumericTypes = {DT::kUint8, DT::kUint16, DT::kUint32, DT::kUint64, DT::kInt8, DT::kInt16,
                                      DT::kInt32, DT::kInt64, DT::kFloat16, DT::kFloat, DT::kDouble};
// Cast/CastLike: the package's types of each version, and from 19 the newer ONNX types for
// shape inference (run_cast refuses them; string casts are inferred apart).
constexpr TypeSet kCastTypes = kAllNumericTypes.with(DT::kBool);
constexpr TypeSet kCastV13Types = kCastTypes.with(DT::kBfloat16);
// Neg: floats in 1; signed integers from 6.
constexpr TypeSet kNegV6Types = kFloatTypes.with(DT::kInt8).with(DT::kInt16).with(DT::kInt32).with(DT::kInt64);
// Constant: the package's fixed-size types (ONNX's string, float8, int4 ... values are refused
// when the node is run or its shape inferred).
constexpr TypeSet kConstantTypes = kCastV13Types;
// ArgMax / ArgMin: every numeric type from 1, bfloat16 from 13.
constexpr TypeSet kArgV1Types = kAllNumericTypes;
constexpr TypeSet kArgV13Types = kArgV1Types.with(DT::kBfloat16);
// TopK: float16/float/double in 1 and 10, every numeric type from 11, bfloat16 from 24.
constexpr TypeSet kTopKV11Types = kAllNumericTypes;
constexpr TypeSet kTopKV24Types = kAllNumericTypes.with(DT::kBfloat16);

// Attributes.
constexpr AttrSpec kKeepdims{"keepdims", AttrType::kInt, AttrRule::kBoolean};
constexpr AttrSpec kAxesAttr{"axes", AttrType::kInts};
constexpr AttrSpec kNoop{"noop_with_empty_axes", AttrType::kInt, AttrRule::kBoolean};
constexpr AttrSpec kConsumedInputs{"consumed_inputs", AttrType::kInts};  // legacy hint of versions 1-5, ignored
constexpr AttrSpec kBroadcast{"broadcast", AttrType::kInt, AttrRule::kBoolean};
constexpr AttrSpec kAxis{"axis", AttrType::kInt};
constexpr AttrSpec kToInt{"to", AttrType::kInt, AttrRule::kElementType};
constexpr AttrSpec kSaturate{"saturate", AttrType::kInt, AttrRule::kBoolean};
constexpr AttrSpec kRoundMode{"round_mode", AttrType::kString, AttrRule::kRoundMode};
constexpr AttrSpec kSelectLast{"select_last_index", AttrType::kInt, AttrRule::kBoolean};
constexpr AttrSpec kAxisOnly[] = {kAxis};
constexpr AttrSpec kLpNormAttrs[] = {kAxis, {"p", AttrType::kInt, AttrRule::kNormOrder}};

// The input and attribute lists the rows share.
constexpr InputSpec kDataInput[] = {{"data"}};
constexpr InputSpec kDataAndAxesInputs[] = {{"data"}, {"axes", true}};
constexpr InputSpec kScanInputs[] = {{"x"}, {"axis"}};
constexpr InputSpec kXInput[] = {{"X"}};
constexpr InputSpec kInput[] = {{"input"}};
constexpr InputSpec kBinaryInputs[] = {{"A"}, {"B"}};
constexpr InputSpec kCastLikeInputs[] = {{"input"}, {"target_type"}};
constexpr AttrSpec kAxesKeepdims[] = {kAxesAttr, kKeepdims};
constexpr AttrSpec kKeepdimsNoop[] = {kKeepdims, kNoop};
constexpr AttrSpec kScanAttrs[] = {{"exclusive", AttrType::kInt, AttrRule::kBoolean}, {"reverse", AttrType::kInt, AttrRule::kBoolean}};
constexpr AttrSpec kConsumedOnly[] = {kConsumedInputs};
constexpr AttrSpec kBinaryV1Attrs[] = {kBroadcast, kAxis, kConsumedInputs};
constexpr AttrSpec kBinaryV6Attrs[] = {kBroadcast, kAxis};
constexpr AttrSpec kCastV1Attrs[] = {{"to", AttrType::kString, AttrRule::kElementType}};
constexpr AttrSpec kCastV6Attrs[] = {kToInt};
constexpr AttrSpec kCastV19Attrs[] = {kToInt, kSaturate};
constexpr AttrSpec kCastV24Attrs[] = {kToInt, kSaturate, kRoundMode};
constexpr AttrSpec kCastLikeV19Attrs[] = {kSaturate};
constexpr AttrSpec kCastLikeV24Attrs[] = {kSaturate, kRoundMode};
// Constant: 'value' (1), 'sparse_value' (11), the typed value_* forms (12).
constexpr AttrSpec kConstantV1Attrs[] = {{"value", AttrType::kTensor}};
constexpr AttrSpec kConstantV11Attrs[] = {{"value", AttrType::kTensor}, {"sparse_value", AttrType::kSparseTensor}};
constexpr AttrSpec kConstantV12Attrs[] = {
    {"value", AttrType::kTensor},       {"sparse_value", AttrType::kSparseTensor}, {"value_float", AttrType::kFloat},
    {"value_floats", AttrType::kFloats}, {"value_int", AttrType::kInt},            {"value_ints", AttrType::kInts},
    {"value_string", AttrType::kString}, {"value_strings", AttrType::kStrings}};
constexpr AttrSpec kArgV1Attrs[] = {kAxis, kKeepdims};
constexpr AttrSpec kArgV12Attrs[] = {kAxis, kKeepdims, kSelectLast};
constexpr InputSpec kTopKInputs[] = {{"X"}, {"K"}};
constexpr AttrSpec kTopKV1Attrs[] = {kAxis, {"k", AttrType::kInt}};  // 'k' required: checked by the operator
constexpr AttrSpec kTopKV10Attrs[] = {kAxis};
constexpr AttrSpec kTopKV11Attrs[] = {kAxis, {"largest", AttrType::kInt, AttrRule::kBoolean},
                                      {"sorted", AttrType::kInt, AttrRule::kBoolean}};

// Clip: bounds as float attributes (1, 6), then as optional inputs of the data's type (11).
constexpr InputSpec kClipInputs[] = {{"input"}, {"min", true}, {"max", true}};
constexpr AttrSpec kClipV1Attrs[] = {{"min", AttrType::kFloat}, {"max", AttrType::kFloat}, kConsumedInputs};
constexpr AttrSpec kClipV6Attrs[] = {{"min", AttrType::kFloat}, {"max", AttrType::kFloat}};

// A Reduce op version whose axes are an attribute (AxesFrom::kAttribute) or an optional second
// input (AxesFrom::kInput, which comes with noop_with_empty_axes).
constexpr OpSchema reduce_row(const char* op, int since, TypeSet types, ReduceOp kernel, AxesFrom from) {
  const bool input = from == AxesFrom::kInput;
  OpSchema s{kOnnxDomain, op, since, types, input ? StaticList<InputSpec>(kDataAndAxesInputs) : kDataInput,
             input ? StaticList<AttrSpec>(kKeepdimsNoop) : kAxesKeepdims};
  s.axes_from = from;
  s.family = Family::kReduce;
  s.reduce_op = kernel;
  return s;
}
constexpr OpSchema reduce_with_axes_attribute(const char* op, int since, TypeSet types, ReduceOp kernel) {
  return reduce_row(op, since, types, kernel, AxesFrom::kAttribute);
}
constexpr OpSchema reduce_with_axes_input(const char* op, int since, TypeSet types, ReduceOp kernel) {
  return reduce_row(op, since, types, kernel, AxesFrom::kInput);
}

constexpr OpSchema scan_op(const char* op, int since, TypeSet types, ScanOp kernel) {
  OpSchema s{kOnnxDomain, op, since, types, kScanInputs, kScanAttrs};
  s.family = Family::kScan;
  s.scan_op = kernel;
  return s;
}

constexpr OpSchema elementwise_op(const char* op, int since, TypeSet types, StaticList<InputSpec> inputs,
                                  StaticList<AttrSpec> attrs, ElementwiseOp kernel) {
  OpSchema s{kOnnxDomain, op, since, types, inputs, attrs};
  s.family = Family::kElementwise;
  s.elementwise_op = kernel;
  return s;
}

constexpr OpSchema arg_op(const char* op, int since, TypeSet types, StaticList<AttrSpec> attrs, ReduceOp extreme) {
  OpSchema s{kOnnxDomain, op, since, types, kDataInput, attrs};
  s.family = Family::kArg;
  s.reduce_op = extreme;
  return s;
}

// The five versions of Add, Sub, Mul or Div.
#define ARITHMETIC_ROWS(op, kernel)                                                         \
  elementwise_op(op, 1, kFloatTypes, kBinaryInputs, kBinaryV1Attrs, kernel),                \
      elementwise_op(op, 6, kReduceV1Types, kBinaryInputs, kBinaryV6Attrs, kernel),         \
      elementwise_op(op, 7, kReduceV1Types, kBinaryInputs, {}, kernel),                     \
      elementwise_op(op, 13, kReduceV13Types, kBinaryInputs, {}, kernel),                   \
      elementwise_op(op, 14, kAllNumericTypes.with(DT::kBfloat16), kBinaryInputs, {}, kernel)

constexpr OpSchema constant_op(int since, StaticList<AttrSpec> attrs) {
  OpSchema s{kOnnxDomain, "Constant", since, kConstantTypes, {}, attrs};
  s.family = Family::kConstant;
  return s;
}

// A Softmax-like op version (or LpNormalization): input and output alike, along 'axis'
// (versions below 13 of Softmax, LogSoftmax, Hardmax: on the 2-D view at 'axis').
constexpr OpSchema normalize_row(const char* op, int since, TypeSet types, StaticList<InputSpec> inputs,
                                 StaticList<AttrSpec> attrs, NormalizeOp kernel, bool coerce_to_2d) {
  OpSchema s{kOnnxDomain, op, since, types, inputs, attrs};
  s.family = Family::kNormalize;
  s.normalize_op = kernel;
  s.coerce_to_2d = coerce_to_2d;
  return s;
}

// A TopK version: two outputs (Values, Indices); K an attribute (1) or the second input (10+).
constexpr OpSchema topk_row(int since, TypeSet types, StaticList<InputSpec> inputs, StaticList<AttrSpec> attrs) {
  OpSchema s{kOnnxDomain, "TopK", since, types, inputs, attrs};
  s.output_count = 2;
  s.family = Family::kTopK;
  return s;
}

// The table. Rows of one op are adjacent, since-versions ascending.
constexpr OpSchema kOps[] = {
    // The common history of most Reduce ops: 1, 11 (the spec allows negative axes; accepted at
    // 1 too, as ONNX's own shape inference, onnxruntime and the reference evaluator do), 13
    // (bfloat16), 18 (axes become an input).
    reduce_with_axes_attribute("ReduceProd", 1, kReduceV1Types, ReduceOp::kProd),
    reduce_with_axes_attribute("ReduceProd", 11, kReduceV1Types, ReduceOp::kProd),
    reduce_with_axes_attribute("ReduceProd", 13, kReduceV13Types, ReduceOp::kProd),
    reduce_with_axes_input("ReduceProd", 18, kReduceV13Types, ReduceOp::kProd),
    reduce_with_axes_attribute("ReduceMean", 1, kReduceV1Types, ReduceOp::kMean),
    reduce_with_axes_attribute("ReduceMean", 11, kReduceV1Types, ReduceOp::kMean),
    reduce_with_axes_attribute("ReduceMean", 13, kReduceV13Types, ReduceOp::kMean),
    reduce_with_axes_input("ReduceMean", 18, kReduceV13Types, ReduceOp::kMean),
    reduce_with_axes_attribute("ReduceSumSquare", 1, kReduceV1Types, ReduceOp::kSumSquare),
    reduce_with_axes_attribute("ReduceSumSquare", 11, kReduceV1Types, ReduceOp::kSumSquare),
    reduce_with_axes_attribute("ReduceSumSquare", 13, kReduceV13Types, ReduceOp::kSumSquare),
    reduce_with_axes_input("ReduceSumSquare", 18, kReduceV13Types, ReduceOp::kSumSquare),
    reduce_with_axes_attribute("ReduceL1", 1, kReduceV1Types, ReduceOp::kL1),
    reduce_with_axes_attribute("ReduceL1", 11, kReduceV1Types, ReduceOp::kL1),
    reduce_with_axes_attribute("ReduceL1", 13, kReduceV13Types, ReduceOp::kL1),
    reduce_with_axes_input("ReduceL1", 18, kReduceV13Types, ReduceOp::kL1),
    reduce_with_axes_attribute("ReduceL2", 1, kReduceV1Types, ReduceOp::kL2),
    reduce_with_axes_attribute("ReduceL2", 11, kReduceV1Types, ReduceOp::kL2),
    reduce_with_axes_attribute("ReduceL2", 13, kReduceV13Types, ReduceOp::kL2),
    reduce_with_axes_input("ReduceL2", 18, kReduceV13Types, ReduceOp::kL2),
    reduce_with_axes_attribute("ReduceLogSum", 1, kReduceV1Types, ReduceOp::kLogSum),
    reduce_with_axes_attribute("ReduceLogSum", 11, kReduceV1Types, ReduceOp::kLogSum),
    reduce_with_axes_attribute("ReduceLogSum", 13, kReduceV13Types, ReduceOp::kLogSum),
    reduce_with_axes_input("ReduceLogSum", 18, kReduceV13Types, ReduceOp::kLogSum),
    reduce_with_axes_attribute("ReduceLogSumExp", 1, kReduceV1Types, ReduceOp::kLogSumExp),
    reduce_with_axes_attribute("ReduceLogSumExp", 11, kReduceV1Types, ReduceOp::kLogSumExp),
    reduce_with_axes_attribute("ReduceLogSumExp", 13, kReduceV13Types, ReduceOp::kLogSumExp),
    reduce_with_axes_input("ReduceLogSumExp", 18, kReduceV13Types, ReduceOp::kLogSumExp),
    // ReduceSum moved its axes to an input already in 13.
    reduce_with_axes_attribute("ReduceSum", 1, kReduceV1Types, ReduceOp::kSum),
    reduce_with_axes_attribute("ReduceSum", 11, kReduceV1Types, ReduceOp::kSum),
    reduce_with_axes_input("ReduceSum", 13, kReduceV13Types, ReduceOp::kSum),
    // ReduceMax / ReduceMin add 12 (int8, uint8) and 20 (bool).
    reduce_with_axes_attribute("ReduceMax", 1, kReduceV1Types, ReduceOp::kMax),
    reduce_with_axes_attribute("ReduceMax", 11, kReduceV1Types, ReduceOp::kMax),
    reduce_with_axes_attribute("ReduceMax", 12, kMinMaxV12Types, ReduceOp::kMax),
    reduce_with_axes_attribute("ReduceMax", 13, kMinMaxV13Types, ReduceOp::kMax),
    reduce_with_axes_input("ReduceMax", 18, kMinMaxV13Types, ReduceOp::kMax),
    reduce_with_axes_input("ReduceMax", 20, kMinMaxV20Types, ReduceOp::kMax),
    reduce_with_axes_attribute("ReduceMin", 1, kReduceV1Types, ReduceOp::kMin),
    reduce_with_axes_attribute("ReduceMin", 11, kReduceV1Types, ReduceOp::kMin),
    reduce_with_axes_attribute("ReduceMin", 12, kMinMaxV12Types, ReduceOp::kMin),
    reduce_with_axes_attribute("ReduceMin", 13, kMinMaxV13Types, ReduceOp::kMin),
    reduce_with_axes_input("ReduceMin", 18, kMinMaxV13Types, ReduceOp::kMin),
    reduce_with_axes_input("ReduceMin", 20, kMinMaxV20Types, ReduceOp::kMin),
    scan_op("CumSum", 11, kCumSumV11Types, ScanOp::kSum),
    scan_op("CumSum", 14, kScanV14Types, ScanOp::kSum),
    scan_op("CumProd", 26, kScanV14Types, ScanOp::kProd),

    // ---- normalizations along an axis ----
    // Softmax, LogSoftmax, Hardmax: 1 and 11 on the 2-D view at 'axis' (11 documents negative
    // axes; accepted at 1 too), 13 along the one axis (default -1) and bfloat16.
    normalize_row("Softmax", 1, kFloatTypes, kInput, kAxisOnly, NormalizeOp::kSoftmax, true),
    normalize_row("Softmax", 11, kFloatTypes, kInput, kAxisOnly, NormalizeOp::kSoftmax, true),
    normalize_row("Softmax", 13, kFloatTypes.with(DT::kBfloat16), kInput, kAxisOnly, NormalizeOp::kSoftmax, false),
    normalize_row("LogSoftmax", 1, kFloatTypes, kInput, kAxisOnly, NormalizeOp::kLogSoftmax, true),
    normalize_row("LogSoftmax", 11, kFloatTypes, kInput, kAxisOnly, NormalizeOp::kLogSoftmax, true),
    normalize_row("LogSoftmax", 13, kFloatTypes.with(DT::kBfloat16), kInput, kAxisOnly, NormalizeOp::kLogSoftmax, false),
    normalize_row("Hardmax", 1, kFloatTypes, kInput, kAxisOnly, NormalizeOp::kHardmax, true),
    normalize_row("Hardmax", 11, kFloatTypes, kInput, kAxisOnly, NormalizeOp::kHardmax, true),
    normalize_row("Hardmax", 13, kFloatTypes.with(DT::kBfloat16), kInput, kAxisOnly, NormalizeOp::kHardmax, false),
    // LpNormalization: 1 along 'axis' (default -1), 22 adds bfloat16.
    normalize_row("LpNormalization", 1, kFloatTypes, kInput, kLpNormAttrs, NormalizeOp::kLpNorm, false),
    normalize_row("LpNormalization", 22, kFloatTypes.with(DT::kBfloat16), kInput, kLpNormAttrs, NormalizeOp::kLpNorm, false),

    // ---- element-wise ops (the ops of the Reduce ops' ONNX function bodies) ----
    // Exp, Log, Sqrt: 1 (consumed_inputs), 6, 13 (bfloat16). Abs widens to every numeric type in 6.
    elementwise_op("Abs", 1, kFloatTypes, kXInput, kConsumedOnly, EW::kAbs),
    elementwise_op("Abs", 6, kAllNumericTypes, kXInput, {}, EW::kAbs),
    elementwise_op("Abs", 13, kAllNumericTypes.with(DT::kBfloat16), kXInput, {}, EW::kAbs),
    elementwise_op("Exp", 1, kFloatTypes, kInput, kConsumedOnly, EW::kExp),
    elementwise_op("Exp", 6, kFloatTypes, kInput, {}, EW::kExp),
    elementwise_op("Exp", 13, kFloatTypes.with(DT::kBfloat16), kInput, {}, EW::kExp),
    elementwise_op("Log", 1, kFloatTypes, kInput, kConsumedOnly, EW::kLog),
    elementwise_op("Log", 6, kFloatTypes, kInput, {}, EW::kLog),
    elementwise_op("Log", 13, kFloatTypes.with(DT::kBfloat16), kInput, {}, EW::kLog),
    elementwise_op("Sqrt", 1, kFloatTypes, kXInput, kConsumedOnly, EW::kSqrt),
    elementwise_op("Sqrt", 6, kFloatTypes, kXInput, {}, EW::kSqrt),
    elementwise_op("Sqrt", 13, kFloatTypes.with(DT::kBfloat16), kXInput, {}, EW::kSqrt),
    // Neg and Reciprocal: 1 (consumed_inputs), 6 (Neg: signed integers), 13 (bfloat16).
    elementwise_op("Neg", 1, kFloatTypes, kXInput, kConsumedOnly, EW::kNeg),
    elementwise_op("Neg", 6, kNegV6Types, kXInput, {}, EW::kNeg),
    elementwise_op("Neg", 13, kNegV6Types.with(DT::kBfloat16), kXInput, {}, EW::kNeg),
    elementwise_op("Reciprocal", 1, kFloatTypes, kXInput, kConsumedOnly, EW::kReciprocal),
    elementwise_op("Reciprocal", 6, kFloatTypes, kXInput, {}, EW::kReciprocal),
    elementwise_op("Reciprocal", 13, kFloatTypes.with(DT::kBfloat16), kXInput, {}, EW::kReciprocal),
    // The arithmetic ops share one history: 1 (legacy broadcast + consumed_inputs), 6 (integer
    // types), 7 (numpy broadcasting), 13 (bfloat16), 14 (8- and 16-bit integers).
    ARITHMETIC_ROWS("Add", EW::kAdd),
    ARITHMETIC_ROWS("Sub", EW::kSub),
    ARITHMETIC_ROWS("Mul", EW::kMul),
    ARITHMETIC_ROWS("Div", EW::kDiv),
    // Cast: 'to' is a type name in 1, an int from 6; 9 adds string, 13 bfloat16, 19 float8 and
    // 'saturate', 21 int4, 23 float4, 24 float8e8m0 and 'round_mode', 25 int2.
    elementwise_op("Cast", 1, kCastTypes, kInput, kCastV1Attrs, EW::kCast),
    elementwise_op("Cast", 6, kCastTypes, kInput, kCastV6Attrs, EW::kCast),
    elementwise_op("Cast", 9, kCastTypes, kInput, kCastV6Attrs, EW::kCast),
    elementwise_op("Cast", 13, kCastV13Types, kInput, kCastV6Attrs, EW::kCast),
    elementwise_op("Cast", 19, kCastV13Types.with(newer_types(19)), kInput, kCastV19Attrs, EW::kCast),
    elementwise_op("Cast", 21, kCastV13Types.with(newer_types(21)), kInput, kCastV19Attrs, EW::kCast),
    elementwise_op("Cast", 23, kCastV13Types.with(newer_types(23)), kInput, kCastV19Attrs, EW::kCast),
    elementwise_op("Cast", 24, kCastV13Types.with(newer_types(24)), kInput, kCastV24Attrs, EW::kCast),
    elementwise_op("Cast", 25, kCastV13Types.with(newer_types(25)), kInput, kCastV24Attrs, EW::kCast),
    // CastLike: 15, then the same steps as Cast from 19.
    elementwise_op("CastLike", 15, kCastV13Types, kCastLikeInputs, {}, EW::kCastLike),
    elementwise_op("CastLike", 19, kCastV13Types.with(newer_types(19)), kCastLikeInputs, kCastLikeV19Attrs, EW::kCastLike),
    elementwise_op("CastLike", 21, kCastV13Types.with(newer_types(21)), kCastLikeInputs, kCastLikeV19Attrs, EW::kCastLike),
    elementwise_op("CastLike", 23, kCastV13Types.with(newer_types(23)), kCastLikeInputs, kCastLikeV19Attrs, EW::kCastLike),
    elementwise_op("CastLike", 24, kCastV13Types.with(newer_types(24)), kCastLikeInputs, kCastLikeV24Attrs, EW::kCastLike),
    elementwise_op("CastLike", 25, kCastV13Types.with(newer_types(25)), kCastLikeInputs, kCastLikeV24Attrs, EW::kCastLike),

    // Constant: 1, 9 (more types), 11 (sparse_value), 12 (value_*), 13 (bfloat16), then new
    // types in 19, 21, 23, 24, 25 (float8, int4, float4, ...: a value tensor of those is refused).
    constant_op(1, kConstantV1Attrs), constant_op(9, kConstantV1Attrs), constant_op(11, kConstantV11Attrs),
    constant_op(12, kConstantV12Attrs), constant_op(13, kConstantV12Attrs), constant_op(19, kConstantV12Attrs),
    constant_op(21, kConstantV12Attrs), constant_op(23, kConstantV12Attrs), constant_op(24, kConstantV12Attrs),
    constant_op(25, kConstantV12Attrs),

    // ArgMax / ArgMin: 1, 11 (negative axis in the spec; accepted at 1 too), 12
    // (select_last_index), 13 (bfloat16). reduce_op says which extreme.
    arg_op("ArgMax", 1, kArgV1Types, kArgV1Attrs, ReduceOp::kMax),
    arg_op("ArgMax", 11, kArgV1Types, kArgV1Attrs, ReduceOp::kMax),
    arg_op("ArgMax", 12, kArgV1Types, kArgV12Attrs, ReduceOp::kMax),
    arg_op("ArgMax", 13, kArgV13Types, kArgV12Attrs, ReduceOp::kMax),
    arg_op("ArgMin", 1, kArgV1Types, kArgV1Attrs, ReduceOp::kMin),
    arg_op("ArgMin", 11, kArgV1Types, kArgV1Attrs, ReduceOp::kMin),
    arg_op("ArgMin", 12, kArgV1Types, kArgV12Attrs, ReduceOp::kMin),
    arg_op("ArgMin", 13, kArgV13Types, kArgV12Attrs, ReduceOp::kMin),

    // TopK: 1 (attribute k), 10 (K an input), 11 (largest, sorted; every numeric type;
    // negative axis in the spec, accepted at every version), 24 (bfloat16).
    topk_row(1, kFloatTypes, kXInput, kTopKV1Attrs),
    topk_row(10, kFloatTypes, kTopKInputs, kTopKV10Attrs),
    topk_row(11, kTopKV11Types, kTopKInputs, kTopKV11Attrs),
    topk_row(24, kTopKV24Types, kTopKInputs, kTopKV11Attrs),

    // Clip: 1 (consumed_inputs), 6 (bounds as attributes), 11 (bounds as inputs), 12 (integer
    // types), 13 (bfloat16).
    elementwise_op("Clip", 1, kFloatTypes, kInput, kClipV1Attrs, EW::kClip),
    elementwise_op("Clip", 6, kFloatTypes, kInput, kClipV6Attrs, EW::kClip),
    elementwise_op("Clip", 11, kFloatTypes, kClipInputs, {}, EW::kClip),
    elementwise_op("Clip", 12, kAllNumericTypes, kClipInputs, {}, EW::kClip),
    elementwise_op("Clip", 13, kAllNumericTypes.with(DT::kBfloat16), kClipInputs, {}, EW::kClip),
};

#undef ARITHMETIC_ROWS

// kOps then the rows of schema/layout_rows.h, as one table in static storage.
template <size_t N, size_t M>
struct JoinedRows {
  OpSchema rows[N + M];
};
template <size_t N, size_t M>
constexpr JoinedRows<N, M> joined(const OpSchema (&a)[N], const OpSchema (&b)[M]) {
  JoinedRows<N, M> t{};
  for (size_t i = 0; i < N; ++i) t.rows[i] = a[i];
  for (size_t i = 0; i < M; ++i) t.rows[N + i] = b[i];
  return t;
}
constexpr auto kAllRows = joined(kOps, layout_rows::kRows);
constexpr StaticList<OpSchema> (*kTables[])() = {
    all_ops,  controlflow_rows, generator_rows, logical_rows,  math_rows,     nn_rows,      object_detection_rows,
    quantization_rows, rnn_rows, tensor_rows,   newer_rows,    sequence_rows, training_rows};

}  // namespace

StaticList<OpSchema> all_ops() { return kAllRows.rows; }

StaticList<StaticList<OpSchema> (*)()> row_tables() { return kTables; }

std::string canonical_domain(const std::string& domain) { return domain.empty() ? kOnnxDomain : domain; }

int64_t max_opset(const std::string& domain) {
  return domain == kOnnxDomain ? kMaxOpset : domain == kPreviewTrainingDomain ? kMaxPreviewTrainingOpset : 0;
}

const OpSchema& resolve_op(const std::string& domain, const std::string& op_type, int64_t opset) {
  const std::string dom = canonical_domain(domain);
  const OpSchema* best = nullptr;
  const OpSchema* first = nullptr;
  bool domain_known = false;
  // The run rows (all_ops, the first table) first: an op the package runs is resolved among
  // them alone, so an inferred-only row of the same op (a generated table's) never shadows one.
  bool runs = false;  // found among the run rows
  for (const auto table : row_tables()) {
    if (runs) break;
    const bool run_table = table == row_tables()[0];
    for (const OpSchema& s : table()) {
      if (dom != s.domain) continue;
      domain_known = true;
      if (op_type != s.op_type) continue;
      if (!first) first = &s;
      runs = runs || run_table;
      if (s.since_version <= opset) best = &s;
    }
  }
  const int64_t newest = max_opset(dom);
  if (domain_known && first && opset >= 1 && opset <= newest && best) return *best;

  ErrorMessage m;
  m << Printable{op_type} << " (domain '" << Printable{dom} << "', opset " << opset << "): ";
  if (!domain_known) {
    fail<UnsupportedError>(m << "domain '" << Printable{dom} << "' is not supported (only " << kOnnxDomain << " and "
                             << kPreviewTrainingDomain << ')');
  }
  if (!first) {
    m << "operator '" << Printable{op_type} << "' is not supported (supported: ";
    const char* previous = nullptr;
    // The ops run (ai.onnx) or the training domain's; rows of one op are adjacent.
    for (const OpSchema& s : dom == kOnnxDomain ? all_ops() : training_rows()) {
      if (previous && std::string_view(previous) != s.op_type) m << ", ";
      if (!previous || std::string_view(previous) != s.op_type) m << s.op_type;
      previous = s.op_type;
    }
    fail<UnsupportedError>(m << ')');
  }
  if (opset < 1 || opset > newest) {
    fail<UnsupportedError>(m << "opset " << opset << " is outside the supported range 1.." << newest);
  }
  fail<UnsupportedError>(m << Printable{op_type} << " does not exist in opset " << opset
                           << " (it first appears in opset " << first->since_version << ')');
}

}  // namespace orw
