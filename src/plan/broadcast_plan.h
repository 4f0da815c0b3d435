// The broadcast plan of a binary element-wise op (numpy's multidirectional broadcasting): the
// output shape, and the output viewed as groups of dims where each input either walks along
// with the output or repeats one element (stride 0). Size-1 output dims are dropped and
// adjacent dims with the same pattern merged, so [N,C,H,W] * [1,C,1,1] becomes 3 groups.
// A pure function of the two shapes.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "core/tensor.h"

namespace orw {

struct BroadcastPlan {
  Shape output_dims;
  // Groups, outermost first; the last one is the inner loop. Strides are in elements of each
  // input (0: that input repeats one element along the group).
  std::vector<int64_t> group_dims, a_strides, b_strides;

  int64_t output_count() const;
};

// The output dim of one aligned pair under numpy's rules, or nullopt when they are
// incompatible (different, neither 1).
std::optional<int64_t> broadcast_dim(int64_t a, int64_t b);

// The plan for a (*) b. Throws ValueError "dim <d> of the output: <x> vs <y>"
// (d counted from the left of the output) when the shapes cannot broadcast; callers prefix it
// with the op and input names.
BroadcastPlan plan_broadcast(const Shape& a, const Shape& b);

}  // namespace orw
