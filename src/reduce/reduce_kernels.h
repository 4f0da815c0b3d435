// Entry points of the reduction kernels: run a reduction plan on raw buffers of one element
// type, whole or as a stream. Shapes, axes and types are validated by the operator
// (reduce_op.cc) before this point. float16/bfloat16 are widened to float32, computed there
// and rounded once per output (Max/Min: on their bits).
#pragma once
#include <cstddef>
#include <memory>

#include "core/dtype.h"
#include "reduce/reduce_walk.h"
#include "plan/reduction_plan.h"
#include "schema/op_schema.h"
#include "simd/storage.h"

namespace orw::kernels {

using orw::ReduceOp;

// Element types the reduce kernels implement.
TypeSet reduce_types(ReduceOp op);

// out[plan.output_count] = reduction of x[plan.input_count]. Throws TypeError for a type
// outside reduce_types(op).
void reduce(ReduceOp op, DataType type, const ReductionPlan& plan, const void* x, void* out,
            Variant variant = Variant::kSimd);

// A stream reducing into out[plan.output_count] (same bits as reduce()), or nullptr when the
// op cannot stream for that type and plan (LogSumExp except float R/KR plans;
// float16/bfloat16; L2 and LogSum of integers). Throws TypeError for a type outside
// reduce_types(op).
std::unique_ptr<ReduceStream> make_reduce_stream(ReduceOp op, DataType type, const ReductionPlan& plan, void* out,
                                                 Variant variant = Variant::kSimd);

}  // namespace orw::kernels
