// The rows of the ai.onnx.preview.training domain (opset 1), written from ONNX's operator docs:
// the optimizers Adagrad, Adam and Momentum, and Gradient. The package infers them and does
// not run them.
#include "schema/rows/inferred_rows.h"

namespace orw {
namespace {

using DT = DataType;

constexpr OpSchema training_row(const char* op, TypeSet types, StaticList<InputSpec> inputs,
                                StaticList<AttrSpec> attributes, ShapeRule rule) {
  OpSchema s = inferred_row(op, 1, types, inputs, attributes, 1, kAnyOutputCount, rule);
  s.domain = kPreviewTrainingDomain;
  return s;
}

// R (the learning rate, T1), T (the update count, int64), then the optimized tensors, their
// gradients and their states, each group as long as the first (T3).
constexpr InputSpec kOptimizerInputs[] = {{"R", false, false}, {"T", false, false}, {"inputs", false, true}};
constexpr AttrSpec kAdagradAttrs[] = {
    {"decay_factor", AttrType::kFloat}, {"epsilon", AttrType::kFloat}, {"norm_coefficient", AttrType::kFloat}};
constexpr AttrSpec kAdamAttrs[] = {{"alpha", AttrType::kFloat},
                                   {"beta", AttrType::kFloat},
                                   {"epsilon", AttrType::kFloat},
                                   {"norm_coefficient", AttrType::kFloat},
                                   {"norm_coefficient_post", AttrType::kFloat}};
constexpr AttrSpec kMomentumAttrs[] = {{"alpha", AttrType::kFloat},
                                       {"beta", AttrType::kFloat},
                                       {"mode", AttrType::kString},
                                       {"norm_coefficient", AttrType::kFloat}};
constexpr InputSpec kGradientInputs[] = {{"Inputs", false, true}};
constexpr AttrSpec kGradientAttrs[] = {{"xs", AttrType::kStrings}, {"y", AttrType::kString}, {"zs", AttrType::kStrings}};

constexpr OpSchema kRows[] = {
    training_row("Adagrad", {DT::kFloat, DT::kDouble}, kOptimizerInputs, kAdagradAttrs, ShapeRule::kOneStateOptimizer),
    training_row("Adam", {DT::kFloat, DT::kDouble}, kOptimizerInputs, kAdamAttrs, ShapeRule::kTwoStateOptimizer),
    training_row("Gradient",
                 {DT::kUint8, DT::kUint16, DT::kUint32, DT::kUint64, DT::kInt8, DT::kInt16, DT::kInt32, DT::kInt64,
                  DT::kBfloat16, DT::kFloat16, DT::kFloat, DT::kDouble, DT::kString, DT::kBool},
                 kGradientInputs, kGradientAttrs, ShapeRule::kGradient),
    training_row("Momentum", {DT::kFloat, DT::kDouble}, kOptimizerInputs, kMomentumAttrs, ShapeRule::kOneStateOptimizer),
};

}  // namespace

StaticList<OpSchema> training_rows() { return kRows; }

}  // namespace orw
