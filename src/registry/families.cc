#include "registry/families.h"

#include "arg/arg.h"
#include "constant/constant.h"
#include "elementwise/elementwise.h"
#include "elementwise/elementwise_shape.h"
#include "inferred/inferred.h"  // the shape functions of Reshape, Squeeze, ... (layout ops run; their rules infer)
#include "layout/layout.h"
#include "normalize/normalize.h"
#include "registry/inferred_rules.h"
#include "reduce/reduce.h"
#include "scan/scan.h"
#include "topk/topk.h"

namespace orw {
namespace {

constexpr OpEntry kReduce{run_reduce, infer_reduce_shape, start_streamed_reduce};
constexpr OpEntry kArg{run_arg, infer_arg_shape, start_streamed_arg};
constexpr OpEntry kScan{run_scan, infer_scan_shape, start_streamed_scan};
constexpr OpEntry kConstant{run_constant, infer_constant_shape, nullptr};
constexpr OpEntry kNormalize{run_normalize, infer_normalize_shape, start_streamed_normalize};
constexpr OpEntry kTopK{run_topk, infer_topk_shape, start_streamed_topk};
// Indexed by ElementwiseOp.
constexpr OpEntry kElementwise[] = {
    {run_unary, infer_unary_shape, nullptr},           {run_unary, infer_unary_shape, nullptr},            // Abs, Exp
    {run_unary, infer_unary_shape, nullptr},           {run_unary, infer_unary_shape, nullptr},            // Log, Sqrt
    {run_unary, infer_unary_shape, nullptr},           {run_unary, infer_unary_shape, nullptr},            // Neg, Reciprocal
    {run_arithmetic, infer_arithmetic_shape, nullptr}, {run_arithmetic, infer_arithmetic_shape, nullptr},  // Add, Sub
    {run_arithmetic, infer_arithmetic_shape, nullptr}, {run_arithmetic, infer_arithmetic_shape, nullptr},  // Mul, Div
    {run_cast, infer_cast_shape, nullptr},             {run_cast_like, infer_cast_like_shape, nullptr},
    {run_clip, infer_clip_shape, nullptr},
};
static_assert(sizeof kElementwise / sizeof kElementwise[0] == static_cast<size_t>(ElementwiseOp::kClip) + 1,
              "one entry per ElementwiseOp");

// Indexed by LayoutOp.
constexpr OpEntry kLayout[] = {
    {run_reshape, infer_reshape_shape, nullptr}, {run_squeeze, infer_squeeze_shape, nullptr},
    {run_unsqueeze, infer_unsqueeze_shape, nullptr}, {run_flatten, infer_flatten_shape, nullptr},
    {run_identity, infer_identity_shape, nullptr}, {run_shape, infer_shape_shape, nullptr},
    {run_expand, infer_expand_shape, nullptr},
};
static_assert(sizeof kLayout / sizeof kLayout[0] == static_cast<size_t>(LayoutOp::kExpand) + 1, "one entry per LayoutOp");

}  // namespace

const OpEntry& entry_of(const OpSchema& s) {
  switch (s.family) {
    case Family::kReduce: return kReduce;
    case Family::kArg: return kArg;
    case Family::kScan: return kScan;
    case Family::kConstant: return kConstant;
    case Family::kNormalize: return kNormalize;
    case Family::kTopK: return kTopK;
    case Family::kLayout: return kLayout[static_cast<size_t>(s.layout_op)];
    case Family::kInferred: return inferred_entry(s);
    case Family::kElementwise: break;
  }
  return kElementwise[static_cast<size_t>(s.elementwise_op)];
}

}  // namespace orw
