// ReduceLogSumExp of floats, private to the Reduce family (reduce_kernels.cc dispatches to it).
#pragma once
#include <memory>

#include "core/dtype.h"
#include "reduce/reduce_walk.h"
#include "plan/reduction_plan.h"
#include "simd/storage.h"

namespace orw::kernels {

// A stream of float32 LogSumExp over R and KR plans (contiguous slices: the common,
// softmax-like case), or nullptr for other plans.
std::unique_ptr<ReduceStream> make_logsumexp_stream(const ReductionPlan& plan, void* out, Variant v);

// LogSumExp of float32 or float64 over any plan, on whole buffers: log(sum(exp(x - m))) + m
// with m the slice's max, so large x cannot overflow; an all -inf slice (or an empty one)
// gives -inf; +inf or NaN propagates.
void reduce_logsumexp(DataType type, const ReductionPlan& plan, const void* x, void* out, Variant v);

}  // namespace orw::kernels
