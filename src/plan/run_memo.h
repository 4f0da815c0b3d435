// What an operator remembers between runs of one node, so that a run on the same input shapes
// skips validation and planning and reuses its output buffer (no heap allocation for either).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/tensor.h"

namespace orw {

// What an operator may remember between runs of one node (e.g. its plan for the last input
// shapes): each family's memo (ReduceMemo, ScanMemo) derives from NodeMemo.
struct NodeMemo {
  virtual ~NodeMemo() = default;
};

class ReusedOutput;

// The memo of one node, kept beside it by whoever runs the node (runtime's NodeRunner and
// Session): not part of the node's value, so a copy starts with none. Not thread-safe: one
// node is run by one thread at a time.
class RunMemo {
 public:
  RunMemo() = default;
  RunMemo(const RunMemo&) {}
  RunMemo& operator=(const RunMemo&) { memo_.reset(); placed_.clear(); return *this; }
  RunMemo(RunMemo&&) noexcept = default;
  RunMemo& operator=(RunMemo&&) noexcept = default;
  // The memo of type M, created empty on first use (or when another type was there).
  // The type is told by the address of a static per M, not dynamic_cast: the wasm build has
  // no RTTI.
  template <class M> M& get() {
    static const char kTypeKey = 0;
    if (!memo_ || type_key_ != &kTypeKey) {
      memo_ = std::make_unique<M>();
      type_key_ = &kTypeKey;
    }
    return static_cast<M&>(*memo_);
  }

  // Buffers the caller has for this run's outputs (Node.run's options.outputs, in wasm
  // memory), so the kernels write there and nothing is copied after the run: outputs[i] (an
  // empty tensor: none for output i) is used if it has output i's type and dims. One that
  // overlaps an input or another output is dropped (kernels may not write over what they
  // read). Held until clear_placed(); the caller clears them after the run, thrown or not.
  void place(const Tensor* outputs, size_t count, const std::vector<const Tensor*>& inputs);
  void clear_placed() { placed_.clear(); }
  // Output i of a run, of `type` and `dims`: the placed buffer when it matches, else one from
  // `reuse` (when given) or a new one.
  Tensor output(size_t i, DataType type, const Shape& dims, ReusedOutput* reuse = nullptr);

 private:
  std::unique_ptr<NodeMemo> memo_;
  const void* type_key_ = nullptr;
  std::vector<Tensor> placed_;
};


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
