// float16 / bfloat16 <-> float32 conversions (core/half.h): exact widening, round to nearest
// even when narrowing, overflow to infinity, subnormals, signed zeros, NaN stays NaN.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

#include "core/half.h"
#include "helpers.h"

using namespace orw;

namespace {

bool f16_is_nan(uint16_t h) { return (h & 0x7C00u) == 0x7C00u && (h & 0x03FFu) != 0; }
bool bf16_is_nan(uint16_t b) { return (b & 0x7F80u) == 0x7F80u && (b & 0x007Fu) != 0; }

// The value of half bits computed independently of the library (finite values only).
double f16_reference_value(uint16_t h) {
  const int sign = (h & 0x8000u) ? -1 : 1;
  const int exp = (h >> 10) & 0x1F;
  const int mant = h & 0x3FF;
  if (exp == 0) return sign * std::ldexp(static_cast<double>(mant), -24);
  return sign * std::ldexp(static_cast<double>(1024 + mant), exp - 25);
}

float f(uint32_t bits) { return bits_float(bits); }

}  // namespace

TEST_CASE("float16/every half value widens exactly and narrows back to the same bits") {
  int nan_count = 0;
  for (uint32_t h = 0; h < 0x10000u; ++h) {
    const uint16_t bits = static_cast<uint16_t>(h);
    const float wide = f16_to_f32(bits);
    if (f16_is_nan(bits)) {
      ++nan_count;
      if (!std::isnan(wide) || std::signbit(wide) != ((bits & 0x8000u) != 0)) {
        FAIL_CHECK("half NaN " << h << " widened to a non-NaN or lost its sign");
      }
      // Quiet NaNs come back unchanged; signalling ones come back quietened (payload kept).
      const uint16_t back = f32_to_f16(wide);
      if (back != (bits | 0x0200u)) FAIL_CHECK("half NaN " << h << " narrowed back to " << back);
      continue;
    }
    const int exp = (bits >> 10) & 0x1F;
    if (exp == 0x1F) {
      if (!std::isinf(wide)) FAIL_CHECK("half inf " << h << " widened to " << wide);
    } else if (static_cast<double>(wide) != f16_reference_value(bits)) {
      FAIL_CHECK("half " << h << " widened to " << wide << ", expected " << f16_reference_value(bits));
    }
    if (std::signbit(wide) != ((bits & 0x8000u) != 0)) FAIL_CHECK("half " << h << " lost its sign");
    const uint16_t back = f32_to_f16(wide);
    if (back != bits) FAIL_CHECK("half " << h << " -> " << wide << " -> " << back);
  }
  CHECK(nan_count == 2 * 1023);
}

TEST_CASE("float16/known values widen to the expected floats") {
  CHECK(f16_to_f32(0x3C00) == 1.0f);
  CHECK(f16_to_f32(0xC000) == -2.0f);
  CHECK(f16_to_f32(0x7BFF) == 65504.0f);
  CHECK(f16_to_f32(0x0001) == std::ldexp(1.0f, -24));
  CHECK(f16_to_f32(0x03FF) == std::ldexp(1023.0f, -24));
  CHECK(f16_to_f32(0x0400) == std::ldexp(1.0f, -14));
  CHECK(f16_to_f32(0x7C00) == std::numeric_limits<float>::infinity());
  CHECK(f16_to_f32(0xFC00) == -std::numeric_limits<float>::infinity());
  CHECK(std::isnan(f16_to_f32(0x7E00)));
}

TEST_CASE("float16/narrowing rounds ties to even") {
  // Near 1 the half spacing is 2^-10; 1 + 2^-11 is halfway between 0x3C00 and 0x3C01.
  CHECK(f32_to_f16(1.0f + std::ldexp(1.0f, -11)) == 0x3C00);      // tie, even is down
  CHECK(f32_to_f16(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3C02);  // tie, even is up
  CHECK(f32_to_f16(f(float_bits(1.0f + std::ldexp(1.0f, -11)) + 1)) == 0x3C01);  // just above a tie
  CHECK(f32_to_f16(f(float_bits(1.0f + std::ldexp(1.0f, -11)) - 1)) == 0x3C00);  // just below a tie
  CHECK(f32_to_f16(-(1.0f + 3 * std::ldexp(1.0f, -11))) == 0xBC02);
  // A tie that carries into the exponent: 2 - 2^-11 is halfway between 0x3BFF and 2.0 (even).
  CHECK(f32_to_f16(2.0f - std::ldexp(1.0f, -11)) == 0x4000);
  // Plain rounding.
  CHECK(f32_to_f16(0.1f) == 0x2E66);
  CHECK(f32_to_f16(3.14159265f) == 0x4248);
}

TEST_CASE("float16/overflow goes to infinity only from 65520 up") {
  CHECK(f32_to_f16(65504.0f) == 0x7BFF);
  CHECK(f32_to_f16(65519.0f) == 0x7BFF);
  CHECK(f32_to_f16(f(float_bits(65520.0f) - 1)) == 0x7BFF);  // largest float below the tie
  CHECK(f32_to_f16(65520.0f) == 0x7C00);                      // the tie rounds to even: inf
  CHECK(f32_to_f16(-65520.0f) == 0xFC00);
  CHECK(f32_to_f16(-65519.0f) == 0xFBFF);
  CHECK(f32_to_f16(1e10f) == 0x7C00);
  CHECK(f32_to_f16(std::numeric_limits<float>::max()) == 0x7C00);
  CHECK(f32_to_f16(std::numeric_limits<float>::infinity()) == 0x7C00);
  CHECK(f32_to_f16(-std::numeric_limits<float>::infinity()) == 0xFC00);
}

TEST_CASE("float16/subnormals round correctly in both directions") {
  const float tiny = std::ldexp(1.0f, -24);  // smallest half subnormal
  CHECK(f32_to_f16(tiny) == 0x0001);
  CHECK(f32_to_f16(-tiny) == 0x8001);
  CHECK(f32_to_f16(std::ldexp(1.0f, -25)) == 0x0000);           // tie between 0 and 1 unit: even
  CHECK(f32_to_f16(f(float_bits(std::ldexp(1.0f, -25)) + 1)) == 0x0001);  // just above the tie
  CHECK(f32_to_f16(std::ldexp(1.0f, -26)) == 0x0000);
  CHECK(f32_to_f16(3 * std::ldexp(1.0f, -25)) == 0x0002);       // 1.5 units: tie, even is 2
  CHECK(f32_to_f16(5 * std::ldexp(1.0f, -25)) == 0x0002);       // 2.5 units: tie, even is 2
  CHECK(f32_to_f16(7 * std::ldexp(1.0f, -25)) == 0x0004);       // 3.5 units: tie, even is 4
  CHECK(f32_to_f16(1023 * tiny) == 0x03FF);                     // largest subnormal
  CHECK(f32_to_f16(1023.5f * tiny) == 0x0400);                  // tie up into the smallest normal
  CHECK(f32_to_f16(std::ldexp(1.0f, -14)) == 0x0400);
  CHECK(f32_to_f16(std::numeric_limits<float>::denorm_min()) == 0x0000);
  // Widening subnormals is exact.
  CHECK(f16_to_f32(0x0003) == 3 * tiny);
  CHECK(f16_to_f32(0x8200) == -512 * tiny);
}

TEST_CASE("float16/signed zeros keep their sign") {
  CHECK(f32_to_f16(0.0f) == 0x0000);
  CHECK(f32_to_f16(-0.0f) == 0x8000);
  CHECK(f32_to_f16(-std::ldexp(1.0f, -30)) == 0x8000);  // underflow keeps the sign
  CHECK(f16_to_f32(0x0000) == 0.0f);
  CHECK_FALSE(std::signbit(f16_to_f32(0x0000)));
  CHECK(f16_to_f32(0x8000) == 0.0f);
  CHECK(std::signbit(f16_to_f32(0x8000)));
}

TEST_CASE("float16/NaN narrows to a quiet NaN with its sign") {
  const uint16_t pos = f32_to_f16(std::numeric_limits<float>::quiet_NaN());
  CHECK(f16_is_nan(pos));
  CHECK((pos & 0x0200u) != 0);
  const uint16_t neg = f32_to_f16(-std::numeric_limits<float>::quiet_NaN());
  CHECK(f16_is_nan(neg));
  CHECK((neg & 0x8000u) != 0);
  // A float NaN whose payload lies only in the low 13 bits must not become infinity.
  const uint16_t low_payload = f32_to_f16(f(0x7F800001u));
  CHECK(f16_is_nan(low_payload));
}

TEST_CASE("float16/narrowing picks the nearest half, ties to even (random floats)") {
  std::mt19937 rng(1234);
  for (int iter = 0; iter < 100000; ++iter) {
    // Finite floats with |x| < 65520 spread over every exponent the half range touches.
    const uint32_t sign = (rng() & 1u) << 31;
    const uint32_t exp = 100 + rng() % 43;  // 2^-27 .. 2^15
    const uint32_t bits = sign | (exp << 23) | (rng() & 0x7FFFFFu);
    const float x = f(bits);
    if (std::fabs(x) >= 65520.0f) continue;
    const uint16_t h = f32_to_f16(x);
    const double got = f16_reference_value(h);
    const double err = std::fabs(static_cast<double>(x) - got);
    // Neighbours of h (same sign direction), to check no other half is closer.
    const uint16_t mag = h & 0x7FFFu;
    const uint16_t s = h & 0x8000u;
    bool ok = (h & 0x7C00u) != 0x7C00u && (std::signbit(got) == std::signbit(x) || got == 0);
    for (int delta : {-1, 1}) {
      const int m = static_cast<int>(mag) + delta;
      if (m < 0 || m > 0x7BFF) continue;
      const double other = f16_reference_value(static_cast<uint16_t>(s | m));
      const double other_err = std::fabs(static_cast<double>(x) - other);
      if (other_err < err) ok = false;
      if (other_err == err && (mag & 1u)) ok = false;  // a tie must go to the even one
    }
    if (!ok) {
      FAIL("float bits " << bits << " narrowed to half " << h);
    }
  }
}

TEST_CASE("bfloat16/every bfloat16 value widens exactly and narrows back to the same bits") {
  int nan_count = 0;
  for (uint32_t b = 0; b < 0x10000u; ++b) {
    const uint16_t bits = static_cast<uint16_t>(b);
    const float wide = bf16_to_f32(bits);
    if (float_bits(wide) != (b << 16)) FAIL_CHECK("bfloat16 " << b << " widened to bits " << float_bits(wide));
    const uint16_t back = f32_to_bf16(wide);
    if (bf16_is_nan(bits)) {
      ++nan_count;
      if (!std::isnan(wide)) FAIL_CHECK("bfloat16 NaN " << b << " widened to a non-NaN");
      if (back != (bits | 0x0040u)) FAIL_CHECK("bfloat16 NaN " << b << " narrowed back to " << back);
    } else if (back != bits) {
      FAIL_CHECK("bfloat16 " << b << " -> " << wide << " -> " << back);
    }
  }
  CHECK(nan_count == 2 * 127);
}

TEST_CASE("bfloat16/narrowing rounds ties to even") {
  // Near 1 the bfloat16 spacing is 2^-7.
  CHECK(f32_to_bf16(1.0f) == 0x3F80);
  CHECK(f32_to_bf16(1.0f + std::ldexp(1.0f, -8)) == 0x3F80);      // tie, even is down
  CHECK(f32_to_bf16(1.0f + 3 * std::ldexp(1.0f, -8)) == 0x3F82);  // tie, even is up
  CHECK(f32_to_bf16(f(0x3F808001u)) == 0x3F81);                   // just above a tie
  CHECK(f32_to_bf16(f(0x3F807FFFu)) == 0x3F80);                   // just below a tie
  CHECK(f32_to_bf16(-(1.0f + 3 * std::ldexp(1.0f, -8))) == 0xBF82);
  CHECK(f32_to_bf16(f(0x3FFF8000u)) == 0x4000);  // tie carrying into the exponent
}

TEST_CASE("bfloat16/overflow, infinities, zeros and subnormals") {
  CHECK(f32_to_bf16(std::numeric_limits<float>::max()) == 0x7F80);  // rounds up to inf
  CHECK(f32_to_bf16(f(0x7F7F7FFFu)) == 0x7F7F);                     // largest finite stays finite
  CHECK(f32_to_bf16(-std::numeric_limits<float>::max()) == 0xFF80);
  CHECK(f32_to_bf16(std::numeric_limits<float>::infinity()) == 0x7F80);
  CHECK(f32_to_bf16(-std::numeric_limits<float>::infinity()) == 0xFF80);
  CHECK(f32_to_bf16(0.0f) == 0x0000);
  CHECK(f32_to_bf16(-0.0f) == 0x8000);
  CHECK(f32_to_bf16(f(0x00018000u)) == 0x0002);  // subnormal tie to even (up)
  CHECK(f32_to_bf16(f(0x00008000u)) == 0x0000);  // subnormal tie to even (down)
  CHECK(std::signbit(bf16_to_f32(0x8000)));
}

TEST_CASE("bfloat16/NaN narrows to a quiet NaN, never to infinity") {
  for (uint32_t bits : {0x7F800001u, 0x7F80FFFFu, 0x7FC00000u, 0xFF800001u, 0x7FFFFFFFu}) {
    INFO("float bits " << bits);
    const uint16_t b = f32_to_bf16(f(bits));
    CHECK(bf16_is_nan(b));
    CHECK((b & 0x0040u) != 0);
    CHECK(((b & 0x8000u) != 0) == ((bits & 0x80000000u) != 0));
  }
}
