// What an operator remembers between runs of one node, so that a run on the same input shapes
// skips validation and planning and reuses its output buffer (no heap allocation for either).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"

namespace orw {

// The facts a run's checks and plan depend on: per input presence, element type and dims, and
// the values of the small integer inputs that steer the op (axes, axis). Equal keys give the
// same validation outcome, plan and output shapes.
class RunKey {
 public:
  // True when `inputs` give the key held (inputs from index `first_valued` on are compared by
  // value too). False when nothing is held.
  bool matches(const std::vector<const Tensor*>& inputs, size_t first_valued) const;
  // Holds the key of `inputs`, or nothing when a valued input is not a small integer tensor.
  void assign(const std::vector<const Tensor*>& inputs, size_t first_valued);
  void clear() { words_.clear(); }

 private:
  std::vector<int64_t> words_;  // empty: nothing held
};

// An output buffer kept by a node between runs: handed out again while no one else holds it.
class ReusedOutput {
 public:
  // A tensor of `type` and `dims` for the kernel to fill: the kept one when it is free and
  // matches, else a new one (kept for next time when it is small: big ones are not worth the
  // memory they would pin).
  Tensor take(DataType type, const Shape& dims);

 private:
  Tensor kept_;
};

}  // namespace orw
