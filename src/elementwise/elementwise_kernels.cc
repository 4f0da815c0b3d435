// Unary element-wise ops: each element type mapped to the lanes its kernel runs on.
//   Abs: floats and halfs clear the sign bit (exact, NaN payloads kept); signed integers use
//     the wrapping |x|; unsigned integers are copied.
//   Exp, Log: float on the vector polynomials; double through libm (no vector double exp/log);
//     float16/bfloat16 widened to float in chunks, rounded once.
//   Sqrt, Reciprocal: float and double on vector instructions (IEEE, one rounding); halfs
//     widened.
//   Neg: floats and halfs flip the sign bit (exact, NaN payloads kept); integers 0 - x in the
//     unsigned twin (wrapping); unsigned types are not in any Neg version.
#include <cmath>
#include <cstring>

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
    case UnaryOp::kReciprocal:
      return map_variant<float>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return 1.0f / e; });
    default:
      return map_variant<float>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::vsqrt(e); });
  }
}

void unary_double(UnaryOp op, const double* x, double* out, size_t n, Variant v) {
  switch (op) {
    case UnaryOp::kExp: for (size_t i = 0; i < n; ++i) out[i] = std::exp(x[i]); return;
    case UnaryOp::kLog: for (size_t i = 0; i < n; ++i) out[i] = std::log(x[i]); return;
    case UnaryOp::kReciprocal: return map_variant<double>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return 1.0 / e; });
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
    simd::halves_to_floats(type == DataType::kBfloat16, h + i, wx, m);
    unary_float(op, wx, wo, m, v);
    narrow(type, wo, o + i, m);
  }
}

template <class U>
void clear_sign(const void* x, void* out, size_t n, Variant v) {
  const U mask = static_cast<U>(static_cast<U>(~U{0}) >> 1);
  map_variant<U>(x, out, n, v, [mask](auto e) { return e & mask; });
}

template <class U>
void flip_sign(const void* x, void* out, size_t n, Variant v) {
  const U sign = static_cast<U>(~(static_cast<U>(~U{0}) >> 1));
  map_variant<U>(x, out, n, v, [sign](auto e) { return e ^ sign; });
}

// -x of signed integers, wrapping: 0 - x in the unsigned twin.
template <class U>
void negate_wrapping(const void* x, void* out, size_t n, Variant v) {
  map_variant<U>(x, out, n, v, [](auto e) ORW_INLINE_LAMBDA { return ew::SubLanes{}(decltype(e){} , e); });
}

void neg_any(DataType type, const void* x, void* out, size_t n, Variant v) {
  switch (type) {
    case DataType::kFloat: return flip_sign<uint32_t>(x, out, n, v);
    case DataType::kDouble: return flip_sign<uint64_t>(x, out, n, v);
    case DataType::kFloat16:
    case DataType::kBfloat16: return flip_sign<uint16_t>(x, out, n, v);
    case DataType::kInt8: case DataType::kUint8: return negate_wrapping<uint8_t>(x, out, n, v);
    case DataType::kInt16: case DataType::kUint16: return negate_wrapping<uint16_t>(x, out, n, v);
    case DataType::kInt32: case DataType::kUint32: return negate_wrapping<uint32_t>(x, out, n, v);
    default: return negate_wrapping<uint64_t>(x, out, n, v);
  }
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

}  // namespace

TypeSet unary_types(UnaryOp op) {
  const TypeSet floats = {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16};
  if (op != UnaryOp::kAbs && op != UnaryOp::kNeg) return floats;
  return binary_types();
}

void unary(UnaryOp op, DataType type, const void* x, void* out, size_t n, Variant v) {
  check_type(unary_types(op), type, "kernels::unary");
  if (op == UnaryOp::kAbs) return abs_any(type, x, out, n, v);
  if (op == UnaryOp::kNeg) return neg_any(type, x, out, n, v);
  if (is_half(type)) return unary_half(op, type, x, out, n, v);
  if (type == DataType::kFloat) return unary_float(op, static_cast<const float*>(x), static_cast<float*>(out), n, v);
  return unary_double(op, static_cast<const double*>(x), static_cast<double*>(out), n, v);
}

}  // namespace orw::kernels
