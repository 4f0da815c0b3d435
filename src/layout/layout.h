// The layout family: the ops that only move or view data (Reshape, Squeeze, Unsqueeze,
// Flatten, Identity, Shape, Expand). What the registry wires for it, and the rules the
// operators and the shape functions share.
//
// Reshape, Squeeze, Unsqueeze, Flatten and Identity copy nothing: their output shares the
// input's bytes (Tensor::reshaped). Expand is a broadcast copy over the broadcast plan's walk;
// Shape writes the dims as int64.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"

namespace orw {

class ShapesContext;

// Registry run functions. Errors name the op, the input or attribute and the reason:
// TypeError for an element type outside the row's (or a non-int64 shape/axes input),
// ValueError for axes out of range or repeated, a squeezed dim that is not 1, a shape that does
// not hold the input's elements, shapes that do not broadcast.
std::vector<Tensor> run_reshape(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
std::vector<Tensor> run_squeeze(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
std::vector<Tensor> run_unsqueeze(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
std::vector<Tensor> run_flatten(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
std::vector<Tensor> run_identity(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
std::vector<Tensor> run_shape(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);
std::vector<Tensor> run_expand(const Node&, const std::vector<const Tensor*>&, RunMemo&, const PlacedOutputs&);

// Shape functions: the output's type and shape from the input infos, with the run's checks
// where the infos allow them. The shape/axes input is read when its values are known
// (ValueAsShape: an initializer, a Constant, a Shape output). Ops that keep the element order
// (all but Shape and Expand) pass the input's values on; Shape's output values are the dims.
void infer_identity_shape(ShapesContext& ctx, const Node& node);

// The rules both share.

// Unsqueeze's axes, normalized for the output's rank (input rank + count), sorted. Throws
// ValueError naming `source` for one out of [-out_rank, out_rank - 1] or given twice.
std::vector<int64_t> unsqueeze_axes(const Node& node, const std::vector<int64_t>& axes, int64_t in_rank,
                                    const char* source);

// `dims` with `one` inserted at each of the sorted output positions `axes`.
template <class D>
std::vector<D> unsqueezed_dims(const std::vector<D>& dims, const std::vector<int64_t>& axes, const D& one) {
  std::vector<D> out;
  size_t next_axis = 0, next_dim = 0;
  const size_t rank = dims.size() + axes.size();
  for (size_t d = 0; d < rank; ++d) {
    if (next_axis < axes.size() && axes[next_axis] == static_cast<int64_t>(d)) {
      out.push_back(one);
      ++next_axis;
    } else {
      out.push_back(dims[next_dim++]);
    }
  }
  return out;
}

// Flatten's axis for `rank`: attribute 'axis' (default 1), negatives counted from the back.
// Throws ValueError naming it when outside [-rank, rank].
int64_t flatten_axis(const Node& node, int64_t rank);

// Shape's [start, end) for `rank` (attributes 'start' and 'end' from 15): negatives counted
// from the back, then clamped to [0, rank]; end below start gives an empty range.
std::pair<int64_t, int64_t> shape_range(const Node& node, int64_t rank);

// Reshape's output dims for input dims `in` and the target `shape` (input 'shape', or the
// attribute in version 1): 0 keeps the input's dim at that index (unless 'allowzero' = 1), one
// -1 takes what is left. Throws ValueError naming the entry for anything else, or when the
// element counts differ.
Shape reshaped_dims(const Node& node, const Shape& in, const std::vector<int64_t>& shape, const char* source);

// True when 'allowzero' = 1 (Reshape 14 on): a 0 in the shape is a zero dim.
bool reshape_allows_zero(const Node& node);

}  // namespace orw
