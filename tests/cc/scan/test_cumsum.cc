// CumSum (versions 11 and 14) through run_node: opset resolution, the type list of each version
// (14 adds float16 and bfloat16), running sums for every type, exclusive x reverse on inner,
// middle and outer axes, integer wrap-around, the half types' per-output rounding, IEEE
// specials, the axis input's forms and errors, and empty tensors.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "helpers.h"
#include "references.h"
#include "schema/op_schema.h"

using namespace orw;
using namespace orw_test;
using Catch::Contains;

namespace {


Node cumsum_node(int64_t opset, bool exclusive = false, bool reverse = false) {
  std::vector<Attribute> attrs;
  if (exclusive) attrs.push_back(Attribute::of_int("exclusive", 1));
  if (reverse) attrs.push_back(Attribute::of_int("reverse", 1));
  return Node::make("CumSum", "", opset, attrs);
}

Tensor cumsum(int64_t opset, const Tensor& x, int64_t axis, bool exclusive = false, bool reverse = false) {
  const Tensor a = int64_scalar(axis);
  return run1(cumsum_node(opset, exclusive, reverse), {&x, &a});
}

// The definition: out[..k..] = sum of x[..j..] over j <= k (j < k when exclusive; j >= k /
// j > k when reversed), in double.
std::vector<double> naive_cumsum(const Shape& dims, const std::vector<double>& x, size_t axis, bool exclusive,
                                 bool reverse) {
  return naive_scan(dims, x, axis, exclusive, reverse, 0.0, [](double s, double v) { return s + v; });
}

// Small integers (non-negative for unsigned types): every running sum is exact in every type.
std::vector<double> small_values(DataType type, size_t n) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) {
    const int k = static_cast<int>((i * 5 + i / 7) % 7);
    v[i] = is_unsigned_type(type) ? k : k - 3;
  }
  return v;
}

}  // namespace

TEST_CASE("CumSum/opsets 11 to 13 resolve to version 11, 14 and later to version 14", "[cumsum]") {
  for (int64_t opset = 1; opset <= 10; ++opset) {
    INFO("opset " << opset);
    CHECK_THROWS_AS(resolve_op("", "CumSum", opset), UnsupportedError);
  }
  CHECK_THROWS_WITH(resolve_op("", "CumSum", 10), Contains("CumSum") && Contains("11"));
  for (int64_t opset = 11; opset <= kMaxOpset; ++opset) {
    INFO("opset " << opset);
    CHECK(resolve_op("", "CumSum", opset).since_version == (opset < 14 ? 11 : 14));
  }
}

TEST_CASE("CumSum/version 11 takes six types; version 14 adds float16 and bfloat16", "[cumsum]") {
  for (int64_t opset : {11, 13, 14, 26}) {
    const std::vector<DataType> allowed = spec_cumsum_types(opset);
    for (DataType type : all_fixed_size_types()) {
      INFO("opset " << opset << ", type " << type_name(type));
      if (contains_type(allowed, type)) {
        CHECK(tensor_mismatch(cumsum(opset, make_tensor(type, {3}, {1, 2, 3}), 0), type, {3}, {1, 3, 6}) == "");
      } else {
        const Tensor x(type, {3});
        CHECK_THROWS_AS(cumsum(opset, x, 0), TypeError);
        CHECK_THROWS_WITH(cumsum(opset, x, 0), Contains("CumSum") && Contains(type_name(type)) && Contains("'x'"));
      }
    }
  }
}

TEST_CASE("CumSum/every element type computes running sums in all four modes", "[cumsum]") {
  for (int64_t opset : {11, 14}) {
    for (DataType type : spec_cumsum_types(opset)) {
      INFO("opset " << opset << ", type " << type_name(type));
      const Tensor x = make_tensor(type, {2, 4}, {1, 2, 3, 4, 2, 1, 3, 2});
      CHECK(tensor_mismatch(cumsum(opset, x, 1), type, {2, 4}, {1, 3, 6, 10, 2, 3, 6, 8}) == "");
      CHECK(tensor_mismatch(cumsum(opset, x, 0), type, {2, 4}, {1, 2, 3, 4, 3, 3, 6, 6}) == "");
      CHECK(tensor_mismatch(cumsum(opset, x, 1, true, false), type, {2, 4}, {0, 1, 3, 6, 0, 2, 3, 6}) == "");
      CHECK(tensor_mismatch(cumsum(opset, x, 1, false, true), type, {2, 4}, {10, 9, 7, 4, 8, 6, 5, 2}) == "");
      CHECK(tensor_mismatch(cumsum(opset, x, 1, true, true), type, {2, 4}, {9, 7, 4, 0, 6, 5, 2, 0}) == "");
    }
  }
}

TEST_CASE("CumSum/exclusive and reverse on inner, middle and outer axes", "[cumsum]") {
  // Extents around the vector widths (2/4/8 lanes) so in-register scans, carried vectors and
  // tails are all reached.
  for (const Shape& dims : {Shape{3, 6, 9}, Shape{2, 17, 5}, Shape{5, 3, 33}}) {
    for (DataType type : spec_cumsum_types(14)) {
      size_t n = 1;
      for (int64_t d : dims) n *= static_cast<size_t>(d);
      const std::vector<double> v = small_values(type, n);
      const Tensor x = make_tensor(type, dims, v);
      for (int64_t axis = 0; axis < 3; ++axis) {
        for (int flags = 0; flags < 4; ++flags) {
          const bool exclusive = flags & 1, reverse = flags & 2;
          INFO("dims " << shape_to_string(dims) << ", type " << type_name(type) << ", axis " << axis << ", exclusive "
                       << exclusive << ", reverse " << reverse);
          CHECK(tensor_mismatch(cumsum(14, x, axis, exclusive, reverse), type, dims,
                                naive_cumsum(dims, v, static_cast<size_t>(axis), exclusive, reverse)) == "");
        }
      }
    }
  }
}

TEST_CASE("CumSum/long rows in every mode", "[cumsum]") {
  for (int64_t n : {1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 1025}) {
    for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kInt32, DataType::kUint64, DataType::kFloat16}) {
      const std::vector<double> v = small_values(type, static_cast<size_t>(2 * n));
      const Tensor x = make_tensor(type, {2, n}, v);
      for (int flags = 0; flags < 4; ++flags) {
        const bool exclusive = flags & 1, reverse = flags & 2;
        INFO("n " << n << ", type " << type_name(type) << ", exclusive " << exclusive << ", reverse " << reverse);
        CHECK(tensor_mismatch(cumsum(14, x, 1, exclusive, reverse), type, {2, n},
                              naive_cumsum({2, n}, v, 1, exclusive, reverse)) == "");
      }
    }
  }
}

TEST_CASE("CumSum/integer running sums wrap around", "[cumsum]") {
  constexpr int32_t i32max = std::numeric_limits<int32_t>::max();
  constexpr int32_t i32min = std::numeric_limits<int32_t>::min();
  const Tensor a = make_typed<int32_t>(DataType::kInt32, {4}, {i32max, 1, 1, -2});
  CHECK(to_vector<int32_t>(cumsum(11, a, 0)) == std::vector<int32_t>{i32max, i32min, i32min + 1, i32max});
  CHECK(to_vector<int32_t>(cumsum(14, a, 0, false, true)) == std::vector<int32_t>{i32max, 0, -1, -2});
  const Tensor u = make_typed<uint32_t>(DataType::kUint32, {2, 2}, {0xFFFFFFFFu, 5, 3, 0xFFFFFFFEu});
  CHECK(to_vector<uint32_t>(cumsum(14, u, 0)) == std::vector<uint32_t>{0xFFFFFFFFu, 5, 2, 3});
  CHECK(to_vector<uint32_t>(cumsum(14, u, 1, true)) == std::vector<uint32_t>{0, 0xFFFFFFFFu, 0, 3});
  const Tensor b = make_typed<int64_t>(DataType::kInt64, {3}, {std::numeric_limits<int64_t>::max(), 1, 1});
  CHECK(to_vector<int64_t>(cumsum(11, b, 0)) ==
        std::vector<int64_t>{std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min(),
                             std::numeric_limits<int64_t>::min() + 1});
  const Tensor c = make_typed<uint64_t>(DataType::kUint64, {3}, {~uint64_t{0}, 1, 1});
  CHECK(to_vector<uint64_t>(cumsum(14, c, -1)) == std::vector<uint64_t>{~uint64_t{0}, 0, 1});
  // A long row of 2^30 (vector lanes): out[k] = (k + 1) * 2^30 mod 2^32.
  const Tensor d = make_typed<int32_t>(DataType::kInt32, {37}, std::vector<int32_t>(37, 1 << 30));
  const std::vector<int32_t> got = to_vector<int32_t>(cumsum(14, d, 0));
  for (size_t k = 0; k < got.size(); ++k) {
    INFO("k " << k);
    CHECK(static_cast<uint32_t>(got[k]) == static_cast<uint32_t>((k + 1) << 30));
  }
}

TEST_CASE("CumSum/float16 and bfloat16 accumulate in float32 and round each output once", "[cumsum]") {
  // float16: 1 then values of 2^-11 (half an ulp of 1): out[k] = 1 + k * 2^-11 rounded once, so
  // the outputs climb (a running sum in float16 would stay at 1).
  std::vector<uint16_t> h(17, f32_to_f16(std::ldexp(1.0f, -11)));
  h[0] = 0x3C00;
  const std::vector<uint16_t> got = to_vector<uint16_t>(cumsum(14, make_typed<uint16_t>(DataType::kFloat16, {17}, h), 0));
  for (size_t k = 0; k < got.size(); ++k) {
    INFO("k " << k);
    CHECK(got[k] == f32_to_f16(1.0f + static_cast<float>(k) * std::ldexp(1.0f, -11)));
  }
  CHECK(got.back() == 0x3C00 + 8);
  // bfloat16: values of 2^-9 after 1, down columns (combined rows path).
  std::vector<uint16_t> b;
  for (int k = 0; k < 17; ++k) b.insert(b.end(), 3, k == 0 ? uint16_t{0x3F80} : f32_to_bf16(std::ldexp(1.0f, -9)));
  const std::vector<uint16_t> bgot = to_vector<uint16_t>(cumsum(14, make_typed<uint16_t>(DataType::kBfloat16, {17, 3}, b), 0));
  for (size_t k = 0; k < 17; ++k) {
    INFO("k " << k);
    CHECK(bgot[k * 3 + 2] == f32_to_bf16(1.0f + static_cast<float>(k) * std::ldexp(1.0f, -9)));
  }
  CHECK(bgot.back() == 0x3F80 + 4);
}

TEST_CASE("CumSum/infinities and NaN propagate along the scan", "[cumsum]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    const Tensor x = make_tensor(type, {2, 4}, {1, kInf, 2, -kInf, 1, kNaN, 2, 3});
    CHECK(tensor_mismatch(cumsum(14, x, 1), type, {2, 4}, {1, kInf, kInf, kNaN, 1, kNaN, kNaN, kNaN}) == "");
    CHECK(tensor_mismatch(cumsum(14, x, 1, true, true), type, {2, 4}, {kNaN, -kInf, -kInf, 0, kNaN, 5, 3, 0}) == "");
  }
}

TEST_CASE("CumSum/an inclusive scan of -0 values gives -0 along inner and outer axes, both directions", "[cumsum]") {
  // -0 + -0 is -0; a scan that started from +0 would give +0. Rows of 9 reach the vector
  // loops and the scalar tails; 9 rows reach the row groups and the single rows after them.
  const Shape dims = {9, 9};
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    const Tensor x = make_tensor(type, dims, std::vector<double>(81, -0.0));
    for (int64_t axis : {0, 1}) {
      for (bool reverse : {false, true}) {
        INFO("type " << type_name(type) << ", axis " << axis << ", reverse " << reverse);
        const std::vector<double> got = to_doubles(cumsum(14, x, axis, false, reverse));
        size_t negative_zeros = 0;
        for (double v : got) negative_zeros += v == 0.0 && std::signbit(v);
        CHECK(negative_zeros == got.size());
      }
    }
  }
}

TEST_CASE("CumSum/the axis may be int32 or int64, 0-D or 1-D with one element", "[cumsum]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const std::vector<double> expected = {1, 3, 6, 4, 9, 15};
  const Tensor forms[] = {int64_scalar(1), int64_tensor({1}, {1}), make_typed<int32_t>(DataType::kInt32, {}, {1}),
                          make_typed<int32_t>(DataType::kInt32, {1}, {1}),
                          make_typed<int32_t>(DataType::kInt32, {1}, {-1})};
  for (int64_t opset : {11, 14}) {
    const Node n = cumsum_node(opset);
    for (const Tensor& axis : forms) {
      INFO("opset " << opset << ", axis type " << type_name(axis.type()) << " shape " << shape_to_string(axis.dims()));
      CHECK(tensor_mismatch(run1(n, {&x, &axis}), DataType::kFloat, {2, 3}, expected) == "");
    }
  }
}

TEST_CASE("CumSum/a negative axis counts from the end", "[cumsum]") {
  const Shape dims = {2, 3, 4};
  const std::vector<double> v = small_values(DataType::kDouble, 24);
  const Tensor x = make_tensor(DataType::kDouble, dims, v);
  CHECK(tensor_mismatch(cumsum(11, x, -1), DataType::kDouble, dims, naive_cumsum(dims, v, 2, false, false)) == "");
  CHECK(tensor_mismatch(cumsum(14, x, -2, true), DataType::kDouble, dims, naive_cumsum(dims, v, 1, true, false)) == "");
  CHECK(tensor_mismatch(cumsum(14, x, -3, false, true), DataType::kDouble, dims, naive_cumsum(dims, v, 0, false, true)) ==
        "");
}

TEST_CASE("CumSum/an out-of-range axis names the op, the axis and the rank", "[cumsum]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3, 4}, std::vector<double>(24, 1.0));
  for (int64_t opset : {11, 14}) {
    INFO("opset " << opset);
    CHECK_THROWS_AS(cumsum(opset, x, 3), std::invalid_argument);
    CHECK_THROWS_WITH(cumsum(opset, x, 3), Contains("CumSum") && Contains("axis 3") && Contains("rank 3"));
    CHECK_THROWS_WITH(cumsum(opset, x, -4), Contains("CumSum") && Contains("axis -4") && Contains("[-3, 2]"));
  }
}

TEST_CASE("CumSum/invalid axis inputs and a rank-0 x are errors", "[cumsum]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Node n = cumsum_node(14);
  const Tensor two = int64_vector({0, 1});
  CHECK_THROWS_AS(run1(n, {&x, &two}), std::invalid_argument);
  CHECK_THROWS_WITH(run1(n, {&x, &two}), Contains("CumSum") && Contains("'axis'") && Contains("[2]"));
  const Tensor f = make_tensor(DataType::kFloat, {}, {1});
  CHECK_THROWS_AS(run1(n, {&x, &f}), TypeError);
  CHECK_THROWS_WITH(run1(n, {&x, &f}), Contains("CumSum") && Contains("'axis'") && Contains("int32 or int64"));
  CHECK_THROWS_AS(run1(n, {&x}), std::invalid_argument);
  CHECK_THROWS_WITH(run1(n, {&x}), Contains("CumSum") && Contains("'axis'") && Contains("missing"));
  const Tensor scalar = make_tensor(DataType::kFloat, {}, {3});
  CHECK_THROWS_AS(cumsum(11, scalar, 0), std::invalid_argument);
  CHECK_THROWS_WITH(cumsum(11, scalar, 0), Contains("CumSum") && Contains("'x'") && Contains("rank"));
  CHECK_THROWS_AS(Node::make("CumSum", "", 14, {Attribute::of_int("exclusive", 2)}), std::invalid_argument);
  CHECK_THROWS_WITH(Node::make("CumSum", "", 14, {Attribute::of_int("reverse", 3)}),
                    Contains("CumSum") && Contains("reverse") && Contains("0 or 1"));
}

TEST_CASE("CumSum/empty tensors give empty outputs of the same shape", "[cumsum]") {
  for (DataType type : spec_cumsum_types(14)) {
    INFO("type " << type_name(type));
    for (int64_t axis : {0, 1, 2}) {
      CHECK(tensor_mismatch(cumsum(14, Tensor(type, {2, 0, 3}), axis), type, {2, 0, 3}, {}) == "");
      CHECK(tensor_mismatch(cumsum(14, Tensor(type, {2, 0, 3}), axis, true, true), type, {2, 0, 3}, {}) == "");
    }
    CHECK(tensor_mismatch(cumsum(14, Tensor(type, {0}), 0), type, {0}, {}) == "");
  }
}

TEST_CASE("CumSum/the output never aliases the input", "[cumsum]") {
  std::vector<float> v = {2, 3};
  const Tensor x = Tensor::view(DataType::kFloat, {2}, v.data());
  const Tensor out = cumsum(14, x, 0);
  CHECK(out.raw() != x.raw());
  v[0] = 100;
  CHECK(to_vector<float>(out) == std::vector<float>{2, 5});
}
