#include "registry/families.h"

#include "arg/arg.h"
#include "constant/constant.h"
#include "elementwise/elementwise.h"
#include "elementwise/elementwise_shape.h"
#include "normalize/normalize.h"
#include "registry/inferred_rules.h"
#include "reduce/reduce.h"
#include "scan/scan.h"
#include "select/select.h"

namespace orw {
namespace {

constexpr OpEntry kReduce{run_reduce, infer_reduce_shape, start_streamed_reduce};
constexpr OpEntry kArg{run_arg, infer_arg_shape, start_streamed_arg};
constexpr OpEntry kScan{run_scan, infer_scan_shape, start_streamed_scan};
constexpr OpEntry kConstant{run_constant, infer_constant_shape, nullptr};
constexpr OpEntry kNormalize{run_normalize, infer_normalize_shape, start_streamed_normalize};
constexpr OpEntry kSelect{run_topk, infer_topk_shape, start_streamed_topk};
// Indexed by ElementwiseOp.
constexpr OpEntry kElementwise[] = {
    {run_unary, infer_unary_shape, nullptr},           {run_unary, infer_unary_shape, nullptr},            // Abs, Exp
    {run_unary, infer_unary_shape, nullptr},           {run_unary, infer_unary_shape, nullptr},            // Log, Sqrt
    {run_unary, infer_unary_shape, nullptr},           {run_unary, infer_unary_shape, nullptr},            // Neg, Reciprocal
    {run_arithmetic, infer_arithmetic_shape, nullptr}, {run_arithmetic, infer_arithmetic_shape, nullptr},  // Add, Sub
    {run_arithmetic, infer_arithmetic_shape, nullptr}, {run_arithmetic, infer_arithmetic_shape, nullptr},  // Mul, Div
    {run_cast, infer_cast_shape, nullptr},             {run_cast_like, infer_cast_like_shape, nullptr},
};
static_assert(sizeof kElementwise / sizeof kElementwise[0] == static_cast<size_t>(ElementwiseOp::kCastLike) + 1,
              "one entry per ElementwiseOp");

}  // namespace

const OpEntry& entry_of(const OpSchema& s) {
  switch (s.family) {
    case Family::kReduce: return kReduce;
    case Family::kArg: return kArg;
    case Family::kScan: return kScan;
    case Family::kConstant: return kConstant;
    case Family::kNormalize: return kNormalize;
    case Family::kSelect: return kSelect;
    case Family::kInferred: return inferred_entry(s);
    case Family::kElementwise: break;
  }
  return kElementwise[static_cast<size_t>(s.elementwise_op)];
}

}  // namespace orw
