// What an operator remembers between runs of one node, so that a run on the same input shapes
// skips validation and planning and reuses its output buffer (no heap allocation for either),
// and the buffers a caller places for one run's outputs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/tensor.h"

namespace orw {

// What an operator may remember between runs of one node (e.g. its plan for the last input
// shapes): every family's memo is a PlanMemo (below), which derives from NodeMemo.
struct NodeMemo {
  virtual ~NodeMemo() = default;
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

// The memo every family keeps (one helper for all, so that none re-validates or re-plans a
// repeated run): the last run's key, what its checks and plan gave (`Prepared`: output dims,
// plan, options), and a kept buffer per output.
template <class Prepared, size_t kOutputs = 1>
struct PlanMemo final : NodeMemo {
  RunKey key;
  Prepared prepared;
  ReusedOutput outputs[kOutputs];
};

// The memo of one node, kept beside it by whoever runs the node (runtime's MemoizedNode and
// Session): not part of the node's value, so a copy starts with none. Not thread-safe: one
// node is run by one thread at a time.
class RunMemo {
 public:
  RunMemo() = default;
  RunMemo(const RunMemo&) {}
  RunMemo& operator=(const RunMemo&) { memo_.reset(); return *this; }
  RunMemo(RunMemo&&) noexcept = default;
  RunMemo& operator=(RunMemo&&) noexcept = default;
  // The node's PlanMemo, holding what prepare() gives for `inputs`: the remembered one when
  // the last run had the same key (inputs from `first_valued` on compared by value too), else
  // prepare() run now and remembered. A prepare() that throws leaves nothing remembered, so
  // the next run on those inputs throws again. Every family's operator runs through this.
  template <class Prepared, size_t kOutputs = 1, class Prepare>
  PlanMemo<Prepared, kOutputs>& plan(const std::vector<const Tensor*>& inputs, size_t first_valued, Prepare&& prepare) {
    auto& m = get<PlanMemo<Prepared, kOutputs>>();
    if (stale(m.key, inputs, first_valued)) {
      m.prepared = prepare();
      m.key.assign(inputs, first_valued);
    }
    return m;
  }
  // How many times plan() ran a prepare(): a repeated run on the same shapes adds none.
  size_t plans() const { return plans_; }

 private:
  // False when `key` holds the key of `inputs`; else clears it (so that a prepare() that
  // throws leaves nothing remembered), counts a planning and returns true. Out of line: one
  // copy for every family's plan().
  bool stale(RunKey& key, const std::vector<const Tensor*>& inputs, size_t first_valued);

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

  std::unique_ptr<NodeMemo> memo_;
  const void* type_key_ = nullptr;
  size_t plans_ = 0;
};

// Buffers the caller has for one run's outputs (Node.run's options.outputs, in wasm memory),
// so the kernels write there and nothing is copied after the run: a per-call value, never
// kept in a memo. outputs[i] (an empty tensor: none for output i) is used if it has output
// i's type and dims. One that overlaps an input or another output is dropped (kernels may not
// write over what they read). Refers to `outputs`, which must outlive the run; holds nothing
// of its own (no allocation per call).
class PlacedOutputs {
 public:
  PlacedOutputs() = default;  // none: every output gets a buffer of its own
  PlacedOutputs(const Tensor* outputs, size_t count, const std::vector<const Tensor*>& inputs);
  // Output i of a run, of `type` and `dims`: the placed buffer when it matches, else one from
  // `reuse` (when given) or a new one.
  Tensor output(size_t i, DataType type, const Shape& dims, ReusedOutput* reuse = nullptr) const;

 private:
  static constexpr size_t kMaxPlaced = 64;  // outputs past this many are never placed
  const Tensor* outputs_ = nullptr;
  size_t count_ = 0;
  uint64_t dropped_ = 0;  // bit i: outputs_[i] overlaps an input or another output
};

}  // namespace orw
