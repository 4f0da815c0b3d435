// Reductions: each (op, element type) mapped to its compute type, descriptor and finalize
// step, run as a stream of pieces (see reduce_kernels.h):
//   Sum, Prod, SumSquare, L1, Mean: integers as their unsigned twins (wrapping arithmetic);
//   Max, Min of floats: the type itself;
//   Max, Min of integers (bool as uint8): one signed Max per lane width on keys x ^ flip
//   (FlipMaxOp), float16/bfloat16 likewise on order-preserving int16 keys (HalfKeyMaxOp);
//   other float16/bfloat16: widened to float, computed there, rounded once per output;
//   L2, LogSum, LogSumExp of integers: computed in double and converted back;
//   LogSumExp of floats: logsumexp_kernels.cc.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "reduce/reduce_kernels.h"

#include "core/half.h"
#include "core/parallel.h"
#include "elementwise/elementwise_kernels.h"
#include "reduce/logsumexp.h"
#include "reduce/reduce_ops.h"
#include "reduce/reduce_runner.h"
#include "simd/half_lanes.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

// The stream of `op` for storage type T, with its finalize step; nullptr when the op needs
// more than one pass (LogSumExp other than float R/KR) or a wider type (L2, LogSum of
// integers).
template <class T>
std::unique_ptr<ReduceStream> stream_for(ReduceOp op, const ReductionPlan& plan, void* out, Variant v, bool is_bool) {
  using U = Wrapping<T>;
  if constexpr (std::is_floating_point_v<T>) {
    if (op == ReduceOp::kMax) return make_reduce_runner<MaxOp, T>(plan, out, v, one_nan<T>);
    if (op == ReduceOp::kMin) return make_reduce_runner<MinOp, T>(plan, out, v, one_nan<T>);
  } else if constexpr (kOrdered<T>) {
    if (op == ReduceOp::kMax || op == ReduceOp::kMin) {
      using I = std::make_signed_t<T>;
      I flip = std::is_signed_v<T> ? I(0) : std::numeric_limits<I>::lowest();
      if (op == ReduceOp::kMin) flip = static_cast<I>(~flip);
      ReduceArgs args;
      args.flip = static_cast<uint64_t>(flip);
      args.to_bool = is_bool;  // bool runs on bytes: the empty-set identities 0 and 255 become false and true
      return make_reduce_runner<FlipMaxOp<I>, I>(plan, out, v, unflip<I>, args);
    }
  }
  if constexpr (kArithmetic<T>) {
    constexpr bool kFloat = std::is_floating_point_v<T>;
    const auto count = plan.reduce_count;
    switch (op) {
      case ReduceOp::kProd:  // float products in double, each output rounded once
        if constexpr (std::is_same_v<T, float>) return make_reduce_runner<ProdOp, float, double>(plan, out, v);
        else return make_reduce_runner<ProdOp, U>(plan, out, v);
      case ReduceOp::kSum: return make_reduce_runner<SumOp, U>(plan, out, v);
      case ReduceOp::kSumSquare: return make_reduce_runner<SumSquareOp, U>(plan, out, v);
      case ReduceOp::kL1:  // |x| of an unsigned x is x: their L1 is their sum
        if constexpr (std::is_unsigned_v<T>) return make_reduce_runner<SumOp, U>(plan, out, v);
        else return make_reduce_runner<L1Op<true>, U>(plan, out, v);
      case ReduceOp::kMean: {
        ReduceArgs args;
        args.count = count;
        if constexpr (kFloat) return make_reduce_runner<SumOp, T>(plan, out, v, divide<T>, args);
        else return make_reduce_runner<SumOp, T, WideSum<T>>(plan, out, v, exact_means<T>, args);
      }
      case ReduceOp::kL2:  // squares summed in double: no overflow for large floats
        if constexpr (std::is_same_v<T, float>) {
          return make_reduce_runner<SumSquareOp, float, double>(plan, out, v, square_root<double>);
        } else if constexpr (kFloat) {
          if (count == 1) return make_reduce_runner<L1Op<true>, T>(plan, out, v);  // |x| exactly (x*x may overflow)
          return make_reduce_runner<SumSquareOp, T>(plan, out, v, square_root<T>);
        }
        break;
      case ReduceOp::kLogSumExp:
        if constexpr (std::is_same_v<T, float>) return make_logsumexp_stream(plan, out, v);
        break;
      case ReduceOp::kLogSum:
        if constexpr (kFloat) {
          return make_reduce_runner<SumOp, T>(plan, out, v, logarithm<T>);
        }
        break;
      default: break;
    }
  }
  return nullptr;
}

}  // namespace

TypeSet reduce_types(ReduceOp op) {
  return op == ReduceOp::kMax || op == ReduceOp::kMin ? kMinMaxTypes : kNumericTypes;
}

std::unique_ptr<ReduceStream> make_reduce_stream(ReduceOp op, DataType type, const ReductionPlan& plan, void* out,
                                                 Variant v) {
  check_type(reduce_types(op), type, "kernels::make_reduce_stream");
  if (is_half(type)) return nullptr;
  std::unique_ptr<ReduceStream> stream;
  with_storage_type(type, [&](auto tag) {
    stream = stream_for<typename decltype(tag)::type>(op, plan, out, v, type == DataType::kBool);
  });
  return stream;
}

// Half elements widened per chunk of a one-thread reduction (whole pieces, at least one).
constexpr size_t kHalfChunkElements = 16384;

void reduce(ReduceOp op, DataType type, const ReductionPlan& plan, const void* x, void* out, Variant v) {
  check_type(reduce_types(op), type, "kernels::reduce");
  if (is_half(type) && (op == ReduceOp::kMax || op == ReduceOp::kMin)) {
    // On the bits, through order-preserving int16 keys: no widening pass.
    ReduceArgs args;
    args.flip = op == ReduceOp::kMin ? ~uint64_t{0} : 0;
    args.exponent_mask = type == DataType::kFloat16 ? kFloat16ExponentBits : kBfloat16ExponentBits;
    return run_stream(*make_reduce_runner<HalfKeyMaxOp, int16_t>(plan, out, v, half_from_keys, args),
                      static_cast<size_t>(plan.input_count), x, 2);
  }
  if (is_half(type)) {  // in float32, rounded once per output
    std::vector<float> wo(static_cast<size_t>(plan.output_count));
    const size_t n = static_cast<size_t>(plan.input_count);
    auto stream = thread_count() == 1 ? make_reduce_stream(op, DataType::kFloat, plan, wo.data(), v) : nullptr;
    if (stream) {
      // On one thread the float stream takes the input widened a few pieces at a time, in cache
      // (widening it all first wrote and read back twice its size: ReduceSum ~1.6x slower).
      const size_t piece = stream->piece_elements();
      const size_t chunk = std::min(n, piece * std::max<size_t>(1, kHalfChunkElements / piece));
      std::vector<float> w(chunk);
      const auto* h = static_cast<const uint16_t*>(x);
      for (size_t b = 0; b < n; b += chunk) {
        const size_t m = std::min(chunk, n - b);
        simd::halves_to_floats(type == DataType::kBfloat16, h + b, w.data(), m);
        stream->feed_all(w.data(), b, m, sizeof(float));
      }
      stream->finish();
    } else {  // the threads split the float run their own way
      const std::vector<float> wx = widen(type, x, n);
      reduce(op, DataType::kFloat, plan, wx.data(), wo.data(), v);
    }
    narrow(type, wo.data(), out, wo.size());
    return;
  }
  if (auto stream = make_reduce_stream(op, type, plan, out, v)) {
    return run_stream(*stream, static_cast<size_t>(plan.input_count), x, element_size(type));
  }
  if ((type == DataType::kFloat || type == DataType::kDouble) && op == ReduceOp::kLogSumExp) {
    return reduce_logsumexp(type, plan, x, out, v);
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
