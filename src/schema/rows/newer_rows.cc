// Rows of inferred-only ops for versions after ONNX 1.12 (opset 17), written from the
// operator docs: the versions that change inputs or attributes or the package's types, and
// ops added since. (Versions that only add element types outside this package, float8, int4
// and the like, need no row: the older row stays in force and such types are reported as not
// accepted.)
#include "schema/rows/inferred_rows.h"

namespace orw {
namespace {

using DT = DataType;

constexpr TypeSet kAllTypes = {DT::kUint8, DT::kUint16, DT::kUint32, DT::kUint64, DT::kInt8,   DT::kInt16,
                               DT::kInt32, DT::kInt64,  DT::kBfloat16, DT::kFloat16, DT::kFloat, DT::kDouble,
                               DT::kString, DT::kBool};

// Split 18: 'num_outputs' (equal parts, the last one smaller).
constexpr InputSpec kSplitInputs[] = {{"input"}, {"split", true}};
constexpr AttrSpec kSplitV18Attrs[] = {{"axis", AttrType::kInt}, {"num_outputs", AttrType::kInt}};
// Pad 18: an 'axes' input; 19: mode 'wrap'.
constexpr InputSpec kPadV18Inputs[] = {{"data"}, {"pads"}, {"constant_value", true}, {"axes", true}};
constexpr AttrSpec kPadAttrs[] = {{"mode", AttrType::kString}};
// Resize 18: 'antialias', 'axes', 'keep_aspect_ratio_policy'; 19: mode 'half_pixel_symmetric'.
constexpr InputSpec kResizeInputs[] = {{"X"}, {"roi", true}, {"scales", true}, {"sizes", true}};
constexpr AttrSpec kResizeV18Attrs[] = {
    {"antialias", AttrType::kInt},          {"axes", AttrType::kInts},
    {"coordinate_transformation_mode", AttrType::kString}, {"cubic_coeff_a", AttrType::kFloat},
    {"exclude_outside", AttrType::kInt},    {"extrapolation_value", AttrType::kFloat},
    {"keep_aspect_ratio_policy", AttrType::kString}, {"mode", AttrType::kString},
    {"nearest_mode", AttrType::kString}};
// ScatterND and ScatterElements 18: 'reduction' gains 'max' and 'min'.
constexpr InputSpec kScatterNDInputs[] = {{"data"}, {"indices"}, {"updates"}};
constexpr AttrSpec kReductionAttrs[] = {{"reduction", AttrType::kString}};
constexpr AttrSpec kScatterElementsAttrs[] = {{"axis", AttrType::kInt}, {"reduction", AttrType::kString}};

constexpr TypeSet kFloatTypes = {DT::kFloat16, DT::kFloat, DT::kDouble};
constexpr TypeSet kFloatAndBfloat16 = kFloatTypes.with(DT::kBfloat16);
constexpr TypeSet kIntegerTypes = {DT::kUint8, DT::kUint16, DT::kUint32, DT::kUint64,
                                   DT::kInt8,  DT::kInt16,  DT::kInt32,  DT::kInt64};

constexpr InputSpec kXInput[] = {{"X"}};
constexpr InputSpec kBinaryInputs[] = {{"A"}, {"B"}};
// AveragePool 19: 'dilations'. LpPool 18: 'ceil_mode' and 'dilations'.
constexpr AttrSpec kAveragePoolV19Attrs[] = {
    {"auto_pad", AttrType::kString},  {"ceil_mode", AttrType::kInt}, {"count_include_pad", AttrType::kInt},
    {"dilations", AttrType::kInts},   {"kernel_shape", AttrType::kInts}, {"pads", AttrType::kInts},
    {"strides", AttrType::kInts}};
constexpr AttrSpec kLpPoolV18Attrs[] = {
    {"auto_pad", AttrType::kString}, {"ceil_mode", AttrType::kInt}, {"dilations", AttrType::kInts},
    {"kernel_shape", AttrType::kInts}, {"p", AttrType::kInt},       {"pads", AttrType::kInts},
    {"strides", AttrType::kInts}};
// QuantizeLinear 19: 'saturate'; 21: 'block_size', 'output_dtype'. DequantizeLinear 21: 'block_size'.
constexpr InputSpec kQuantizeInputs[] = {{"x"}, {"y_scale"}, {"y_zero_point", true}};
constexpr InputSpec kDequantizeInputs[] = {{"x"}, {"x_scale"}, {"x_zero_point", true}};
constexpr AttrSpec kQuantizeV19Attrs[] = {{"axis", AttrType::kInt}, {"saturate", AttrType::kInt}};
constexpr AttrSpec kQuantizeV21Attrs[] = {{"axis", AttrType::kInt}, {"block_size", AttrType::kInt},
                                          {"output_dtype", AttrType::kInt}, {"saturate", AttrType::kInt}};
constexpr AttrSpec kAxisAttr[] = {{"axis", AttrType::kInt}};
constexpr AttrSpec kDequantizeV21Attrs[] = {{"axis", AttrType::kInt}, {"block_size", AttrType::kInt}};
// DFT 20: 'axis' becomes an optional input.
constexpr InputSpec kDftV20Inputs[] = {{"input"}, {"dft_length", true}, {"axis", true}};
constexpr AttrSpec kDftV20Attrs[] = {{"inverse", AttrType::kInt}, {"onesided", AttrType::kInt}};
// New ops whose output is input 0's type and shape.
constexpr AttrSpec kGeluAttrs[] = {{"approximate", AttrType::kString}};
constexpr InputSpec kGroupNormInputs[] = {{"X"}, {"scale"}, {"bias"}};
constexpr AttrSpec kGroupNormV18Attrs[] = {{"epsilon", AttrType::kFloat}, {"num_groups", AttrType::kInt}};
constexpr AttrSpec kGroupNormV21Attrs[] = {{"epsilon", AttrType::kFloat}, {"num_groups", AttrType::kInt},
                                           {"stash_type", AttrType::kInt}};
constexpr InputSpec kRmsNormInputs[] = {{"X"}, {"scale"}};
constexpr AttrSpec kRmsNormAttrs[] = {{"axis", AttrType::kInt}, {"epsilon", AttrType::kFloat}, {"stash_type", AttrType::kInt}};
constexpr InputSpec kRotaryInputs[] = {{"X"}, {"cos_cache"}, {"sin_cache"}, {"position_ids", true}};
constexpr AttrSpec kRotaryAttrs[] = {{"interleaved", AttrType::kInt}, {"num_heads", AttrType::kInt},
                                     {"rotary_embedding_dim", AttrType::kInt}};
constexpr AttrSpec kSwishAttrs[] = {{"alpha", AttrType::kFloat}};
// Col2Im 18.
constexpr InputSpec kCol2ImInputs[] = {{"input"}, {"image_shape"}, {"block_shape"}};
constexpr AttrSpec kCol2ImAttrs[] = {{"dilations", AttrType::kInts}, {"pads", AttrType::kInts}, {"strides", AttrType::kInts}};

constexpr OpSchema kRows[] = {
    inferred_row("AveragePool", 19, kFloatTypes, kXInput, kAveragePoolV19Attrs, 1, 1, ShapeRule::kPool),
    inferred_row("LpPool", 18, kFloatTypes, kXInput, kLpPoolV18Attrs, 1, 1, ShapeRule::kPool),
    inferred_row("QuantizeLinear", 19, kFloatAndBfloat16.with(DT::kInt32), kQuantizeInputs, kQuantizeV19Attrs, 1, 1,
                 ShapeRule::kQuantizeLinear),
    inferred_row("QuantizeLinear", 21, kFloatAndBfloat16.with(DT::kInt32), kQuantizeInputs, kQuantizeV21Attrs, 1, 1,
                 ShapeRule::kQuantizeLinear),
    inferred_row("DequantizeLinear", 19, {DT::kInt8, DT::kUint8, DT::kInt32}, kDequantizeInputs,
                 kAxisAttr, 1, 1, ShapeRule::kDequantizeLinear),
    inferred_row("DequantizeLinear", 21, {DT::kInt8, DT::kUint8, DT::kInt16, DT::kUint16, DT::kInt32},
                 kDequantizeInputs, kDequantizeV21Attrs, 1, 1, ShapeRule::kDequantizeLinear),
    inferred_row("DFT", 20, kFloatAndBfloat16, kDftV20Inputs, kDftV20Attrs, 1, 1, ShapeRule::kDft),
    inferred_row("Mish", 18, kFloatTypes, kXInput, {}, 1, 1, ShapeRule::kSameAsInput),
    inferred_row("Gelu", 20, kFloatAndBfloat16, kXInput, kGeluAttrs, 1, 1, ShapeRule::kSameAsInput),
    inferred_row("GroupNormalization", 18, kFloatAndBfloat16, kGroupNormInputs, kGroupNormV18Attrs, 1, 1,
                 ShapeRule::kSameAsInput),
    inferred_row("GroupNormalization", 21, kFloatAndBfloat16, kGroupNormInputs, kGroupNormV21Attrs, 1, 1,
                 ShapeRule::kSameAsInput),
    inferred_row("RMSNormalization", 23, kFloatAndBfloat16, kRmsNormInputs, kRmsNormAttrs, 1, 1, ShapeRule::kSameAsInput),
    inferred_row("RotaryEmbedding", 23, kFloatAndBfloat16, kRotaryInputs, kRotaryAttrs, 1, 1, ShapeRule::kSameAsInput),
    inferred_row("Swish", 24, kFloatAndBfloat16, kXInput, kSwishAttrs, 1, 1, ShapeRule::kSameAsInput),
    inferred_row("BitwiseNot", 18, kIntegerTypes, kXInput, {}, 1, 1, ShapeRule::kSameAsInput),
    inferred_row("BitwiseAnd", 18, kIntegerTypes, kBinaryInputs, {}, 1, 1, ShapeRule::kBroadcast),
    inferred_row("BitwiseOr", 18, kIntegerTypes, kBinaryInputs, {}, 1, 1, ShapeRule::kBroadcast),
    inferred_row("BitwiseXor", 18, kIntegerTypes, kBinaryInputs, {}, 1, 1, ShapeRule::kBroadcast),
    inferred_row("Col2Im", 18, kAllTypes, kCol2ImInputs, kCol2ImAttrs, 1, 1, ShapeRule::kCol2Im),
    inferred_row("Split", 18, kAllTypes, kSplitInputs, kSplitV18Attrs, 1, kAnyOutputCount, ShapeRule::kSplit),
    inferred_row("Pad", 18, kAllTypes, kPadV18Inputs, kPadAttrs, 1, 1, ShapeRule::kPad),
    inferred_row("Pad", 19, kAllTypes, kPadV18Inputs, kPadAttrs, 1, 1, ShapeRule::kPad),
    inferred_row("Resize", 18, kAllTypes, kResizeInputs, kResizeV18Attrs, 1, 1, ShapeRule::kResize),
    inferred_row("Resize", 19, kAllTypes, kResizeInputs, kResizeV18Attrs, 1, 1, ShapeRule::kResize),
    inferred_row("ScatterND", 18, kAllTypes, kScatterNDInputs, kReductionAttrs, 1, 1, ShapeRule::kSameAsInput),
    inferred_row("ScatterElements", 18, kAllTypes, kScatterNDInputs, kScatterElementsAttrs, 1, 1, ShapeRule::kSameAsInput),
};

}  // namespace

StaticList<OpSchema> newer_rows() { return kRows; }

}  // namespace orw
