// Entry points of the ArgMax/ArgMin kernels: the index of the extreme element of each slice
// of a one-axis ReductionPlan, written as int64. Types, axis and shape are validated by the
// operator (arg_op.cc) before this point.
#pragma once
#include <memory>

#include "core/dtype.h"
#include "plan/reduction_plan.h"
#include "plan/streamed_run.h"
#include "simd/storage.h"

namespace orw::kernels {

// Element types the arg kernels implement: every integer type but bool, float16, float,
// double, bfloat16.
TypeSet arg_types();

// out[plan.output_count] (int64) = for each slice, the index along the reduced group of its
// largest (kMax) or smallest element; a NaN counts as the extreme. Ties and NaNs resolve to
// the first such element, or the last with `select_last`. `plan` reduces at most one group.
// Throws TypeError for a type outside arg_types().
void arg_reduce(bool max, bool select_last, DataType type, const ReductionPlan& plan, const void* x, int64_t* out,
                Variant variant = Variant::kSimd);

// The same as a stream fed piece by piece in input order (see ReduceStream); gives the same
// indices as arg_reduce().
std::unique_ptr<ReduceStream> make_arg_stream(bool max, bool select_last, DataType type, const ReductionPlan& plan,
                                              int64_t* out, Variant variant = Variant::kSimd);

}  // namespace orw::kernels
