// ReduceProd through run_node, for every registry version (1, 11, 13, 18): values, types,
// axes handling, keepdims, noop_with_empty_axes, empty tensors, special values, wrapping and
// the half types' single rounding, and the errors for invalid inputs.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <optional>

#include "exact_checks.h"
#include "helpers.h"
#include "references.h"

using namespace orw;
using namespace orw_test;
using Catch::Contains;

namespace {

const BoundReduceOp reduce_prod{"ReduceProd"};

Attribute keepdims(int v) { return Attribute::of_int("keepdims", v); }
Attribute noop(int v) { return Attribute::of_int("noop_with_empty_axes", v); }

// The product of n factors `a` in a half type (to_half / from_half): rounded to the half type
// after every step, as a kernel accumulating in it would, and rounded once from the float32
// product, as ReduceProd must.
struct HalfProduct {
  uint16_t stepwise, once;
};
template <class ToHalf, class FromHalf>
HalfProduct half_product(float a, int n, ToHalf to_half, FromHalf from_half) {
  uint16_t stepwise = to_half(1.0f);
  float wide = 1.0f;
  for (int i = 0; i < n; ++i) {
    stepwise = to_half(from_half(stepwise) * a);
    wide *= a;
  }
  return {stepwise, to_half(wide)};
}

std::vector<double> iota_values(size_t n, bool allow_negative) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) {
    v[i] = static_cast<double>(i % 3 + 1);
    if (allow_negative && i % 5 == 1) v[i] = -v[i];
  }
  return v;
}

bool is_unsigned(DataType t) { return t == DataType::kUint32 || t == DataType::kUint64; }

const std::vector<DataType> kV1Types = {DataType::kUint32,  DataType::kUint64, DataType::kInt32, DataType::kInt64,
                                        DataType::kFloat16, DataType::kFloat,  DataType::kDouble};

}  // namespace

TEST_CASE("ReduceProd/every version computes products for every allowed type") {
  for (int64_t opset : {1, 11, 13, 18}) {
    std::vector<DataType> types = kV1Types;
    if (opset >= 13) types.push_back(DataType::kBfloat16);
    for (DataType type : types) {
      INFO("opset " << opset << ", type " << type_name(type));
      const Shape dims = {2, 3, 2};
      const std::vector<double> v = iota_values(12, !is_unsigned(type));
      const Tensor x = make_tensor(type, dims, v);

      const RefResult r1 = naive_reduce_prod(dims, v, {1}, true);
      check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{1}), type, {2, 1, 2}, r1.values);

      const RefResult r02 = naive_reduce_prod(dims, v, {0, 2}, false);
      check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{0, 2}, {keepdims(0)}), type, {3}, r02.values);

      const RefResult all = naive_reduce_prod(dims, v, {0, 1, 2}, false);
      check_exact_values(reduce_prod(opset, x, std::nullopt, {keepdims(0)}), type, {}, all.values);
    }
  }
}

TEST_CASE("ReduceProd/known values over each axis") {
  // x = [[1,2,3],[4,5,6]]
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  check_exact_values(reduce_prod(13, x, std::vector<int64_t>{0}), DataType::kFloat, {1, 3}, {4, 10, 18});
  check_exact_values(reduce_prod(13, x, std::vector<int64_t>{1}), DataType::kFloat, {2, 1}, {6, 120});
  check_exact_values(reduce_prod(13, x, std::vector<int64_t>{0, 1}), DataType::kFloat, {1, 1}, {720});
  check_exact_values(reduce_prod(18, x, std::vector<int64_t>{1}, {keepdims(0)}), DataType::kFloat, {2}, {6, 120});
}

TEST_CASE("ReduceProd/bfloat16 is accepted from version 13 only") {
  const Tensor x = make_tensor(DataType::kBfloat16, {2, 2}, {1, 2, 3, 4});
  for (int64_t opset : {1, 10, 11, 12}) {
    INFO("opset " << opset);
    CHECK_THROWS_AS(reduce_prod(opset, x, std::nullopt), TypeError);
    CHECK_THROWS_WITH(reduce_prod(opset, x, std::nullopt),
                      Contains("ReduceProd") && Contains("bfloat16") && Contains("'data'"));
  }
  check_exact_values(reduce_prod(13, x, std::nullopt, {keepdims(0)}), DataType::kBfloat16, {}, {24});
  check_exact_values(reduce_prod(18, x, std::nullopt, {keepdims(0)}), DataType::kBfloat16, {}, {24});
}

TEST_CASE("ReduceProd/element types outside the schema are a TypeError listing the allowed ones") {
  for (DataType type : {DataType::kInt8, DataType::kUint8, DataType::kInt16, DataType::kUint16, DataType::kBool}) {
    INFO("type " << type_name(type));
    const Tensor x(type, {2, 2});
    for (int64_t opset : {1, 13, 18}) {
      CHECK_THROWS_AS(reduce_prod(opset, x, std::nullopt), TypeError);
    }
    CHECK_THROWS_WITH(reduce_prod(18, x, std::nullopt),
                      Contains("ReduceProd") && Contains(type_name(type)) && Contains("bfloat16"));
  }
}

TEST_CASE("ReduceProd/keepdims defaults to 1 and keeps reduced dims as size 1") {
  const std::vector<double> v = iota_values(24, true);
  const Tensor x = make_tensor(DataType::kDouble, {2, 3, 4}, v);
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    const RefResult r = naive_reduce_prod({2, 3, 4}, v, {0, 2}, true);
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{0, 2}), DataType::kDouble, {1, 3, 1}, r.values);
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{0, 2}, {keepdims(1)}), DataType::kDouble, {1, 3, 1},
                       r.values);
  }
}

TEST_CASE("ReduceProd/keepdims=0 drops reduced dims") {
  const std::vector<double> v = iota_values(24, true);
  const Tensor x = make_tensor(DataType::kInt64, {2, 3, 4}, v);
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{1}, {keepdims(0)}), DataType::kInt64, {2, 4},
                       naive_reduce_prod({2, 3, 4}, v, {1}, false).values);
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{0, 2}, {keepdims(0)}), DataType::kInt64, {3},
                       naive_reduce_prod({2, 3, 4}, v, {0, 2}, false).values);
  }
}

TEST_CASE("ReduceProd/without axes every dim is reduced") {
  const std::vector<double> v = iota_values(24, true);
  const Tensor x = make_tensor(DataType::kFloat, {2, 3, 4}, v);
  const double all = naive_reduce_prod({2, 3, 4}, v, {0, 1, 2}, false).values[0];
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    check_exact_values(reduce_prod(opset, x, std::nullopt), DataType::kFloat, {1, 1, 1}, {all});
    check_exact_values(reduce_prod(opset, x, std::nullopt, {keepdims(0)}), DataType::kFloat, {}, {all});
  }
  // Opset 18: an omitted axes input may also be a nullptr entry.
  const Node n = Node::make("ReduceProd", "", 18, {keepdims(0)});
  check_exact_values(run1(n, {&x, nullptr}), DataType::kFloat, {}, {all});
}

TEST_CASE("ReduceProd/an empty axes input at opset 18 reduces every dim") {
  const std::vector<double> v = iota_values(6, true);
  const Tensor x = make_tensor(DataType::kInt32, {3, 2}, v);
  const double all = naive_reduce_prod({3, 2}, v, {0, 1}, false).values[0];
  check_exact_values(reduce_prod(18, x, std::vector<int64_t>{}), DataType::kInt32, {1, 1}, {all});
  check_exact_values(reduce_prod(18, x, std::vector<int64_t>{}, {keepdims(0), noop(0)}), DataType::kInt32, {}, {all});
}

TEST_CASE("ReduceProd/noop_with_empty_axes=1 with no or empty axes returns the input unchanged") {
  const std::vector<double> v = {1.5, -2, 3, 0.25, 8, -1};
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, v);
  check_exact_values(reduce_prod(18, x, std::nullopt, {noop(1)}), DataType::kFloat, {2, 3}, v);
  check_exact_values(reduce_prod(18, x, std::vector<int64_t>{}, {noop(1)}), DataType::kFloat, {2, 3}, v);
  check_exact_values(reduce_prod(18, x, std::vector<int64_t>{}, {noop(1), keepdims(0)}), DataType::kFloat, {2, 3}, v);
  // With axes given, noop_with_empty_axes changes nothing.
  check_exact_values(reduce_prod(18, x, std::vector<int64_t>{1}, {noop(1)}), DataType::kFloat, {2, 1}, {-9, -2});
  // The half types are copied bit for bit (a NaN payload included).
  const Tensor h = make_typed<uint16_t>(DataType::kFloat16, {3}, {0x7E01, 0x8000, 0x3C01});
  CHECK(to_vector<uint16_t>(reduce_prod(18, h, std::nullopt, {noop(1)})) == std::vector<uint16_t>{0x7E01, 0x8000, 0x3C01});
}

TEST_CASE("ReduceProd/negative axes count from the end at every version") {
  const std::vector<double> v = iota_values(24, true);
  const Tensor x = make_tensor(DataType::kDouble, {2, 3, 4}, v);
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{-1}), DataType::kDouble, {2, 3, 1},
                       naive_reduce_prod({2, 3, 4}, v, {2}, true).values);
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{-3, -2}, {keepdims(0)}), DataType::kDouble, {4},
                       naive_reduce_prod({2, 3, 4}, v, {0, 1}, false).values);
  }
}

TEST_CASE("ReduceProd/unsorted axes are the same as the sorted set; a repeated axis is an error") {
  const std::vector<double> v = iota_values(24, true);
  const Tensor x = make_tensor(DataType::kInt64, {2, 3, 4}, v);
  const std::vector<double> r02 = naive_reduce_prod({2, 3, 4}, v, {0, 2}, false).values;
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{2, 0}, {keepdims(0)}), DataType::kInt64, {3}, r02);
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{-1, 0}, {keepdims(0)}), DataType::kInt64, {3}, r02);
    CHECK_THROWS_WITH(reduce_prod(opset, x, std::vector<int64_t>{1, 1}, {keepdims(0)}),
                      Contains("ReduceProd") && Contains("axis 1 is repeated"));
    CHECK_THROWS_WITH(reduce_prod(opset, x, std::vector<int64_t>{1, -2}, {keepdims(0)}),
                      Contains("axis 1 is repeated (as 1 and -2)"));
  }
}

TEST_CASE("ReduceProd/a rank-0 input without axes is returned as is") {
  const Tensor x = make_tensor(DataType::kFloat, {}, {-2.5});
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    check_exact_values(reduce_prod(opset, x, std::nullopt), DataType::kFloat, {}, {-2.5});
    check_exact_values(reduce_prod(opset, x, std::nullopt, {keepdims(0)}), DataType::kFloat, {}, {-2.5});
  }
  check_exact_values(reduce_prod(18, x, std::vector<int64_t>{}), DataType::kFloat, {}, {-2.5});
}

TEST_CASE("ReduceProd/any axis of a rank-0 input is out of range") {
  const Tensor x = make_tensor(DataType::kInt32, {}, {7});
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    CHECK_THROWS_AS(reduce_prod(opset, x, std::vector<int64_t>{0}), std::invalid_argument);
    CHECK_THROWS_WITH(reduce_prod(opset, x, std::vector<int64_t>{0}),
                      Contains("ReduceProd") && Contains("axis 0") && Contains("rank 0"));
  }
  CHECK_THROWS_WITH(reduce_prod(13, x, std::vector<int64_t>{-1}), Contains("axis -1") && Contains("rank 0"));
}

TEST_CASE("ReduceProd/rank-1 input") {
  const Tensor x = make_tensor(DataType::kUint64, {5}, {1, 2, 3, 4, 5});
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{0}), DataType::kUint64, {1}, {120});
    check_exact_values(reduce_prod(opset, x, std::vector<int64_t>{0}, {keepdims(0)}), DataType::kUint64, {}, {120});
  }
}

TEST_CASE("ReduceProd/rank-6 input over several axis sets") {
  const Shape dims = {2, 1, 3, 2, 1, 3};
  const std::vector<double> v = iota_values(36, true);
  const Tensor x = make_tensor(DataType::kDouble, dims, v);
  const std::vector<std::vector<int64_t>> axis_sets = {{0}, {5}, {0, 2, 5}, {1, 3}, {2, 3}, {0, 1, 2, 3, 4, 5}, {1, 4}};
  for (const auto& axes : axis_sets) {
    for (int kd : {0, 1}) {
      INFO("axes " << shape_to_string(axes) << " keepdims " << kd);
      const RefResult r = naive_reduce_prod(dims, v, axes, kd == 1);
      check_exact_values(reduce_prod(13, x, axes, {keepdims(kd)}), DataType::kDouble, r.dims, r.values);
    }
  }
}

TEST_CASE("ReduceProd/reducing an empty dim gives ones") {
  for (DataType type : arithmetic_types()) {
    INFO("type " << type_name(type));
    const Tensor x(type, {2, 0, 4});
    check_exact_values(reduce_prod(13, x, std::vector<int64_t>{1}), type, {2, 1, 4}, std::vector<double>(8, 1.0));
    check_exact_values(reduce_prod(18, x, std::vector<int64_t>{1}, {keepdims(0)}), type, {2, 4},
                       std::vector<double>(8, 1.0));
    check_exact_values(reduce_prod(13, x, std::nullopt, {keepdims(0)}), type, {}, {1.0});
    check_exact_values(reduce_prod(13, x, std::vector<int64_t>{0, 1}), type, {1, 1, 4}, std::vector<double>(4, 1.0));
  }
}

TEST_CASE("ReduceProd/keeping an empty dim gives an empty output") {
  for (DataType type : arithmetic_types()) {
    INFO("type " << type_name(type));
    const Tensor x(type, {2, 0, 4});
    check_exact_values(reduce_prod(13, x, std::vector<int64_t>{2}), type, {2, 0, 1}, {});
    check_exact_values(reduce_prod(18, x, std::vector<int64_t>{0, 2}, {keepdims(0)}), type, {0}, {});
    check_exact_values(reduce_prod(18, x, std::nullopt, {noop(1)}), type, {2, 0, 4}, {});
  }
}

TEST_CASE("ReduceProd/NaN and infinity propagate, inf times 0 is NaN") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    // Rows of 3 (scalar tails) reduced over axis 1.
    const Tensor x = make_tensor(type, {5, 3}, {1, kNaN, 2, kInf, 2, 3, kInf, 0, 5, -kInf, 2, 1, kInf, -kInf, 1});
    check_exact_values(reduce_prod(13, x, std::vector<int64_t>{1}, {keepdims(0)}), type, {5},
                       {kNaN, kInf, kNaN, -kInf, -kInf});
    // Long rows (vector paths): one special value among ones, in different lanes.
    for (size_t pos : {0u, 5u, 17u, 40u}) {
      std::vector<double> v(41, 1.0);
      v[pos] = kNaN;
      check_exact_values(reduce_prod(13, make_tensor(type, {41}, v), std::nullopt, {keepdims(0)}), type, {}, {kNaN});
      v[pos] = kInf;
      check_exact_values(reduce_prod(13, make_tensor(type, {41}, v), std::nullopt, {keepdims(0)}), type, {}, {kInf});
      v[(pos + 7) % 41] = 0.0;
      check_exact_values(reduce_prod(13, make_tensor(type, {41}, v), std::nullopt, {keepdims(0)}), type, {}, {kNaN});
    }
    // Column reduction (RK): x[r, c] over r.
    std::vector<double> cols(4 * 33, 1.0);
    cols[2 * 33 + 7] = kInf;
    cols[1 * 33 + 7] = 0.0;
    cols[3 * 33 + 20] = kNaN;
    cols[0 * 33 + 32] = -kInf;
    std::vector<double> expected(33, 1.0);
    expected[7] = kNaN;
    expected[20] = kNaN;
    expected[32] = -kInf;
    check_exact_values(reduce_prod(18, make_tensor(type, {4, 33}, cols), std::vector<int64_t>{0}, {keepdims(0)}), type,
                       {33}, expected);
  }
}

TEST_CASE("ReduceProd/integer products wrap around") {
  // 3^40 wraps 32-bit integers, 3^45 wraps 64-bit ones; signed results are the unsigned
  // wrapped products reinterpreted.
  uint32_t p32 = 1;
  uint64_t p64 = 1;
  for (int i = 0; i < 40; ++i) p32 *= 3u;
  for (int i = 0; i < 45; ++i) p64 *= 3u;
  int32_t s32;
  int64_t s64;
  std::memcpy(&s32, &p32, 4);
  std::memcpy(&s64, &p64, 8);

  const std::vector<int64_t> one_axis = {1};
  {
    const Tensor x = make_typed<int32_t>(DataType::kInt32, {2, 40}, std::vector<int32_t>(80, 3));
    CHECK(to_vector<int32_t>(reduce_prod(13, x, one_axis, {keepdims(0)})) == std::vector<int32_t>{s32, s32});
  }
  {
    const Tensor x = make_typed<uint32_t>(DataType::kUint32, {2, 40}, std::vector<uint32_t>(80, 3));
    CHECK(to_vector<uint32_t>(reduce_prod(13, x, one_axis, {keepdims(0)})) == std::vector<uint32_t>{p32, p32});
  }
  {
    const Tensor x = make_typed<int64_t>(DataType::kInt64, {2, 45}, std::vector<int64_t>(90, 3));
    CHECK(to_vector<int64_t>(reduce_prod(13, x, one_axis, {keepdims(0)})) == std::vector<int64_t>{s64, s64});
  }
  {
    const Tensor x = make_typed<uint64_t>(DataType::kUint64, {2, 45}, std::vector<uint64_t>(90, 3));
    CHECK(to_vector<uint64_t>(reduce_prod(18, x, one_axis, {keepdims(0)})) == std::vector<uint64_t>{p64, p64});
  }
  // Signed factors: -1 * 2^16 * 2^15 * -1 = 2^31 wraps to INT32_MIN; 2^16 * 2^16 * 15 wraps to 0.
  const Tensor neg = make_typed<int32_t>(DataType::kInt32, {2, 4}, {-1, 1 << 16, 1 << 15, -1, 1 << 16, 1 << 16, 3, 5});
  CHECK(to_vector<int32_t>(reduce_prod(13, neg, one_axis, {keepdims(0)})) ==
        std::vector<int32_t>{std::numeric_limits<int32_t>::min(), 0});
  // Column reduction (RK) wraps too.
  const Tensor cols = make_typed<int64_t>(DataType::kInt64, {45, 3}, std::vector<int64_t>(135, 3));
  CHECK(to_vector<int64_t>(reduce_prod(13, cols, std::vector<int64_t>{0}, {keepdims(0)})) ==
        std::vector<int64_t>{s64, s64, s64});
}

TEST_CASE("ReduceProd/float16 accumulates in float32 and rounds once") {
  // 40 factors of 1 + 2^-10. Rounding to half after every step would give 1 + 40*2^-10
  // (each step drops its small excess); the float32 product rounds once to 1 + 41*2^-10.
  const float a = 1.0f + std::ldexp(1.0f, -10);
  const uint16_t ah = f32_to_f16(a);
  REQUIRE(f16_to_f32(ah) == a);
  const HalfProduct product = half_product(a, 40, f32_to_f16, f16_to_f32);
  const uint16_t once = product.once;
  REQUIRE(once == 0x3C00 + 41);
  REQUIRE(product.stepwise == 0x3C00 + 40);
  for (int64_t opset : {1, 13, 18}) {
    INFO("opset " << opset);
    const Tensor x = make_typed<uint16_t>(DataType::kFloat16, {2, 40}, std::vector<uint16_t>(80, ah));
    CHECK(to_vector<uint16_t>(reduce_prod(opset, x, std::vector<int64_t>{1}, {keepdims(0)})) ==
          std::vector<uint16_t>{once, once});
    const Tensor xt = make_typed<uint16_t>(DataType::kFloat16, {40, 3}, std::vector<uint16_t>(120, ah));
    CHECK(to_vector<uint16_t>(reduce_prod(opset, xt, std::vector<int64_t>{0}, {keepdims(0)})) ==
          std::vector<uint16_t>{once, once, once});
  }
}

TEST_CASE("ReduceProd/bfloat16 accumulates in float32 and rounds once") {
  // 20 factors of 1 + 2^-7: stepwise bfloat16 rounding gives 1 + 20*2^-7, once gives 1 + 22*2^-7.
  const float a = 1.0f + std::ldexp(1.0f, -7);
  const uint16_t ab = f32_to_bf16(a);
  const HalfProduct product = half_product(a, 20, f32_to_bf16, bf16_to_f32);
  const uint16_t once = product.once;
  REQUIRE(once != product.stepwise);
  REQUIRE(once == 0x3F80 + 22);
  const Tensor x = make_typed<uint16_t>(DataType::kBfloat16, {20}, std::vector<uint16_t>(20, ab));
  CHECK(to_vector<uint16_t>(reduce_prod(13, x, std::nullopt, {keepdims(0)})) == std::vector<uint16_t>{once});
  CHECK(to_vector<uint16_t>(reduce_prod(18, x, std::vector<int64_t>{0})) == std::vector<uint16_t>{once});
}

TEST_CASE("ReduceProd/the axes input must be int64") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Node n = Node::make("ReduceProd", "", 18, {});
  const Tensor axes32 = make_typed<int32_t>(DataType::kInt32, {1}, {1});
  CHECK_THROWS_AS(run_node(n, {&x, &axes32}), TypeError);
  CHECK_THROWS_WITH(run_node(n, {&x, &axes32}), Contains("ReduceProd") && Contains("'axes'") && Contains("int64") &&
                                                    Contains("int32"));
  const Tensor axes_f = make_tensor(DataType::kFloat, {1}, {1});
  CHECK_THROWS_AS(run_node(n, {&x, &axes_f}), TypeError);
}

TEST_CASE("ReduceProd/the axes input must be 1-D") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Node n = Node::make("ReduceProd", "", 18, {});
  const Tensor axes2d = int64_tensor({1, 1}, {1});
  CHECK_THROWS_AS(run_node(n, {&x, &axes2d}), std::invalid_argument);
  CHECK_THROWS_WITH(run_node(n, {&x, &axes2d}), Contains("ReduceProd") && Contains("'axes'") && Contains("1-D") &&
                                                    Contains("[1,1]"));
  const Tensor axes0d = int64_scalar(1);
  CHECK_THROWS_WITH(run_node(n, {&x, &axes0d}), Contains("1-D") && Contains("[]"));
}

TEST_CASE("ReduceProd/an out-of-range axis names the op, the axis and the rank") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    CHECK_THROWS_AS(reduce_prod(opset, x, std::vector<int64_t>{3}), std::invalid_argument);
    CHECK_THROWS_WITH(reduce_prod(opset, x, std::vector<int64_t>{0, 3}),
                      Contains("ReduceProd") && Contains("axis 3") && Contains("rank 2"));
    CHECK_THROWS_WITH(reduce_prod(opset, x, std::vector<int64_t>{2}), Contains("axis 2") && Contains("rank 2"));
  }
  CHECK_THROWS_WITH(reduce_prod(13, x, std::vector<int64_t>{-3}), Contains("axis -3") && Contains("[-2, 1]"));
  CHECK_THROWS_WITH(reduce_prod(18, x, std::vector<int64_t>{-3}), Contains("input 'axes'") && Contains("axis -3"));
  CHECK_THROWS_WITH(reduce_prod(13, x, std::vector<int64_t>{5}), Contains("attribute 'axes'"));
}

TEST_CASE("ReduceProd/run_node checks the number of inputs") {
  const Tensor x = make_tensor(DataType::kFloat, {2}, {1, 2});
  const Tensor axes = int64_vector({0});
  const Node v13 = Node::make("ReduceProd", "", 13, {});
  CHECK_THROWS_AS(run_node(v13, {&x, &axes}), std::invalid_argument);
  CHECK_THROWS_WITH(run_node(v13, {&x, &axes}), Contains("ReduceProd") && Contains("2 inputs"));
  CHECK_THROWS_WITH(run_node(v13, {}), Contains("ReduceProd") && Contains("'data'") && Contains("missing"));
  CHECK_THROWS_WITH(run_node(v13, {nullptr}), Contains("'data'") && Contains("missing"));
  const Node v18 = Node::make("ReduceProd", "", 18, {});
  CHECK_THROWS_AS(run_node(v18, {&x, &axes, &axes}), std::invalid_argument);
  CHECK_THROWS_WITH(run_node(v18, {nullptr, &axes}), Contains("'data'"));
}

TEST_CASE("ReduceProd/the output never aliases the input") {
  std::vector<float> v = {2, 3};
  const Tensor x = Tensor::view(DataType::kFloat, {2}, v.data());
  const Tensor noop_out = reduce_prod(18, x, std::nullopt, {noop(1)});
  CHECK(noop_out.raw() != x.raw());
  v[0] = 100;
  CHECK(noop_out.data<float>()[0] == 2);
}
