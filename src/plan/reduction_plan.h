// The reduction plan: a pure function of (shape, reduced axes) that drops size-1 dims and merges
// adjacent dims of the same kind, so any reduction becomes an alternating list of kept (K) and
// reduced (R) groups: R, K, KR, RK, KRK, RKR, ... Kernels then run the innermost one or two
// groups and loop over the rest; nothing is ever transposed.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/tensor.h"

namespace orw {

struct ReductionPlan {
  std::vector<int64_t> group_dims;  // collapsed extents, outermost first
  // Per group: 1 reduced (R) or 0 kept (K); neighbours differ. (Not vector<bool>: its copy and
  // access code are several times larger in the wasm.)
  std::vector<uint8_t> group_reduced;
  int64_t input_count = 0;          // elements read
  int64_t output_count = 0;         // elements written (product of kept dims)
  int64_t reduce_count = 0;         // elements combined into each output (product of reduced dims)

  // The pattern as letters, e.g. "KRK"; "" when every dim has size 1 (a single element).
  std::string pattern() const;
};

// Builds the plan for reducing `dims` over `axes`, which must be normalized (non-negative,
// < rank, sorted, unique; the caller validates). Zero-size dims are kept as they are: the plan
// then has input_count 0, and reduce_count 0 if a reduced dim is empty.
ReductionPlan make_reduction_plan(const Shape& dims, const std::vector<int64_t>& axes);

// Splits `dims` around `axis` (0 <= axis < rank) into (outer, n, inner): the view of the ops
// that work along one axis (scans, the normalize ops, TopK): outer slices of n * inner
// elements, each holding inner rows of n elements, inner apart.
struct AxisExtent {
  int64_t outer = 1, n = 1, inner = 1;
};
AxisExtent make_axis_extent(const Shape& dims, int64_t axis);

}  // namespace orw
