// Entry points of the TopK kernels: the K largest (or smallest) elements of each row along
// one axis, with their indices. Types, axis and K are validated by the operator (topk_op.cc)
// before this point.
#pragma once
#include <cstdint>

#include "core/dtype.h"
#include "plan/reduction_plan.h"
#include "simd/storage.h"

namespace orw::kernels {

// How a row is selected: kAuto picks by K (a sorted buffer of the K best for small K, a
// candidate buffer for larger K); the others force one method (tests cross-check them).
enum class TopKMethod : uint8_t { kAuto, kSorted, kCandidates };

// Whether kAuto keeps a sorted buffer for rows of n and K: about K ln(n/K) entries get in,
// each shifting up to K others, against the candidate buffer's pass over the row for its
// bound and its sort of the survivors; the sorted buffer wins while K^2 is small beside n
// (bench/kernels.cc's TopK cases: e.g. K = 50 wins sorted on rows of 152064, candidates on
// rows of 32000 and 1000; K = 256 candidates everywhere, 2-4x).
constexpr bool sorted_buffer_pays(int64_t n, int64_t k) { return k < n && (k <= 4 || 16 * k * k <= n); }

// Element types the TopK kernels implement: every integer type but bool, float16, float,
// double, bfloat16.
TypeSet topk_types();

// The input is seen as [outer, n, inner] (an AxisExtent, plan/reduction_plan.h): a row is n
// elements inner apart. values / indices [outer, k, inner] = each row's k largest (`largest`) or smallest elements,
// in that order, and their indices along the axis. Ties keep the lower index first; a NaN
// counts as larger than every number (first with `largest`, last without); -0 equals +0.
// Integers compare exactly. Values are copied bit for bit from x. Requires 1 <= k <= n.
// Throws TypeError for a type outside topk_types().
void topk(DataType type, const AxisExtent& extent, int64_t k, bool largest, const void* x, void* values,
          int64_t* indices, Variant variant = Variant::kSimd, TopKMethod method = TopKMethod::kAuto);

}  // namespace orw::kernels
