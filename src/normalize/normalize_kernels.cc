// The normalization kernels' dispatch: every element type is widened to double a chunk of
// slices at a time (float and the half types exactly; double is used in place), normalized by
// the microkernels (normalize_microkernels.h) and rounded once to the output type. Hardmax
// needs no arithmetic: it is the ArgMax kernel's first-max index (a NaN counting as the
// maximum) turned into a one-hot slice.
#include <cmath>
#include <cstring>
#include <vector>

#include "arg/arg_kernels.h"
#include "core/half.h"
#include "normalize/normalize_kernels.h"
#include "normalize/normalize_microkernels.h"
#include "plan/reduction_plan.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

// Elements widened per chunk (whole slices, at least one): 128 KiB of doubles.
constexpr size_t kChunkElements = 16384;

// d rounded to float "to odd" (truncated, the last bit set when inexact): rounding that float
// to float16 or bfloat16 then gives d rounded once to the half type (the float has more than
// the half's bits + 2), never the double rounding of d -> nearest float -> half.
ORW_INLINE float to_float_odd(double d) {
  const float f = static_cast<float>(d);
  if (!std::isfinite(f) || static_cast<double>(f) == d) return f;
  uint32_t bits = float_bits(f);
  if (std::fabs(static_cast<double>(f)) > std::fabs(d)) --bits;  // the truncated magnitude
  return bits_float(bits | 1u);
}

// Element i of `type` as double (exact), and d stored as element i of `type` (rounded once).
ORW_INLINE double load_as_double(DataType type, const void* x, size_t i) {
  switch (type) {
    case DataType::kFloat: return static_cast<const float*>(x)[i];
    case DataType::kFloat16: return f16_to_f32(static_cast<const uint16_t*>(x)[i]);
    default: return bf16_to_f32(static_cast<const uint16_t*>(x)[i]);
  }
}
ORW_INLINE void store_from_double(DataType type, void* out, size_t i, double d) {
  switch (type) {
    case DataType::kFloat: static_cast<float*>(out)[i] = static_cast<float>(d); return;
    case DataType::kFloat16: static_cast<uint16_t*>(out)[i] = f32_to_f16(to_float_odd(d)); return;
    default: static_cast<uint16_t*>(out)[i] = f32_to_bf16(to_float_odd(d)); return;
  }
}

// The KR kernel (rows, n, scratch of `rows` doubles) and the RK kernel (one block of n rows
// of k, scratch of 2k doubles) of an op; the two share one signature (`log`: LogSoftmax
// rather than Softmax).
using Kernel = void (*)(const double* x, size_t a, size_t b, double* out, double* scratch, bool log);
struct KernelPair {
  Kernel kr, rk;
  bool log = false;
};
template <class S>
KernelPair kernels_of(NormalizeOp op, int64_t p) {
  using Op = NormalizeOp;
  switch (op) {
    case Op::kSoftmax: return {norm::softmax_kr<S>, norm::softmax_rk<S>, false};
    case Op::kLogSoftmax: return {norm::softmax_kr<S>, norm::softmax_rk<S>, true};
    default:
      if (p == 1) return {norm::lp_kr<S, L1Op<true>>, norm::lp_rk<S, L1Op<true>>};
      return {norm::lp_kr<S, SumSquareOp>, norm::lp_rk<S, SumSquareOp>};
  }
}

// One chunk of `slices` outer slices of doubles (out may be x): contiguous rows (KR) when the
// axis is innermost, else each slice's block of n rows of `inner` columns (RK).
void normalize_chunk(const KernelPair& k, const SliceView& v, size_t slices, const double* x, double* out,
                     std::vector<double>& scratch) {
  if (v.inner == 1) {
    scratch.resize(slices);
    return k.kr(x, slices, v.n, out, scratch.data(), k.log);
  }
  scratch.resize(2 * v.inner);
  const size_t block = v.n * v.inner;
  for (size_t s = 0; s < slices; ++s) k.rk(x + s * block, v.n, v.inner, out + s * block, scratch.data(), k.log);
}

// Softmax, LogSoftmax, LpNormalization of any float type through double chunks.
template <class S>
void normalize_in_double(NormalizeOp op, DataType type, const SliceView& v, const void* x, void* out, int64_t p) {
  const size_t block = v.n * v.inner;
  const size_t per_chunk = std::max<size_t>(1, kChunkElements / block);
  const KernelPair k = kernels_of<S>(op, p);
  std::vector<double> scratch, buffer;
  for (size_t o = 0; o < v.outer; o += per_chunk) {
    const size_t slices = std::min(per_chunk, v.outer - o);
    const size_t first = o * block, count = slices * block;
    if (type == DataType::kDouble) {
      normalize_chunk(k, v, slices, static_cast<const double*>(x) + first, static_cast<double*>(out) + first, scratch);
      continue;
    }
    buffer.resize(count);
    for (size_t i = 0; i < count; ++i) buffer[i] = load_as_double(type, x, first + i);
    normalize_chunk(k, v, slices, buffer.data(), buffer.data(), scratch);
    for (size_t i = 0; i < count; ++i) store_from_double(type, out, first + i, buffer[i]);
  }
}

// Hardmax: zeros, then a 1 (in the type's bits) at each slice's ArgMax index: the first
// maximum, a NaN counting as the maximum (so a slice with a NaN gets its 1 at the first NaN).
void hardmax(DataType type, const SliceView& v, const void* x, void* out, Variant variant) {
  const size_t total = v.outer * v.n * v.inner;
  std::memset(out, 0, total * element_size(type));  // +0 in every float type
  std::vector<int64_t> index(v.outer * v.inner, 0);
  if (v.n > 1) {  // (a size-1 axis has nothing to reduce: index 0)
    const ReductionPlan plan = make_reduction_plan(
        {static_cast<int64_t>(v.outer), static_cast<int64_t>(v.n), static_cast<int64_t>(v.inner)}, {1});
    arg_reduce(true, false, type, plan, x, index.data(), variant);
  }
  for (size_t o = 0; o < v.outer; ++o) {
    for (size_t j = 0; j < v.inner; ++j) {
      const size_t at = (o * v.n + static_cast<size_t>(index[o * v.inner + j])) * v.inner + j;
      switch (type) {
        case DataType::kFloat: static_cast<float*>(out)[at] = 1.0f; break;
        case DataType::kDouble: static_cast<double*>(out)[at] = 1.0; break;
        case DataType::kFloat16: static_cast<uint16_t*>(out)[at] = 0x3C00; break;
        default: static_cast<uint16_t*>(out)[at] = 0x3F80; break;  // bfloat16
      }
    }
  }
}

}  // namespace

void normalize(NormalizeOp op, DataType type, const SliceView& view, const void* x, void* out, int64_t p,
               Variant variant) {
  const TypeSet types = {DataType::kFloat16, DataType::kFloat, DataType::kDouble, DataType::kBfloat16};
  check_type(types, type, "normalize kernels");
  if (view.outer * view.n * view.inner == 0) return;
  if (op == NormalizeOp::kHardmax) return hardmax(type, view, x, out, variant);
  if (use_simd(variant)) return normalize_in_double<simd::Vec128<double>>(op, type, view, x, out, p);
  normalize_in_double<simd::Scalar<double>>(op, type, view, x, out, p);
}

}  // namespace orw::kernels
