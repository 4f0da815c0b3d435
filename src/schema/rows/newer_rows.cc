// Rows of inferred-only ops for versions after ONNX 1.12 (opset 17), written from the
// operator docs: the versions that change inputs or attributes. (Versions that only add
// element types outside this package, float8, int4 and the like, need no row: the older row
// stays in force and such types are reported as not accepted.)
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

constexpr OpSchema kRows[] = {
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
