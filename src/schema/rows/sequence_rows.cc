// The rows of ONNX's sequence and optional ops (every version to opset 26), written from the
// operator docs. The package infers them and does not run them: their values are sequences
// and optionals (TensorInfo's containers), which only shape inference knows.
#include "schema/rows/inferred_rows.h"

namespace orw {
namespace {

using DT = DataType;

// The element types of a sequence's tensors (ONNX's tensor types).
constexpr TypeSet kElements{DT::kUint8, DT::kUint16, DT::kUint32, DT::kUint64, DT::kInt8,  DT::kInt16,
                            DT::kInt32, DT::kInt64,  DT::kFloat16, DT::kFloat, DT::kDouble, DT::kString,
                            DT::kBool,  DT::kBfloat16};
constexpr uint8_t kSeqOpt = kTakesSequences | kTakesOptionals;

constexpr OpSchema seq_row(const char* op, int since, StaticList<InputSpec> inputs, StaticList<AttrSpec> attributes,
                           ShapeRule rule, uint8_t containers = kTakesSequences, int max_outputs = 1) {
  return taking(containers, inferred_row(op, since, kElements, inputs, attributes, 1, max_outputs, rule));
}

constexpr InputSpec kSequence[] = {{"input_sequence"}};
constexpr InputSpec kSequencePosition[] = {{"input_sequence"}, {"position"}};
constexpr InputSpec kSequenceOptionalPosition[] = {{"input_sequence"}, {"position", true}};
constexpr InputSpec kInsertInputs[] = {{"input_sequence"}, {"tensor"}, {"position", true}};
constexpr InputSpec kConstructInputs[] = {{"inputs", false, true}};
constexpr InputSpec kSplitInputs[] = {{"input"}, {"split", true}};
constexpr InputSpec kMapInputs[] = {{"input_sequence"}, {"additional_inputs", true, true}};
constexpr InputSpec kInput[] = {{"input"}};
constexpr InputSpec kOptionalInput[] = {{"input", true}};
constexpr AttrSpec kDtype[] = {{"dtype", AttrType::kInt}};
constexpr AttrSpec kSplitAttrs[] = {{"axis", AttrType::kInt}, {"keepdims", AttrType::kInt, AttrRule::kBoolean}};
constexpr AttrSpec kConcatAttrs[] = {{"axis", AttrType::kInt}, {"new_axis", AttrType::kInt, AttrRule::kBoolean}};
constexpr AttrSpec kBody[] = {{"body", AttrType::kGraph}};
constexpr AttrSpec kType[] = {{"type", AttrType::kTypeProto}};

constexpr OpSchema kRows[] = {
    seq_row("ConcatFromSequence", 11, kSequence, kConcatAttrs, ShapeRule::kConcatFromSequence),
    seq_row("Optional", 15, kOptionalInput, kType, ShapeRule::kOptional),
    // 15 takes an optional only; 18 also a tensor or sequence (its own value).
    seq_row("OptionalGetElement", 15, kInput, {}, ShapeRule::kOptionalGetElement, kTakesOptionals),
    seq_row("OptionalGetElement", 18, kInput, {}, ShapeRule::kOptionalGetElement, kSeqOpt),
    seq_row("OptionalHasElement", 15, kInput, {}, ShapeRule::kOptionalHasElement, kTakesOptionals),
    seq_row("OptionalHasElement", 18, kOptionalInput, {}, ShapeRule::kOptionalHasElement, kSeqOpt),
    seq_row("SequenceAt", 11, kSequencePosition, {}, ShapeRule::kSequenceAt),
    seq_row("SequenceConstruct", 11, kConstructInputs, {}, ShapeRule::kSequenceConstruct, 0),
    seq_row("SequenceEmpty", 11, {}, kDtype, ShapeRule::kSequenceEmpty, 0),
    seq_row("SequenceErase", 11, kSequenceOptionalPosition, {}, ShapeRule::kSequenceErase),
    seq_row("SequenceInsert", 11, kInsertInputs, {}, ShapeRule::kSequenceInsert),
    seq_row("SequenceLength", 11, kSequence, {}, ShapeRule::kSequenceLength),
    // Its outputs come from its body, as Loop's (runtime/subgraph_shapes.h).
    seq_row("SequenceMap", 17, kMapInputs, kBody, ShapeRule::kSubgraphs, kTakesSequences, kAnyOutputCount),
    seq_row("SplitToSequence", 11, kSplitInputs, kSplitAttrs, ShapeRule::kSplitToSequence, 0),
    seq_row("SplitToSequence", 24, kSplitInputs, kSplitAttrs, ShapeRule::kSplitToSequence, 0),
};

}  // namespace

StaticList<OpSchema> sequence_rows() { return kRows; }

}  // namespace orw
