// ReduceMean (versions 1, 11, 13, 18): known values, integer means (exact: the sum in 64 or
// 128 bits divided by the count, truncated toward zero), empty sets (NaN for floats, 0 for integers: our documented
// choice), IEEE specials, the half types' single rounding and long float32 means. Shared
// behaviours are in test_reduce_family.cc.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "helpers.h"

using namespace orw;
using namespace orw_test;

namespace {

const BoundReduceOp reduce_mean{"ReduceMean"};

}  // namespace

TEST_CASE("ReduceMean/known values over each axis", "[reduce][ReduceMean]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 7});
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(reduce_mean(opset, x, std::vector<int64_t>{0}), DataType::kFloat, {1, 3}, {2.5, 3.5, 5}) == "");
    CHECK(tensor_mismatch(reduce_mean(opset, x, std::vector<int64_t>{1}), DataType::kFloat, {2, 1}, {2, 16.0 / 3}) == "");
    CHECK(tensor_mismatch(reduce_mean(opset, x, std::nullopt, {keepdims_attr(0)}), DataType::kFloat, {}, {22.0 / 6}) == "");
  }
}

TEST_CASE("ReduceMean/integer means truncate toward zero, negative ones too", "[reduce][ReduceMean]") {
  // Rows: 5/3 -> 1; -5/3 -> -1 (flooring would give -2); -1/3 -> 0 (not -1); -7/3 -> -2 (not -3);
  // 8/3 -> 2.
  const std::vector<double> rows = {2, 3, 0, -7, 2, 0, -1, 0, 0, -3, -3, -1, 3, 3, 2};
  for (DataType type : {DataType::kInt32, DataType::kInt64}) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {5, 3}, rows);
    const Tensor out = reduce_mean(18, x, std::vector<int64_t>{1}, {keepdims_attr(0)});
    CHECK(out.type() == type);
    CHECK(to_doubles(out) == std::vector<double>{1, -1, 0, -2, 2});
    // The same slices as columns (RK) and in a long row (R: vector lanes, then the tail).
    const Tensor cols = make_tensor(type, {3, 5}, {2, -7, -1, -3, 3, 3, 2, 0, -3, 3, 0, 0, 0, -1, 2});
    CHECK(to_doubles(reduce_mean(13, cols, std::vector<int64_t>{0}, {keepdims_attr(0)})) ==
          std::vector<double>{1, -1, 0, -2, 2});
    std::vector<double> long_row(101, -1);
    long_row[100] = -50;  // (-100 - 50) / 101 = -1.49 -> -1
    CHECK(to_doubles(reduce_mean(11, make_tensor(type, {101}, long_row), std::nullopt, {keepdims_attr(0)})) ==
          std::vector<double>{-1});
  }
  const Tensor u = make_tensor(DataType::kUint32, {2, 2}, {7, 2, 1, 0});
  CHECK(to_doubles(reduce_mean(1, u, std::vector<int64_t>{1}, {keepdims_attr(0)})) == std::vector<double>{4, 0});
  const Tensor u64 = make_tensor(DataType::kUint64, {3}, {5, 5, 6});
  CHECK(to_doubles(reduce_mean(18, u64, std::nullopt, {keepdims_attr(0)})) == std::vector<double>{5});
}

TEST_CASE("ReduceMean/integer means are exact when the sum overflows the type", "[reduce][ReduceMean]") {
  constexpr int32_t i32max = std::numeric_limits<int32_t>::max();
  constexpr int64_t i64max = std::numeric_limits<int64_t>::max(), i64min = std::numeric_limits<int64_t>::min();
  // int32: the case, [2e9, 2e9] -> 2e9 (onnxruntime agrees).
  const Tensor a = make_typed<int32_t>(DataType::kInt32, {2}, {2000000000, 2000000000});
  CHECK(to_vector<int32_t>(reduce_mean(18, a, std::nullopt, {keepdims_attr(0)})) == std::vector<int32_t>{2000000000});
  // (INT_MAX + 1) / 2 = 2^30 exactly.
  const Tensor a2 = make_typed<int32_t>(DataType::kInt32, {2}, {i32max, 1});
  CHECK(to_vector<int32_t>(reduce_mean(18, a2, std::nullopt, {keepdims_attr(0)})) == std::vector<int32_t>{1 << 30});
  // int64: (INT64_MAX + INT64_MAX + 1) / 3 needs 65 bits of sum; negative sums truncate toward zero.
  const Tensor b = make_typed<int64_t>(DataType::kInt64, {3}, {i64max, i64max, 1});
  CHECK(to_vector<int64_t>(reduce_mean(13, b, std::nullopt, {keepdims_attr(0)})) == std::vector<int64_t>{i64max / 3 * 2 + (i64max % 3 * 2 + 1) / 3});
  const Tensor b2 = make_typed<int64_t>(DataType::kInt64, {2}, {i64min, -1});
  CHECK(to_vector<int64_t>(reduce_mean(18, b2, std::nullopt, {keepdims_attr(0)})) == std::vector<int64_t>{i64min / 2});
  // Unsigned: (0xFFFFFFFF + 3) / 2 = 0x80000001.
  const Tensor c = make_typed<uint32_t>(DataType::kUint32, {2}, {0xFFFFFFFFu, 3});
  CHECK(to_vector<uint32_t>(reduce_mean(11, c, std::nullopt, {keepdims_attr(0)})) == std::vector<uint32_t>{0x80000001u});
  const Tensor d = make_typed<uint64_t>(DataType::kUint64, {2}, {~uint64_t{0}, 5});
  CHECK(to_vector<uint64_t>(reduce_mean(18, d, std::nullopt, {keepdims_attr(0)})) == std::vector<uint64_t>{(uint64_t{1} << 63) + 2});
  // -7 / 2 truncates toward zero: -3.
  const Tensor n = make_typed<int32_t>(DataType::kInt32, {2}, {-3, -4});
  CHECK(to_vector<int32_t>(reduce_mean(18, n, std::nullopt, {keepdims_attr(0)})) == std::vector<int32_t>{-3});
}

TEST_CASE("ReduceMean/long integer rows, columns and whole tensors are exact", "[reduce][ReduceMean]") {
  // 1000 * 2^30 overflows 32 bits; each mean is the value itself, on every pattern.
  for (const std::vector<int64_t>& axes : {std::vector<int64_t>{0}, std::vector<int64_t>{1}, std::vector<int64_t>{0, 1}}) {
    INFO("axes " << shape_to_string(axes));
    const Tensor e = make_typed<int32_t>(DataType::kInt32, {1000, 9}, std::vector<int32_t>(9000, 1 << 30));
    CHECK(to_vector<int32_t>(reduce_mean(18, e, axes, {keepdims_attr(0)})) ==
          std::vector<int32_t>(axes.size() == 2 ? 1 : axes[0] == 0 ? 9 : 1000, 1 << 30));
    const Tensor f = make_typed<int64_t>(DataType::kInt64, {1000, 9}, std::vector<int64_t>(9000, -(int64_t{1} << 62) - 1));
    CHECK(to_vector<int64_t>(reduce_mean(18, f, axes, {keepdims_attr(0)})) ==
          std::vector<int64_t>(axes.size() == 2 ? 1 : axes[0] == 0 ? 9 : 1000, -(int64_t{1} << 62) - 1));
  }
}

TEST_CASE("ReduceMean/an empty set is NaN for floats and 0 for integers", "[reduce][ReduceMean]") {
  for (int64_t opset : {1, 11, 13, 18}) {
    for (DataType type : spec_reduce_types("ReduceMean", opset)) {
      INFO("opset " << opset << ", type " << type_name(type));
      const Tensor x(type, {3, 0});
      const double expected = is_floating(type) ? kNaN : 0.0;
      CHECK(tensor_mismatch(reduce_mean(opset, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), type, {3},
                            std::vector<double>(3, expected)) == "");
    }
  }
}

TEST_CASE("ReduceMean/infinities and NaN follow IEEE", "[reduce][ReduceMean]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {4, 2}, {kInf, 1, kInf, -kInf, -kInf, -kInf, kNaN, 0});
    CHECK(tensor_mismatch(reduce_mean(18, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), type, {4},
                          {kInf, kNaN, -kInf, kNaN}) == "");
  }
}

TEST_CASE("ReduceMean/float16 and bfloat16 sum and divide in float32 and round once", "[reduce][ReduceMean]") {
  // float16: 60000 + 60000 overflows half, but the float32 mean is 60000 exactly.
  const Tensor big = make_tensor(DataType::kFloat16, {2}, {60000, 60000});
  CHECK(tensor_mismatch(reduce_mean(13, big, std::nullopt, {keepdims_attr(0)}), DataType::kFloat16, {}, {60000}, 0) == "");
  // 1 and 16 values of 2^-11: the mean (1 + 2^-7) / 17 rounded once.
  std::vector<uint16_t> row(17, f32_to_f16(std::ldexp(1.0f, -11)));
  row[0] = 0x3C00;
  const uint16_t once = f32_to_f16((1.0f + std::ldexp(1.0f, -7)) / 17.0f);
  CHECK(to_vector<uint16_t>(reduce_mean(18, make_typed<uint16_t>(DataType::kFloat16, {17}, row), std::nullopt,
                                        {keepdims_attr(0)})) == std::vector<uint16_t>{once});
  // bfloat16: 1 and 16 values of 2^-9; mean (1 + 2^-5) / 17.
  std::vector<uint16_t> brow(17, f32_to_bf16(std::ldexp(1.0f, -9)));
  brow[0] = 0x3F80;
  const uint16_t bonce = f32_to_bf16((1.0f + std::ldexp(1.0f, -5)) / 17.0f);
  CHECK(to_vector<uint16_t>(reduce_mean(13, make_typed<uint16_t>(DataType::kBfloat16, {17}, brow), std::nullopt,
                                        {keepdims_attr(0)})) == std::vector<uint16_t>{bonce});
}

TEST_CASE("ReduceMean/long float32 means keep pairwise accuracy", "[reduce][ReduceMean]") {
  // 10^6 values of 0.1f: the mean is 0.1f within a few ulps (left to right: ~1% off).
  const Tensor x = make_typed<float>(DataType::kFloat, {1000000}, std::vector<float>(1000000, 0.1f));
  const double got = to_doubles(reduce_mean(18, x, std::nullopt, {keepdims_attr(0)}))[0];
  CHECK(std::fabs(got - static_cast<double>(0.1f)) / 0.1 < 5e-6);
  const Tensor y = make_typed<float>(DataType::kFloat, {2, 500000}, std::vector<float>(1000000, 0.1f));
  for (double v : to_doubles(reduce_mean(18, y, std::vector<int64_t>{1}, {keepdims_attr(0)}))) {
    CHECK(std::fabs(v - static_cast<double>(0.1f)) / 0.1 < 5e-6);
  }
}
