// The shape rules of the ops the package infers but does not run: each registry row of such
// an op (src/schema/rows/) names one, and registry/inferred_rules.cc maps each to its shape
// function (src/inferred/). Rules many ops share are named for what they do (kSameAsInput,
// kBroadcast), the others for their op.
#pragma once
#include <cstdint>

namespace orw {

enum class ShapeRule : uint8_t {
  kNone,              // a row of an op the package runs (its family's shape function)
  // shared by many ops (inferred/rules.cc)
  kSameAsInput,       // input 0's type and shape (activations, Clip, Identity, ScatterND, ...)
  kSameShapeBool,     // input 0's shape, bool (IsNaN, IsInf)
  kBroadcast,         // the inputs' broadcast shape, input 0's type (Pow, Max, Sum, ...)
  kBroadcastToBool,   // the inputs' broadcast shape, bool (Equal, Less, And, ...)
  kWhere,
  // math (inferred/math_shape.cc)
  kMatMul, kMatMulInteger, kGemm, kEinsum,
  // nn (inferred/nn_shape.cc)
  kConv, kConvInteger, kConvTranspose, kPool, kGlobalPool, kBatchNormalization, kLayerNormalization, kDropout,
  // tensor (inferred/tensor_shape.cc, tensor_copy_shape.cc, tensor_index_shape.cc)
  kFlatten, kReshape, kTranspose, kSqueeze, kUnsqueeze, kConcat, kSplit, kSlice, kGather, kGatherElements,
  kGatherND, kShape, kSize, kExpand, kTile, kPad, kDepthToSpace, kSpaceToDepth, kNonZero, kOneHot, kResize,
  kEyeLike,
  // generator (inferred/generator_shape.cc)
  kRange, kConstantOfShape,
  // quantization and object detection (inferred/generator_shape.cc)
  kQuantizeLinear, kDequantizeLinear, kDynamicQuantizeLinear, kNonMaxSuppression,
  // added after the first set (inferred/*.cc by category)
  kRecurrent, kDft, kStft, kWindow, kMelWeightMatrix, kQLinearMatMul, kDet, kLoss, kRandom, kRandomLike, kMultinomial,
  kQLinearConv, kMaxUnpool, kRoiPool, kGridSample, kCompress, kUnique, kUpsample, kStringNormalizer, kTfIdfVectorizer, kCol2Im,
  // added after opset 17
  kAffineGrid, kCenterCropPad, kBitCast, kAttention, kImageDecoder, kStringSplit,
  // ai.onnx.preview.training (inferred/training_shape.cc): Adagrad and Momentum (one state
  // per optimized tensor), Adam (two), Gradient
  kOneStateOptimizer, kTwoStateOptimizer, kGradient,
  // sequences and optionals (inferred/sequence_shape.cc)
  kSequenceEmpty, kSequenceConstruct, kSequenceInsert, kSequenceAt, kSequenceErase, kSequenceLength,
  kSplitToSequence, kConcatFromSequence, kOptional, kOptionalHasElement, kOptionalGetElement,
  // If, Loop, Scan, SequenceMap: inferred through their subgraphs by whole-model inference only
  kSubgraphs,
  kCount,  // the number of rules (not a rule)
};

}  // namespace orw
