// ReduceSum (versions 1, 11, 13): known values, integer wrap-around, IEEE specials, the half
// types' single rounding, and the accuracy of long float32 sums (pairwise/blocked accumulation).
// Behaviours shared by the whole family (versions, types, axes, keepdims, noop, empty sets,
// patterns, NaN anywhere, alignment) are in test_reduce_family.cc.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "helpers.h"

using namespace orw;
using namespace orw_test;

namespace {

const BoundReduceOp reduce_sum{"ReduceSum"};

// Sums `bits` (elements of `esize` bytes) modulo 2^(8*esize), reduced over the rows of an
// [r, k] matrix (over_rows) or its columns.
std::vector<uint64_t> wrapped_sums(const std::vector<uint64_t>& bits, size_t r, size_t k, bool over_rows, size_t esize) {
  const uint64_t mask = esize == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * esize)) - 1;
  std::vector<uint64_t> out(over_rows ? k : r, 0);
  for (size_t i = 0; i < r; ++i) {
    for (size_t j = 0; j < k; ++j) {
      uint64_t& o = out[over_rows ? j : i];
      o = (o + bits[i * k + j]) & mask;
    }
  }
  return out;
}

template <class T>
void check_wrapping_sums(DataType type) {
  INFO("type " << type_name(type));
  std::mt19937 rng(17);
  // [r, k] matrices reduced over axis 1 (R or KR) and axis 0 (RK), with extents around the
  // vector and unroll widths; values are random bits (large magnitudes: every sum wraps).
  for (size_t r : {1u, 3u, 37u, 300u}) {
    for (size_t k : {1u, 2u, 5u, 33u, 67u}) {
      std::vector<T> v(r * k);
      std::vector<uint64_t> bits(r * k);
      for (size_t i = 0; i < v.size(); ++i) {
        const uint64_t b = rand_u64(rng);
        std::memcpy(&v[i], &b, sizeof(T));
        bits[i] = 0;
        std::memcpy(&bits[i], &v[i], sizeof(T));
      }
      const Tensor x = make_typed<T>(type, {static_cast<int64_t>(r), static_cast<int64_t>(k)}, v);
      INFO("shape [" << r << "," << k << "]");
      CHECK(bits_of<T>(reduce_sum(13, x, std::vector<int64_t>{1}, {keepdims_attr(0)})) ==
            wrapped_sums(bits, r, k, false, sizeof(T)));
      CHECK(bits_of<T>(reduce_sum(11, x, std::vector<int64_t>{0}, {keepdims_attr(0)})) ==
            wrapped_sums(bits, r, k, true, sizeof(T)));
    }
  }
}

// Relative error of sum(0.1f repeated) computed by ReduceSum over `axes` of `dims`.
double relative_error_of_tenths(const Shape& dims, const std::vector<int64_t>& axes) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  size_t per_output = 1;
  for (int64_t a : axes) per_output *= static_cast<size_t>(dims[static_cast<size_t>(a)]);
  const Tensor x = make_typed<float>(DataType::kFloat, dims, std::vector<float>(n, 0.1f));
  const Tensor out = reduce_sum(13, x, axes);
  const double exact = static_cast<double>(per_output) * static_cast<double>(0.1f);
  double worst = 0;
  for (float v : to_vector<float>(out)) worst = std::max(worst, std::fabs(static_cast<double>(v) - exact) / exact);
  return worst;
}

// Pairwise summation of n floats errs by about (b + log2 n) * 2^-24 (b: the length of the
// linear runs at the leaves); left-to-right summation of 10^6 values of 0.1f is off by ~1%.
constexpr double kLongSumRelativeBound = 5e-6;

}  // namespace

TEST_CASE("ReduceSum/known values over each axis", "[reduce][ReduceSum]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  for (int64_t opset : {1, 11, 13}) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(reduce_sum(opset, x, std::vector<int64_t>{0}), DataType::kFloat, {1, 3}, {5, 7, 9}) == "");
    CHECK(tensor_mismatch(reduce_sum(opset, x, std::vector<int64_t>{1}), DataType::kFloat, {2, 1}, {6, 15}) == "");
    CHECK(tensor_mismatch(reduce_sum(opset, x, std::nullopt, {keepdims_attr(0)}), DataType::kFloat, {}, {21}) == "");
  }
}

TEST_CASE("ReduceSum/integer sums wrap around in their own width", "[reduce][ReduceSum]") {
  // The classic cases, then random bits through rows, columns and tiles.
  const Tensor i32 = make_typed<int32_t>(DataType::kInt32, {2, 2}, {std::numeric_limits<int32_t>::max(), 1, -1,
                                                                    std::numeric_limits<int32_t>::min()});
  CHECK(to_vector<int32_t>(reduce_sum(13, i32, std::vector<int64_t>{1}, {keepdims_attr(0)})) ==
        std::vector<int32_t>{std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()});
  const Tensor u32 = make_typed<uint32_t>(DataType::kUint32, {2}, {0xFFFFFFFFu, 2});
  CHECK(to_vector<uint32_t>(reduce_sum(1, u32, std::nullopt, {keepdims_attr(0)})) == std::vector<uint32_t>{1});
  const Tensor i64 = make_typed<int64_t>(DataType::kInt64, {2}, {std::numeric_limits<int64_t>::max(), 1});
  CHECK(to_vector<int64_t>(reduce_sum(11, i64, std::nullopt, {keepdims_attr(0)})) ==
        std::vector<int64_t>{std::numeric_limits<int64_t>::min()});
  const Tensor u64 = make_typed<uint64_t>(DataType::kUint64, {2}, {~uint64_t{0}, 2});
  CHECK(to_vector<uint64_t>(reduce_sum(13, u64, std::nullopt, {keepdims_attr(0)})) == std::vector<uint64_t>{1});
  // 1001 * 2^30 = 2^30 (mod 2^32) along a long row.
  const Tensor big = make_typed<int32_t>(DataType::kInt32, {1001}, std::vector<int32_t>(1001, 1 << 30));
  CHECK(to_vector<int32_t>(reduce_sum(13, big, std::vector<int64_t>{0}, {keepdims_attr(0)})) ==
        std::vector<int32_t>{1 << 30});
  check_wrapping_sums<int32_t>(DataType::kInt32);
  check_wrapping_sums<uint32_t>(DataType::kUint32);
  check_wrapping_sums<int64_t>(DataType::kInt64);
  check_wrapping_sums<uint64_t>(DataType::kUint64);
}

TEST_CASE("ReduceSum/infinities and NaN follow IEEE; float overflow gives infinity", "[reduce][ReduceSum]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {5, 3}, {kInf, 1, 2, kInf, -kInf, 0, -kInf, -1, -kInf, kNaN, kInf, 1, 3, -2, 1});
    CHECK(tensor_mismatch(reduce_sum(13, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), type, {5},
                          {kInf, kNaN, -kInf, kNaN, 2}) == "");
  }
  // float32: 3e38 + 3e38 overflows; float16: 60000 + 60000 overflows once rounded.
  CHECK(tensor_mismatch(reduce_sum(13, make_tensor(DataType::kFloat, {2}, {3e38, 3e38}), std::nullopt, {keepdims_attr(0)}),
                        DataType::kFloat, {}, {kInf}) == "");
  CHECK(tensor_mismatch(reduce_sum(13, make_tensor(DataType::kFloat16, {2}, {60000, 60000}), std::nullopt,
                                   {keepdims_attr(0)}),
                        DataType::kFloat16, {}, {kInf}) == "");
}

TEST_CASE("ReduceSum/float16 accumulates in float32 and rounds once", "[reduce][ReduceSum]") {
  // 1 followed by 16 values of 2^-11 (half an ulp of 1): rounding to half after each step
  // would keep 1 (ties to even); the float32 sum 1 + 2^-7 is rounded once, exactly.
  std::vector<uint16_t> row(17, f32_to_f16(std::ldexp(1.0f, -11)));
  row[0] = 0x3C00;
  const uint16_t once = f32_to_f16(1.0f + std::ldexp(1.0f, -7));
  REQUIRE(once == 0x3C00 + 8);
  for (int64_t opset : {1, 11, 13}) {
    INFO("opset " << opset);
    const Tensor r = make_typed<uint16_t>(DataType::kFloat16, {17}, row);
    CHECK(to_vector<uint16_t>(reduce_sum(opset, r, std::nullopt, {keepdims_attr(0)})) == std::vector<uint16_t>{once});
    // The same values down 3 columns (RK).
    std::vector<uint16_t> cols;
    for (uint16_t h : row) cols.insert(cols.end(), 3, h);
    const Tensor c = make_typed<uint16_t>(DataType::kFloat16, {17, 3}, cols);
    CHECK(to_vector<uint16_t>(reduce_sum(opset, c, std::vector<int64_t>{0}, {keepdims_attr(0)})) ==
          std::vector<uint16_t>(3, once));
  }
}

TEST_CASE("ReduceSum/bfloat16 accumulates in float32 and rounds once", "[reduce][ReduceSum]") {
  // 1 followed by 16 values of 2^-9 (a quarter ulp of 1 in bfloat16): the sum 1 + 2^-5 is exact.
  std::vector<uint16_t> row(17, f32_to_bf16(std::ldexp(1.0f, -9)));
  row[0] = 0x3F80;
  const uint16_t once = f32_to_bf16(1.0f + std::ldexp(1.0f, -5));
  REQUIRE(once == 0x3F80 + 4);
  const Tensor r = make_typed<uint16_t>(DataType::kBfloat16, {17}, row);
  CHECK(to_vector<uint16_t>(reduce_sum(13, r, std::nullopt, {keepdims_attr(0)})) == std::vector<uint16_t>{once});
  std::vector<uint16_t> cols;
  for (uint16_t h : row) cols.insert(cols.end(), 5, h);
  const Tensor c = make_typed<uint16_t>(DataType::kBfloat16, {17, 5}, cols);
  CHECK(to_vector<uint16_t>(reduce_sum(13, c, std::vector<int64_t>{0}, {keepdims_attr(0)})) ==
        std::vector<uint16_t>(5, once));
}

TEST_CASE("ReduceSum/long float32 row sums keep pairwise accuracy", "[reduce][ReduceSum]") {
  // 10^6 values of 0.1f: a left-to-right float sum gives 100958.34 (about 1% off); pairwise
  // summation stays within a few ulps of 100000.0015.
  float naive = 0;
  for (int i = 0; i < 1000000; ++i) naive += 0.1f;
  REQUIRE(std::fabs(naive - 100000.0015) / 100000.0 > 1e-3);  // what the bound guards against
  CHECK(relative_error_of_tenths({1000000}, {0}) < kLongSumRelativeBound);            // R
  CHECK(relative_error_of_tenths({1000, 1000}, {0, 1}) < kLongSumRelativeBound);      // R (merged dims)
  CHECK(relative_error_of_tenths({2, 500000}, {1}) < kLongSumRelativeBound);          // KR
  CHECK(relative_error_of_tenths({1000, 2, 500}, {0, 2}) < kLongSumRelativeBound);    // RKR
}

TEST_CASE("ReduceSum/long float32 column sums keep the same accuracy", "[reduce][ReduceSum]") {
  // Reducing the rows of [n, k] (RK): the error must not grow with the number of rows either.
  CHECK(relative_error_of_tenths({500000, 2}, {0}) < kLongSumRelativeBound);   // scalar columns
  CHECK(relative_error_of_tenths({125000, 8}, {0}) < kLongSumRelativeBound);   // one vector of columns
  CHECK(relative_error_of_tenths({30000, 33}, {0}) < kLongSumRelativeBound);   // tiles and a tail
  CHECK(relative_error_of_tenths({2, 250000, 2}, {1}) < kLongSumRelativeBound);  // KRK
}
