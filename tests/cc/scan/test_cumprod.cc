// CumProd (opset 26) through run_node: every element type, exclusive x reverse on every axis,
// the axis input's forms and errors, empty tensors, wrapping, specials without division, and
// the half types' per-output rounding.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "exact_checks.h"
#include "helpers.h"
#include "references.h"

using namespace orw;
using namespace orw_test;
using Catch::Contains;

namespace {


Node cumprod_node(bool exclusive = false, bool reverse = false) {
  std::vector<Attribute> attrs;
  if (exclusive) attrs.push_back(Attribute::of_int("exclusive", 1));
  if (reverse) attrs.push_back(Attribute::of_int("reverse", 1));
  return Node::make("CumProd", "", 26, attrs);
}

Tensor cumprod(const Tensor& x, int64_t axis, bool exclusive = false, bool reverse = false) {
  const Tensor a = int64_scalar(axis);
  return run1(cumprod_node(exclusive, reverse), {&x, &a});
}

// The definition: out[..k..] = product of x[..j..] over j <= k (j < k when exclusive; j >= k /
// j > k when reversed), multiplied in axis order, in double.
std::vector<double> naive_cumprod(const Shape& dims, const std::vector<double>& x, size_t axis, bool exclusive,
                                  bool reverse) {
  return naive_scan(dims, x, axis, exclusive, reverse, 1.0, [](double p, double v) { return p * v; });
}

// Values whose products stay exact in every type: powers of two (with signs) for the float
// types, small integers for the integer types.
std::vector<double> exact_values(DataType type, size_t n) {
  static const double floats[] = {1, 2, -1, 0.5, -2, 1, 0.5};
  static const double ints[] = {1, 2, -1, 3, -2, 1, 1};
  static const double uints[] = {1, 2, 3, 1, 2, 1, 1};
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) {
    const size_t k = (i * 5 + i / 7) % 7;
    v[i] = is_integer(type) ? (type == DataType::kUint32 || type == DataType::kUint64 ? uints[k] : ints[k]) : floats[k];
  }
  return v;
}

}  // namespace

TEST_CASE("CumProd/every element type computes running products") {
  for (DataType type : arithmetic_types()) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {2, 4}, {1, 2, 3, 4, 2, 1, 3, 2});
    check_exact_values(cumprod(x, 1), type, {2, 4}, {1, 2, 6, 24, 2, 2, 6, 12});
    check_exact_values(cumprod(x, 0), type, {2, 4}, {1, 2, 3, 4, 2, 2, 9, 8});
    check_exact_values(cumprod(x, 1, true, false), type, {2, 4}, {1, 1, 2, 6, 1, 2, 2, 6});
    check_exact_values(cumprod(x, 1, false, true), type, {2, 4}, {24, 24, 12, 4, 12, 6, 6, 2});
    check_exact_values(cumprod(x, 1, true, true), type, {2, 4}, {24, 12, 4, 1, 6, 6, 2, 1});
  }
}

TEST_CASE("CumProd/exclusive and reverse on inner, middle and outer axes of a rank-3 tensor") {
  const Shape dims = {3, 6, 9};
  for (DataType type : arithmetic_types()) {
    const std::vector<double> v = exact_values(type, 3 * 6 * 9);
    const Tensor x = make_tensor(type, dims, v);
    for (int64_t axis = 0; axis < 3; ++axis) {
      for (int flags = 0; flags < 4; ++flags) {
        const bool exclusive = flags & 1, reverse = flags & 2;
        INFO("type " << type_name(type) << " axis " << axis << " exclusive " << exclusive << " reverse " << reverse);
        check_exact_values(cumprod(x, axis, exclusive, reverse), type, dims,
                           naive_cumprod(dims, v, static_cast<size_t>(axis), exclusive, reverse));
      }
    }
  }
}

TEST_CASE("CumProd/the axis may be int32 or int64, 0-D or 1-D with one element") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const std::vector<double> expected = {1, 2, 6, 4, 20, 120};
  const Tensor forms[] = {int64_scalar(1), int64_tensor({1}, {1}), make_typed<int32_t>(DataType::kInt32, {}, {1}),
                          make_typed<int32_t>(DataType::kInt32, {1}, {1}),
                          make_typed<int32_t>(DataType::kInt32, {1}, {-1})};
  const Node n = cumprod_node();
  for (const Tensor& axis : forms) {
    INFO("axis type " << type_name(axis.type()) << " shape " << shape_to_string(axis.dims()));
    check_exact_values(run1(n, {&x, &axis}), DataType::kFloat, {2, 3}, expected);
  }
}

TEST_CASE("CumProd/a negative axis counts from the end") {
  const Shape dims = {2, 3, 4};
  const std::vector<double> v = exact_values(DataType::kDouble, 24);
  const Tensor x = make_tensor(DataType::kDouble, dims, v);
  check_exact_values(cumprod(x, -1), DataType::kDouble, dims, naive_cumprod(dims, v, 2, false, false));
  check_exact_values(cumprod(x, -2, true), DataType::kDouble, dims, naive_cumprod(dims, v, 1, true, false));
  check_exact_values(cumprod(x, -3, false, true), DataType::kDouble, dims, naive_cumprod(dims, v, 0, false, true));
}

TEST_CASE("CumProd/an out-of-range axis names the op, the axis and the rank") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3, 4}, std::vector<double>(24, 1.0));
  CHECK_THROWS_AS(cumprod(x, 3), std::invalid_argument);
  CHECK_THROWS_WITH(cumprod(x, 3), Contains("CumProd") && Contains("axis 3") && Contains("rank 3"));
  CHECK_THROWS_WITH(cumprod(x, -4), Contains("CumProd") && Contains("axis -4") && Contains("[-3, 2]"));
  const Tensor big = make_typed<int32_t>(DataType::kInt32, {}, {1 << 30});
  CHECK_THROWS_WITH(run1(cumprod_node(), {&x, &big}), Contains("axis 1073741824"));
}

TEST_CASE("CumProd/an axis input with more than one element is an error") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor two = int64_vector({0, 1});
  CHECK_THROWS_AS(run1(cumprod_node(), {&x, &two}), std::invalid_argument);
  CHECK_THROWS_WITH(run1(cumprod_node(), {&x, &two}), Contains("CumProd") && Contains("'axis'") && Contains("[2]"));
  const Tensor matrix = int64_tensor({1, 1}, {0});
  CHECK_THROWS_WITH(run1(cumprod_node(), {&x, &matrix}), Contains("'axis'") && Contains("[1,1]"));
  const Tensor empty = int64_tensor({0}, {});
  CHECK_THROWS_WITH(run1(cumprod_node(), {&x, &empty}), Contains("'axis'") && Contains("[0]"));
}

TEST_CASE("CumProd/an axis of a non-integer type is a TypeError") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor f = make_tensor(DataType::kFloat, {}, {1});
  CHECK_THROWS_AS(run1(cumprod_node(), {&x, &f}), TypeError);
  CHECK_THROWS_WITH(run1(cumprod_node(), {&x, &f}),
                    Contains("CumProd") && Contains("'axis'") && Contains("int32 or int64") && Contains("float"));
  const Tensor u = make_tensor(DataType::kUint64, {}, {1});
  CHECK_THROWS_AS(run1(cumprod_node(), {&x, &u}), TypeError);
}

TEST_CASE("CumProd/a rank-0 x is an error") {
  const Tensor x = make_tensor(DataType::kFloat, {}, {3});
  CHECK_THROWS_AS(cumprod(x, 0), std::invalid_argument);
  CHECK_THROWS_WITH(cumprod(x, 0), Contains("CumProd") && Contains("'x'") && Contains("rank"));
}

TEST_CASE("CumProd/element types outside the schema are a TypeError") {
  for (DataType type : {DataType::kInt8, DataType::kUint8, DataType::kInt16, DataType::kBool}) {
    INFO("type " << type_name(type));
    const Tensor x(type, {3});
    CHECK_THROWS_AS(cumprod(x, 0), TypeError);
    CHECK_THROWS_WITH(cumprod(x, 0), Contains("CumProd") && Contains(type_name(type)) && Contains("'x'"));
  }
}

TEST_CASE("CumProd/both inputs are required") {
  const Tensor x = make_tensor(DataType::kFloat, {3}, {1, 2, 3});
  CHECK_THROWS_AS(run_node(cumprod_node(), {&x}), std::invalid_argument);
  CHECK_THROWS_WITH(run_node(cumprod_node(), {&x}), Contains("CumProd") && Contains("'axis'") && Contains("missing"));
  CHECK_THROWS_WITH(run_node(cumprod_node(), {&x, nullptr}), Contains("'axis'") && Contains("missing"));
  const Tensor a = int64_scalar(0);
  CHECK_THROWS_WITH(run_node(cumprod_node(), {nullptr, &a}), Contains("'x'") && Contains("missing"));
  CHECK_THROWS_WITH(run_node(cumprod_node(), {&x, &a, &a}), Contains("3 inputs"));
}

TEST_CASE("CumProd/a zero-length axis gives an empty output of the same shape") {
  for (DataType type : arithmetic_types()) {
    INFO("type " << type_name(type));
    const Tensor x(type, {2, 0, 3});
    for (int flags = 0; flags < 4; ++flags) {
      const Tensor out = cumprod(x, 1, flags & 1, flags & 2);
      CHECK(out.dims() == Shape{2, 0, 3});
      CHECK(out.size() == 0);
      CHECK(out.type() == type);
      CHECK(cumprod(x, 0, flags & 1, flags & 2).dims() == Shape{2, 0, 3});
      CHECK(cumprod(x, 2, flags & 1, flags & 2).dims() == Shape{2, 0, 3});
    }
  }
}

TEST_CASE("CumProd/integer running products wrap around") {
  std::vector<uint32_t> p32(40);
  std::vector<uint64_t> p64(45);
  uint32_t a = 1;
  uint64_t b = 1;
  for (size_t i = 0; i < p32.size(); ++i) p32[i] = a *= 3u;
  for (size_t i = 0; i < p64.size(); ++i) p64[i] = b *= 3u;
  std::vector<int32_t> s32(p32.size());
  std::vector<int64_t> s64(p64.size());
  std::memcpy(s32.data(), p32.data(), 4 * p32.size());
  std::memcpy(s64.data(), p64.data(), 8 * p64.size());

  CHECK(to_vector<uint32_t>(cumprod(make_typed<uint32_t>(DataType::kUint32, {40}, std::vector<uint32_t>(40, 3)), 0)) == p32);
  CHECK(to_vector<int32_t>(cumprod(make_typed<int32_t>(DataType::kInt32, {40}, std::vector<int32_t>(40, 3)), 0)) == s32);
  CHECK(to_vector<uint64_t>(cumprod(make_typed<uint64_t>(DataType::kUint64, {45}, std::vector<uint64_t>(45, 3)), 0)) == p64);
  CHECK(to_vector<int64_t>(cumprod(make_typed<int64_t>(DataType::kInt64, {45}, std::vector<int64_t>(45, 3)), 0)) == s64);
  // Along an outer axis (rows combined across an inner extent of 2).
  const std::vector<int64_t> col = to_vector<int64_t>(
      cumprod(make_typed<int64_t>(DataType::kInt64, {45, 2}, std::vector<int64_t>(90, 3)), 0));
  for (size_t i = 0; i < 45; ++i) {
    INFO("row " << i);
    CHECK(col[2 * i] == s64[i]);
    CHECK(col[2 * i + 1] == s64[i]);
  }
}

TEST_CASE("CumProd/exclusive scans with zeros and infinities are exact (no division)") {
  // Dividing the inclusive result by x would give 0/0 or inf/inf = NaN.
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    const Tensor zeros = make_tensor(type, {4}, {2, 0, 3, 4});
    check_exact_values(cumprod(zeros, 0, true, false), type, {4}, {1, 2, 0, 0});
    check_exact_values(cumprod(zeros, 0, true, true), type, {4}, {0, 12, 4, 1});
    const Tensor infs = make_tensor(type, {3}, {kInf, 2, 3});
    check_exact_values(cumprod(infs, 0, true, false), type, {3}, {1, kInf, kInf});
    check_exact_values(cumprod(infs, 0, true, true), type, {3}, {6, 3, 1});
    // Longer rows and columns (vector paths), with zeros and infinities in several lanes.
    std::vector<double> v(13 * 6, 1.0);
    for (size_t i = 0; i < v.size(); ++i) v[i] = (i % 3 == 0) ? 2.0 : 1.0;
    v[3] = 0;
    v[13 + 6] = kInf;
    v[2 * 13 + 4] = 0;
    v[2 * 13 + 9] = -kInf;
    v[4 * 13] = kNaN;
    v[5 * 13 + 12] = 0;
    const Shape dims = {6, 13};
    const Tensor x = make_tensor(type, dims, v);
    for (int64_t axis : {0, 1}) {
      for (int flags = 0; flags < 4; ++flags) {
        INFO("axis " << axis << " flags " << flags);
        check_exact_values(cumprod(x, axis, flags & 1, flags & 2), type, dims,
                           naive_cumprod(dims, v, static_cast<size_t>(axis), flags & 1, flags & 2));
      }
    }
  }
}

TEST_CASE("CumProd/float16 rounds each output from a float32 running product") {
  // 40 factors of 1 + 2^-10: a half running product would stick at 1 + k*2^-10; the float32
  // one rounds to 1 + 41*2^-10 at the end.
  const float a = 1.0f + std::ldexp(1.0f, -10);
  const uint16_t ah = f32_to_f16(a);
  std::vector<uint16_t> expected(40), expected_rev(40);
  uint16_t stepwise = 0x3C00;
  double p = 1.0;
  for (size_t k = 0; k < 40; ++k) {
    p *= a;
    expected[k] = f32_to_f16(static_cast<float>(p));
    expected_rev[39 - k] = expected[k];
    stepwise = f32_to_f16(f16_to_f32(stepwise) * a);
  }
  REQUIRE(expected.back() == 0x3C00 + 41);
  REQUIRE(stepwise == 0x3C00 + 40);
  const Tensor x = make_typed<uint16_t>(DataType::kFloat16, {40}, std::vector<uint16_t>(40, ah));
  CHECK(to_vector<uint16_t>(cumprod(x, 0)) == expected);
  CHECK(to_vector<uint16_t>(cumprod(x, 0, false, true)) == expected_rev);
  // Down a column (rows combined across the inner extent).
  const Tensor xc = make_typed<uint16_t>(DataType::kFloat16, {40, 3}, std::vector<uint16_t>(120, ah));
  const std::vector<uint16_t> col = to_vector<uint16_t>(cumprod(xc, 0));
  for (size_t k = 0; k < 40; ++k) {
    INFO("row " << k);
    CHECK(col[3 * k] == expected[k]);
    CHECK(col[3 * k + 2] == expected[k]);
  }
}

TEST_CASE("CumProd/bfloat16 rounds each output from a float32 running product") {
  const float a = 1.0f + std::ldexp(1.0f, -7);
  const uint16_t ab = f32_to_bf16(a);
  std::vector<uint16_t> expected(20);
  uint16_t stepwise = 0x3F80;
  double p = 1.0;
  for (size_t k = 0; k < 20; ++k) {
    p *= a;
    expected[k] = f32_to_bf16(static_cast<float>(p));
    stepwise = f32_to_bf16(bf16_to_f32(stepwise) * a);
  }
  REQUIRE(expected.back() != stepwise);
  const Tensor x = make_typed<uint16_t>(DataType::kBfloat16, {20}, std::vector<uint16_t>(20, ab));
  CHECK(to_vector<uint16_t>(cumprod(x, 0)) == expected);
}
