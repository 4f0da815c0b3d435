// Reduction axes: normalized for a rank, and the dims a reduction over them leaves. Shared by
// the operators (concrete dims) and the shape functions (symbolic dims).
#pragma once
#include <cstdint>
#include <vector>

#include "onnx/node.h"

namespace orw {

// Normalizes reduction axes for `rank`: wraps negatives, checks the range [-rank, rank-1]
// and sorts. Throws ValueError naming the node, `source` ("attribute 'axes'",
// "input 'axes'") and the axis for one out of range, or for an axis given twice (after
// wrapping).
std::vector<int64_t> normalize_axes(const Node& node, const std::vector<int64_t>& axes, int64_t rank,
                                    const char* source);

// The single axis of attribute 'axis' (ArgMax, TopK, Softmax, ...), or `fallback` when the
// node has none, normalized for `rank`; errors as normalize_axes, naming "attribute 'axis'"
// or "attribute 'axis' (default <fallback>)".
int64_t axis_attribute(const Node& node, int64_t rank, int64_t fallback);

// The dims of `dims` reduced over the sorted, distinct `axes`: each reduced dim becomes `one`
// (keepdims) or is dropped, the others stay.
template <class D>
std::vector<D> reduced_dims(const std::vector<D>& dims, const std::vector<int64_t>& axes, bool keepdims, const D& one) {
  std::vector<D> out;
  size_t next = 0;  // the first axis not yet passed
  for (size_t d = 0; d < dims.size(); ++d) {
    const bool reduced = next < axes.size() && axes[next] == static_cast<int64_t>(d);
    if (reduced) ++next;
    if (!reduced) out.push_back(dims[d]);
    else if (keepdims) out.push_back(one);
  }
  return out;
}

}  // namespace orw
