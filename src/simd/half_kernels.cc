// The array conversions of simd/half_lanes.h, built with the kernels (-O3): four lanes at a
// time on GCC/Clang vector types, then the scalar conversions of core/half.h for the tail.
#include "simd/half_lanes.h"

#include <cstring>

#include "core/half.h"
#include "simd/simd.h"  // ORW_INLINE, ORW_KERNEL

namespace orw::simd {
namespace {

typedef uint32_t U32x4 __attribute__((vector_size(16)));
typedef float F32x4 __attribute__((vector_size(16)));
typedef int32_t I32x4 __attribute__((vector_size(16)));
typedef uint16_t U16x4 __attribute__((vector_size(8)));

// Half bits (one per lane) to float bits. A normal half's magnitude bits shifted into a
// float's place need 112 more in the exponent; a subnormal one (exponent 0) gets 113 more,
// reading 2^-14 (1 + m / 1024), from which 2^-14 is subtracted: exactly m 2^-24, with no
// subnormal float in the arithmetic (x86 takes ~100 cycles for each). Infinities and NaNs keep
// their mantissa under an all-ones exponent.
ORW_INLINE U32x4 f16_lanes_to_f32(U32x4 h) {
  const U32x4 em = h & 0x7FFFu, shifted = em << 13;
  const U32x4 lifted = shifted + (113u << 23);
  F32x4 v;
  std::memcpy(&v, &lifted, sizeof v);
  v = v - 0x1p-14f;
  U32x4 sub;
  std::memcpy(&sub, &v, sizeof v);
  // The lane masks from the exponent field e by arithmetic shifts (e - 1 < 0: subnormal;
  // 30 - e < 0: infinity or NaN): as compares, clang narrowed them to 16-bit lanes and widened
  // the masks back with a shuffle and two shifts each.
  const I32x4 e = (I32x4)(em >> 10);
  const U32x4 subnormal = (U32x4)((e - 1) >> 31), special = (U32x4)((30 - e) >> 31);
  const U32x4 finite = (sub & subnormal) | ((shifted + (112u << 23)) & ~subnormal);
  return ((h & 0x8000u) << 16) | ((shifted | 0x7F800000u) & special) | (finite & ~special);
}

// Float bits to half bits, rounding to nearest even as f32_to_f16: a normal half by rebiasing
// the exponent and rounding the 13 dropped bits; a subnormal one (below 2^-14) as |x| * 2^24
// rounded to an integer by the float addition of 2^23; overflow gives infinity, a NaN the quiet
// NaN with its sign and top mantissa bits.
ORW_INLINE U32x4 f32_lanes_to_f16(U32x4 u) {
  const U32x4 a = u & 0x7FFFFFFFu;
  const U32x4 rebased = a - (112u << 23);
  const U32x4 normal = (rebased + 0xFFFu + ((rebased >> 13) & 1u)) >> 13;
  F32x4 f;
  std::memcpy(&f, &a, sizeof f);
  f = f * 16777216.0f + 8388608.0f;  // |x| * 2^24 is exact; the sum rounds it to an integer
  U32x4 sub;
  std::memcpy(&sub, &f, sizeof f);
  U32x4 r = a < 0x38800000u ? sub - 0x4B000000u : normal;
  r = a >= 0x477FF000u ? U32x4{} + 0x7C00u : r;
  r = a > 0x7F800000u ? (0x7E00u | ((a >> 13) & 0x3FFu)) : r;
  return ((u >> 16) & 0x8000u) | r;
}

// Float bits to bfloat16 bits, as f32_to_bf16: nearest even, a NaN kept quiet.
ORW_INLINE U32x4 f32_lanes_to_bf16(U32x4 u) {
  const U32x4 rounded = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
  return (u & 0x7FFFFFFFu) > 0x7F800000u ? ((u >> 16) | 0x40u) : rounded;
}

// out[i] = one(x[i]) for i < n: four at a time through `lanes` on 32-bit lanes (the halves
// widened to them, the results narrowed back), `one` for the tail. Instantiated per format, so
// the format is tested once per call, not per vector.
template <class From, class To, class Lanes, class One>
void convert(const From* x, To* out, size_t n, Lanes lanes, One one) {
  typedef From In __attribute__((vector_size(4 * sizeof(From))));
  typedef To Out __attribute__((vector_size(4 * sizeof(To))));
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    In v;
    std::memcpy(&v, x + i, sizeof v);
    U32x4 u;
    if constexpr (sizeof(From) == 4) std::memcpy(&u, &v, sizeof u);  // float bits
    else u = __builtin_convertvector(v, U32x4);
    u = lanes(u);
    Out o;
    if constexpr (sizeof(To) == 4) std::memcpy(&o, &u, sizeof o);
    else o = __builtin_convertvector(u, Out);
    std::memcpy(out + i, &o, sizeof o);
  }
  for (; i < n; ++i) out[i] = one(x[i]);
}

}  // namespace

void halves_to_floats(bool brain, const uint16_t* h, float* out, size_t n) {
  if (brain) convert(h, out, n, [](U32x4 w) ORW_INLINE_LAMBDA { return w << 16; }, bf16_to_f32);
  else convert(h, out, n, [](U32x4 w) ORW_INLINE_LAMBDA { return f16_lanes_to_f32(w); }, f16_to_f32);
}

void floats_to_halves(bool brain, const float* f, uint16_t* out, size_t n) {
  if (brain) convert(f, out, n, [](U32x4 u) ORW_INLINE_LAMBDA { return f32_lanes_to_bf16(u); }, f32_to_bf16);
  else convert(f, out, n, [](U32x4 u) ORW_INLINE_LAMBDA { return f32_lanes_to_f16(u); }, f32_to_f16);
}

}  // namespace orw::simd
