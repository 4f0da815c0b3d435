// Clip: each element type mapped to the lanes its kernel runs on. Floats and doubles clamp
// with the pseudo max/min (x < lo ? lo : x, then hi < t ? hi : t: ONNX's function body of
// Clip, one wasm pmax/pmin each), so a NaN x stays NaN and lo > hi gives hi; integers take
// the lane max/min; float16/bfloat16 widen to float in chunks (the result is x, lo or hi, so
// narrowing it back is exact).
#include <limits>
#include <type_traits>

#include "elementwise/elementwise_kernels.h"
#include "elementwise/elementwise_microkernels.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

template <class S>
void clip_lanes(const typename S::Lane* x, typename S::Lane* out, size_t n, typename S::Lane lo, typename S::Lane hi) {
  using T = typename S::Lane;
  const auto vlo = S::splat(lo), vhi = S::splat(hi);
  if constexpr (std::is_floating_point_v<T>) {
    ew::map_unary<S>(x, out, n, [=](auto e) ORW_INLINE_LAMBDA { return simd::at_most(simd::at_least(e, vlo), vhi); });
  } else {
    ew::map_unary<S>(x, out, n,
                     [=](auto e) ORW_INLINE_LAMBDA { return simd::extremum<false>(simd::extremum<true>(e, vlo), vhi); });
  }
}

// A bound of type T, or the one that clips nothing (floats: the infinities, so that an
// infinite x stays itself when that bound is absent, as in ONNX's function body).
template <class T>
T bound_or(const void* bound, bool lower) {
  if (bound) return *static_cast<const T*>(bound);
  if constexpr (std::is_floating_point_v<T>) return lower ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
  else return lower ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
}

template <class T>
void clip_typed(const void* x, const void* lo, const void* hi, void* out, size_t n, Variant v) {
  const T l = bound_or<T>(lo, true), h = bound_or<T>(hi, false);
  const auto* xt = static_cast<const T*>(x);
  auto* ot = static_cast<T*>(out);
  if (use_simd(v)) clip_lanes<simd::Vec128<T>>(xt, ot, n, l, h);
  else clip_lanes<simd::Scalar<T>>(xt, ot, n, l, h);
}

void clip_half(DataType type, const void* x, const void* lo, const void* hi, void* out, size_t n, Variant v) {
  constexpr size_t kChunk = 1024;
  const bool brain = type == DataType::kBfloat16;
  float wl = 0, wh = 0;
  if (lo) simd::halves_to_floats(brain, static_cast<const uint16_t*>(lo), &wl, 1);
  if (hi) simd::halves_to_floats(brain, static_cast<const uint16_t*>(hi), &wh, 1);
  float wx[kChunk], wo[kChunk];
  const auto* h = static_cast<const uint16_t*>(x);
  auto* o = static_cast<uint16_t*>(out);
  for (size_t i = 0; i < n; i += kChunk) {
    const size_t m = std::min(kChunk, n - i);
    simd::halves_to_floats(brain, h + i, wx, m);
    clip_typed<float>(wx, lo ? &wl : nullptr, hi ? &wh : nullptr, wo, m, v);
    narrow(type, wo, o + i, m);
  }
}

}  // namespace

TypeSet clip_types() { return binary_types(); }

void clip(DataType type, const void* x, const void* lo, const void* hi, void* out, size_t n, Variant v) {
  check_type(clip_types(), type, "kernels::clip");
  if (is_half(type)) return clip_half(type, x, lo, hi, out, n, v);
  with_storage_type(type, [&](auto tag) { clip_typed<typename decltype(tag)::type>(x, lo, hi, out, n, v); });
}

}  // namespace orw::kernels
