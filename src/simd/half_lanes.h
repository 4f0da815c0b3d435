// float16 / bfloat16 <-> float conversions of whole arrays, four lanes at a time
// (simd/half_kernels.cc), giving the bits of core/half.h's scalar conversions
// (tests/cc/simd/test_half_lanes.cc checks every half and the float boundaries of every
// rounding case). The scalar functions are not inlined at -Oz (emcc's -fno-inline-functions):
// a call per element ran ReduceSum of float16 ~20x slower than of float.
#pragma once
#include <cstddef>
#include <cstdint>

namespace orw::simd {

// out[i] = the float of half bits h[i] (float16, or bfloat16 with `brain`), i < n.
void halves_to_floats(bool brain, const uint16_t* h, float* out, size_t n);

// out[i] = the half bits of f[i] (float16, or bfloat16 with `brain`), i < n: rounded to
// nearest even, overflow to infinity, a NaN quiet with its sign and top mantissa bits.
void floats_to_halves(bool brain, const float* f, uint16_t* out, size_t n);

}  // namespace orw::simd
