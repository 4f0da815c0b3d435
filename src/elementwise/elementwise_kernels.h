// Entry points of the element-wise kernels (the ops of the ONNX function bodies of the Reduce
// and Softmax-like ops): unary Abs/Exp/Log/Sqrt/Neg/Reciprocal, Add/Sub/Mul/Div over a
// broadcast plan, and Cast between element types. Shapes and types are validated by the
// operators before this point.
//
// Semantics: integers wrap (Add, Sub, Mul and Neg in the unsigned twin; Abs and Neg of the most
// negative value are itself, as numpy); integer Div truncates toward zero (the minimum over -1
// wraps to the minimum; the operator rejects division by zero before this point); float16/bfloat16 are computed in float32 and rounded once per element
// (Abs and Cast are exact bit operations or single roundings); float Exp/Log are vectorized
// polynomials within 2 ulp of the correctly rounded result with IEEE special values (NaN stays
// NaN, exp overflows to inf and underflows through subnormals to 0, log(0) = -inf, log(x<0) =
// NaN); Sqrt is the IEEE square root. Cast: see cast() below.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/dtype.h"
#include "simd/storage.h"
#include "plan/broadcast_plan.h"

namespace orw::kernels {

enum class UnaryOp : uint8_t { kAbs, kExp, kLog, kSqrt, kNeg, kReciprocal };
enum class BinaryOp : uint8_t { kAdd, kSub, kMul, kDiv };

// Element types the unary kernels implement: Abs and Neg every numeric type; the others
// float16, bfloat16, float and double.
TypeSet unary_types(UnaryOp op);

// Element types the binary kernels implement: every numeric type (not bool).
TypeSet binary_types();

// Element types Cast converts between (both ways): every fixed-size type of the package.
TypeSet cast_types();

// out[i] = op(x[i]) for i < n. Throws TypeError for a type outside unary_types(op).
void unary(UnaryOp op, DataType type, const void* x, void* out, size_t n, Variant variant = Variant::kSimd);

// out = a (op) b with the plan's broadcasting (out has plan.output_count() elements).
// Throws TypeError for a type outside binary_types().
void binary(BinaryOp op, DataType type, const BroadcastPlan& plan, const void* a, const void* b, void* out,
            Variant variant = Variant::kSimd);

// out[i] = x[i] converted from `from` to `to`, for i < n:
//  - to bool: x != 0 (NaN is true); from bool: 0 or 1 (any nonzero byte is true);
//  - integer -> integer: modulo 2^bits (two's complement), as numpy and onnxruntime;
//  - integer or float -> float types: round to nearest, ties to even, once (double ->
//    float16/bfloat16 too; overflow gives +-inf);
//  - float -> integer: truncation toward zero; NaN gives 0; values beyond the target's range
//    (infinities included) saturate to its minimum or maximum.
// Throws TypeError for a type outside cast_types().
void cast(DataType from, DataType to, const void* x, void* out, size_t n);

// Element types Clip implements: every numeric type (not bool).
TypeSet clip_types();

// out[i] = x[i] clipped to [*lo, *hi] for i < n, as ONNX's function body of Clip computes it:
// t = x < lo ? lo : x, then hi < t ? hi : t. So a NaN x stays NaN, a NaN bound clips nothing,
// lo > hi gives hi everywhere, and a bound that is nullptr is not applied (an infinite x stays
// itself). lo and hi point to one element of `type`. Throws TypeError for a type outside
// clip_types().
void clip(DataType type, const void* x, const void* lo, const void* hi, void* out, size_t n,
          Variant variant = Variant::kSimd);

}  // namespace orw::kernels
