// ReduceLogSumExp of floats: the slice's max first, then the sum of exp(x - max) in double
// (float exps where a bound shows they suffice, double ones otherwise), the result rounded
// once. Contiguous float32 slices (R and KR plans) stream; other plans and float64 run on
// whole buffers.
#include "reduce/logsumexp.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <vector>

#include "core/parallel.h"
#include "plan/pieces.h"
#include "reduce/reduce_microkernels.h"
#include "reduce/reduce_ops.h"
#include "reduce/reduce_runner.h"
#include "simd/exp.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

// Calls f(i, o) for every input element index i and the output index o it reduces into.
template <class F>
void for_each_element(const ReductionPlan& plan, F&& f) {
  const size_t groups = plan.group_dims.size();
  std::vector<int64_t> index(groups, 0);
  std::vector<int64_t> out_stride(groups, 0);
  int64_t stride = 1;
  for (size_t g = groups; g-- > 0;) {
    if (!plan.group_reduced[g]) { out_stride[g] = stride; stride *= plan.group_dims[g]; }
  }
  int64_t o = 0;
  for (int64_t i = 0; i < plan.input_count; ++i) {
    f(static_cast<size_t>(i), static_cast<size_t>(o));
    for (size_t g = groups; g-- > 0;) {
      o += out_stride[g];
      if (++index[g] < plan.group_dims[g]) break;
      o -= out_stride[g] * plan.group_dims[g];
      index[g] = 0;
    }
  }
}

// e^(x - m) for x <= m, in double: float elements exactly widened (exp_nonpositive_double,
// the same function the vector kernel runs on its lanes), double ones through std::exp.
double exp_below(float x, float m) { return exp_nonpositive_double(static_cast<double>(x) - static_cast<double>(m)); }
double exp_below(double x, double m) { return std::exp(x - m); }

// A sum of exp(x - m) terms and its part from the terms under the maximum (x < m): what
// log_of_exp_sum takes.
struct ExpSum {
  double sum = 0, below = 0;
  ExpSum operator+(const ExpSum& o) const { return {sum + o.sum, below + o.below}; }
  double log() const { return log_of_exp_sum(sum, below); }
};

// sum(exp(x[0..n) - m)) in double: each float widened, x - m and its exp computed and summed
// in double, so the sum is good to ~1e-15 relative and log(sum) + m keeps its precision even
// when the two nearly cancel (a result near 0 from inputs of a few units: float exps and
// sums were off by thousands of ulps there), the terms under m also apart. Leaves of kBlock
// elements added pairwise.
template <class S>
ExpSum sum_exp(const float* x, size_t n, float m) {
  if (n > kBlock) {
    const size_t half = (n / kBlock + 1) / 2 * kBlock;
    return sum_exp<S>(x, half, m) + sum_exp<S>(x + half, n - half, m);
  }
  size_t i = 0;
  ExpSum s;
  if constexpr (S::kLanes > 1) {
    using W = simd::Vec128<float, double>;  // four floats as four double lanes
    using DV = typename W::V;
    typedef int64_t LV __attribute__((vector_size(sizeof(DV))));
    const DV mv = W::splat(m), zero = W::splat(0);
    DV acc = zero, below = zero;
    for (; i + 4 <= n; i += 4) {
      const DV d = W::load(x + i) - mv;
      const DV e = exp_nonpositive_double<DV, LV>(d);
      acc = acc + e;
      below = below + (d < zero ? e : zero);
    }
    s = {(acc[0] + acc[1]) + (acc[2] + acc[3]), (below[0] + below[1]) + (below[2] + below[3])};
  }
  for (; i < n; ++i) {
    const double e = exp_below(x[i], m);
    s.sum += e;
    if (x[i] < m) s.below += e;
  }
  return s;
}

// The int32 vector of a float vector (for exp_approx's exponent bits).
template <class V> struct IntVec { typedef int32_t type __attribute__((vector_size(sizeof(V)))); };

// The quick version of sum_exp: float exps (exp_approx, <= 1 ulp), summed in double, and in
// *w (added to) the sum of exp(x - m) * (m - x) (in float: only a bound needs it), which bounds the error
// from rounding x - m to float. Leaves of kBlock elements added pairwise.
template <class S>
double sum_exp_quick(const float* x, size_t n, float m, float* w) {
  if (n > kBlock) {
    const size_t half = (n / kBlock + 1) / 2 * kBlock;
    return sum_exp_quick<S>(x, half, m, w) + sum_exp_quick<S>(x + half, n - half, m, w);
  }
  size_t i = 0;
  double sum = 0;
  float weight = 0;
  if constexpr (S::kLanes > 1) {
    using V = typename S::V;
    using I = typename IntVec<V>::type;
    using W = simd::Vec128<float, double>;
    using DV = typename W::V;
    const V mv = S::splat(m);
    DV acc0 = W::splat(0), acc1 = W::splat(0);
    V wacc = S::splat(0);
    for (; i + 8 <= n; i += 8) {
      const V d0 = S::load(x + i) - mv, d1 = S::load(x + i + 4) - mv;  // <= 0
      const V e0 = exp_approx<V, I, true>(d0), e1 = exp_approx<V, I, true>(d1);
      acc0 = acc0 + __builtin_convertvector(e0, DV);
      acc1 = acc1 + __builtin_convertvector(e1, DV);
      wacc = wacc - (e0 * d0 + e1 * d1);
    }
    if (i + 4 <= n) {  // short rows: one more vector rather than four scalar exps
      const V d = S::load(x + i) - mv;
      const V e = exp_approx<V, I, true>(d);
      acc0 = acc0 + __builtin_convertvector(e, DV);
      wacc = wacc - e * d;
      i += 4;
    }
    const DV t = acc0 + acc1;
    sum = (t[0] + t[1]) + (t[2] + t[3]);
    weight = (wacc[0] + wacc[1]) + (wacc[2] + wacc[3]);
  }
  for (; i < n; ++i) {
    const float d = x[i] - m;
    const float e = exp_approx(d);
    sum += e;
    weight -= e * d;
  }
  *w += weight;
  return sum;
}

// LogSumExp of `rows` contiguous slices of length r: the slice's max m, then m + log of the
// sum of exp(x - m), rounded once. Quick float exps first; a slice whose result the bound on
// their error does not place within 2 ulp (log(sum) nearly cancelling m: results near 0) is
// summed again in double (sum_exp). The bound on log(sum)'s error: 2 ulp of each float exp
// (exp_approx is within 1 ulp), 2^-24 |x - m| for rounding x - m (twice the weight w, summed in
// float), and the double sums'. Rows of logits (results several units from 0) stay quick:
// as fast as the float-only code was, within 0.51 ulp (`npm run bench -- --accuracy`).
template <class S>
void logsumexp_rows(const float* x, size_t rows, size_t r, float* out) {
  // The rows' maxes first, by the ReduceMax kernel (short rows four at a time: a call per row
  // cost more than the row).
  std::vector<float> maxes(rows, -std::numeric_limits<float>::infinity());
  reduce_kr<S, MaxOp>(MaxOp{}, x, rows, r, maxes.data());
  for (size_t k = 0; k < rows; ++k, x += r) {
    const float m = maxes[k];
    if (!std::isfinite(m)) {
      out[k] = m;
      continue;
    }
    float w = 0;
    const double s = sum_exp_quick<S>(x, r, m, &w);
    const double result = std::log(s) + m;
    const double error = 0x1p-22 + 0x1p-23 * static_cast<double>(w) / s + 1e-12;
    const bool quick_is_good = error <= 1.5 * 0x1p-24 * (std::fabs(result) - error);
    out[k] = static_cast<float>(quick_is_good ? result : sum_exp<S>(x, r, m).log() + m);
  }
}

// LogSumExp of float R and KR plans (contiguous slices: the common, softmax-like case) as a
// stream. KR pieces hold whole rows; R pieces of one long row are combined online: each
// piece's (max, sum of exp(x - max)) is merged into the running pair.
template <class S>
class LogSumExpStream final : public ReduceStream {
 public:
  LogSumExpStream(const ReductionPlan& plan, void* out)
      : plan_(plan), out_(static_cast<float*>(out)), row_(static_cast<size_t>(plan.group_dims.back())),
        rows_plan_(plan.group_dims.size() == 2) {}
  size_t piece_elements() const override { return piece_shape(plan_, sizeof(float)).elements(); }
  void feed(const void* x, size_t begin, size_t count) override {
    const auto* xf = static_cast<const float*>(x);
    if (rows_plan_) return logsumexp_rows<S>(xf, count / row_, row_, out_ + begin / row_);
    merge(piece_pair(xf, count));
  }
  // KR pieces are whole rows, each with its own output: on the pool, a piece per task. R: each
  // piece's pair on the pool, merged in piece order, as feed() merges them one after another
  // (the same bits on any thread count).
  void feed_all(const void* x, size_t begin, size_t count, size_t bytes) override {
    const size_t piece = piece_elements();
    if (rows_plan_ || thread_count() == 1 || count <= piece) return feed_pieces(*this, x, begin, count, bytes, piece, rows_plan_);
    const auto* xf = static_cast<const float*>(x);
    std::vector<Pair> pairs(task_count(count, piece));
    auto task = [&](size_t i) { pairs[i] = piece_pair(xf + i * piece, std::min(piece, count - i * piece)); };
    parallel_for(pairs.size(), task);
    for (const Pair& p : pairs) merge(p);
  }
  void finish() override {
    if (!rows_plan_) out_[0] = std::isfinite(max_) ? static_cast<float>(sum_.log() + max_) : max_;
  }
  // True for the plans this stream handles.
  static bool handles(const ReductionPlan& plan) {
    const size_t g = plan.group_dims.size();
    return plan.input_count > 0 && g >= 1 && g <= 2 && plan.group_reduced.back();
  }

 private:
  static constexpr float kInf = std::numeric_limits<float>::infinity();
  // A piece of an R plan: its max and, when that is finite, the sum of exp(x - max).
  struct Pair {
    float max;
    ExpSum sum;
  };
  static Pair piece_pair(const float* x, size_t count) {
    const float m = reduce_r<S, MaxOp>(MaxOp{}, x, count);
    return {m, std::isfinite(m) ? sum_exp<S>(x, count, m) : ExpSum{}};
  }
  // A pair's sum seen from a larger maximum `top` (every term then under it), or as it is.
  static ExpSum rescaled(const ExpSum& s, float m, float top) {
    if (m == top) return s;
    const double scale = exp_below(m, top);
    return {s.sum * scale, s.sum * scale};
  }
  // The running pair with a piece's: NaN stays NaN, +inf wins, an all -inf piece adds nothing.
  void merge(const Pair& p) {
    const float m = p.max;
    if (std::isnan(max_) || std::isnan(m)) {
      max_ = std::numeric_limits<float>::quiet_NaN();
    } else if (max_ == kInf || m == kInf) {
      max_ = kInf;
    } else if (m != -kInf) {
      if (max_ == -kInf) {
        max_ = m, sum_ = p.sum;
      } else {
        const float top = m > max_ ? m : max_;
        sum_ = rescaled(sum_, max_, top) + rescaled(p.sum, m, top);
        max_ = top;
      }
    }
  }
  const ReductionPlan plan_;
  float* out_;
  size_t row_;
  bool rows_plan_;
  float max_ = -kInf;  // R plans: the running pair
  ExpSum sum_;
};

// LogSumExp of floats: log(sum(exp(x - m))) + m with m the slice's max, so large x cannot
// overflow; an all -inf slice (or an empty one) gives -inf; +inf or NaN propagates.
template <class T>
void logsumexp_of(const ReductionPlan& plan, const T* x, T* out, Variant v) {
  const size_t n_out = static_cast<size_t>(plan.output_count);
  // (R and KR plans of floats stream, see LogSumExpStream.) Other patterns: exp(x - m) of
  // every element into a temporary, then the same pairwise sum as ReduceSum.
  std::vector<T> m(n_out);
  run_plan<MaxOp, T>(plan, x, m.data(), v);
  // In double, as sum_exp; the terms under the maximum summed apart too (log_of_exp_sum).
  std::vector<double> e(static_cast<size_t>(plan.input_count)), s(n_out), below(n_out);
  for_each_element(plan, [&](size_t i, size_t o) { e[i] = std::isfinite(m[o]) && x[i] < m[o] ? exp_below(x[i], m[o]) : 0.0; });
  run_plan<SumOp, double>(plan, e.data(), below.data(), v);
  for_each_element(plan, [&](size_t i, size_t o) { e[i] = std::isfinite(m[o]) ? exp_below(x[i], m[o]) : 0.0; });
  run_plan<SumOp, double>(plan, e.data(), s.data(), v);
  for (size_t o = 0; o < n_out; ++o) {
    out[o] = std::isfinite(m[o]) ? static_cast<T>(log_of_exp_sum(s[o], below[o]) + m[o]) : m[o];
  }
}

}  // namespace

std::unique_ptr<ReduceStream> make_logsumexp_stream(const ReductionPlan& plan, void* out, Variant v) {
  if (!LogSumExpStream<simd::Vec128<float>>::handles(plan)) return nullptr;
  if (detail::use_simd(v)) return std::make_unique<LogSumExpStream<simd::Vec128<float>>>(plan, out);
  return std::make_unique<LogSumExpStream<simd::Scalar<float>>>(plan, out);
}

void reduce_logsumexp(DataType type, const ReductionPlan& plan, const void* x, void* out, Variant v) {
  if (type == DataType::kFloat) return logsumexp_of<float>(plan, static_cast<const float*>(x), static_cast<float*>(out), v);
  logsumexp_of<double>(plan, static_cast<const double*>(x), static_cast<double*>(out), v);
}

}  // namespace orw::kernels
