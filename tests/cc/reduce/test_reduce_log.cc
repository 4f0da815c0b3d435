// ReduceLogSum and ReduceLogSumExp (versions 1, 11, 13, 18): known values, integers computed in
// double and truncated, IEEE specials, LogSumExp's stability (the running max is subtracted:
// no overflow for large inputs, no underflow for very negative ones, -inf for an all -inf
// slice), the half types' single rounding and long float32 accuracy. Shared behaviours
// (noop_with_empty_axes: log x / x, empty sets -> -inf, ...) are in test_reduce_family.cc.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "helpers.h"
#include "references.h"

using namespace orw;
using namespace orw_test;

namespace {

const double kLog2 = std::log(2.0);


Tensor reduce_all(const std::string& op, int64_t opset, const Tensor& x) {
  return run_reduce_op(op, opset, x, std::nullopt, {keepdims_attr(0)});
}

}  // namespace

// ---- ReduceLogSum ------------------------------------------------------------------------

TEST_CASE("ReduceLogSum/known values over each axis", "[reduce][ReduceLogSum]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(reduce("ReduceLogSum", opset, x, std::vector<int64_t>{1}), DataType::kFloat, {2, 1},
                          {std::log(6.0), std::log(15.0)}) == "");
    CHECK(tensor_mismatch(reduce("ReduceLogSum", opset, x, std::vector<int64_t>{0}), DataType::kFloat, {1, 3},
                          {std::log(5.0), std::log(7.0), std::log(9.0)}) == "");
  }
}

TEST_CASE("ReduceLogSum/integers are computed in double and truncated toward zero", "[reduce][ReduceLogSum]") {
  // Each sum below would wrap (to 0) in the integer type; in double it is exact.
  const Tensor a = make_typed<int32_t>(DataType::kInt32, {4}, {1, 2, 3, 4});
  CHECK(to_vector<int32_t>(reduce_all("ReduceLogSum", 18, a)) == std::vector<int32_t>{2});  // log 10 = 2.30
  const Tensor b = make_typed<int64_t>(DataType::kInt64, {4}, std::vector<int64_t>(4, int64_t{1} << 62));
  CHECK(to_vector<int64_t>(reduce_all("ReduceLogSum", 13, b)) == std::vector<int64_t>{44});  // log 2^64 = 44.36
  const Tensor c = make_typed<uint64_t>(DataType::kUint64, {2}, {uint64_t{1} << 63, uint64_t{1} << 63});
  CHECK(to_vector<uint64_t>(reduce_all("ReduceLogSum", 11, c)) == std::vector<uint64_t>{44});
  const Tensor d = make_typed<uint32_t>(DataType::kUint32, {2}, {0xFFFFFFFFu, 1});
  CHECK(to_vector<uint32_t>(reduce_all("ReduceLogSum", 1, d)) == std::vector<uint32_t>{22});  // log 2^32 = 22.18
}

TEST_CASE("ReduceLogSum/a zero sum gives -inf, a negative one NaN, infinities and NaN propagate", "[reduce][ReduceLogSum]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {5, 2}, {0, 0, -1, 0.5, kInf, 1, kNaN, 1, 1, -1});
    CHECK(tensor_mismatch(reduce("ReduceLogSum", 18, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), type, {5},
                          {-kInf, kNaN, kInf, kNaN, -kInf}) == "");
  }
}

TEST_CASE("ReduceLogSum/float16 and bfloat16 sum in float32 and round once", "[reduce][ReduceLogSum]") {
  // float16: 60000 + 60000 overflows half; in float32, log 120000 = 11.695.
  const Tensor h = make_tensor(DataType::kFloat16, {2}, {60000, 60000});
  CHECK(tensor_mismatch(reduce_all("ReduceLogSum", 13, h), DataType::kFloat16, {}, {std::log(120000.0)}) == "");
  // bfloat16: 1 and 16 values of 2^-9 sum to 1 + 2^-5 in float32 (stepwise bfloat16: 1).
  std::vector<uint16_t> b(17, f32_to_bf16(std::ldexp(1.0f, -9)));
  b[0] = 0x3F80;
  CHECK(tensor_mismatch(reduce_all("ReduceLogSum", 18, make_typed<uint16_t>(DataType::kBfloat16, {17}, b)),
                        DataType::kBfloat16, {}, {std::log1p(std::ldexp(1.0, -5))}) == "");
}

TEST_CASE("ReduceLogSum/long float32 sums keep pairwise accuracy", "[reduce][ReduceLogSum]") {
  const Tensor x = make_typed<float>(DataType::kFloat, {1000000}, std::vector<float>(1000000, 0.1f));
  const double got = to_doubles(reduce_all("ReduceLogSum", 18, x))[0];
  CHECK(std::fabs(got - std::log(1e6 * static_cast<double>(0.1f))) < 5e-6);
}

// ---- ReduceLogSumExp ---------------------------------------------------------------------

TEST_CASE("ReduceLogSumExp/known values over each axis", "[reduce][ReduceLogSumExp]") {
  const Tensor x = make_tensor(DataType::kDouble, {2, 3}, {0, 0, 0, 1, 2, 3});
  const double row1 = std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0));
  for (int64_t opset : {1, 11, 13, 18}) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(reduce("ReduceLogSumExp", opset, x, std::vector<int64_t>{1}), DataType::kDouble, {2, 1},
                          {std::log(3.0), row1}) == "");
    CHECK(tensor_mismatch(reduce("ReduceLogSumExp", opset, x, std::vector<int64_t>{0}), DataType::kDouble, {1, 3},
                          {std::log(1 + std::exp(1.0)), std::log(1 + std::exp(2.0)), std::log(1 + std::exp(3.0))}) == "");
  }
}

TEST_CASE("ReduceLogSumExp/large inputs do not overflow", "[reduce][ReduceLogSumExp]") {
  // exp(1000) overflows every type; the result is 1000 + log 2.
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    CHECK(tensor_mismatch(reduce_all("ReduceLogSumExp", 18, make_tensor(type, {2}, {1000, 1000})), type, {},
                          {1000 + kLog2}) == "");
  }
  // double: exp(710) overflows.
  CHECK(tensor_mismatch(reduce_all("ReduceLogSumExp", 13, make_tensor(DataType::kDouble, {3}, {710, 710, 709})),
                        DataType::kDouble, {}, {710 + std::log(2 + std::exp(-1.0))}) == "");
  // float: 89 is already beyond float's exp range.
  CHECK(tensor_mismatch(reduce_all("ReduceLogSumExp", 11, make_tensor(DataType::kFloat, {3}, {89, 88, 89})),
                        DataType::kFloat, {}, {89 + std::log(2 + std::exp(-1.0))}) == "");
}

TEST_CASE("ReduceLogSumExp/very negative inputs do not underflow", "[reduce][ReduceLogSumExp]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    CHECK(tensor_mismatch(reduce_all("ReduceLogSumExp", 18, make_tensor(type, {2}, {-1000, -1000})), type, {},
                          {-1000 + kLog2}) == "");
  }
}

TEST_CASE("ReduceLogSumExp/large inputs stay stable in rows, columns and tiles", "[reduce][ReduceLogSumExp]") {
  // Values 1000 + small offsets (and -1000 - ...) through R, KR, RK and KRK.
  struct Case {
    Shape dims;
    std::vector<int64_t> axes;
  };
  const Case cases[] = {{{131}, {0}}, {{3, 37}, {1}}, {{37, 35}, {0}}, {{3, 9, 35}, {1}}};
  for (double base : {1000.0, -1000.0}) {
    for (DataType type : {DataType::kFloat, DataType::kDouble}) {
      for (const Case& c : cases) {
        size_t n = 1;
        for (int64_t d : c.dims) n *= static_cast<size_t>(d);
        std::vector<double> v(n);
        for (size_t i = 0; i < n; ++i) v[i] = base + static_cast<double>((i * 7) % 11) * 0.25;
        const RefResult ref = naive_reduce("ReduceLogSumExp", c.dims, v, c.axes, true);
        INFO("type " << type_name(type) << ", base " << base << ", dims " << shape_to_string(c.dims));
        CHECK(tensor_mismatch(reduce("ReduceLogSumExp", 18, make_tensor(type, c.dims, v), c.axes), type, ref.dims,
                              ref.values) == "");
      }
    }
  }
}

TEST_CASE("ReduceLogSumExp/all -inf gives -inf; +inf gives +inf; NaN gives NaN", "[reduce][ReduceLogSumExp]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {6, 3}, {-kInf, -kInf, -kInf, -kInf, 0, -kInf, kInf, 1, 2, kInf, -kInf, 0,
                                                kNaN, kInf, 0, -kInf, kNaN, -kInf});
    CHECK(tensor_mismatch(reduce("ReduceLogSumExp", 18, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), type, {6},
                          {-kInf, 0, kInf, kInf, kNaN, kNaN}) == "");
    // An all -inf slice long enough for the vector paths, as a row and as columns.
    const Tensor long_row = make_tensor(type, {70}, std::vector<double>(70, -kInf));
    CHECK(tensor_mismatch(reduce_all("ReduceLogSumExp", 13, long_row), type, {}, {-kInf}) == "");
    const Tensor cols = make_tensor(type, {9, 35}, std::vector<double>(315, -kInf));
    CHECK(tensor_mismatch(reduce("ReduceLogSumExp", 13, cols, std::vector<int64_t>{0}, {keepdims_attr(0)}), type, {35},
                          std::vector<double>(35, -kInf)) == "");
  }
}

TEST_CASE("ReduceLogSumExp/integers are computed in double and truncated toward zero", "[reduce][ReduceLogSumExp]") {
  const Tensor a = make_typed<int32_t>(DataType::kInt32, {2}, {1000, 1000});
  CHECK(to_vector<int32_t>(reduce_all("ReduceLogSumExp", 18, a)) == std::vector<int32_t>{1000});  // 1000.69
  const Tensor b = make_typed<int64_t>(DataType::kInt64, {2, 2}, {0, 0, -3, -3});
  CHECK(to_vector<int64_t>(reduce("ReduceLogSumExp", 13, b, std::vector<int64_t>{1}, {keepdims_attr(0)})) ==
        std::vector<int64_t>{0, -2});  // 0.69 -> 0; -2.31 -> -2 (not -3)
  const Tensor c = make_typed<uint32_t>(DataType::kUint32, {2}, {4000000000u, 4000000000u});
  CHECK(to_vector<uint32_t>(reduce_all("ReduceLogSumExp", 11, c)) == std::vector<uint32_t>{4000000000u});
  const Tensor d = make_typed<int64_t>(DataType::kInt64, {3}, {int64_t{1} << 62, 0, -(int64_t{1} << 62)});
  CHECK(to_vector<int64_t>(reduce_all("ReduceLogSumExp", 1, d)) == std::vector<int64_t>{int64_t{1} << 62});
}

TEST_CASE("ReduceLogSumExp/float16 and bfloat16 compute in float32 and round once", "[reduce][ReduceLogSumExp]") {
  // exp(20) overflows float16; log(exp(20) + exp(20)) = 20.69 is rounded once to 20.6875.
  const Tensor h = make_tensor(DataType::kFloat16, {2}, {20, 20});
  CHECK(to_vector<uint16_t>(reduce_all("ReduceLogSumExp", 13, h)) ==
        std::vector<uint16_t>{f32_to_f16(static_cast<float>(20 + kLog2))});
  const Tensor b = make_tensor(DataType::kBfloat16, {3}, {1, 2, 3});
  CHECK(to_vector<uint16_t>(reduce_all("ReduceLogSumExp", 18, b)) ==
        std::vector<uint16_t>{f32_to_bf16(static_cast<float>(std::log(std::exp(1.0) + std::exp(2.0) + std::exp(3.0))))});
}

TEST_CASE("ReduceLogSumExp/long float32 slices keep pairwise accuracy", "[reduce][ReduceLogSumExp]") {
  // 10^6 values alternating 0 and log(0.1): the sum of exponentials, 550000, must be
  // accumulated pairwise (left to right in float32 it is off by ~0.3%, i.e. 3e-3 in the result).
  std::vector<float> v(1000000);
  double sum = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    v[i] = i % 2 ? std::log(0.1f) : 0.0f;
    sum += std::exp(static_cast<double>(v[i]));
  }
  const double exact = std::log(sum);
  const Tensor x = make_typed<float>(DataType::kFloat, {1000000}, v);
  CHECK(std::fabs(to_doubles(reduce_all("ReduceLogSumExp", 18, x))[0] - exact) < 1e-5);
  const Tensor y = make_typed<float>(DataType::kFloat, {2, 500000}, v);
  for (double got : to_doubles(reduce("ReduceLogSumExp", 18, y, std::vector<int64_t>{1}, {keepdims_attr(0)}))) {
    CHECK(std::fabs(got - (exact - kLog2)) < 1e-5);
  }
}

TEST_CASE("ReduceLogSumExp/long float32 columns keep pairwise accuracy", "[reduce][ReduceLogSumExp]") {
  // [n, 3] reduced over the rows (RK) and [3, n, 3] over the middle axis (KRK); along the
  // reduced axis the values alternate 0 and log(0.1).
  for (const Shape& dims : {Shape{333333, 3}, Shape{3, 111111, 3}}) {
    const size_t outer = dims.size() == 3 ? 3 : 1, n = static_cast<size_t>(dims[dims.size() - 2]);
    std::vector<float> v(outer * n * 3);
    for (size_t i = 0; i < v.size(); ++i) v[i] = ((i / 3) % n) % 2 ? std::log(0.1f) : 0.0f;
    double sum = 0;
    for (size_t i = 0; i < n; ++i) sum += std::exp(static_cast<double>(v[i * 3]));
    const double exact = std::log(sum);
    const std::vector<int64_t> axes = {static_cast<int64_t>(dims.size()) - 2};
    INFO("dims " << shape_to_string(dims));
    for (double got : to_doubles(reduce("ReduceLogSumExp", 18, make_typed<float>(DataType::kFloat, dims, v), axes,
                                        {keepdims_attr(0)}))) {
      CHECK(std::fabs(got - exact) < 1e-5);
    }
  }
}
