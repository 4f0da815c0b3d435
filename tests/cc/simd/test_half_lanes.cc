// The four-lane half conversions (src/simd/half_lanes.h) give the bits of core/half.h's scalar
// ones: every float16 and bfloat16 pattern widened, and narrowed floats covering every rounding
// case (each half value, the midpoints between neighbours and one float either side of them,
// subnormal and overflow boundaries, infinities, NaNs with payloads), plus random bit patterns.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "core/half.h"
#include "simd/half_lanes.h"

using orw::simd::floats_to_halves;
using orw::simd::halves_to_floats;

namespace {

float from_bits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}
uint32_t bits_of(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

// Floats around every float16 value: the value, the midpoint to the next one, and a float
// either side of both (both signs).
std::vector<float> rounding_cases() {
  std::vector<float> v;
  for (uint32_t h = 0; h < 0x7C00; ++h) {
    const float lo = orw::f16_to_f32(static_cast<uint16_t>(h)), hi = orw::f16_to_f32(static_cast<uint16_t>(h + 1));
    const float mid = static_cast<float>((static_cast<double>(lo) + hi) / 2);  // exact in float
    for (float x : {lo, mid}) {
      for (uint32_t b : {bits_of(x) - 1, bits_of(x), bits_of(x) + 1}) {
        v.push_back(from_bits(b));
        v.push_back(from_bits(b | 0x80000000u));
      }
    }
  }
  for (uint32_t b : {0x0u, 0x1u, 0x33000000u, 0x33000001u, 0x32FFFFFFu, 0x387FFFFFu, 0x38800000u, 0x477FEFFFu,
                     0x477FF000u, 0x7F7FFFFFu, 0x7F800000u, 0x7F800001u, 0x7FC00000u, 0x7FFFFFFFu, 0x7FA12345u}) {
    v.push_back(from_bits(b));
    v.push_back(from_bits(b | 0x80000000u));
  }
  std::mt19937 rng(5);
  for (int i = 0; i < 200000; ++i) v.push_back(from_bits(static_cast<uint32_t>(rng())));
  return v;
}

}  // namespace

TEST_CASE("half lanes/every float16 and bfloat16 widens to the scalar conversion's bits", "[half]") {
  std::vector<uint16_t> h(65536 + 3);  // + 3: a scalar tail too
  for (size_t i = 0; i < h.size(); ++i) h[i] = static_cast<uint16_t>(i);
  std::vector<float> out(h.size());
  for (bool brain : {false, true}) {
    halves_to_floats(brain, h.data(), out.data(), h.size());
    size_t wrong = 0;
    for (size_t i = 0; i < h.size(); ++i) {
      const float want = brain ? orw::bf16_to_f32(h[i]) : orw::f16_to_f32(h[i]);
      if (bits_of(out[i]) != bits_of(want)) ++wrong;
    }
    INFO((brain ? "bfloat16" : "float16"));
    CHECK(wrong == 0);
  }
}

TEST_CASE("half lanes/floats narrow to the scalar conversion's bits in every rounding case", "[half]") {
  const std::vector<float> f = rounding_cases();
  std::vector<uint16_t> out(f.size());
  for (bool brain : {false, true}) {
    floats_to_halves(brain, f.data(), out.data(), f.size());
    size_t wrong = 0;
    uint32_t first = 0;
    for (size_t i = 0; i < f.size(); ++i) {
      const uint16_t want = brain ? orw::f32_to_bf16(f[i]) : orw::f32_to_f16(f[i]);
      if (out[i] != want && wrong++ == 0) first = bits_of(f[i]);
    }
    INFO((brain ? "bfloat16" : "float16") << ", first wrong float bits " << std::hex << first);
    CHECK(wrong == 0);
  }
}
