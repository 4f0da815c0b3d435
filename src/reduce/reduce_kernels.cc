// Reductions: each (op, element type) mapped to its compute type, descriptor and finalize
// step, run as a stream of pieces (see reduce_kernels.h):
//   Sum, Prod, SumSquare, L1, Mean: integers as their unsigned twins (wrapping arithmetic);
//   Max, Min of floats: the type itself;
//   Max, Min of integers (bool as uint8): one signed Max per lane width on keys x ^ flip
//   (FlipMaxOp), float16/bfloat16 likewise on order-preserving int16 keys (HalfKeyMaxOp);
//   other float16/bfloat16: widened to float, computed there, rounded once per output;
//   L2, LogSum, LogSumExp of integers: computed in double and converted back;
//   LogSumExp of floats: the slice's max first, then the sum of exp(x - max) in double (float
//   exps where a bound shows they suffice, double ones otherwise), the result rounded once.
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "core/half.h"
#include "elementwise/elementwise_kernels.h"
#include "simd/exp.h"
#include "reduce/reduce_kernels.h"
#include "reduce/reduce_microkernels.h"
#include "reduce/reduce_ops.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

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

// sum(exp(x[0..n) - m)) in double: each float widened, x - m and its exp computed and summed
// in double, so the sum is good to ~1e-15 relative and log(sum) + m keeps its precision even
// when the two nearly cancel (a result near 0 from inputs of a few units: float exps and
// sums were off by thousands of ulps there). Leaves of kBlock elements added pairwise.
template <class S>
double sum_exp(const float* x, size_t n, float m) {
  if (n > kBlock) {
    const size_t half = (n / kBlock + 1) / 2 * kBlock;
    return sum_exp<S>(x, half, m) + sum_exp<S>(x + half, n - half, m);
  }
  size_t i = 0;
  double sum = 0;
  if constexpr (S::kLanes > 1) {
    using W = simd::Vec128<float, double>;  // four floats as four double lanes
    using DV = typename W::V;
    typedef int64_t LV __attribute__((vector_size(sizeof(DV))));
    const DV mv = W::splat(m);
    DV acc = W::splat(0);
    for (; i + 4 <= n; i += 4) acc = acc + exp_nonpositive_double<DV, LV>(W::load(x + i) - mv);
    sum = (acc[0] + acc[1]) + (acc[2] + acc[3]);
  }
  for (; i < n; ++i) sum += exp_below(x[i], m);
  return sum;
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
    out[k] = static_cast<float>(quick_is_good ? result : std::log(sum_exp<S>(x, r, m)) + m);
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
    const float m = reduce_r<S, MaxOp>(MaxOp{}, xf, count);
    if (std::isnan(max_) || std::isnan(m)) {
      max_ = std::numeric_limits<float>::quiet_NaN();
    } else if (max_ == kInf || m == kInf) {
      max_ = kInf;
    } else if (m != -kInf) {
      const double s = sum_exp<S>(xf, count, m);
      if (max_ == -kInf) {
        max_ = m, sum_ = s;
      } else {
        const float top = m > max_ ? m : max_;
        sum_ = sum_ * exp_below(max_, top) + s * exp_below(m, top);
        max_ = top;
      }
    }
  }
  void finish() override {
    if (!rows_plan_) out_[0] = std::isfinite(max_) ? static_cast<float>(std::log(sum_) + max_) : max_;
  }
  // True for the plans this stream handles.
  static bool handles(const ReductionPlan& plan) {
    const size_t g = plan.group_dims.size();
    return plan.input_count > 0 && g >= 1 && g <= 2 && plan.group_reduced.back();
  }

 private:
  static constexpr float kInf = std::numeric_limits<float>::infinity();
  const ReductionPlan plan_;
  float* out_;
  size_t row_;
  bool rows_plan_;
  float max_ = -kInf;  // R plans: the running pair
  double sum_ = 0;
};

// The run-time parameters of a stream: of its finalize step, and of the shared ops below.
struct StreamArgs {
  int64_t count = 0;           // elements reduced into each output (Mean)
  uint64_t flip = 0;           // FlipMaxOp, HalfKeyMaxOp: the xor that turns elements into keys
  uint16_t exponent_mask = 0;  // HalfKeyMaxOp: 0x7C00 (float16) or 0x7F80 (bfloat16)
  bool to_bool = false;        // Max/Min of bool
};

// A finalize step: completes the n accumulators (of the stream's accumulator type) in place.
// A plain function (not a type), so every op sharing a kernel (Sum, Mean, LogSum) shares one
// stream instance.
using Finalize = void (*)(void* acc, size_t n, const StreamArgs& args);

// The op descriptor a stream's kernels run with: ops with run-time parameters (FlipMaxOp,
// HalfKeyMaxOp) are built from the stream's arguments, the others are empty.
template <class Op>
Op make_op(const StreamArgs& args) {
  if constexpr (std::is_constructible_v<Op, const StreamArgs&>) return Op(args);
  else return Op{};
}

// Max and Min of integers share one kernel instance per lane width: the signed Max of the
// keys x ^ flip, where flip is 0 (signed Max), the sign bit (unsigned Max: flipping it maps
// unsigned order to signed order), all ones (signed Min: ~x reverses the order) or all ones
// but the sign bit (unsigned Min); the result is xor-ed back (unflip). The empty-set identity,
// the signed lowest, comes back as each op's own (0, the maximum, ...). The flip is a
// run-time value carried by the op object the kernels are given.
template <class I>
struct FlipMaxOp {
  I flip = 0;
  explicit FlipMaxOp(const StreamArgs& a) : flip(static_cast<I>(a.flip)) {}
  template <class T> ORW_INLINE static constexpr T identity() { return std::numeric_limits<T>::lowest(); }
  template <class X> ORW_INLINE X pre(X x) const { return static_cast<X>(x ^ flip); }
  template <class X> ORW_INLINE static X combine(X a, X b) { return simd::extremum<true>(a, b); }
};

template <class I>
void unflip(void* acc, size_t n, const StreamArgs& a) {
  auto* o = static_cast<I*>(acc);
  const auto flip = static_cast<I>(a.flip);
  for (size_t i = 0; i < n; ++i) o[i] = static_cast<I>(a.to_bool ? (o[i] ^ flip) != 0 : o[i] ^ flip);
}

// Max and Min of float16 and bfloat16 bits, one instance for the four: each element becomes
// the int16 key whose signed order is the float order (negative values get their magnitude
// bits flipped; -0 sorts just below +0), xor-ed with flip (0 for Max, all ones for Min, as
// in FlipMaxOp), and a NaN the key that always wins, so NaN propagates.
struct HalfKeyMaxOp {
  static constexpr int16_t kNanKey = INT16_MAX;
  int16_t flip = 0;
  int16_t exponent_mask = 0x7C00;
  explicit HalfKeyMaxOp(const StreamArgs& a)
      : flip(static_cast<int16_t>(a.flip)), exponent_mask(static_cast<int16_t>(a.exponent_mask)) {}
  template <class T> ORW_INLINE static constexpr T identity() { return std::numeric_limits<T>::lowest(); }
  template <class X> ORW_INLINE X pre(X h) const {
    const X magnitude = h & 0x7FFF;
    const X key = h ^ ((h >> 15) & 0x7FFF) ^ flip;  // arithmetic shift: all ones for negative values
    if constexpr (std::is_arithmetic_v<X>) return magnitude > exponent_mask ? kNanKey : key;
    else return magnitude > exponent_mask ? X{} + kNanKey : key;
  }
  template <class X> ORW_INLINE static X combine(X a, X b) { return simd::extremum<true>(a, b); }
};

// Keys back to float16/bfloat16 bits. Every key of a value or NaN is above the identity
// (INT16_MIN), so an output still at the identity reduced nothing: -inf for Max, +inf for Min.
void half_from_keys(void* acc, size_t n, const StreamArgs& a) {
  auto* o = static_cast<int16_t*>(acc);
  const auto flip = static_cast<int16_t>(a.flip);
  const auto empty = static_cast<int16_t>(flip ? a.exponent_mask : 0x8000 | a.exponent_mask);
  for (size_t i = 0; i < n; ++i) {
    o[i] = o[i] == INT16_MIN ? empty : static_cast<int16_t>(half_from_key(static_cast<int16_t>(o[i] ^ flip)));
  }
}

// What a PlanStream holds and does that does not depend on its types, compiled once: the
// plan's walk (which feeds the pieces to the stream's runner), the output, the buffer of wide
// accumulators, the finalize step.
class PlanStreamBase : public ReduceStream {
 public:
  ~PlanStreamBase() override;
  size_t piece_elements() const final;
  void feed(const void* x, size_t begin, size_t count) final;

 protected:
  // Elements of element_size bytes, accumulated in acc_size bytes (a wider acc_size: in a
  // buffer of accumulators, rounded to the output by the stream's finish()); the accumulators
  // start as copies of *identity.
  PlanStreamBase(const ReductionPlan& plan, void* out, size_t element_size, size_t acc_size, const void* identity,
                 Finalize finalize, const StreamArgs& args);
  void run_finalize();  // the finalize step, if any, on the accumulators

  PlanWalk walk_;
  PlanKernels* kernels_ = nullptr;  // the stream's runner
  void* out_;
  void* acc_;  // out_, or wide_
  ByteBuffer wide_;
  StreamArgs args_;
  Finalize finalize_;
  size_t element_size_;
};

PlanStreamBase::PlanStreamBase(const ReductionPlan& plan, void* out, size_t element_size, size_t acc_size,
                               const void* identity, Finalize finalize, const StreamArgs& args)
    : walk_(plan), out_(out), acc_(out), args_(args), finalize_(finalize), element_size_(element_size) {
  if (acc_size != element_size) {
    wide_ = byte_buffer(walk_.outputs() * acc_size);
    acc_ = wide_.get();
  }
  fill_copies(acc_, identity, acc_size, walk_.outputs());
}

PlanStreamBase::~PlanStreamBase() = default;

size_t PlanStreamBase::piece_elements() const { return piece_shape(walk_.plan(), element_size_).elements(); }

void PlanStreamBase::feed(const void* x, size_t begin, size_t count) {
  walk_.feed(*kernels_, x, begin, count, element_size_);
}

void PlanStreamBase::run_finalize() {
  if (finalize_) finalize_(acc_, walk_.outputs(), args_);
}

// A single-pass reduction of one op and compute type, fed in pieces, then finalized in place.
// A widening S (accumulator wider than the element) reduces into a buffer of accumulators,
// finalizes there and rounds each output once.
template <class S, class Op>
class PlanStream final : public PlanStreamBase {
 public:
  using T = typename S::Lane;
  using A = typename S::Acc;
  PlanStream(const ReductionPlan& plan, void* out, Finalize finalize, const StreamArgs& args)
      : PlanStreamBase(plan, out, sizeof(T), sizeof(A), &PlanRunner<S, Op>::kIdentity, finalize, args),
        runner_(static_cast<A*>(acc_), make_op<Op>(args)) {
    kernels_ = &runner_;
  }
  void finish() override {
    runner_.finish();
    run_finalize();
    if constexpr (!std::is_same_v<T, A>) {
      const A* acc = static_cast<const A*>(acc_);
      T* out = static_cast<T*>(out_);
      for (size_t i = 0, n = walk_.outputs(); i < n; ++i) out[i] = static_cast<T>(acc[i]);
    }
  }

 private:
  PlanRunner<S, Op> runner_;
};

// Integer Mean's sum: 32-bit integers in 64 bits, 64-bit integers in 128 bits, both wrapping
// unsigned words (the widening load sign-extends signed elements), so the sum of any input
// that fits in memory is exact.
template <class T>
using WideSum = std::conditional_t<sizeof(T) <= 4, uint64_t, unsigned __int128>;

// The exact sum s of `count` elements of T, divided truncating toward zero (0 for an empty
// set); the mean fits in T, so the result's low bits are the answer.
template <class T>
WideSum<T> exact_mean(WideSum<T> s, int64_t count) {
  using W = WideSum<T>;
  using SignedW = std::conditional_t<sizeof(W) == 8, int64_t, __int128>;
  if (count == 0) return 0;
  if constexpr (std::is_signed_v<T>) return static_cast<W>(static_cast<SignedW>(s) / static_cast<SignedW>(count));
  else return s / static_cast<W>(count);
}

template <class T>
void exact_means(void* acc, size_t n, const StreamArgs& a) {
  auto* o = static_cast<WideSum<T>*>(acc);
  for (size_t i = 0; i < n; ++i) o[i] = exact_mean<T>(o[i], a.count);
}
template <class A>
void divide(void* acc, size_t n, const StreamArgs& a) {  // 0/0: NaN for an empty set
  auto* o = static_cast<A*>(acc);
  for (size_t i = 0; i < n; ++i) o[i] /= static_cast<A>(a.count);
}
template <class A>
void square_root(void* acc, size_t n, const StreamArgs&) {
  auto* o = static_cast<A*>(acc);
  for (size_t i = 0; i < n; ++i) o[i] = std::sqrt(o[i]);
}
template <class A>
void logarithm(void* acc, size_t n, const StreamArgs&) {
  auto* o = static_cast<A*>(acc);
  for (size_t i = 0; i < n; ++i) o[i] = std::log(o[i]);
}

// The stream of Op over elements of T accumulated in A.
template <class Op, class T, class A = T>
std::unique_ptr<ReduceStream> make_stream(const ReductionPlan& plan, void* out, Variant v, Finalize f = nullptr,
                                          const StreamArgs& args = {}) {
  // V8 emulates i64x2.mul on x86 with several instructions: for 64-bit products over
  // contiguous slices (R, KR) the scalar instance is about twice as fast; over columns (RK)
  // the vectors still win.
  constexpr bool kSlowVectorMul = std::is_same_v<T, uint64_t> && (std::is_same_v<Op, ProdOp> || std::is_same_v<Op, SumSquareOp>);
  const bool slices = !plan.group_dims.empty() && plan.group_reduced.back();
  if constexpr (sizeof(A) <= 8) {  // 128-bit accumulators have no vectors
    if ((v == Variant::kSimd || !kWithScalarVariant) && !(kSlowVectorMul && slices)) {
      return std::make_unique<PlanStream<simd::Vec128<T, A>, Op>>(plan, out, f, args);
    }
  }
  return std::make_unique<PlanStream<simd::Scalar<T, A>, Op>>(plan, out, f, args);
}

// Feeds a whole input of elements of `bytes` bytes to a stream and finishes it.
void run_stream(ReduceStream& stream, const ReductionPlan& plan, const void* x, size_t bytes) {
  const size_t n = static_cast<size_t>(plan.input_count), piece = stream.piece_elements();
  for (size_t begin = 0; begin < n; begin += piece) {
    stream.feed(static_cast<const char*>(x) + begin * bytes, begin, n - begin < piece ? n - begin : piece);
  }
  stream.finish();
}

// Op over a whole input of T into out.
template <class Op, class T>
void run_plan(const ReductionPlan& plan, const T* x, T* out, Variant v) {
  run_stream(*make_stream<Op, T>(plan, out, v), plan, x, sizeof(T));
}

// LogSumExp of floats: log(sum(exp(x - m))) + m with m the slice's max, so large x cannot
// overflow; an all -inf slice (or an empty one) gives -inf; +inf or NaN propagates.
template <class T>
void reduce_logsumexp(const ReductionPlan& plan, const T* x, T* out, Variant v) {
  const size_t n_out = static_cast<size_t>(plan.output_count);
  // (R and KR plans of floats stream, see LogSumExpStream.) Other patterns: exp(x - m) of
  // every element into a temporary, then the same pairwise sum as ReduceSum.
  std::vector<T> m(n_out);
  run_plan<MaxOp, T>(plan, x, m.data(), v);
  std::vector<double> e(static_cast<size_t>(plan.input_count)), s(n_out);  // in double, as sum_exp
  for_each_element(plan, [&](size_t i, size_t o) { e[i] = std::isfinite(m[o]) ? exp_below(x[i], m[o]) : 0.0; });
  run_plan<SumOp, double>(plan, e.data(), s.data(), v);
  for (size_t o = 0; o < n_out; ++o) out[o] = std::isfinite(m[o]) ? static_cast<T>(std::log(s[o]) + m[o]) : m[o];
}

// The stream of `op` for storage type T, with its finalize step; nullptr when the op needs
// more than one pass (LogSumExp other than float R/KR) or a wider type (L2, LogSum of
// integers).
template <class T>
std::unique_ptr<ReduceStream> stream_for(ReduceOp op, const ReductionPlan& plan, void* out, Variant v, bool is_bool) {
  using U = Wrapping<T>;
  if constexpr (std::is_floating_point_v<T>) {
    if (op == ReduceOp::kMax) return make_stream<MaxOp, T>(plan, out, v);
    if (op == ReduceOp::kMin) return make_stream<MinOp, T>(plan, out, v);
  } else if constexpr (kOrdered<T>) {
    if (op == ReduceOp::kMax || op == ReduceOp::kMin) {
      using I = std::make_signed_t<T>;
      I flip = std::is_signed_v<T> ? I(0) : std::numeric_limits<I>::lowest();
      if (op == ReduceOp::kMin) flip = static_cast<I>(~flip);
      StreamArgs args;
      args.flip = static_cast<uint64_t>(flip);
      args.to_bool = is_bool;  // bool runs on bytes: the empty-set identities 0 and 255 become false and true
      return make_stream<FlipMaxOp<I>, I>(plan, out, v, unflip<I>, args);
    }
  }
  if constexpr (kArithmetic<T>) {
    constexpr bool kFloat = std::is_floating_point_v<T>;
    const auto count = plan.reduce_count;
    switch (op) {
      case ReduceOp::kProd:  // float products in double, each output rounded once
        if constexpr (std::is_same_v<T, float>) return make_stream<ProdOp, float, double>(plan, out, v);
        else return make_stream<ProdOp, U>(plan, out, v);
      case ReduceOp::kSum: return make_stream<SumOp, U>(plan, out, v);
      case ReduceOp::kSumSquare: return make_stream<SumSquareOp, U>(plan, out, v);
      case ReduceOp::kL1:  // |x| of an unsigned x is x: their L1 is their sum
        if constexpr (std::is_unsigned_v<T>) return make_stream<SumOp, U>(plan, out, v);
        else return make_stream<L1Op<true>, U>(plan, out, v);
      case ReduceOp::kMean: {
        StreamArgs args;
        args.count = count;
        if constexpr (kFloat) return make_stream<SumOp, T>(plan, out, v, divide<T>, args);
        else return make_stream<SumOp, T, WideSum<T>>(plan, out, v, exact_means<T>, args);
      }
      case ReduceOp::kL2:  // squares summed in double: no overflow for large floats
        if constexpr (std::is_same_v<T, float>) {
          return make_stream<SumSquareOp, float, double>(plan, out, v, square_root<double>);
        } else if constexpr (kFloat) {
          if (count == 1) return make_stream<L1Op<true>, T>(plan, out, v);  // |x| exactly (x*x may overflow)
          return make_stream<SumSquareOp, T>(plan, out, v, square_root<T>);
        }
        break;
      case ReduceOp::kLogSumExp:
        if constexpr (std::is_same_v<T, float>) {
          if (!LogSumExpStream<simd::Vec128<float>>::handles(plan)) break;
          if (v == Variant::kSimd || !kWithScalarVariant) return std::make_unique<LogSumExpStream<simd::Vec128<float>>>(plan, out);
          return std::make_unique<LogSumExpStream<simd::Scalar<float>>>(plan, out);
        }
        break;
      case ReduceOp::kLogSum:
        if constexpr (kFloat) {
          return make_stream<SumOp, T>(plan, out, v, logarithm<T>);
        }
        break;
      default: break;
    }
  }
  return nullptr;
}

}  // namespace

bool has_elementwise_step(ReduceOp op) {
  return op == ReduceOp::kSumSquare || op == ReduceOp::kL1 || op == ReduceOp::kL2 || op == ReduceOp::kLogSum;
}

TypeSet reduce_types(ReduceOp op) {
  return op == ReduceOp::kMax || op == ReduceOp::kMin ? kMinMaxTypes : kNumericTypes;
}

std::unique_ptr<ReduceStream> make_reduce_stream(ReduceOp op, DataType type, const ReductionPlan& plan, void* out,
                                                 Variant v) {
  check_type(reduce_types(op), type, "reduce");
  if (is_half(type)) return nullptr;
  std::unique_ptr<ReduceStream> stream;
  with_storage_type(type, [&](auto tag) {
    stream = stream_for<typename decltype(tag)::type>(op, plan, out, v, type == DataType::kBool);
  });
  return stream;
}

void reduce(ReduceOp op, DataType type, const ReductionPlan& plan, const void* x, void* out, Variant v) {
  check_type(reduce_types(op), type, "reduce");
  if (is_half(type) && (op == ReduceOp::kMax || op == ReduceOp::kMin)) {
    // On the bits, through order-preserving int16 keys: no widening pass.
    StreamArgs args;
    args.flip = op == ReduceOp::kMin ? ~uint64_t{0} : 0;
    args.exponent_mask = type == DataType::kFloat16 ? 0x7C00 : 0x7F80;
    return run_stream(*make_stream<HalfKeyMaxOp, int16_t>(plan, out, v, half_from_keys, args), plan, x, 2);
  }
  if (is_half(type)) {  // in float32, rounded once per output
    const std::vector<float> wx = widen(type, x, static_cast<size_t>(plan.input_count));
    std::vector<float> wo(static_cast<size_t>(plan.output_count));
    reduce(op, DataType::kFloat, plan, wx.data(), wo.data(), v);
    narrow(type, wo.data(), out, wo.size());
    return;
  }
  if (auto stream = make_reduce_stream(op, type, plan, out, v)) return run_stream(*stream, plan, x, element_size(type));
  if (type == DataType::kFloat && op == ReduceOp::kLogSumExp) {
    return reduce_logsumexp<float>(plan, static_cast<const float*>(x), static_cast<float*>(out), v);
  }
  if (type == DataType::kDouble && op == ReduceOp::kLogSumExp) {
    return reduce_logsumexp<double>(plan, static_cast<const double*>(x), static_cast<double*>(out), v);
  }
  // L2, LogSum, LogSumExp of integers: in double, converted back as Cast converts (truncated
  // toward zero, saturating at the type's limits, NaN 0). One cast kernel for every type
  // instead of a widening loop per type.
  std::vector<double> wx(static_cast<size_t>(plan.input_count)), wo(static_cast<size_t>(plan.output_count));
  cast(type, DataType::kDouble, x, wx.data(), wx.size());
  reduce(op, DataType::kDouble, plan, wx.data(), wo.data(), v);
  cast(DataType::kDouble, type, wo.data(), out, wo.size());
}

}  // namespace orw::kernels
