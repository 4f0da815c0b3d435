// The reduction plan (plan/reduction_plan.h): size-1 dims dropped, adjacent dims of the same
// kind merged into alternating K/R groups; counts; the scan extent.
#include <catch2/catch.hpp>

#include "plan/reduction_plan.h"

using namespace orw;

namespace {

struct PlanRow {
  Shape dims;
  std::vector<int64_t> axes;
  std::string pattern;
  std::vector<int64_t> groups;
  int64_t input_count, output_count, reduce_count;
};

}  // namespace

TEST_CASE("ReductionPlan/groups, pattern and counts follow the table") {
  const std::vector<PlanRow> table = {
      // dims            axes        pattern group dims      in   out  red
      {{2, 3, 4}, {1}, "KRK", {2, 3, 4}, 24, 8, 3},
      {{2, 3, 4}, {0}, "RK", {2, 12}, 24, 12, 2},
      {{2, 3, 4}, {2}, "KR", {6, 4}, 24, 6, 4},
      {{2, 3, 4}, {0, 2}, "RKR", {2, 3, 4}, 24, 3, 8},
      {{2, 3, 4}, {0, 1, 2}, "R", {24}, 24, 1, 24},
      {{2, 3, 4}, {}, "K", {24}, 24, 24, 1},
      {{2, 3, 4, 5}, {2, 3}, "KR", {6, 20}, 120, 6, 20},
      {{2, 3, 4, 5}, {0, 1}, "RK", {6, 20}, 120, 20, 6},
      {{2, 3, 4, 5}, {1, 2}, "KRK", {2, 12, 5}, 120, 10, 12},
      {{2, 3, 4, 5}, {0, 3}, "RKR", {2, 12, 5}, 120, 12, 10},
      {{2, 3, 4, 5}, {1, 3}, "KRKR", {2, 3, 4, 5}, 120, 8, 15},
      {{2, 3, 4, 5}, {0, 2}, "RKRK", {2, 3, 4, 5}, 120, 15, 8},
      {{1, 5, 1, 3}, {3}, "KR", {5, 3}, 15, 5, 3},
      {{1, 5, 1, 3}, {0, 2}, "K", {15}, 15, 15, 1},        // only size-1 dims reduced
      {{1, 5, 1, 3}, {1}, "RK", {5, 3}, 15, 3, 5},
      {{5, 1, 3}, {0, 2}, "R", {15}, 15, 1, 15},           // a size-1 kept dim between merges them
      {{5, 1, 3}, {1}, "K", {15}, 15, 15, 1},
      {{1, 1, 1}, {0, 2}, "", {}, 1, 1, 1},                // a single element: no groups
      {{}, {}, "", {}, 1, 1, 1},                           // rank 0
      {{7}, {0}, "R", {7}, 7, 1, 7},
      {{7}, {}, "K", {7}, 7, 7, 1},
      {{2, 0, 4}, {1}, "KRK", {2, 0, 4}, 0, 8, 0},         // empty reduced dim: identities out
      {{2, 0, 4}, {2}, "KR", {0, 4}, 0, 0, 4},             // empty kept dim: empty output
      {{2, 0, 4}, {0, 1, 2}, "R", {0}, 0, 1, 0},
      {{3, 4, 5, 6, 7, 8}, {1, 3, 5}, "KRKRKR", {3, 4, 5, 6, 7, 8}, 20160, 105, 192},
      {{3, 4, 5, 6, 7, 8}, {0, 1, 4, 5}, "RKR", {12, 30, 56}, 20160, 30, 672},
  };
  for (const PlanRow& row : table) {
    INFO("dims " << shape_to_string(row.dims) << " axes " << shape_to_string(row.axes));
    const ReductionPlan plan = make_reduction_plan(row.dims, row.axes);
    CHECK(plan.pattern() == row.pattern);
    CHECK(plan.group_dims == row.groups);
    CHECK(plan.group_reduced.size() == plan.group_dims.size());
    CHECK(plan.input_count == row.input_count);
    CHECK(plan.output_count == row.output_count);
    CHECK(plan.reduce_count == row.reduce_count);
  }
}

TEST_CASE("ReductionPlan/neighbouring groups always differ in kind and no group has size 1") {
  // Every axis subset of a rank-5 shape with some size-1 dims.
  const Shape dims = {3, 1, 4, 2, 1};
  for (int mask = 0; mask < 32; ++mask) {
    std::vector<int64_t> axes;
    for (int d = 0; d < 5; ++d) {
      if (mask & (1 << d)) axes.push_back(d);
    }
    INFO("axes mask " << mask);
    const ReductionPlan plan = make_reduction_plan(dims, axes);
    int64_t product = 1, reduced_product = 1;
    for (size_t g = 0; g < plan.group_dims.size(); ++g) {
      CHECK(plan.group_dims[g] != 1);
      if (g > 0) CHECK(plan.group_reduced[g] != plan.group_reduced[g - 1]);
      product *= plan.group_dims[g];
      if (plan.group_reduced[g]) reduced_product *= plan.group_dims[g];
    }
    CHECK(product == 24);
    CHECK(plan.input_count == 24);
    CHECK(plan.reduce_count == reduced_product);
    CHECK(plan.output_count * plan.reduce_count == 24);
  }
}

TEST_CASE("AxisExtent/splits the shape into outer, axis and inner extents") {
  struct Row { Shape dims; int64_t axis, outer, n, inner; };
  const std::vector<Row> table = {
      {{2, 3, 4}, 0, 1, 2, 12},
      {{2, 3, 4}, 1, 2, 3, 4},
      {{2, 3, 4}, 2, 6, 4, 1},
      {{5}, 0, 1, 5, 1},
      {{2, 0, 4}, 1, 2, 0, 4},
      {{2, 0, 4}, 2, 0, 4, 1},
      {{1, 1, 7, 1}, 2, 1, 7, 1},
      {{2, 3, 4, 5, 6, 7}, 3, 24, 5, 42},
  };
  for (const Row& row : table) {
    INFO("dims " << shape_to_string(row.dims) << " axis " << row.axis);
    const AxisExtent extent = make_axis_extent(row.dims, row.axis);
    CHECK(extent.outer == row.outer);
    CHECK(extent.n == row.n);
    CHECK(extent.inner == row.inner);
  }
}
