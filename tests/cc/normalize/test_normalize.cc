// Softmax, LogSoftmax, Hardmax (1, 11, 13) and LpNormalization (1, 22): versions and types,
// every type and axis against the float64 reference of normalize_reference.h (ulp bounds for
// float32), the 2-D view of versions 1/11 against 13's single axis, Hardmax ties and NaN,
// rows of infinities and NaN, large inputs, LpNormalization's zero slices, 1e20 values and 'p',
// and the errors.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/errors.h"
#include "helpers.h"
#include "normalize_reference.h"
#include "runtime/run_node.h"

using namespace orw;
using namespace orw_test;
using Catch::Contains;

namespace {

const std::vector<std::string> kSoftmaxLike = {"Softmax", "LogSoftmax", "Hardmax"};

std::vector<int64_t> versions_of(const std::string& op) {
  return op == "LpNormalization" ? std::vector<int64_t>{1, 22} : std::vector<int64_t>{1, 11, 13};
}
bool has_bfloat16(const std::string& op, int64_t version) { return version >= (op == "LpNormalization" ? 22 : 13); }
bool view_2d(const std::string& op, int64_t version) { return op != "LpNormalization" && version < 13; }

std::vector<DataType> float_types() { return {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}; }

Tensor run_op(const std::string& op, int64_t opset, const Tensor& x, std::vector<Attribute> attrs = {}) {
  return run1(Node::make(op, "", opset, std::move(attrs)), {&x});
}

// Values of `count` elements spread over [-scale, scale] deterministically, a few repeated.
std::vector<double> spread(size_t count, double scale, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<double> v(count);
  for (double& e : v) e = (rand_unit(rng) * 2 - 1) * scale;
  if (count > 3) v[count - 1] = v[1];
  return v;
}

// Runs op and checks it against the reference; the values are first rounded to the type.
void check_against_reference(const std::string& op, int64_t opset, DataType type, const Shape& dims,
                             std::vector<double> x, int64_t axis, std::vector<Attribute> attrs = {}, int64_t p = 2) {
  for (double& e : x) e = as_type(type, e);
  const Tensor t = make_tensor(type, dims, x);
  const Tensor out = run_op(op, opset, t, attrs);
  REQUIRE(out.type() == type);
  REQUIRE(out.dims() == dims);
  const int64_t wrapped = axis < 0 ? axis + static_cast<int64_t>(dims.size()) : axis;
  std::vector<double> row_max;
  const auto want = ref_normalize(op, dims, x, wrapped, view_2d(op, opset), p, &row_max);
  CHECK(mismatch(type, to_doubles(out), want, row_max, op == "LogSoftmax") == "");
}

}  // namespace

TEST_CASE("Normalize/each opset resolves to versions 1, 11, 13 (LpNormalization: 1, 22)", "[normalize]") {
  for (const std::string op : {"Softmax", "LogSoftmax", "Hardmax", "LpNormalization"}) {
    const auto versions = versions_of(op);
    for (int64_t opset = 1; opset <= kMaxOpset; ++opset) {
      int64_t want = 0;
      for (int64_t v : versions) if (v <= opset) want = v;
      INFO(op << " opset " << opset);
      CHECK(Node::make(op, "", opset, {}).since_version() == want);
    }
  }
}

TEST_CASE("Normalize/each version takes float16, float, double, and bfloat16 from 13 (LpNormalization: 22)", "[normalize]") {
  for (const std::string op : {"Softmax", "LogSoftmax", "Hardmax", "LpNormalization"}) {
    for (int64_t v : versions_of(op)) {
      for (DataType type : all_fixed_size_types()) {
        const bool want = type == DataType::kFloat || type == DataType::kDouble || type == DataType::kFloat16 ||
                          (type == DataType::kBfloat16 && has_bfloat16(op, v));
        INFO(op << " " << v << " " << type_name(type));
        const Tensor x = make_tensor(type, {2, 2}, {1, 0, 1, 1});
        if (want) CHECK_NOTHROW(run_op(op, v, x));
        else CHECK_THROWS_AS(run_op(op, v, x), TypeError);
      }
    }
  }
}

TEST_CASE("Normalize/every version, type and axis (first, middle, last, negative) matches the float64 reference", "[normalize]") {
  const Shape dims = {3, 4, 5};
  const auto x = spread(60, 4.0, 7);
  for (const std::string op : {"Softmax", "LogSoftmax", "Hardmax", "LpNormalization"}) {
    for (int64_t v : versions_of(op)) {
      for (DataType type : float_types()) {
        if (type == DataType::kBfloat16 && !has_bfloat16(op, v)) continue;
        for (int64_t axis : {0, 1, 2, -1, -2, -3}) {
          INFO(op << " " << v << " " << type_name(type) << " axis " << axis);
          check_against_reference(op, v, type, dims, x, axis, {Attribute::of_int("axis", axis)});
        }
        INFO(op << " " << v << " " << type_name(type) << " default axis (the last of rank 2 for every version)");
        check_against_reference(op, v, type, {2, 7}, spread(14, 3.0, 3), 1);
      }
    }
  }
}

TEST_CASE("Softmax/float32 rows of many lengths and scales stay within 2 ulp of float64", "[normalize]") {
  for (const std::string op : {"Softmax", "LogSoftmax"}) {
    for (size_t n : {1, 2, 3, 5, 8, 31, 100, 1000, 5000}) {
      for (double scale : {0.01, 1.0, 30.0, 300.0}) {
        INFO(op << " n " << n << " scale " << scale);
        check_against_reference(op, 13, DataType::kFloat, {3, static_cast<int64_t>(n)}, spread(3 * n, scale, 11), -1);
        check_against_reference(op, 13, DataType::kFloat, {static_cast<int64_t>(n), 3}, spread(3 * n, scale, 12), 0,
                                {Attribute::of_int("axis", 0)});
      }
    }
  }
}

TEST_CASE("Softmax/1 and 11 normalize the 2-D view at axis, 13 the single axis: they differ for rank 3 with axis 1", "[normalize]") {
  const Shape dims = {2, 3, 4};
  const Tensor x = make_tensor(DataType::kDouble, dims, spread(24, 2.0, 5));
  for (const std::string op : kSoftmaxLike) {
    const auto v11 = to_doubles(run_op(op, 11, x, {Attribute::of_int("axis", 1)}));
    const auto v13 = to_doubles(run_op(op, 13, x, {Attribute::of_int("axis", 1)}));
    CHECK(v11 != v13);
    if (op == "LogSoftmax") continue;
    for (size_t o = 0; o < 2; ++o) {  // 11: each of the 2 rows of 12 sums to 1
      double s = 0;
      for (size_t i = 0; i < 12; ++i) s += v11[o * 12 + i];
      CHECK(s == Approx(1.0));
      for (size_t j = 0; j < 4; ++j) {  // 13: each of the 2 x 4 columns of 3 sums to 1
        double c = 0;
        for (size_t i = 0; i < 3; ++i) c += v13[(o * 3 + i) * 4 + j];
        CHECK(c == Approx(1.0));
      }
    }
  }
}

TEST_CASE("Softmax/the default axis is 1 at versions 1 and 11 and -1 at 13", "[normalize]") {
  const Shape dims = {2, 3, 4};
  const Tensor x = make_tensor(DataType::kFloat, dims, spread(24, 2.0, 9));
  for (const std::string op : kSoftmaxLike) {
    for (int64_t v : {1, 11, 13}) {
      const int64_t axis = v < 13 ? 1 : -1;
      INFO(op << " " << v);
      CHECK(to_doubles(run_op(op, v, x)) == to_doubles(run_op(op, v, x, {Attribute::of_int("axis", axis)})));
    }
  }
  CHECK(to_doubles(run_op("LpNormalization", 1, x)) ==
        to_doubles(run_op("LpNormalization", 1, x, {Attribute::of_int("axis", -1)})));
}

TEST_CASE("Hardmax/ties give 1 at the first maximum only", "[normalize]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 4}, {1, 3, 3, 2, 5, 5, 5, 5});
  CHECK(to_doubles(run_op("Hardmax", 13, x)) == std::vector<double>{0, 1, 0, 0, 1, 0, 0, 0});
  const Tensor c = make_tensor(DataType::kFloat16, {3, 2}, {1, 7, 7, 7, 7, 1});
  CHECK(to_doubles(run_op("Hardmax", 13, c, {Attribute::of_int("axis", 0)})) == std::vector<double>{0, 1, 1, 0, 0, 0});
}

TEST_CASE("Hardmax/a slice with NaN gets its 1 at the first NaN", "[normalize]") {
  for (DataType type : float_types()) {
    INFO(type_name(type));
    const Tensor x = make_tensor(type, {2, 4}, {1, kNaN, 9, kNaN, kInf, 2, 3, kNaN});
    CHECK(to_doubles(run_op("Hardmax", 13, x)) == std::vector<double>{0, 1, 0, 0, 0, 0, 0, 1});
  }
}

TEST_CASE("Softmax/rows with +inf, NaN or only -inf are NaN; -inf in a finite row gives 0 (LogSoftmax -inf)", "[normalize]") {
  for (DataType type : float_types()) {
    for (bool columns : {false, true}) {  // the KR and the RK patterns
      const std::vector<double> rows = {1, kInf, 2, 0, kNaN, 3, -kInf, -kInf, -kInf, 1, -kInf, 2};
      const Shape dims = columns ? Shape{3, 4} : Shape{4, 3};
      std::vector<double> x(12);
      for (size_t r = 0; r < 4; ++r) for (size_t i = 0; i < 3; ++i) x[columns ? i * 4 + r : r * 3 + i] = rows[r * 3 + i];
      for (const std::string op : {"Softmax", "LogSoftmax"}) {
        INFO(op << " " << type_name(type) << (columns ? " axis 0" : " axis 1"));
        const Tensor t = make_tensor(type, dims, x);
        const auto got = to_doubles(run_op(op, 13, t, {Attribute::of_int("axis", columns ? 0 : 1)}));
        for (size_t r = 0; r < 3; ++r) {
          for (size_t i = 0; i < 3; ++i) CHECK(std::isnan(got[columns ? i * 4 + r : r * 3 + i]));
        }
        const double g = got[columns ? 1 * 4 + 3 : 3 * 3 + 1];
        CHECK(g == (op == "Softmax" ? 0.0 : -kInf));
      }
    }
  }
}

TEST_CASE("Softmax/inputs of 1e4 and beyond never overflow", "[normalize]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble}) {
    for (double scale : {1e4, 1e8, 1e30}) {
      for (const std::string op : {"Softmax", "LogSoftmax"}) {
        INFO(op << " " << type_name(type) << " " << scale);
        check_against_reference(op, 13, type, {2, 3}, {scale, scale + scale * 1e-7, scale * 1.5, -scale, 0, scale}, -1);
      }
    }
  }
  const Tensor x = make_tensor(DataType::kFloat, {3}, {10000, 10001, 10002});
  const auto got = to_doubles(run_op("Softmax", 13, x));
  CHECK(got[2] == Approx(0.66524096));
}

TEST_CASE("LpNormalization/a slice of norm 0 gives zeros", "[normalize]") {
  for (DataType type : float_types()) {
    for (int64_t p : {1, 2}) {
      INFO(type_name(type) << " p " << p);
      const Tensor x = make_tensor(type, {2, 3}, {0, 0, 0, 3, 0, -4});
      const auto got = to_doubles(run_op("LpNormalization", 22, x, {Attribute::of_int("p", p)}));
      const double d = p == 1 ? 7 : 5;
      CHECK(got[0] == 0);
      CHECK(got[1] == 0);
      CHECK(got[2] == 0);
      CHECK(got[3] == Approx(3 / d).epsilon(0.01));
      CHECK(got[5] == Approx(-4 / d).epsilon(0.01));
      const auto cols = to_doubles(run_op("LpNormalization", 22, x, {Attribute::of_int("p", p), Attribute::of_int("axis", 0)}));
      CHECK(cols[1] == 0);
      CHECK(cols[4] == 0);
    }
  }
}

TEST_CASE("LpNormalization/an all-zero slice gives +0 even for -0; an infinite norm gives what x / inf gives", "[normalize]") {
  for (int64_t p : {1, 2}) {
    INFO("p " << p);
    const Tensor zeros = make_tensor(DataType::kFloat, {1, 4}, {-0.0, 0.0, -0.0, -0.0});
    for (double v : to_doubles(run_op("LpNormalization", 22, zeros, {Attribute::of_int("p", p)}))) {
      CHECK(v == 0);
      CHECK_FALSE(std::signbit(v));
    }
    const double inf = std::numeric_limits<double>::infinity();
    for (DataType type : float_types()) {
      INFO(type_name(type));
      const Tensor x = make_tensor(type, {1, 3}, {inf, 1, -2});
      const auto got = to_doubles(run_op("LpNormalization", 22, x, {Attribute::of_int("p", p)}));
      CHECK(std::isnan(got[0]));  // inf / inf
      CHECK((got[1] == 0 && !std::signbit(got[1])));
      CHECK((got[2] == 0 && std::signbit(got[2])));  // -2 / inf = -0
    }
  }
}

TEST_CASE("LpNormalization/float32 values of 1e20 give finite, correct results (norms in double)", "[normalize]") {
  for (int64_t p : {1, 2}) {
    for (int64_t axis : {0, 1}) {
      INFO("p " << p << " axis " << axis);
      check_against_reference("LpNormalization", 1, DataType::kFloat, {2, 3}, {1e20, -2e20, 3e20, 3e38, 3e38, 1e-30},
                              axis, {Attribute::of_int("p", p), Attribute::of_int("axis", axis)}, p);
    }
  }
}

TEST_CASE("LpNormalization/float32 rows along the last axis, of any length and more than 1024 of them, stay within 2 ulp of float64", "[normalize]") {
  for (int64_t p : {1, 2}) {
    for (int64_t n : {1, 3, 4, 5, 8, 33, 384}) {
      for (int64_t rows : {int64_t{3}, int64_t{1100}}) {
        INFO("p " << p << " rows " << rows << " n " << n);
        check_against_reference("LpNormalization", 22, DataType::kFloat, {rows, n},
                                spread(static_cast<size_t>(rows * n), 50.0, 21), -1, {Attribute::of_int("p", p)}, p);
      }
    }
  }
}

TEST_CASE("LpNormalization/p other than 1 or 2 is a ValueError naming attribute 'p', when the node is made", "[normalize]") {
  const Tensor x = make_tensor(DataType::kFloat, {2}, {1, 2});
  for (int64_t p : {0, 3, -1}) {
    for (int64_t v : {1, 22}) {
      CHECK_THROWS_WITH(Node::make("LpNormalization", "", v, {Attribute::of_int("p", p)}),
                        Contains("LpNormalization (opset " + std::to_string(v) + "): attribute 'p' is " + std::to_string(p)));
    }
    CHECK_THROWS_AS(run_op("LpNormalization", 22, x, {Attribute::of_int("p", p)}), ValueError);
    CHECK_THROWS_WITH(run_op("LpNormalization", 22, x, {Attribute::of_int("p", p)}),
                      Contains("LpNormalization") && Contains("attribute 'p' is " + std::to_string(p)));
  }
}

TEST_CASE("Normalize/an axis out of range, or any axis of a rank-0 input, is an error naming attribute 'axis'", "[normalize]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor scalar = make_tensor(DataType::kFloat, {}, {1});
  for (const std::string op : {"Softmax", "LogSoftmax", "Hardmax", "LpNormalization"}) {
    for (int64_t v : versions_of(op)) {
      INFO(op << " " << v);
      CHECK_THROWS_WITH(run_op(op, v, x, {Attribute::of_int("axis", 2)}), Contains(op) && Contains("attribute 'axis'"));
      CHECK_THROWS_WITH(run_op(op, v, x, {Attribute::of_int("axis", -3)}), Contains("attribute 'axis'"));
      CHECK_THROWS_WITH(run_op(op, v, scalar), Contains("attribute 'axis' (default"));
    }
  }
}

TEST_CASE("Normalize/an empty input gives an empty output of its shape", "[normalize]") {
  const Tensor x = make_tensor(DataType::kFloat, {0, 3}, {});
  for (const std::string op : {"Softmax", "LogSoftmax", "Hardmax", "LpNormalization"}) {
    const Tensor out = run_op(op, 13 + 9 * (op == "LpNormalization"), x, {Attribute::of_int("axis", 0)});
    CHECK(out.dims() == Shape{0, 3});
  }
}

TEST_CASE("Softmax/a size-1 axis gives 1 (LogSoftmax 0, Hardmax 1, LpNormalization x / |x|)", "[normalize]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 1}, {-3, 5});
  CHECK(to_doubles(run_op("Softmax", 13, x)) == std::vector<double>{1, 1});
  CHECK(to_doubles(run_op("LogSoftmax", 13, x)) == std::vector<double>{0, 0});
  CHECK(to_doubles(run_op("Hardmax", 13, x)) == std::vector<double>{1, 1});
  CHECK(to_doubles(run_op("LpNormalization", 1, x)) == std::vector<double>{-1, 1});
}
