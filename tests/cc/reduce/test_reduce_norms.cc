// ReduceSumSquare, ReduceL1 and ReduceL2 (versions 1, 11, 13, 18): known values, integer
// behaviour (SumSquare and L1 wrap, |INT_MIN| = INT_MIN as in numpy; L2 is computed in double and
// truncated), IEEE specials, the half types' single rounding and long float32 accuracy. Shared
// behaviours (noop_with_empty_axes: x^2 / |x| / |x|, empty sets -> 0, ...) are in
// test_reduce_family.cc.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "helpers.h"

using namespace orw;
using namespace orw_test;

namespace {



// Random bits through R, KR and RK shapes; each output must be the wrapped sum of step(bits).
template <class T, class Step>
void check_wrapping(const std::string& op, DataType type, Step step) {
  INFO(op << ", type " << type_name(type));
  const uint64_t mask = sizeof(T) == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * sizeof(T))) - 1;
  std::mt19937 rng(5);
  for (size_t r : {1u, 3u, 37u}) {
    for (size_t k : {1u, 2u, 5u, 33u, 67u}) {
      std::vector<T> v(r * k);
      std::vector<uint64_t> rows(r, 0), cols(k, 0);
      for (size_t i = 0; i < r; ++i) {
        for (size_t j = 0; j < k; ++j) {
          const uint64_t b = rand_u64(rng) & mask;
          std::memcpy(&v[i * k + j], &b, sizeof(T));
          rows[i] = (rows[i] + step(b)) & mask;
          cols[j] = (cols[j] + step(b)) & mask;
        }
      }
      INFO("shape [" << r << "," << k << "]");
      const Tensor x = make_typed<T>(type, {static_cast<int64_t>(r), static_cast<int64_t>(k)}, v);
      CHECK(bits_of<T>(reduce(op, 18, x, std::vector<int64_t>{1}, {keepdims_attr(0)})) == rows);
      CHECK(bits_of<T>(reduce(op, 13, x, std::vector<int64_t>{0}, {keepdims_attr(0)})) == cols);
    }
  }
}

// sum(op(x)) over 10^6 copies of `value` (float32), relative error against the double result.
double long_row_relative_error(const std::string& op, float value) {
  const Tensor x = make_typed<float>(DataType::kFloat, {1000000}, std::vector<float>(1000000, value));
  const double got = to_doubles(reduce(op, 18, x, std::nullopt, {keepdims_attr(0)}))[0];
  const double v = value;
  const double exact = op == "ReduceSumSquare" ? 1e6 * v * v : op == "ReduceL1" ? 1e6 * std::fabs(v) : std::sqrt(1e6 * v * v);
  return std::fabs(got - exact) / exact;
}

}  // namespace

// ---- ReduceSumSquare ---------------------------------------------------------------------

TEST_CASE("ReduceSumSquare/known values over each axis", "[reduce][ReduceSumSquare]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, -2, 3, 4, 5, -6});
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(reduce("ReduceSumSquare", opset, x, std::vector<int64_t>{1}), DataType::kFloat, {2, 1}, {14, 77}) ==
          "");
    CHECK(tensor_mismatch(reduce("ReduceSumSquare", opset, x, std::vector<int64_t>{0}), DataType::kFloat, {1, 3},
                          {17, 29, 45}) == "");
  }
}

TEST_CASE("ReduceSumSquare/integer squares and sums wrap around", "[reduce][ReduceSumSquare]") {
  // 65536^2 = 2^32 wraps to 0; 46341^2 = 2147488281 wraps to -2147479015 in int32.
  const Tensor a = make_typed<int32_t>(DataType::kInt32, {3, 1}, {65536, 46341, -3});
  CHECK(to_vector<int32_t>(reduce("ReduceSumSquare", 18, a, std::vector<int64_t>{1}, {keepdims_attr(0)})) ==
        std::vector<int32_t>{0, -2147479015, 9});
  const Tensor b = make_typed<int64_t>(DataType::kInt64, {2}, {int64_t{1} << 32, 3037000500});
  CHECK(to_vector<uint64_t>(reduce("ReduceSumSquare", 13, b, std::nullopt, {keepdims_attr(0)})) ==
        std::vector<uint64_t>{uint64_t{3037000500} * uint64_t{3037000500}});
  check_wrapping<int32_t>("ReduceSumSquare", DataType::kInt32, [](uint64_t b) { return b * b; });
  check_wrapping<uint32_t>("ReduceSumSquare", DataType::kUint32, [](uint64_t b) { return b * b; });
  check_wrapping<int64_t>("ReduceSumSquare", DataType::kInt64, [](uint64_t b) { return b * b; });
  check_wrapping<uint64_t>("ReduceSumSquare", DataType::kUint64, [](uint64_t b) { return b * b; });
}

TEST_CASE("ReduceSumSquare/infinities, NaN and float overflow", "[reduce][ReduceSumSquare]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {3, 2}, {-kInf, 1, kNaN, 2, -kInf, kInf});
    CHECK(tensor_mismatch(reduce("ReduceSumSquare", 18, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), type, {3},
                          {kInf, kNaN, kInf}) == "");
  }
  const Tensor big = make_tensor(DataType::kFloat, {2}, {2e19, -2e19});
  CHECK(tensor_mismatch(reduce("ReduceSumSquare", 18, big, std::nullopt, {keepdims_attr(0)}), DataType::kFloat, {}, {kInf}) ==
        "");
}

TEST_CASE("ReduceSumSquare/float16 and bfloat16 square and sum in float32 and round once", "[reduce][ReduceSumSquare]") {
  // 1 and 16 values of 2^-6 (squares 2^-12, a quarter ulp of 1): 1 + 2^-8 exactly.
  std::vector<uint16_t> h(17, f32_to_f16(std::ldexp(1.0f, -6)));
  h[0] = 0x3C00;
  CHECK(to_vector<uint16_t>(reduce("ReduceSumSquare", 13, make_typed<uint16_t>(DataType::kFloat16, {17}, h), std::nullopt,
                                   {keepdims_attr(0)})) == std::vector<uint16_t>{0x3C00 + 4});
  // bfloat16: 1 and 16 values of 2^-5 (squares 2^-10): 1 + 2^-6 exactly.
  std::vector<uint16_t> b(17, f32_to_bf16(std::ldexp(1.0f, -5)));
  b[0] = 0x3F80;
  CHECK(to_vector<uint16_t>(reduce("ReduceSumSquare", 18, make_typed<uint16_t>(DataType::kBfloat16, {17}, b),
                                   std::nullopt, {keepdims_attr(0)})) == std::vector<uint16_t>{0x3F80 + 2});
}

TEST_CASE("ReduceSumSquare/long float32 sums keep pairwise accuracy", "[reduce][ReduceSumSquare]") {
  CHECK(long_row_relative_error("ReduceSumSquare", 0.1f) < 5e-6);
}

// ---- ReduceL1 ----------------------------------------------------------------------------

TEST_CASE("ReduceL1/known values over each axis", "[reduce][ReduceL1]") {
  const Tensor x = make_tensor(DataType::kDouble, {2, 3}, {1, -2, 3, -4, 5, -6});
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(reduce("ReduceL1", opset, x, std::vector<int64_t>{1}), DataType::kDouble, {2, 1}, {6, 15}) == "");
    CHECK(tensor_mismatch(reduce("ReduceL1", opset, x, std::vector<int64_t>{0}), DataType::kDouble, {1, 3}, {5, 7, 9}) == "");
  }
}

TEST_CASE("ReduceL1/|INT_MIN| wraps to INT_MIN as in numpy", "[reduce][ReduceL1]") {
  constexpr int32_t i32min = std::numeric_limits<int32_t>::min();
  constexpr int64_t i64min = std::numeric_limits<int64_t>::min();
  const Tensor a = make_typed<int32_t>(DataType::kInt32, {3, 2}, {i32min, 0, i32min, 1, i32min, -1});
  CHECK(to_vector<int32_t>(reduce("ReduceL1", 18, a, std::vector<int64_t>{1}, {keepdims_attr(0)})) ==
        std::vector<int32_t>{i32min, i32min + 1, i32min + 1});
  const Tensor b = make_typed<int64_t>(DataType::kInt64, {2}, {i64min, 5});
  CHECK(to_vector<int64_t>(reduce("ReduceL1", 11, b, std::nullopt, {keepdims_attr(0)})) ==
        std::vector<int64_t>{i64min + 5});
  // Random bits, |x| in two's complement (wrapping), through rows, columns and tiles.
  check_wrapping<int32_t>("ReduceL1", DataType::kInt32, [](uint64_t b) {
    return (b & 0x80000000u) ? (0 - b) & 0xFFFFFFFFu : b;
  });
  check_wrapping<int64_t>("ReduceL1", DataType::kInt64, [](uint64_t b) { return (b >> 63) ? 0 - b : b; });
}

TEST_CASE("ReduceL1/unsigned values are their own absolute value", "[reduce][ReduceL1]") {
  const Tensor a = make_typed<uint32_t>(DataType::kUint32, {3}, {0x80000000u, 0x7FFFFFFFu, 2});
  CHECK(to_vector<uint32_t>(reduce("ReduceL1", 13, a, std::nullopt, {keepdims_attr(0)})) == std::vector<uint32_t>{1});
  const Tensor b = make_typed<uint64_t>(DataType::kUint64, {2}, {uint64_t{1} << 63, 1});
  CHECK(to_vector<uint64_t>(reduce("ReduceL1", 18, b, std::nullopt, {keepdims_attr(0)})) ==
        std::vector<uint64_t>{(uint64_t{1} << 63) + 1});
  check_wrapping<uint32_t>("ReduceL1", DataType::kUint32, [](uint64_t b) { return b; });
  check_wrapping<uint64_t>("ReduceL1", DataType::kUint64, [](uint64_t b) { return b; });
}

TEST_CASE("ReduceL1/infinities and NaN; negative zero counts as zero", "[reduce][ReduceL1]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {4, 2}, {-kInf, 1, kNaN, -2, -kInf, kInf, -0.0, -0.0});
    const Tensor out = reduce("ReduceL1", 18, x, std::vector<int64_t>{1}, {keepdims_attr(0)});
    CHECK(tensor_mismatch(out, type, {4}, {kInf, kNaN, kInf, 0}) == "");
    CHECK_FALSE(std::signbit(to_doubles(out)[3]));
  }
}

TEST_CASE("ReduceL1/float16 and bfloat16 accumulate in float32 and round once", "[reduce][ReduceL1]") {
  std::vector<uint16_t> h(17, f32_to_f16(-std::ldexp(1.0f, -11)));
  h[0] = 0xBC00;  // -1
  CHECK(to_vector<uint16_t>(reduce("ReduceL1", 13, make_typed<uint16_t>(DataType::kFloat16, {17}, h), std::nullopt,
                                   {keepdims_attr(0)})) == std::vector<uint16_t>{0x3C00 + 8});
  std::vector<uint16_t> b(17, f32_to_bf16(-std::ldexp(1.0f, -9)));
  b[0] = 0xBF80;
  CHECK(to_vector<uint16_t>(reduce("ReduceL1", 18, make_typed<uint16_t>(DataType::kBfloat16, {17}, b), std::nullopt,
                                   {keepdims_attr(0)})) == std::vector<uint16_t>{0x3F80 + 4});
}

TEST_CASE("ReduceL1/long float32 sums keep pairwise accuracy", "[reduce][ReduceL1]") {
  CHECK(long_row_relative_error("ReduceL1", -0.1f) < 5e-6);
}

// ---- ReduceL2 ----------------------------------------------------------------------------

TEST_CASE("ReduceL2/known values over each axis", "[reduce][ReduceL2]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 2}, {3, -4, -6, 8});
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(reduce("ReduceL2", opset, x, std::vector<int64_t>{1}), DataType::kFloat, {2, 1}, {5, 10}) == "");
    CHECK(tensor_mismatch(reduce("ReduceL2", opset, x, std::vector<int64_t>{0}), DataType::kFloat, {1, 2},
                          {std::sqrt(45.0), std::sqrt(80.0)}) == "");
  }
}

TEST_CASE("ReduceL2/integers are computed in double and truncated toward zero", "[reduce][ReduceL2]") {
  // Wrapping integer squares would give garbage in each of these; double gives the true norm.
  const Tensor a = make_typed<int32_t>(DataType::kInt32, {3, 2}, {46341, 46341, 1, 1, -3, -4});
  CHECK(to_vector<int32_t>(reduce("ReduceL2", 18, a, std::vector<int64_t>{1}, {keepdims_attr(0)})) ==
        std::vector<int32_t>{65536, 1, 5});  // 65536.07 -> 65536; sqrt 2 -> 1
  const Tensor b = make_typed<int64_t>(DataType::kInt64, {2}, {3000000000, -4000000000});
  CHECK(to_vector<int64_t>(reduce("ReduceL2", 13, b, std::nullopt, {keepdims_attr(0)})) == std::vector<int64_t>{5000000000});
  const Tensor c = make_typed<uint64_t>(DataType::kUint64, {2}, {uint64_t{1} << 32, uint64_t{1} << 32});
  CHECK(to_vector<uint64_t>(reduce("ReduceL2", 11, c, std::nullopt, {keepdims_attr(0)})) ==
        std::vector<uint64_t>{6074000999});  // 2^32 * sqrt 2 = 6074000999.95
  const Tensor d = make_typed<uint32_t>(DataType::kUint32, {2}, {65535, 65535});
  CHECK(to_vector<uint32_t>(reduce("ReduceL2", 1, d, std::nullopt, {keepdims_attr(0)})) == std::vector<uint32_t>{92680});
}

TEST_CASE("ReduceL2/ReduceLogSum of integers saturate at the type's limits, as Cast does", "[reduce][ReduceL2]") {
  // Norms above the type's maximum give the maximum; log(0) = -inf gives the minimum.
  const Tensor a = make_typed<int32_t>(DataType::kInt32, {2}, {INT32_MAX, INT32_MAX});
  CHECK(to_vector<int32_t>(reduce("ReduceL2", 18, a, std::nullopt, {keepdims_attr(0)})) == std::vector<int32_t>{INT32_MAX});
  const Tensor b = make_typed<uint32_t>(DataType::kUint32, {2}, {4000000000u, 4000000000u});
  CHECK(to_vector<uint32_t>(reduce("ReduceL2", 18, b, std::nullopt, {keepdims_attr(0)})) == std::vector<uint32_t>{UINT32_MAX});
  const Tensor c = make_typed<int64_t>(DataType::kInt64, {2, 2}, {0, 0, 3, 4});
  CHECK(to_vector<int64_t>(reduce("ReduceLogSum", 18, c, std::vector<int64_t>{1}, {keepdims_attr(0)})) ==
        std::vector<int64_t>{INT64_MIN, 1});  // log(0) -> -inf -> INT64_MIN; log(7) = 1.95 -> 1
}

TEST_CASE("ReduceL2/infinities and NaN", "[reduce][ReduceL2]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {3, 2}, {-kInf, 1, kNaN, kInf, -3, 4});
    CHECK(tensor_mismatch(reduce("ReduceL2", 18, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), type, {3},
                          {kInf, kNaN, 5}) == "");
  }
}

TEST_CASE("ReduceL2/noop_with_empty_axes=1 gives |x| even where x*x overflows", "[reduce][ReduceL2]") {
  const Tensor f = make_tensor(DataType::kFloat, {3}, {3e38, -3e38, -2});
  CHECK(tensor_mismatch(reduce("ReduceL2", 18, f, std::nullopt, {noop_attr(1)}), DataType::kFloat, {3}, {3e38, 3e38, 2}) ==
        "");
  const Tensor d = make_tensor(DataType::kDouble, {2}, {1e200, -1e300});
  CHECK(tensor_mismatch(reduce("ReduceL2", 18, d, std::vector<int64_t>{}, {noop_attr(1)}), DataType::kDouble, {2},
                        {1e200, 1e300}) == "");
  const Tensor i = make_typed<int64_t>(DataType::kInt64, {2}, {-4000000000000000000, 3});
  CHECK(to_vector<int64_t>(reduce("ReduceL2", 18, i, std::nullopt, {noop_attr(1)})) ==
        std::vector<int64_t>{4000000000000000000, 3});
}

TEST_CASE("ReduceL2/float16 squares and sums in float32 and rounds once", "[reduce][ReduceL2]") {
  // 300^2 + 400^2 = 250000 is far beyond float16's 65504, the norm 500 is exact.
  const Tensor x = make_tensor(DataType::kFloat16, {2, 2}, {300, -400, -3000, 4000});
  CHECK(tensor_mismatch(reduce("ReduceL2", 13, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), DataType::kFloat16, {2},
                        {500, 5000}, 0) == "");
  const Tensor b = make_tensor(DataType::kBfloat16, {2}, {3e18, 4e18});
  CHECK(tensor_mismatch(reduce("ReduceL2", 18, b, std::nullopt, {keepdims_attr(0)}), DataType::kBfloat16, {}, {5e18}) == "");
}

TEST_CASE("ReduceL2/long float32 sums keep pairwise accuracy", "[reduce][ReduceL2]") {
  CHECK(long_row_relative_error("ReduceL2", 0.1f) < 5e-6);
}
