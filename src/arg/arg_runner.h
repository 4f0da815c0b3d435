// The typed half of an Arg stream (built -O3 in arg_kernels.cc): the kernel calls ArgWalk makes
// for each piece or block, on the microkernels of arg_microkernels.h for one SIMD wrapper S.
// The package runs ArgMax only: ArgMin is ArgMax of reversed keys (arg_kernels.cc).
#pragma once
#include <cstddef>
#include <cstdint>

#include "arg/arg_kr_rk_microkernels.h"
#include "arg/arg_walk.h"

namespace orw::kernels {

// ArgMax over lanes of S::Lane, ties to the first index (or the last, with kLast): best values
// bv and indices bi of the RK columns, int64 indices to out.
template <class S, bool kLast>
class ArgRunner final : public ArgWalk {
 public:
  using L = typename S::Lane;
  using I = IndexLane<L>;

  ArgRunner(const ReductionPlan& plan, int64_t* out) : ArgWalk(plan, out, sizeof(L), sizeof(L), &kBottom) {}

 private:
  static constexpr L kBottom = arg_bottom<L>();
  static constexpr size_t kMaxRun = size_t{1} << 30;  // slices go to arg_r in runs shorter than 2^31

  void span(const void* x, size_t begin, size_t count) override {
    const auto* p = static_cast<const L*>(x);
    for (size_t done = 0; done < count;) {
      const size_t n = count - done < kMaxRun ? count - done : kMaxRun;
      const ArgBest<L> b = arg_r<S, kLast>(p + done, n);
      if (best_.index < 0 || replaces_scalar<kLast>(b.value, best_.value)) {
        best_ = {b.value, static_cast<int64_t>(begin + done) + b.index};
      }
      done += n;
    }
  }
  void rows(const void* x, size_t k, size_t r, size_t out_offset) override {
    arg_kr<S, kLast>(static_cast<const L*>(x), k, r, out_ + out_offset);
  }
  void columns(const void* x, size_t row0, size_t row1, size_t stride, size_t cols, size_t state_offset) override {
    arg_rk<S, kLast>(static_cast<const L*>(x), row0, row1, stride, cols, static_cast<L*>(bv_) + state_offset,
                     static_cast<I*>(bi_) + state_offset);
  }
  int64_t span_index() const override { return best_.index; }

  ArgBest<L> best_{};
};

}  // namespace orw::kernels
