// The type-independent walk of a broadcast plan (built -Oz, as the other walks): the output
// one row of the innermost group at a time, each row handed to a typed row function (the
// element-wise kernels' binary microkernel, built -O3). An input that repeats one element
// along the row is handed over as a buffer of copies, a chunk at a time, so the row function
// always sees two walking inputs: one microkernel per (op, type) in the download.
#pragma once
#include <cstddef>

#include "plan/broadcast_plan.h"

namespace orw {

// out[i] = a[i] (op) b[i] for i < n, all three of one element type.
using BroadcastRowFn = void (*)(const void* a, const void* b, void* out, size_t n);

// Runs `row` over the plan. Elements are `element_size` bytes (at most 8); a and b hold what
// the plan's strides reach, out plan.output_count() elements.
void walk_broadcast(const BroadcastPlan& plan, size_t element_size, const void* a, const void* b, void* out,
                    BroadcastRowFn row);

}  // namespace orw
