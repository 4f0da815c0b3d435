// Element-wise kernels: the broadcast plan (table-driven), SIMD against the scalar instance of
// the same templates on random inputs of every type and many lengths, and the float Exp/Log
// polynomials against libm in double (ulp bounds, special values).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "helpers.h"
#include "elementwise/elementwise_kernels.h"
#include "plan/broadcast_plan.h"

using namespace orw;
using namespace orw_test;
using kernels::BinaryOp;
using kernels::UnaryOp;
using kernels::Variant;

namespace {

// Distance in ulps between two floats (0 for equal values, both NaN counted equal).
int64_t ulp_distance(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return 0;
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<int64_t>::max();
  auto key = [](float f) {
    int32_t i;
    std::memcpy(&i, &f, 4);
    return i < 0 ? -static_cast<int64_t>(i & 0x7FFFFFFF) : static_cast<int64_t>(i);
  };
  return std::llabs(key(a) - key(b));
}

// The float kernel of `op` over x against `exact` in double rounded once to float: the worst
// distance in ulps; the first element more than 2 ulps off fails the test, naming it.
// skip_zeros: zero inputs are not compared.
template <class Exact>
int64_t worst_ulp_distance(UnaryOp op, const char* name, Exact exact, const std::vector<float>& x, bool skip_zeros) {
  std::vector<float> y(x.size());
  kernels::unary(op, DataType::kFloat, x.data(), y.data(), x.size());
  int64_t worst = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (skip_zeros && x[i] == 0) continue;
    const float want = static_cast<float>(exact(static_cast<double>(x[i])));
    const int64_t d = ulp_distance(y[i], want);
    if (d > worst) worst = d;
    if (d > 2) FAIL(name << "(" << x[i] << "): got " << y[i] << ", want " << want);
  }
  return worst;
}

// Random bytes that are valid elements of `type` (any bit pattern, NaNs included for floats).
std::vector<uint8_t> random_bytes(std::mt19937& rng, size_t n) {
  std::vector<uint8_t> b(n);
  for (auto& x : b) x = static_cast<uint8_t>(rng());
  return b;
}

const size_t kLengths[] = {0, 1, 3, 4, 5, 7, 8, 15, 16, 17, 31, 33, 63, 64, 65, 1023, 1024, 1025, 3001};

}  // namespace

TEST_CASE("BroadcastPlan/output dims follow numpy's rules", "[elementwise]") {
  struct Case {
    Shape a, b, out;
  };
  const Case cases[] = {
      {{2, 3}, {2, 3}, {2, 3}},       {{2, 3}, {3}, {2, 3}},          {{2, 1}, {1, 3}, {2, 3}},
      {{}, {4, 5}, {4, 5}},           {{4, 5}, {}, {4, 5}},           {{5, 1, 4}, {3, 1}, {5, 3, 4}},
      {{2, 0, 4}, {1, 1, 4}, {2, 0, 4}}, {{0}, {1}, {0}},             {{1, 1}, {1}, {1, 1}},
  };
  for (const Case& c : cases) {
    INFO(shape_to_string(c.a) << " * " << shape_to_string(c.b));
    CHECK(plan_broadcast(c.a, c.b).output_dims == c.out);
    CHECK(plan_broadcast(c.b, c.a).output_dims == c.out);
  }
}

TEST_CASE("BroadcastPlan/dims with the same pattern merge into groups with element strides", "[elementwise]") {
  const BroadcastPlan p = plan_broadcast({8, 3, 4, 5}, {1, 3, 1, 1});
  CHECK(p.group_dims == std::vector<int64_t>{8, 3, 20});
  CHECK(p.a_strides == std::vector<int64_t>{60, 20, 1});
  CHECK(p.b_strides == std::vector<int64_t>{0, 1, 0});
  const BroadcastPlan q = plan_broadcast({2, 3}, {2, 3});
  CHECK(q.group_dims == std::vector<int64_t>{6});
  CHECK(q.a_strides == std::vector<int64_t>{1});
  CHECK(q.b_strides == std::vector<int64_t>{1});
  CHECK(plan_broadcast({1, 1}, {1}).group_dims.empty());
}

TEST_CASE("BroadcastPlan/incompatible dims are an error naming the dim and both sizes", "[elementwise]") {
  CHECK_THROWS_WITH(plan_broadcast({2, 3}, {4}), "dim 1 of the output: 3 vs 4");
  CHECK_THROWS_WITH(plan_broadcast({5, 2, 3}, {3, 1, 3}), "dim 0 of the output: 5 vs 3");
  CHECK_THROWS_AS(plan_broadcast({0}, {2}), std::invalid_argument);
}

TEST_CASE("Elementwise kernels/SIMD and scalar unary kernels give the same bits for every type and length", "[elementwise]") {
  std::mt19937 rng(11);
  for (UnaryOp op : {UnaryOp::kAbs, UnaryOp::kExp, UnaryOp::kLog, UnaryOp::kSqrt, UnaryOp::kNeg, UnaryOp::kReciprocal}) {
    for (DataType type : all_fixed_size_types()) {
      if (!kernels::unary_types(op).contains(type)) continue;
      for (size_t n : kLengths) {
        INFO("op " << static_cast<int>(op) << ", type " << type_name(type) << ", n " << n);
        const size_t bytes = n * element_size(type);
        std::vector<uint8_t> x = random_bytes(rng, bytes);
        if (op != UnaryOp::kAbs && type == DataType::kFloat) {  // mostly ordinary values, in range
          for (size_t i = 0; i < n; ++i) store_value(type, x.data(), i, (rand_unit(rng) - 0.3) * 200);
        }
        std::vector<uint8_t> simd(bytes + 1), scalar(bytes + 1);
        kernels::unary(op, type, x.data(), simd.data(), n, Variant::kSimd);
        kernels::unary(op, type, x.data(), scalar.data(), n, Variant::kScalar);
        CHECK(std::memcmp(simd.data(), scalar.data(), bytes) == 0);
      }
    }
  }
}

TEST_CASE("Elementwise kernels/SIMD and scalar Add, Sub, Mul, Div give the same bits for every type and broadcast pattern", "[elementwise]") {
  std::mt19937 rng(12);
  const std::pair<Shape, Shape> shapes[] = {{{37}, {37}},          {{5, 9}, {9}},        {{5, 9}, {5, 1}},
                                            {{3, 1, 17}, {1, 4, 17}}, {{}, {33}},         {{2, 3, 4, 5}, {1, 3, 1, 1}},
                                            {{7, 1}, {1, 1}},      {{1025}, {1}},        {{4, 0, 3}, {3}}};
  for (BinaryOp op : {BinaryOp::kAdd, BinaryOp::kSub, BinaryOp::kMul, BinaryOp::kDiv}) {
    for (DataType type : all_fixed_size_types()) {
      if (!kernels::binary_types().contains(type)) continue;
      for (const auto& [sa, sb] : shapes) {
        INFO("op " << static_cast<int>(op) << ", " << type_name(type) << " " << shape_to_string(sa) << " (op) "
                   << shape_to_string(sb));
        const BroadcastPlan plan = plan_broadcast(sa, sb);
        const size_t es = element_size(type);
        const auto a = random_bytes(rng, static_cast<size_t>(checked_element_count(sa, "a")) * es);
        auto b = random_bytes(rng, static_cast<size_t>(checked_element_count(sb, "b")) * es);
        if (op == BinaryOp::kDiv) {  // integer division by zero is the operator's error, never the kernel's
          for (size_t i = 0; i + es <= b.size(); i += es) b[i] |= 1;
        }
        const size_t bytes = static_cast<size_t>(plan.output_count()) * es;
        std::vector<uint8_t> simd(bytes + 1), scalar(bytes + 1);
        kernels::binary(op, type, plan, a.data(), b.data(), simd.data(), Variant::kSimd);
        kernels::binary(op, type, plan, a.data(), b.data(), scalar.data(), Variant::kScalar);
        CHECK(std::memcmp(simd.data(), scalar.data(), bytes) == 0);
      }
    }
  }
}

TEST_CASE("Elementwise kernels/float Exp is within 2 ulp of the correctly rounded exp", "[elementwise]") {
  std::mt19937 rng(13);
  std::vector<float> x;
  for (int i = 0; i < 200000; ++i) x.push_back(static_cast<float>((rand_unit(rng) - 0.5) * 208.0));  // [-104, 104]
  for (float v = -103.98f; v < 89.0f; v += 0.37f) x.push_back(v);  // subnormal results up to overflow
  const int64_t worst = worst_ulp_distance(UnaryOp::kExp, "exp", [](double v) { return std::exp(v); }, x, false);
  INFO("worst ulp distance " << worst);
  CHECK(worst <= 2);
}

TEST_CASE("Elementwise kernels/float Log is within 2 ulp of the correctly rounded log", "[elementwise]") {
  std::mt19937 rng(14);
  std::vector<float> x;
  for (int i = 0; i < 200000; ++i) {
    const uint32_t bits = static_cast<uint32_t>(rng()) & 0x7F7FFFFFu;  // every finite positive float, subnormals too
    float v;
    std::memcpy(&v, &bits, 4);
    x.push_back(v);
  }
  for (float v = 0.5f; v < 2.0f; v += 1.0f / 4096) x.push_back(v);  // around 1, where log is small
  const int64_t worst = worst_ulp_distance(UnaryOp::kLog, "log", [](double v) { return std::log(v); }, x, true);
  INFO("worst ulp distance " << worst);
  CHECK(worst <= 2);
}

TEST_CASE("Elementwise kernels/Exp and Log special values follow IEEE", "[elementwise]") {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  for (Variant v : {Variant::kSimd, Variant::kScalar}) {
    const std::vector<float> x = {inf, -inf, nan, 0.0f, -0.0f, 88.8f, -110.0f, -1.0f, 1.0f};
    std::vector<float> e(x.size()), l(x.size());
    kernels::unary(UnaryOp::kExp, DataType::kFloat, x.data(), e.data(), x.size(), v);
    kernels::unary(UnaryOp::kLog, DataType::kFloat, x.data(), l.data(), x.size(), v);
    CHECK(e[0] == inf);
    CHECK(e[1] == 0.0f);
    CHECK(std::isnan(e[2]));
    CHECK(e[3] == 1.0f);
    CHECK(e[4] == 1.0f);
    CHECK(e[5] == inf);  // overflow
    CHECK(e[6] == 0.0f);  // underflow
    CHECK(l[0] == inf);
    CHECK(std::isnan(l[1]));
    CHECK(std::isnan(l[2]));
    CHECK(l[3] == -inf);
    CHECK(l[4] == -inf);
    CHECK(std::isnan(l[7]));
    CHECK(l[8] == 0.0f);
  }
}

TEST_CASE("Elementwise kernels/Abs clears only the sign of floats and wraps the most negative integer", "[elementwise]") {
  const std::vector<float> f = {-0.0f, -std::numeric_limits<float>::infinity(), -1.5f, 2.0f};
  std::vector<float> fo(f.size());
  kernels::unary(UnaryOp::kAbs, DataType::kFloat, f.data(), fo.data(), f.size());
  CHECK(!std::signbit(fo[0]));
  CHECK(fo[1] == std::numeric_limits<float>::infinity());
  CHECK(fo[2] == 1.5f);
  CHECK(fo[3] == 2.0f);
  const std::vector<int8_t> i8 = {-128, -127, -1, 0, 5, 127, -128, -3, 9};
  std::vector<int8_t> o8(i8.size());
  kernels::unary(UnaryOp::kAbs, DataType::kInt8, i8.data(), o8.data(), i8.size());
  CHECK(o8 == std::vector<int8_t>{-128, 127, 1, 0, 5, 127, -128, 3, 9});
  const std::vector<int64_t> i64 = {std::numeric_limits<int64_t>::min(), -7, 7};
  std::vector<int64_t> o64(i64.size());
  kernels::unary(UnaryOp::kAbs, DataType::kInt64, i64.data(), o64.data(), i64.size());
  CHECK(o64 == std::vector<int64_t>{std::numeric_limits<int64_t>::min(), 7, 7});
}
