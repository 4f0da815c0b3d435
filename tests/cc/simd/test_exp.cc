// The float exp kernel (src/kernels/exp.h): accuracy against double exp over a sweep of float
// bit patterns, the scalar and 4-lane instances agree bit for bit, the non-positive variant
// gives the same bits, and the clamps keep the extremes finite and non-zero.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "simd/exp.h"

using orw::kernels::exp_approx;

namespace {

typedef float F4 __attribute__((vector_size(16)));
typedef int32_t I4 __attribute__((vector_size(16)));

float from_bits(uint32_t b) {
  float x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

// |got - want| in units of the last place of the float nearest `want`.
double ulps(float got, double want) {
  const float w = static_cast<float>(want);
  return std::fabs(got - want) / static_cast<double>(std::nextafter(w, std::numeric_limits<float>::infinity()) - w);
}

// Every 97th float bit pattern from 0 up to `hi` in magnitude, with sign `sign` (0 or 1u << 31).
template <class F>
void sweep(uint32_t sign, float hi, F&& f) {
  for (uint32_t b = 0;; b += 97) {
    const float x = from_bits(sign | b);
    if (std::fabs(x) > hi) break;
    f(x);
  }
}

}  // namespace

TEST_CASE("exp/within 1 ulp of double exp over [-87.33, 88.37]", "[exp]") {
  double worst = 0;
  float at = 0;
  auto check = [&](float x) {
    const double u = ulps(exp_approx(x), std::exp(static_cast<double>(x)));
    if (u > worst) worst = u, at = x;
  };
  sweep(0, 88.37f, check);
  sweep(1u << 31, 87.33f, check);
  INFO("worst " << worst << " ulp at " << at);
  CHECK(worst <= 1.0);
}

TEST_CASE("exp/4-lane and non-positive instances give the scalar bits", "[exp]") {
  int checked = 0;
  sweep(1u << 31, 87.33f, [&](float x) {
    if (++checked % 16) return;
    const F4 v = {x, x * 0.5f, x * 0.25f, -0.0f};
    const F4 a = exp_approx<F4, I4>(v);
    const F4 b = exp_approx<F4, I4, true>(v);
    for (int l = 0; l < 4; ++l) {
      const float s = exp_approx(v[l]), al = a[l], bl = b[l];
      REQUIRE(std::memcmp(&al, &s, sizeof s) == 0);
      REQUIRE(std::memcmp(&bl, &s, sizeof s) == 0);
    }
  });
}

TEST_CASE("exp/clamps: far below gives a tiny positive float, far above a huge finite one, 0 gives 1", "[exp]") {
  const float tiny = exp_approx(-1000.0f), huge = exp_approx(1000.0f);
  CHECK(tiny > 0);
  CHECK(tiny < 1.2e-38f);
  CHECK(std::isfinite(huge));
  CHECK(huge > 2e38f);
  CHECK(exp_approx(0.0f) == 1.0f);
  CHECK(exp_approx<F4, I4, true>(F4{-1000.0f, 0, 0, 0})[0] == tiny);
}

// The double exp of LogSumExp (exp_nonpositive_double): x <= 0 only.
TEST_CASE("exp_nonpositive_double is within 1e-15 of std::exp on [-708, 0], and its 2-lane instance gives the same bits") {
  typedef double D2 __attribute__((vector_size(16)));
  typedef int64_t L2 __attribute__((vector_size(16)));
  using orw::kernels::exp_nonpositive_double;
  double worst = 0;
  for (double x = 0; x >= -708; x -= 0.0137) {
    for (double y : {x, x - 1e-9, std::nextafter(x, 0.0)}) {
      const double want = std::exp(y), got = exp_nonpositive_double(y);
      worst = std::max(worst, std::fabs(got - want) / want);
      const D2 v = exp_nonpositive_double<D2, L2>(D2{y, y * 0.5});
      REQUIRE(v[0] == got);
      REQUIRE(v[1] == exp_nonpositive_double(y * 0.5));
    }
  }
  INFO("worst relative error " << worst);
  CHECK(worst <= 1e-15);
  CHECK(exp_nonpositive_double(0.0) == 1.0);
  CHECK(exp_nonpositive_double(-1000.0) >= 0.0);
  CHECK(exp_nonpositive_double(-1000.0) < 1e-300);
  CHECK(exp_nonpositive_double(-std::numeric_limits<double>::infinity()) < 1e-300);
}

// Its float-output polynomial (kForFloat): the outputs of float and the half types are rounded
// once from it, so 4e-9 relative (0.07 ulp of a float) is what the Softmax bounds leave room for.
TEST_CASE("exp_nonpositive_double for float outputs is within 4e-9 of std::exp on [-708, 0], 2 lanes giving the same bits") {
  typedef double D2 __attribute__((vector_size(16)));
  typedef int64_t L2 __attribute__((vector_size(16)));
  using orw::kernels::exp_nonpositive_double;
  const auto coarse = [](double y) { return exp_nonpositive_double<double, int64_t, true>(y); };
  double worst = 0;
  for (double x = 0; x >= -708; x -= 0.0137) {
    for (double y : {x, x - 1e-9, std::nextafter(x, 0.0)}) {
      const double want = std::exp(y), got = coarse(y);
      worst = std::max(worst, std::fabs(got - want) / want);
      const D2 v = exp_nonpositive_double<D2, L2, true>(D2{y, y * 0.5});
      REQUIRE(v[0] == got);
      REQUIRE(v[1] == coarse(y * 0.5));
    }
  }
  INFO("worst relative error " << worst);
  CHECK(worst <= 4e-9);
  CHECK(worst > 1e-12);  // the coarse polynomial is the one measured, not the Taylor one
  CHECK(coarse(0.0) == 1.0);
  CHECK(coarse(-std::numeric_limits<double>::infinity()) < 1e-300);
}
