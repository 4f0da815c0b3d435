// Entry points of the scan kernels: run a scan on raw buffers of one element type. Shapes,
// axis and types are validated by the operator (scan_op.cc) before this point.
// float16/bfloat16 are widened to float32, computed there and rounded once per output.
#pragma once
#include <cstddef>
#include <memory>

#include "core/dtype.h"
#include "plan/reduction_plan.h"
#include "scan/scan_walk.h"
#include "schema/op_schema.h"
#include "simd/storage.h"

namespace orw::kernels {

using orw::ScanOp;

// Element types the scan kernels implement.
TypeSet scan_types(ScanOp op);

// A scan stream, or nullptr for float16/bfloat16 (which widen to float32). Throws TypeError
// for a type outside scan_types(op).
std::unique_ptr<StreamedRun> make_scan_stream(ScanOp op, DataType type, const AxisExtent& extent, bool exclusive,
                                             bool reverse, Variant variant = Variant::kSimd);

// out = scan of x along extent.n, same size as x. Throws TypeError for a type outside
// scan_types(op).
void scan(ScanOp op, DataType type, const AxisExtent& extent, bool exclusive, bool reverse, const void* x, void* out,
          Variant variant = Variant::kSimd);

}  // namespace orw::kernels
