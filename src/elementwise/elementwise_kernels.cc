// Unary element-wise ops and Mul: each element type mapped to the lanes its kernel runs on.
//   Abs: floats and halfs clear the sign bit (exact, NaN payloads kept); signed integers use
//     the wrapping |x|; unsigned integers are copied.
//   Exp, Log: float on the vector polynomials; double through libm (no vector double exp/log);
//     float16/bfloat16 widened to float in chunks, rounded once.
//   Sqrt: float and double on the vector square root; halfs widened.
//   Mul: integers as their unsigned twins (wrapping); halfs widened to float.
#include <cmath>
#include <cstring>
#include <vector>

#include "elementwise/elementwise_kernels.h"
#include "elementwise/elementwise_microkernels.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

template <class T, class F>
void map_variant(const void* x, void* out, size_t n, Variant v, F f) {
  const auto* xt = static_cast<const T*>(x);
  auto* ot = static_cast<T*>(out);
  if (use_simd(v)) ew::map_unary<simd::Vec128<T>>(xt, ot, n, f);
  else ew::map_unary<simd::Scalar<T>>(xt, ot, n, f);
}

// The float kernel of a unary op that halfs widen to (Exp, Log, Sqrt).
void unary_float(UnaryOp op, const float* x, float* out, size_t n, Variant v) {
  switch (op) {
    case UnaryOp::kExp:
      return map_variant<float>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::exp_f32<decltype(e), ew::IntOf<decltype(e)>>(e); });
    case UnaryOp::kLog:
      return map_variant<float>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::log_f32<decltype(e), ew::IntOf<decltype(e)>>(e); });
    default:
      return map_variant<float>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::vsqrt(e); });
  }
}

void unary_double(UnaryOp op, const double* x, double* out, size_t n, Variant v) {
  switch (op) {
    case UnaryOp::kExp: for (size_t i = 0; i < n; ++i) out[i] = std::exp(x[i]); return;
    case UnaryOp::kLog: for (size_t i = 0; i < n; ++i) out[i] = std::log(x[i]); return;
    default: return map_variant<double>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::vsqrt(e); });
  }
}

// Halfs through float, a chunk at a time (nothing of the input's size is allocated).
void unary_half(UnaryOp op, DataType type, const void* x, void* out, size_t n, Variant v) {
  constexpr size_t kChunk = 1024;
  float wx[kChunk], wo[kChunk];
  const auto* h = static_cast<const uint16_t*>(x);
  auto* o = static_cast<uint16_t*>(out);
  for (size_t i = 0; i < n; i += kChunk) {
    const size_t m = std::min(kChunk, n - i);
    if (type == DataType::kFloat16) for (size_t j = 0; j < m; ++j) wx[j] = f16_to_f32(h[i + j]);
    else for (size_t j = 0; j < m; ++j) wx[j] = bf16_to_f32(h[i + j]);
    unary_float(op, wx, wo, m, v);
    narrow(type, wo, o + i, m);
  }
}

template <class U>
void clear_sign(const void* x, void* out, size_t n, Variant v) {
  const U mask = static_cast<U>(static_cast<U>(~U{0}) >> 1);
  map_variant<U>(x, out, n, v, [mask](auto e) { return e & mask; });
}

void abs_any(DataType type, const void* x, void* out, size_t n, Variant v) {
  switch (type) {
    case DataType::kFloat: return clear_sign<uint32_t>(x, out, n, v);
    case DataType::kDouble: return clear_sign<uint64_t>(x, out, n, v);
    case DataType::kFloat16:
    case DataType::kBfloat16: return clear_sign<uint16_t>(x, out, n, v);
    case DataType::kInt8: return map_variant<int8_t>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::abs_signed(e); });
    case DataType::kInt16: return map_variant<int16_t>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::abs_signed(e); });
    case DataType::kInt32: return map_variant<int32_t>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::abs_signed(e); });
    case DataType::kInt64: return map_variant<int64_t>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::abs_signed(e); });
    default: if (n) std::memcpy(out, x, n * element_size(type)); return;  // unsigned
  }
}

template <class S>
void mul_plan(const BroadcastPlan& p, const typename S::Lane* a, const typename S::Lane* b, typename S::Lane* out) {
  const size_t groups = p.group_dims.size();
  if (p.output_count() == 0) return;
  if (groups == 0) {  // every dim is 1
    *out = ew::mul1(*a, *b);
    return;
  }
  const auto n = static_cast<size_t>(p.group_dims[groups - 1]);
  const bool a_walks = p.a_strides[groups - 1] != 0, b_walks = p.b_strides[groups - 1] != 0;
  std::vector<int64_t> index(groups - 1, 0);
  int64_t oa = 0, ob = 0;
  for (;;) {
    if (a_walks && b_walks) ew::mul_vv<S>(a + oa, b + ob, out, n);
    else if (b_walks) ew::mul_sv<S>(a[oa], b + ob, out, n);
    else ew::mul_sv<S>(b[ob], a + oa, out, n);
    out += n;
    size_t g = groups - 1;
    for (; g-- > 0;) {  // advance the outer index, innermost outer group first
      oa += p.a_strides[g];
      ob += p.b_strides[g];
      if (++index[g] < p.group_dims[g]) break;
      oa -= p.a_strides[g] * p.group_dims[g];
      ob -= p.b_strides[g] * p.group_dims[g];
      index[g] = 0;
    }
    if (g == static_cast<size_t>(-1)) return;  // every outer index wrapped: done
  }
}

template <class T>
void mul_typed(const BroadcastPlan& p, const void* a, const void* b, void* out, Variant v) {
  const auto* at = static_cast<const T*>(a);
  const auto* bt = static_cast<const T*>(b);
  auto* ot = static_cast<T*>(out);
  if (use_simd(v)) mul_plan<simd::Vec128<T>>(p, at, bt, ot);
  else mul_plan<simd::Scalar<T>>(p, at, bt, ot);
}

// Element count of an input from its plan strides: the largest offset reached, plus one.
size_t input_count(const BroadcastPlan& p, const std::vector<int64_t>& strides) {
  if (p.output_count() == 0) return 0;
  int64_t last = 0;
  for (size_t g = 0; g < strides.size(); ++g) last += strides[g] * (p.group_dims[g] - 1);
  return static_cast<size_t>(last + 1);
}

}  // namespace

TypeSet unary_types(UnaryOp op) {
  const TypeSet floats = {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16};
  if (op != UnaryOp::kAbs) return floats;
  return mul_types();
}

TypeSet mul_types() {
  return {DataType::kFloat,  DataType::kDouble, DataType::kFloat16, DataType::kBfloat16, DataType::kInt8,
          DataType::kInt16,  DataType::kInt32,  DataType::kInt64,   DataType::kUint8,    DataType::kUint16,
          DataType::kUint32, DataType::kUint64};
}

void unary(UnaryOp op, DataType type, const void* x, void* out, size_t n, Variant v) {
  check_type(unary_types(op), type, "kernels::unary");
  if (op == UnaryOp::kAbs) return abs_any(type, x, out, n, v);
  if (is_half(type)) return unary_half(op, type, x, out, n, v);
  if (type == DataType::kFloat) return unary_float(op, static_cast<const float*>(x), static_cast<float*>(out), n, v);
  return unary_double(op, static_cast<const double*>(x), static_cast<double*>(out), n, v);
}

void mul(DataType type, const BroadcastPlan& p, const void* a, const void* b, void* out, Variant v) {
  check_type(mul_types(), type, "kernels::mul");
  if (is_half(type)) {
    const std::vector<float> wa = widen(type, a, input_count(p, p.a_strides));
    const std::vector<float> wb = widen(type, b, input_count(p, p.b_strides));
    std::vector<float> wo(static_cast<size_t>(p.output_count()));
    mul_typed<float>(p, wa.data(), wb.data(), wo.data(), v);
    narrow(type, wo.data(), out, wo.size());
    return;
  }
  with_storage_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    mul_typed<Wrapping<T>>(p, a, b, out, v);
  });
}

}  // namespace orw::kernels
