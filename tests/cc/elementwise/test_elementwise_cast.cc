// Cast and CastLike: every pair of the 13 element types against a reference written here from
// the documented semantics, the edge cases one by one (truncation, NaN, saturation, wrapping,
// bool, rounding to float16/bfloat16 once), and the 'to' attribute per version.
#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <limits>
#include <random>

#include "helpers.h"

using namespace orw;
using namespace orw_test;
using Catch::Matchers::Contains;
using Catch::Matchers::Message;

namespace {

// A source value: exact as a double (float sources, small integers) or as 64-bit integer bits.
struct Value {
  bool is_float = false, is_unsigned = false;
  double f = 0;
  int64_t i = 0;
};

Value read(DataType t, const void* p, size_t k) {
  Value v;
  if (is_floating(t)) {
    v.is_float = true;
    v.f = load_value(t, p, k);
  } else if (t == DataType::kInt64) {
    v.i = static_cast<const int64_t*>(p)[k];
  } else if (t == DataType::kUint64) {
    v.is_unsigned = true;
    v.i = static_cast<int64_t>(static_cast<const uint64_t*>(p)[k]);
  } else {
    v.is_unsigned = is_unsigned_type(t);
    v.i = static_cast<int64_t>(load_value(t, p, k));
    if (t == DataType::kBool) v.i = v.i != 0;
  }
  return v;
}

// The float16 (or bfloat16) bits nearest to d, ties to the even significand, found by
// comparing the neighbours of a first guess in double.
uint16_t nearest_half(double d, bool bf16) {
  if (std::isnan(d)) return bf16 ? 0x7FC0 : 0x7E00;
  const auto to_double = [&](uint16_t h) { return bf16 ? static_cast<double>(bf16_to_f32(h)) : static_cast<double>(f16_to_f32(h)); };
  const uint16_t sign = std::signbit(d) ? 0x8000 : 0;
  const double mag = std::fabs(d);
  const uint16_t inf = bf16 ? 0x7F80 : 0x7C00;
  // The largest magnitude bits h <= inf with value <= mag (bits order like magnitudes).
  uint16_t best = 0, top = inf;
  while (best < top) {
    const auto mid = static_cast<uint16_t>((best + top + 1) / 2);
    if (to_double(mid) <= mag) best = mid;
    else top = static_cast<uint16_t>(mid - 1);
  }
  if (best == inf) return sign | inf;
  const double lo = to_double(best), hi = to_double(static_cast<uint16_t>(best + 1));
  const double max_finite = to_double(static_cast<uint16_t>(inf - 1));
  if (best + 1 == inf) {  // above the largest finite: overflow once past half an ulp (tie -> inf)
    const double ulp = max_finite - to_double(static_cast<uint16_t>(inf - 2));
    return sign | (mag - max_finite >= ulp / 2 ? inf : best);
  }
  if (mag - lo < hi - mag) return sign | best;
  if (mag - lo > hi - mag) return sign | static_cast<uint16_t>(best + 1);
  return sign | ((best & 1) ? static_cast<uint16_t>(best + 1) : best);
}

// The target's bits of `v`, written straight from the semantics in kernels/elementwise.h.
void reference(const Value& v, DataType to, void* out) {
  if (to == DataType::kBool) {
    *static_cast<uint8_t*>(out) = v.is_float ? v.f != 0 : v.i != 0;
    return;
  }
  if (is_floating(to)) {
    // Integer sources to float/double: the language's conversion (one rounding). To the half
    // types via double, exact below 2^53 (float16 overflows long before; for bfloat16 a value
    // within 2^-53 of a tie could round differently: never met by random inputs).
    if (!v.is_float && to != DataType::kBfloat16 && to != DataType::kFloat16) {
      if (to == DataType::kFloat) *static_cast<float*>(out) = v.is_unsigned ? static_cast<float>(static_cast<uint64_t>(v.i)) : static_cast<float>(v.i);
      else *static_cast<double*>(out) = v.is_unsigned ? static_cast<double>(static_cast<uint64_t>(v.i)) : static_cast<double>(v.i);
      return;
    }
    const double d = v.is_float ? v.f : v.is_unsigned ? static_cast<double>(static_cast<uint64_t>(v.i)) : static_cast<double>(v.i);
    if (to == DataType::kFloat) {  // IEEE: beyond FLT_MAX by half an ulp (2^103) or more is inf
      float f;
      if (std::isnan(d) || std::isinf(d) || std::fabs(d) <= FLT_MAX) f = static_cast<float>(d);
      else f = std::fabs(d) >= static_cast<double>(FLT_MAX) + std::ldexp(1.0, 103) ? HUGE_VALF : FLT_MAX;
      *static_cast<float*>(out) = std::isnan(d) || std::fabs(d) <= FLT_MAX || std::isinf(d) ? f : std::copysign(f, static_cast<float>(d));
    } else if (to == DataType::kDouble) {
      *static_cast<double*>(out) = d;
    } else {
      *static_cast<uint16_t*>(out) = nearest_half(d, to == DataType::kBfloat16);
    }
    return;
  }
  // Integer targets.
  const int bits = static_cast<int>(element_size(to)) * 8;
  const bool signed_to = !is_unsigned_type(to);
  uint64_t r;
  if (v.is_float) {
    const double lo = signed_to ? -std::ldexp(1.0, bits - 1) : 0.0;
    const double hi = signed_to ? std::ldexp(1.0, bits - 1) - 1 : std::ldexp(1.0, bits) - 1;
    double t = std::isnan(v.f) ? 0 : std::trunc(v.f);
    if (t < lo) t = lo;
    if (t > hi) t = hi;
    if (bits == 64 && t >= std::ldexp(1.0, 63)) {  // 2^63 - 1 and 2^64 - 1 round up in double
      r = signed_to ? static_cast<uint64_t>(INT64_MAX) : t >= std::ldexp(1.0, 64) ? UINT64_MAX : static_cast<uint64_t>(t);
    } else {
      r = t < 0 ? static_cast<uint64_t>(static_cast<int64_t>(t)) : static_cast<uint64_t>(t);
    }
  } else {
    r = static_cast<uint64_t>(v.i);  // two's complement bits, kept modulo 2^bits below
  }
  std::memcpy(out, &r, element_size(to));  // little-endian: the low bytes
}

std::vector<uint8_t> random_elements(DataType t, size_t n, std::mt19937& rng) {
  std::vector<uint8_t> b(n * element_size(t));
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  if (t == DataType::kBool) for (auto& x : b) x = x & 1;
  if (is_floating(t)) {  // half of them ordinary values near every integer range
    for (size_t k = 0; k < n; k += 2) store_value(t, b.data(), k, std::ldexp(rand_unit(rng) - 0.5, static_cast<int>(rand_int(rng, 0, 70))));
  }
  return b;
}

Tensor cast_run(DataType from, DataType to, const std::vector<uint8_t>& bytes, int opset = 21) {
  const Tensor x = Tensor::view(from, {static_cast<int64_t>(bytes.size() / element_size(from))}, bytes.data());
  return run1(Node::make("Cast", "", opset, {Attribute::of_int("to", static_cast<int64_t>(to))}), {&x});
}

template <class T>
Tensor one(DataType t, T v) { return make_typed<T>(t, {1}, {v}); }

}  // namespace

TEST_CASE("Cast/every pair of the 13 types matches the reference semantics", "[elementwise]") {
  std::mt19937 rng(31);
  for (DataType from : all_fixed_size_types()) {
    for (DataType to : all_fixed_size_types()) {
      INFO(type_name(from) << " -> " << type_name(to));
      const auto bytes = random_elements(from, 700, rng);
      const Tensor y = cast_run(from, to, bytes);
      REQUIRE(y.type() == to);
      const size_t es = element_size(to);
      for (size_t k = 0; k < 700; ++k) {
        uint8_t want[8] = {};
        reference(read(from, bytes.data(), k), to, want);
        const auto* got = static_cast<const uint8_t*>(y.raw()) + k * es;
        const bool nan_both = is_floating(to) && std::isnan(load_value(to, got, 0)) && std::isnan(load_value(to, want, 0));
        if (!nan_both && std::memcmp(got, want, es) != 0) {
          FAIL("element " << k << ": source " << load_value(from, bytes.data(), k) << ", got " << load_value(to, got, 0)
                          << ", want " << load_value(to, want, 0));
        }
      }
    }
  }
}

TEST_CASE("Cast/float to integer truncates toward zero, NaN gives 0, out of range saturates", "[elementwise]") {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const Tensor x = make_tensor(DataType::kDouble, {8}, {2.9, -2.9, nan, inf, -inf, 300, -300, 1e30});
  const auto y = [&](DataType to) { return to_doubles(run1(Node::make("Cast", "", 13, {Attribute::of_int("to", static_cast<int64_t>(to))}), {&x})); };
  CHECK(y(DataType::kInt8) == std::vector<double>{2, -2, 0, 127, -128, 127, -128, 127});
  CHECK(y(DataType::kUint8) == std::vector<double>{2, 0, 0, 255, 0, 255, 0, 255});
  CHECK(y(DataType::kInt32) == std::vector<double>{2, -2, 0, 2147483647.0, -2147483648.0, 300, -300, 2147483647.0});
  const Tensor i64 = run1(Node::make("Cast", "", 13, {Attribute::of_int("to", 7)}), {&x});
  CHECK(to_vector<int64_t>(i64)[3] == std::numeric_limits<int64_t>::max());
  CHECK(to_vector<int64_t>(i64)[4] == std::numeric_limits<int64_t>::min());
  const Tensor u64 = run1(Node::make("Cast", "", 13, {Attribute::of_int("to", 13)}), {&x});
  CHECK(to_vector<uint64_t>(u64)[7] == std::numeric_limits<uint64_t>::max());
}

TEST_CASE("Cast/integers wrap modulo 2^bits and bool is x != 0", "[elementwise]") {
  const Tensor x = make_typed<int32_t>(DataType::kInt32, {4}, {300, -1, 65536, 0});
  CHECK(to_vector<uint8_t>(run1(Node::make("Cast", "", 13, {Attribute::of_int("to", 2)}), {&x})) == std::vector<uint8_t>{44, 255, 0, 0});
  CHECK(to_vector<uint8_t>(run1(Node::make("Cast", "", 13, {Attribute::of_int("to", 9)}), {&x})) == std::vector<uint8_t>{1, 1, 1, 0});
  const Tensor b = make_typed<uint8_t>(DataType::kBool, {3}, {0, 1, 7});  // a stray nonzero byte is true
  CHECK(to_doubles(run1(Node::make("Cast", "", 13, {Attribute::of_int("to", 1)}), {&b})) == std::vector<double>{0, 1, 1});
  const Tensor nan = make_tensor(DataType::kFloat, {1}, {std::numeric_limits<double>::quiet_NaN()});
  CHECK(to_vector<uint8_t>(run1(Node::make("Cast", "", 13, {Attribute::of_int("to", 9)}), {&nan})) == std::vector<uint8_t>{1});
}

TEST_CASE("Cast/double to float16 and bfloat16 rounds once (no double rounding through float)", "[elementwise]") {
  // 1 + 2^-11 + 2^-40: just above float16's halfway point; through float it would land on
  // the tie and round to even (1.0). Rounded once it is 1 + 2^-10.
  const Tensor x = one<double>(DataType::kDouble, 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40));
  CHECK(to_vector<uint16_t>(run1(Node::make("Cast", "", 13, {Attribute::of_int("to", 10)}), {&x})) == std::vector<uint16_t>{0x3C01});
  const Tensor y = one<double>(DataType::kDouble, 1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40));
  CHECK(to_vector<uint16_t>(run1(Node::make("Cast", "", 13, {Attribute::of_int("to", 16)}), {&y})) == std::vector<uint16_t>{0x3F81});
  const Tensor big = one<int64_t>(DataType::kInt64, (int64_t{1} << 62) + (int64_t{1} << 54) + 1);  // just above a bfloat16 tie
  CHECK(to_vector<uint16_t>(run1(Node::make("Cast", "", 13, {Attribute::of_int("to", 16)}), {&big})) == std::vector<uint16_t>{0x5E81});
}

TEST_CASE("Cast/version 1 names the target type by its TensorProto name", "[elementwise]") {
  const Tensor x = make_tensor(DataType::kFloat, {2}, {1.5, -2.5});
  const Tensor y = run1(Node::make("Cast", "", 1, {Attribute::of_string("to", "INT32")}), {&x});
  CHECK(y.type() == DataType::kInt32);
  CHECK(to_doubles(y) == std::vector<double>{1, -2});
  CHECK(run1(Node::make("Cast", "", 5, {Attribute::of_string("to", "double")}), {&x}).type() == DataType::kDouble);
  CHECK_THROWS_MATCHES(Node::make("Cast", "", 1, {Attribute::of_string("to", "REAL")}), std::invalid_argument,
                       Message("Cast (opset 1): attribute 'to' is \"REAL\", which is not a TensorProto.DataType name (e.g. "
                               "\"FLOAT\", \"INT64\")"));
  CHECK_THROWS_MATCHES(Node::make("Cast", "", 1, {Attribute::of_int("to", 1)}), TypeError,
                       Message("Cast (opset 1): attribute 'to' must be of type string, got int"));
  CHECK_THROWS_MATCHES(Node::make("Cast", "", 6, {Attribute::of_string("to", "FLOAT")}), TypeError,
                       Message("Cast (opset 6): attribute 'to' must be of type int, got string"));
}

TEST_CASE("Cast/'to' is required and must be a type of the version", "[elementwise]") {
  CHECK_THROWS_MATCHES(Node::make("Cast", "", 13, {}), std::invalid_argument,
                       Message("Cast (opset 13): attribute 'to' is required (the target element type)"));
  CHECK_THROWS_MATCHES(Node::make("Cast", "", 12, {Attribute::of_int("to", 16)}), std::invalid_argument,
                       Message("Cast (opset 12): attribute 'to' is bfloat16 (16), which Cast accepts only from version 13 "
                               "(this node resolves to version 9)"));
  CHECK_THROWS_MATCHES(Node::make("Cast", "", 18, {Attribute::of_int("to", 17)}), std::invalid_argument,
                       Message("Cast (opset 18): attribute 'to' is float8e4m3fn (17), which Cast accepts only from version "
                               "19 (this node resolves to version 13)"));
  for (int64_t t : {0, 14, 15, 27, -1}) {
    INFO(t);
    CHECK_THROWS_WITH(Node::make("Cast", "", 26, {Attribute::of_int("to", t)}), Contains("is not an element type Cast can produce"));
  }
}

TEST_CASE("Cast/string is refused by name; the newer types are inferred but never run", "[elementwise]") {
  CHECK_THROWS_MATCHES(Node::make("Cast", "", 13, {Attribute::of_int("to", 8)}), TypeError,
                       Message("Cast (opset 13): attribute 'to' is string (8), an element type this package does not "
                               "support (supported: float32, uint8, int8, uint16, int16, int32, int64, bool, float16, "
                               "float64, uint32, uint64, bfloat16)"));
  struct Case {
    int opset;
    int64_t to;
    const char* name;
  };
  const Case cases[] = {{19, 17, "float8e4m3fn"}, {19, 18, "float8e4m3fnuz"}, {19, 19, "float8e5m2"},
                        {19, 20, "float8e5m2fnuz"}, {21, 21, "uint4"},        {21, 22, "int4"},
                        {23, 23, "float4e2m1"},   {24, 24, "float8e8m0"},     {25, 25, "uint2"},
                        {26, 26, "int2"}};
  const Tensor x = make_tensor(DataType::kFloat, {2}, {1.5, -2.5});
  for (const Case& c : cases) {
    INFO(c.name);
    const Node n = Node::make("Cast", "", c.opset, {Attribute::of_int("to", c.to)});
    CHECK_THROWS_MATCHES(run1(n, {&x}), UnsupportedError,
                         Message("Cast (opset " + std::to_string(c.opset) + "): attribute 'to' is " + c.name +
                                 ", an element type the runtime does not run (known to shape inference only)"));
  }
}

TEST_CASE("Cast/saturate (19+) and round_mode (24+) only concern float8 and are accepted", "[elementwise]") {
  const Tensor x = make_tensor(DataType::kFloat, {1}, {1e6});
  const Node n19 = Node::make("Cast", "", 19, {Attribute::of_int("to", 10), Attribute::of_int("saturate", 0)});
  CHECK(to_vector<uint16_t>(run1(n19, {&x})) == std::vector<uint16_t>{0x7C00});  // float16 overflows to inf either way
  CHECK_THROWS_WITH(Node::make("Cast", "", 18, {Attribute::of_int("to", 1), Attribute::of_int("saturate", 1)}),
                    Contains("unknown attribute 'saturate'"));
  CHECK_NOTHROW(Node::make("Cast", "", 24, {Attribute::of_int("to", 1), Attribute::of_string("round_mode", "down")}));
  CHECK_THROWS_MATCHES(Node::make("Cast", "", 25, {Attribute::of_int("to", 1), Attribute::of_string("round_mode", "odd")}),
                       std::invalid_argument,
                       Message("Cast (opset 25): attribute 'round_mode' must be \"up\", \"down\" or \"nearest\", got \"odd\""));
  CHECK_THROWS_WITH(Node::make("Cast", "", 23, {Attribute::of_int("to", 1), Attribute::of_string("round_mode", "up")}),
                    Contains("unknown attribute 'round_mode'"));
}

TEST_CASE("CastLike/casts input 0 to input 1's type at every version", "[elementwise]") {
  const Tensor x = make_tensor(DataType::kDouble, {3}, {1.75, -0.5, 1e300});
  const Tensor like = make_tensor(DataType::kFloat16, {1}, {0});
  for (int opset : {15, 19, 21, 23, 24, 25, 26}) {
    INFO(opset);
    const Tensor y = run1(Node::make("CastLike", "", opset, {}), {&x, &like});
    CHECK(y.type() == DataType::kFloat16);
    CHECK(to_vector<uint16_t>(y) == std::vector<uint16_t>{0x3F00, 0xB800, 0x7C00});
  }
  CHECK_THROWS_AS(Node::make("CastLike", "", 14, {}), UnsupportedError);
  CHECK_NOTHROW(Node::make("CastLike", "", 24, {Attribute::of_int("saturate", 0), Attribute::of_string("round_mode", "nearest")}));
}

TEST_CASE("CastLike/a bool target gives x != 0", "[elementwise]") {
  const Tensor x = make_typed<int64_t>(DataType::kInt64, {3}, {0, -4, 1});
  const Tensor like = make_typed<uint8_t>(DataType::kBool, {0}, {});
  CHECK(to_vector<uint8_t>(run1(Node::make("CastLike", "", 15, {}), {&x, &like})) == std::vector<uint8_t>{0, 1, 1});
}
