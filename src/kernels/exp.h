// exp for float, written once for scalars and 128-bit vectors so every variant (scalar, SIMD,
// native, wasm) gives the same bits. Range reduction x = n*ln2 + r with |r| <= ln2/2 (ln2 in
// two parts), e^r by its Taylor series to r^7 (truncation error < 1e-8 relative, below half
// an ulp), then scaling by 2^n through the exponent bits. Inputs are clamped to
// [-87.33, 88.37], so results stay normal floats; NaN is not expected (callers filter it).
#pragma once
#include <cstdint>
#include <cstring>

namespace orw::kernels {

template <class V, class I>
inline V exp_approx(V x) {
  const V hi = V{} + 88.3762626647949f, lo = V{} - 87.3365447505531f;
  x = x < lo ? lo : x;
  x = x > hi ? hi : x;
  // n = round(x / ln2) by the 1.5 * 2^23 trick (exact for |n| < 2^22), ties to even; t's low
  // mantissa bits then hold n itself, so 2^n is built with integer ops only (no float->int
  // conversion, which is slow in wasm on x86).
  const V shifter = V{} + 12582912.0f;
  const V t = x * 1.44269504088896341f + shifter;
  const V n = t - shifter;
  const V r = (x - n * 0.693145751953125f) - n * 1.42860682030941723212e-6f;
  V p = V{} + (1.0f / 5040.0f);
  p = p * r + (1.0f / 720.0f);
  p = p * r + (1.0f / 120.0f);
  p = p * r + (1.0f / 24.0f);
  p = p * r + (1.0f / 6.0f);
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  I t_bits, shifter_bits;
  std::memcpy(&t_bits, &t, sizeof t);
  std::memcpy(&shifter_bits, &shifter, sizeof shifter);
  const I bits = ((t_bits - shifter_bits) + 127) << 23;
  V scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

inline float exp_approx(float x) { return exp_approx<float, int32_t>(x); }

}  // namespace orw::kernels
