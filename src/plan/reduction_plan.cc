#include "plan/reduction_plan.h"

#include <algorithm>

namespace orw {

std::string ReductionPlan::pattern() const {
  std::string s;
  for (bool r : group_reduced) s += r ? 'R' : 'K';
  return s;
}

ReductionPlan make_reduction_plan(const Shape& dims, const std::vector<int64_t>& axes) {
  ReductionPlan plan;
  plan.input_count = 1;
  plan.output_count = 1;
  plan.reduce_count = 1;
  for (size_t d = 0; d < dims.size(); ++d) {
    const bool reduced = std::binary_search(axes.begin(), axes.end(), static_cast<int64_t>(d));
    const int64_t extent = dims[d];
    plan.input_count *= extent;
    (reduced ? plan.reduce_count : plan.output_count) *= extent;
    if (extent == 1) continue;  // size-1 dims change nothing, whatever their kind
    if (!plan.group_reduced.empty() && plan.group_reduced.back() == reduced) {
      plan.group_dims.back() *= extent;
    } else {
      plan.group_dims.push_back(extent);
      plan.group_reduced.push_back(reduced);
    }
  }
  return plan;
}

AxisExtent make_axis_extent(const Shape& dims, int64_t axis) {
  AxisExtent extent;
  for (int64_t d = 0; d < static_cast<int64_t>(dims.size()); ++d) {
    if (d < axis) extent.outer *= dims[d];
    else if (d == axis) extent.n = dims[d];
    else extent.inner *= dims[d];
  }
  return extent;
}

}  // namespace orw
