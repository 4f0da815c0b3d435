// The typed half of a reduction stream (built -O3 in the *_kernels.cc files): the kernel calls
// ReduceWalk makes for each piece or block, on the microkernels of reduce_microkernels.h for
// one compute type S and op descriptor Op, and the stream's finish.
#pragma once
#include <cstddef>
#include <memory>
#include <type_traits>

#include "reduce/reduce_walk.h"
#include "reduce/reduce_microkernels.h"
#include "reduce/reduce_ops.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {

// A single-pass reduction of one op and compute type, fed in pieces (ReduceWalk), then
// finalized in place. A widening S (accumulator wider than the element) reduces into a
// buffer of accumulators, finalizes there and rounds each output once. For a plain R plan the
// pieces' results are combined pairwise (a binary counter of partials), so long float sums
// keep their accuracy.
template <class S, class Op>
class ReduceRunner final : public ReduceWalk {
 public:
  using In = typename S::Lane;
  using A = typename S::Acc;

  static constexpr A kIdentity = Op::template identity<A>();

  ReduceRunner(const ReductionPlan& plan, void* out, Finalize finalize, const ReduceArgs& args)
      : ReduceWalk(plan, out, sizeof(In), sizeof(A), &kIdentity, finalize, args), op_(make_op<Op>(args)) {}

  void finish() override {
    A total = op_.template identity<A>();
    bool any = false;
    for (size_t l = kLevels; l-- > 0;) {  // the oldest (highest) partials first
      if (!has_[l]) continue;
      total = any ? op_.combine(total, partial_[l]) : partial_[l];
      any = true;
    }
    if (any) acc()[0] = op_.combine(acc()[0], total);
    run_finalize();
    if constexpr (!std::is_same_v<In, A>) {
      const A* wide = acc();
      In* o = static_cast<In*>(out_);
      for (size_t i = 0, n = outputs(); i < n; ++i) o[i] = static_cast<In>(wide[i]);
    }
  }

 private:
  static constexpr size_t kLevels = 64;

  ORW_INLINE A* acc() const { return static_cast<A*>(acc_); }

  void kept(const void* x, size_t begin, size_t count) override {
    const In* in = static_cast<const In*>(x);
    A* o = acc() + begin;
    for (size_t i = 0; i < count; ++i) o[i] = op_.combine(o[i], op_.pre(static_cast<A>(in[i])));
  }
  void span_partial(const void* x, size_t count, void* partial) override {
    *static_cast<A*>(partial) = reduce_r<S, Op>(op_, static_cast<const In*>(x), count);
  }
  void add_partial(const void* partial) override { push_partial(*static_cast<const A*>(partial)); }
  void rows(const void* x, size_t rows, size_t cols, size_t out_offset) override {
    reduce_kr<S, Op>(op_, static_cast<const In*>(x), rows, cols, acc() + out_offset);
  }
  void columns(const void* x, size_t rows, size_t stride, size_t cols, size_t out_offset) override {
    reduce_rk<S, Op>(op_, static_cast<const In*>(x), rows, stride, cols, acc() + out_offset);
  }
  size_t column_grain() const override { return kRkColumnChunk<S>; }

  void push_partial(A v) {
    size_t l = 0;
    for (; has_[l]; ++l) {
      v = op_.combine(partial_[l], v);
      has_[l] = false;
    }
    partial_[l] = v;
    has_[l] = true;
  }

  Op op_;  // the op descriptor (with its run-time parameters, if any)
  A partial_[kLevels];
  bool has_[kLevels] = {};
};

// The stream of Op over elements of T accumulated in A: the SIMD runner (or the scalar one,
// for tests and where it is faster), with finalize step f.
template <class Op, class T, class A = T>
std::unique_ptr<ReduceStream> make_reduce_runner(const ReductionPlan& plan, void* out, Variant v, Finalize f = nullptr,
                                                 const ReduceArgs& args = {}) {
  // V8 emulates i64x2.mul on x86 with several instructions: for 64-bit products over
  // contiguous slices (R, KR) the scalar instance is about twice as fast; over columns (RK)
  // the vectors still win.
  constexpr bool kSlowVectorMul =
      std::is_same_v<T, uint64_t> && (std::is_same_v<Op, ProdOp> || std::is_same_v<Op, SumSquareOp>);
  const bool slices = !plan.group_dims.empty() && plan.group_reduced.back();
  if constexpr (sizeof(A) <= 8) {  // 128-bit accumulators have no vectors
    if (detail::use_simd(v) && !(kSlowVectorMul && slices)) {
      return std::make_unique<ReduceRunner<simd::Vec128<T, A>, Op>>(plan, out, f, args);
    }
  }
  return std::make_unique<ReduceRunner<simd::Scalar<T, A>, Op>>(plan, out, f, args);
}

// Op over a whole input of T into out.
template <class Op, class T>
void run_plan(const ReductionPlan& plan, const T* x, T* out, Variant v) {
  run_stream(*make_reduce_runner<Op, T>(plan, out, v), static_cast<size_t>(plan.input_count), x, sizeof(T));
}

}  // namespace orw::kernels
