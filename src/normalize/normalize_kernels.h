// Entry points of the normalization kernels. The input is seen as [outer, n, inner] (an
// AxisExtent, plan/reduction_plan.h): `outer` slices, each holding inner rows of n elements
// (stride inner), and each row is normalized on its own. The operator (normalize_op.cc) maps
// the ONNX axis semantics onto that extent and validates types and attributes before this
// point.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/dtype.h"
#include "plan/reduction_plan.h"
#include "schema/op_schema.h"
#include "simd/storage.h"

namespace orw::kernels {

// out = op(x) row by row, x and out of `type` (float16, float, double, bfloat16) and
// outer * n * inner elements:
//   kSoftmax:    exp(x - max) / sum(exp(x - max))
//   kLogSoftmax: x - max - log(sum(exp(x - max)))
//   kHardmax:    1 at the first maximum (a NaN counts as the maximum), 0 elsewhere
//   kLpNorm:     x / ||x||_p (p = `p`, 1 or 2); a row of norm 0 gives zeros
// Everything is computed in double and rounded once to `type` (Softmax's exp by a shorter
// polynomial for outputs narrower than double, 3.8e-9 relative: simd/exp.h). A row holding
// NaN, +inf or only -inf gives NaN throughout (Softmax, LogSoftmax), as onnxruntime. Throws
// TypeError for another type.
void normalize(NormalizeOp op, DataType type, const AxisExtent& extent, const void* x, void* out, int64_t p = 2,
               Variant variant = Variant::kSimd);

}  // namespace orw::kernels
