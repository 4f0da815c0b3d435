// The normalization kernels' dispatch: every element type is widened to double a chunk of
// slices at a time (float a vector at a time, the half types by Cast's kernel, exactly; double
// is used in place), or, for a slice larger than a chunk along an outer axis, a window of its
// columns at a time; normalized by the microkernels (normalize_microkernels.h) and rounded
// once to the output type. Hardmax needs no arithmetic: it is the ArgMax kernel's first-max
// index (a NaN counting as the maximum) turned into a one-hot slice.
#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "arg/arg_kernels.h"
#include "core/buffer.h"
#include "core/parallel.h"
#include "core/half.h"
#include "elementwise/elementwise_kernels.h"
#include "normalize/normalize_kernels.h"
#include "normalize/normalize_microkernels.h"
#include "plan/reduction_plan.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

// Elements widened per chunk (whole slices, at least one): 128 KiB of doubles, or 8 KiB for
// rows along the innermost axis, whose passes (widen, max, exp and sum, write, narrow) then
// stay in L1 cache: Softmax over rows of 256 ~14% faster than with 128 KiB (bench/probe.mjs).
// Column slices keep the large chunk: its rows are the RK kernel's long vector rows.
constexpr size_t kChunkElements = 16384;
constexpr size_t kRowChunkElements = 1024;

// The KR kernel (rows, n, scratch of `rows` doubles) and the RK kernel (one block of n rows
// of k, scratch of 3k doubles) of an op; the two share one signature (`mode`: the Softmax
// kernels' norm::SoftmaxMode bits).
using Kernel = void (*)(const double* x, size_t a, size_t b, double* out, double* scratch, unsigned mode);
struct KernelPair {
  Kernel kr, rk;
  unsigned mode = 0;
};
template <class S>
KernelPair kernels_of(NormalizeOp op, int64_t p, DataType type) {
  using Op = NormalizeOp;
  const unsigned for_float = type == DataType::kDouble ? 0u : unsigned{norm::kForFloat};
  switch (op) {
    case Op::kSoftmax: return {norm::softmax_kr<S>, norm::softmax_rk<S>, for_float};
    case Op::kLogSoftmax: return {norm::softmax_kr<S>, norm::softmax_rk<S>, for_float | norm::kLog};
    default:
      if (p == 1) return {norm::lp_kr<S, L1Op<true>>, norm::lp_rk<S, L1Op<true>>};
      return {norm::lp_kr<S, SumSquareOp>, norm::lp_rk<S, SumSquareOp>};
  }
}

// One chunk of `slices` outer slices of doubles (out may be x): contiguous rows (KR) when the
// axis is innermost, else each slice's block of n rows of `inner` columns (RK).
void normalize_chunk(const KernelPair& k, const AxisExtent& extent, size_t slices, const double* x, double* out,
                     std::vector<double>& scratch) {
  const auto n = static_cast<size_t>(extent.n), inner = static_cast<size_t>(extent.inner);
  if (inner == 1) {
    scratch.resize(slices);
    return k.kr(x, slices, n, out, scratch.data(), k.mode);
  }
  scratch.resize(3 * inner);
  const size_t block = n * inner;
  for (size_t s = 0; s < slices; ++s) k.rk(x + s * block, n, inner, out + s * block, scratch.data(), k.mode);
}

// float32 -> double or double -> float32 (From, To) a vector at a time
// (f64x2.promote_low_f32x4 / f32x4.demote_f64x2_zero in wasm); Cast's general kernel goes
// through a chunk of its own and costs more than the normalization of a long row itself.
// Rounding back is round-to-nearest: the one rounding.
template <class S, class From, class To>
void convert_floats(const From* x, To* out, size_t n) {
  using W = simd::Vec128<float, double>;
  size_t i = 0;
  if constexpr (S::kLanes > 1) {
    for (; i + W::kLanes <= n; i += W::kLanes) {
      if constexpr (std::is_same_v<From, float>) W::store(out + i, W::load(x + i));
      else W::store_narrow(out + i, W::load_acc(x + i));
    }
  }
  for (; i < n; ++i) out[i] = static_cast<To>(x[i]);
}

// `count` elements of `type` to doubles and back: float a vector at a time, double copied,
// the halfs exactly through Cast's kernel (rounded back through float, to odd: once).
template <class S>
void to_doubles(DataType type, const void* x, double* out, size_t count) {
  if (type == DataType::kFloat) return convert_floats<S>(static_cast<const float*>(x), out, count);
  if (type == DataType::kDouble) return static_cast<void>(std::memcpy(out, x, count * sizeof(double)));
  cast(type, DataType::kDouble, x, out, count);
}
template <class S>
void from_doubles(DataType type, const double* x, void* out, size_t count) {
  if (type == DataType::kFloat) return convert_floats<S>(x, static_cast<float*>(out), count);
  if (type == DataType::kDouble) return static_cast<void>(std::memcpy(out, x, count * sizeof(double)));
  cast(DataType::kDouble, type, x, out, count);
}

// Slices larger than a chunk along an axis that is not innermost (e.g. Softmax over axis 0 of
// [64, 256, 256]): each slice in windows of `width` columns, a window's n rows gathered into a
// chunk of doubles, normalized by the RK kernel and scattered back. Every column is a slice
// of its own and its arithmetic does not depend on the columns beside it, so the cut (and the
// parts the pool runs, one buffer each) changes no bits.
template <class S>
void normalize_windows(const KernelPair& k, DataType type, const AxisExtent& extent, const void* x, void* out) {
  const auto n = static_cast<size_t>(extent.n), inner = static_cast<size_t>(extent.inner);
  const size_t width = std::min(inner, std::max<size_t>(S::kLanes, kChunkElements / n));
  const size_t per_slice = (inner + width - 1) / width, windows = static_cast<size_t>(extent.outer) * per_slice;
  const size_t es = element_size(type), parts = std::min(windows, thread_count());
  std::vector<ByteBuffer> buffers;  // one per part, made here: tasks do not allocate
  for (size_t i = 0; i < parts; ++i) buffers.push_back(byte_buffer((n + 3) * width * sizeof(double)));
  auto part = [&](size_t i) {
    auto* chunk = reinterpret_cast<double*>(buffers[i].get());
    double* scratch = chunk + n * width;
    for (size_t w = i * windows / parts; w < (i + 1) * windows / parts; ++w) {
      const size_t c0 = (w % per_slice) * width, cols = std::min(width, inner - c0);
      const size_t first = (w / per_slice) * n * inner + c0;
      const auto* xs = static_cast<const unsigned char*>(x) + first * es;
      auto* os = static_cast<unsigned char*>(out) + first * es;
      for (size_t r = 0; r < n; ++r) to_doubles<S>(type, xs + r * inner * es, chunk + r * cols, cols);
      k.rk(chunk, n, cols, chunk, scratch, k.mode);
      for (size_t r = 0; r < n; ++r) from_doubles<S>(type, chunk + r * cols, os + r * inner * es, cols);
    }
  };
  parallel_for(parts, part);
}

// L2 normalization of float rows along the last axis straight from float, with no chunk of
// doubles: the norms by ReduceL2's own kernel (float widened, squared and summed in double),
// then each row widened a vector at a time, multiplied by 1 / norm in double and rounded once,
// the same arithmetic as the chunked path (norm::lp_kr) in two passes instead of four.
ORW_KERNEL void l2_float_rows(const float* x, size_t rows, size_t n, float* out) {
  using W = simd::Vec128<float, double>;  // four floats as four double lanes
  constexpr size_t kRows = 256;           // norms per group, on the stack
  double norm[kRows];
  for (size_t r0 = 0; r0 < rows; r0 += kRows) {
    const size_t count = std::min(kRows, rows - r0);
    std::fill(norm, norm + count, 0.0);
    reduce_kr<W, SumSquareOp>(SumSquareOp{}, x + r0 * n, count, n, norm);
    norm::finish_norms<SumSquareOp>(norm, count);
    for (size_t k = 0; k < count; ++k) {
      const float* row = x + (r0 + k) * n;
      float* o = out + (r0 + k) * n;
      if (norm[k] == 0) {  // a row of norm 0 gives zeros (+0, also for -0), as divide_by_norm
        std::fill(o, o + n, 0.0f);
        continue;
      }
      const double inv = 1.0 / norm[k];  // 0 for an infinite norm: x * 0, as divide_by_norm
      size_t i = 0;
      for (; i + W::kLanes <= n; i += W::kLanes) W::store_narrow(o + i, W::load(row + i) * inv);
      for (; i < n; ++i) o[i] = static_cast<float>(row[i] * inv);
    }
  }
}

// Softmax and LogSoftmax of float rows along the last axis straight from float, with no chunk
// of doubles: the maxes by ReduceMax's float kernel (exact), then per row each element widened
// a vector at a time, its exp(x - max) taken and summed in double (Softmax keeps the terms in
// `terms`, n doubles), and the write: term * 1 / sum (LogSoftmax: x - max - log(sum)) rounded
// once. The same arithmetic as the chunked path (norm::softmax_kr, whose exp_sum_row it runs
// on four float-fed lanes) in three passes instead of five.
ORW_KERNEL void softmax_float_rows(const float* x, size_t rows, size_t n, float* out, bool log, double* terms) {
  using W = simd::Vec128<float, double>;  // four floats as four double lanes
  using V = typename W::V;
  constexpr size_t L = W::kLanes, kRows = 256;  // maxes per group, on the stack
  constexpr float kNegInf = -std::numeric_limits<float>::infinity();
  float m[kRows];
  for (size_t r0 = 0; r0 < rows; r0 += kRows) {
    const size_t count = std::min(kRows, rows - r0);
    std::fill(m, m + count, kNegInf);
    reduce_kr<simd::Vec128<float>, MaxOp>(MaxOp{}, x + r0 * n, count, n, m);
    for (size_t k = 0; k < count; ++k) {
      const float* row = x + (r0 + k) * n;
      float* o = out + (r0 + k) * n;
      const double mk = m[k];
      const V mv = W::splat(mk);
      double below;
      const double sum = norm::exp_sum_row<W, true>(row, n, mk, terms, log, below);
      const double t = norm::row_factor(log, sum, below);
      size_t i = 0;
      if (log) {
        for (; i + L <= n; i += L) W::store_narrow(o + i, (W::load(row + i) - mv) - W::splat(t));
        for (; i < n; ++i) o[i] = static_cast<float>((static_cast<double>(row[i]) - mk) - t);
      } else {
        for (; i + L <= n; i += L) W::store_narrow(o + i, W::load_acc(terms + i) * W::splat(t));
        for (; i < n; ++i) o[i] = static_cast<float>(terms[i] * t);
      }
    }
  }
}

// Softmax, LogSoftmax, LpNormalization of any float type through double chunks.
template <class S>
void normalize_in_double(NormalizeOp op, DataType type, const AxisExtent& extent, const void* x, void* out, int64_t p) {
  const auto block = static_cast<size_t>(extent.n * extent.inner), outer = static_cast<size_t>(extent.outer);
  if constexpr (S::kLanes > 1) {
    if (op == NormalizeOp::kLpNorm && p == 2 && type == DataType::kFloat && extent.inner == 1) {
      return l2_float_rows(static_cast<const float*>(x), outer, static_cast<size_t>(extent.n),
                           static_cast<float*>(out));
    }
    const bool softmax = op == NormalizeOp::kSoftmax || op == NormalizeOp::kLogSoftmax;
    if (softmax && type == DataType::kFloat && extent.inner == 1) {
      const bool log = op == NormalizeOp::kLogSoftmax;
      const ByteBuffer terms = byte_buffer(log ? 0 : static_cast<size_t>(extent.n) * sizeof(double));  // not zeroed
      return softmax_float_rows(static_cast<const float*>(x), outer, static_cast<size_t>(extent.n),
                                static_cast<float*>(out),
                                log, reinterpret_cast<double*>(terms.get()));
    }
  }
  const KernelPair k = kernels_of<S>(op, p, type);
  if (block > kChunkElements && extent.inner > 1) return normalize_windows<S>(k, type, extent, x, out);
  const size_t per_chunk = std::max<size_t>(1, (extent.inner == 1 ? kRowChunkElements : kChunkElements) / block);
  std::vector<double> scratch, buffer;
  for (size_t o = 0; o < outer; o += per_chunk) {
    const size_t slices = std::min(per_chunk, outer - o);
    const size_t first = o * block, count = slices * block;
    if (type == DataType::kDouble) {
      normalize_chunk(k, extent, slices, static_cast<const double*>(x) + first, static_cast<double*>(out) + first,
                      scratch);
      continue;
    }
    buffer.resize(count);
    const size_t es = element_size(type);
    to_doubles<S>(type, static_cast<const unsigned char*>(x) + first * es, buffer.data(), count);
    normalize_chunk(k, extent, slices, buffer.data(), buffer.data(), scratch);
    from_doubles<S>(type, buffer.data(), static_cast<unsigned char*>(out) + first * es, count);
  }
}

// Hardmax: zeros, then a 1 (in the type's bits) at each slice's ArgMax index: the first
// maximum, a NaN counting as the maximum (so a slice with a NaN gets its 1 at the first NaN).
void hardmax(DataType type, const AxisExtent& extent, const void* x, void* out, Variant variant) {
  const auto outer = static_cast<size_t>(extent.outer), n = static_cast<size_t>(extent.n);
  const auto inner = static_cast<size_t>(extent.inner);
  std::memset(out, 0, outer * n * inner * element_size(type));  // +0 in every float type
  std::vector<int64_t> index(outer * inner, 0);
  if (n > 1) {  // (a size-1 axis has nothing to reduce: index 0)
    const ReductionPlan plan = make_reduction_plan({extent.outer, extent.n, extent.inner}, {1});
    arg_reduce(true, false, type, plan, x, index.data(), variant);
  }
  for (size_t o = 0; o < outer; ++o) {
    for (size_t j = 0; j < inner; ++j) {
      const size_t at = (o * n + static_cast<size_t>(index[o * inner + j])) * inner + j;
      switch (type) {
        case DataType::kFloat: static_cast<float*>(out)[at] = 1.0f; break;
        case DataType::kDouble: static_cast<double*>(out)[at] = 1.0; break;
        case DataType::kFloat16: static_cast<uint16_t*>(out)[at] = f32_to_f16(1.0f); break;
        default: static_cast<uint16_t*>(out)[at] = f32_to_bf16(1.0f); break;  // bfloat16
      }
    }
  }
}

}  // namespace

void normalize(NormalizeOp op, DataType type, const AxisExtent& extent, const void* x, void* out, int64_t p,
               Variant variant) {
  const TypeSet types = {DataType::kFloat16, DataType::kFloat, DataType::kDouble, DataType::kBfloat16};
  check_type(types, type, "normalize kernels");
  if (extent.outer * extent.n * extent.inner == 0) return;
  if (op == NormalizeOp::kHardmax) return hardmax(type, extent, x, out, variant);
  if (use_simd(variant)) return normalize_in_double<simd::Vec128<double>>(op, type, extent, x, out, p);
  normalize_in_double<simd::Scalar<double>>(op, type, extent, x, out, p);
}

}  // namespace orw::kernels
