// Order-preserving keys (src/simd/order_keys.h): for every float16 and bfloat16 pattern, and for
// floats, doubles and integers around their edges, a larger element has a larger key, equal
// elements (-0 and +0) equal keys, and a NaN the key that beats every number; the half keys
// turn back into the bits they came from.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "core/half.h"
#include "simd/order_keys.h"

using namespace orw;

namespace {

// Every non-NaN pattern of a half format with its value, and the NaN patterns apart.
struct HalfValue {
  uint16_t bits;
  float value;
};
template <float (*ToFloat)(uint16_t)>
void half_patterns(std::vector<HalfValue>& numbers, std::vector<uint16_t>& nans) {
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const float v = ToFloat(static_cast<uint16_t>(b));
    if (std::isnan(v)) nans.push_back(static_cast<uint16_t>(b));
    else numbers.push_back({static_cast<uint16_t>(b), v});
  }
}

// Keys follow values: for every pair of patterns, key order == value order, -0 below +0 for
// half_order_key (it tells them apart), equal for widened_key and order_key.
template <uint16_t kMask>
void check_half_format(const std::vector<HalfValue>& numbers, const std::vector<uint16_t>& nans) {
  // Sorted by value, the keys must never fall, and rise exactly where the value rises.
  std::vector<HalfValue> sorted = numbers;
  std::sort(sorted.begin(), sorted.end(), [](const HalfValue& a, const HalfValue& b) {
    return a.value < b.value || (a.value == b.value && std::signbit(a.value) && !std::signbit(b.value));
  });
  for (size_t i = 1; i < sorted.size(); ++i) {
    const HalfValue &a = sorted[i - 1], &b = sorted[i];
    const auto ka = static_cast<int16_t>(half_order_key(static_cast<int16_t>(a.bits)));
    const auto kb = static_cast<int16_t>(half_order_key(static_cast<int16_t>(b.bits)));
    REQUIRE(ka < kb);  // every pattern apart, -0 just below +0
    const int32_t wa = widened_key<int16_t, kMask, INT32_MAX>(static_cast<int16_t>(a.bits));
    const int32_t wb = widened_key<int16_t, kMask, INT32_MAX>(static_cast<int16_t>(b.bits));
    const uint32_t oa = order_key<int16_t, kMask>(static_cast<int16_t>(a.bits));
    const uint32_t ob = order_key<int16_t, kMask>(static_cast<int16_t>(b.bits));
    if (a.value == b.value) {  // -0 and +0
      REQUIRE(wa == wb);
      REQUIRE(oa == ob);
    } else {
      REQUIRE(wa < wb);
      REQUIRE(oa < ob);
    }
  }
  for (const HalfValue& v : numbers) {
    const auto key = static_cast<int16_t>(half_order_key(static_cast<int16_t>(v.bits)));
    REQUIRE(half_from_key(key) == v.bits);
  }
  const uint32_t top = order_key<int16_t, kMask>(static_cast<int16_t>(sorted.back().bits));
  for (uint16_t n : nans) {
    REQUIRE((widened_key<int16_t, kMask, INT32_MAX>(static_cast<int16_t>(n))) == INT32_MAX);
    REQUIRE((widened_key<int16_t, kMask, INT32_MIN>(static_cast<int16_t>(n))) == INT32_MIN);
    REQUIRE(order_key<int16_t, kMask>(static_cast<int16_t>(n)) > top);
  }
}

template <class T>
void check_float_keys() {
  using L = std::numeric_limits<T>;
  const std::vector<T> ascending = {-L::infinity(), L::lowest(), T(-1e10), T(-1), -L::min(), -L::denorm_min(),
                                    T(0), L::denorm_min(), L::min(), T(1), T(1e10), L::max(), L::infinity()};
  for (size_t i = 1; i < ascending.size(); ++i) CHECK(order_key(ascending[i - 1]) < order_key(ascending[i]));
  CHECK(order_key(T(-0.0)) == order_key(T(0)));
  CHECK(order_key(L::quiet_NaN()) > order_key(L::infinity()));
  CHECK(order_key(-L::quiet_NaN()) == order_key(L::quiet_NaN()));
}

template <class T>
void check_integer_keys() {
  using L = std::numeric_limits<T>;
  std::vector<T> ascending = {L::lowest(), static_cast<T>(L::lowest() + 1)};
  if constexpr (std::is_signed_v<T>) ascending.insert(ascending.end(), {T(-1), T(0), T(1)});
  ascending.insert(ascending.end(), {static_cast<T>(L::max() / 2 + 1), static_cast<T>(L::max() - 1), L::max()});
  for (size_t i = 1; i < ascending.size(); ++i) {
    CHECK(order_key(ascending[i - 1]) < order_key(ascending[i]));
    if constexpr (sizeof(T) < 4) CHECK(widened_key(ascending[i - 1]) < widened_key(ascending[i]));
  }
}

}  // namespace

TEST_CASE("order keys/every float16 pattern: keys in value order, NaNs above, bits back from keys", "[simd][keys]") {
  std::vector<HalfValue> numbers;
  std::vector<uint16_t> nans;
  half_patterns<f16_to_f32>(numbers, nans);
  check_half_format<kFloat16ExponentBits>(numbers, nans);
}

TEST_CASE("order keys/every bfloat16 pattern: keys in value order, NaNs above, bits back from keys", "[simd][keys]") {
  std::vector<HalfValue> numbers;
  std::vector<uint16_t> nans;
  half_patterns<bf16_to_f32>(numbers, nans);
  check_half_format<kBfloat16ExponentBits>(numbers, nans);
}

TEST_CASE("order keys/floats, doubles and integers keep their order", "[simd][keys]") {
  check_float_keys<float>();
  check_float_keys<double>();
  check_integer_keys<int8_t>();
  check_integer_keys<uint8_t>();
  check_integer_keys<int16_t>();
  check_integer_keys<uint16_t>();
  check_integer_keys<int32_t>();
  check_integer_keys<uint32_t>();
  check_integer_keys<int64_t>();
  check_integer_keys<uint64_t>();
}
