// Exact float16 / bfloat16 <-> float32 conversions. Narrowing rounds to nearest, ties to even;
// overflow gives infinity; NaN stays NaN (quiet, sign kept); subnormals are exact both ways.
#pragma once
#include <cstdint>
#include <cstring>

namespace orw {

// The bit fields of float16 and bfloat16 values, as the kernels that work on half bits name
// them: the sign, the magnitude (everything but the sign), and the exponent field of each
// format (a magnitude above it is a NaN; equal to it, an infinity).
constexpr uint16_t kHalfSignBit = 0x8000;
constexpr uint16_t kHalfMagnitudeBits = 0x7FFF;
constexpr uint16_t kFloat16ExponentBits = 0x7C00;
constexpr uint16_t kBfloat16ExponentBits = 0x7F80;

inline uint32_t float_bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float bits_float(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

// IEEE binary16 bits -> float (exact).
inline float f16_to_f32(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1Fu;
  uint32_t mant = h & 0x3FFu;
  if (exp == 0x1F) return bits_float(sign | 0x7F800000u | (mant << 13));  // Inf / NaN
  if (exp != 0) return bits_float(sign | ((exp + 112) << 23) | (mant << 13));
  if (mant == 0) return bits_float(sign);                                  // +-0
  // Subnormal: value = mant * 2^-24, exactly representable in float.
  const float mag = static_cast<float>(mant) * (1.0f / 16777216.0f);
  return bits_float(sign | float_bits(mag));
}

// float -> IEEE binary16 bits, round to nearest even.
inline uint16_t f32_to_f16(float f) {
  const uint32_t u = float_bits(f);
  const uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  const uint32_t abs = u & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u) {  // Inf or NaN
    if (abs == 0x7F800000u) return sign | 0x7C00u;
    return static_cast<uint16_t>(sign | 0x7E00u | ((abs >> 13) & 0x3FFu));  // quiet NaN
  }
  if (abs >= 0x477FF000u) return sign | 0x7C00u;  // rounds to >= 65520: overflow to Inf
  if (abs < 0x38800000u) {                        // below 2^-14: subnormal or zero in half
    if (abs < 0x33000000u) return sign;           // below 2^-25: rounds to zero (ties to even)
    const uint32_t exp = abs >> 23;
    const uint32_t mant = (abs & 0x7FFFFFu) | 0x800000u;
    const uint32_t shift = 126 - exp;  // 14..24: mant >> (shift) gives half subnormal units
    const uint32_t kept = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1);
    const uint32_t half = 1u << (shift - 1);
    const uint32_t r = kept + ((rem > half || (rem == half && (kept & 1))) ? 1 : 0);
    return static_cast<uint16_t>(sign | r);
  }
  // Normal: rebias exponent and round the 13 dropped bits to nearest even.
  const uint32_t rebased = abs - (112u << 23);
  const uint32_t r = rebased + 0xFFFu + ((rebased >> 13) & 1u);
  return static_cast<uint16_t>(sign | (r >> 13));
}

// bfloat16 bits -> float (exact).
inline float bf16_to_f32(uint16_t b) { return bits_float(static_cast<uint32_t>(b) << 16); }

// float -> bfloat16 bits, round to nearest even; NaN stays a quiet NaN.
inline uint16_t f32_to_bf16(float f) {
  const uint32_t u = float_bits(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((u >> 16) | 0x0040u);
  return static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

}  // namespace orw
