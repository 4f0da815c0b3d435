// Clip per version and type against ONNX's function body of Clip (13), computed here in
// double: t = x < min ? min : x, then max < t ? max : t; an omitted bound is not applied.
// The SIMD kernel against its scalar instance on lengths around the vector widths, NaN and
// infinities, min > max, the attribute versions, and bad bounds.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <random>

#include "elementwise/elementwise_kernels.h"
#include "helpers.h"
#include "schema/op_schema.h"

using namespace orw;
using namespace orw_test;
using Catch::Matchers::Contains;

namespace {

const std::vector<DataType>& clip_v13_types() {
  static const std::vector<DataType> t = {DataType::kUint8, DataType::kUint16, DataType::kUint32, DataType::kUint64,
                                          DataType::kInt8,  DataType::kInt16,  DataType::kInt32,  DataType::kInt64,
                                          DataType::kFloat16, DataType::kFloat, DataType::kDouble, DataType::kBfloat16};
  return t;
}

double spec_clip(double x, std::optional<double> lo, std::optional<double> hi) {
  double t = x;
  if (lo && x < *lo) t = *lo;
  if (hi && *hi < t) t = *hi;
  return t;
}

bool is_float_type(DataType t) {
  return t == DataType::kFloat || t == DataType::kDouble || t == DataType::kFloat16 || t == DataType::kBfloat16;
}

// A value of `type` (exactly representable), spread around the bounds below.
double random_value(DataType type, std::mt19937& rng) {
  const bool unsigned_type = type == DataType::kUint8 || type == DataType::kUint16 || type == DataType::kUint32 ||
                             type == DataType::kUint64;
  const double v = static_cast<double>(rand_int(rng, unsigned_type ? 0 : -60, 60));
  return is_float_type(type) ? v / 4 : v;
}

Tensor run_clip(int opset, const Tensor& x, const Tensor* lo, const Tensor* hi) {
  return run1(Node::make("Clip", "", opset, {}), {&x, lo, hi});
}

}  // namespace

TEST_CASE("Clip/the registry has versions 1, 6, 11, 12, 13 with the changelog's types", "[clip]") {
  std::vector<int> versions;
  for (const OpSchema& s : all_ops()) {
    if (std::string(s.op_type) != "Clip") continue;
    versions.push_back(s.since_version);
    INFO(s.since_version);
    CHECK(s.types.contains(DataType::kFloat));
    CHECK(s.types.contains(DataType::kInt8) == (s.since_version >= 12));
    CHECK(s.types.contains(DataType::kBfloat16) == (s.since_version >= 13));
    CHECK(!s.types.contains(DataType::kBool));
    CHECK(s.inputs.size() == (s.since_version >= 11 ? 3u : 1u));
  }
  CHECK(versions == std::vector<int>{1, 6, 11, 12, 13});
}

TEST_CASE("Clip/every type, each bound present or not, min above max, against the spec", "[clip]") {
  std::mt19937 rng(37);
  for (DataType type : clip_v13_types()) {
    for (int bounds = 0; bounds < 4; ++bounds) {
      for (int64_t n : {1, 3, 15, 16, 17, 33, 100}) {
        INFO(type_name(type) << " bounds " << bounds << " n " << n);
        std::vector<double> xs(static_cast<size_t>(n));
        for (double& v : xs) v = random_value(type, rng);
        double a = random_value(type, rng), b = random_value(type, rng);
        if (n == 17 && a < b) std::swap(a, b);  // min > max: every element is max
        const std::optional<double> lo = bounds & 1 ? std::optional<double>(a) : std::nullopt;
        const std::optional<double> hi = bounds & 2 ? std::optional<double>(b) : std::nullopt;
        const Tensor x = make_tensor(type, {n}, xs);
        const Tensor tl = make_tensor(type, {}, {a}), th = make_tensor(type, {1}, {b});
        const Tensor y = run_clip(13, x, lo ? &tl : nullptr, hi ? &th : nullptr);
        std::vector<double> expected;
        for (double v : xs) expected.push_back(spec_clip(v, lo, hi));
        CHECK(to_doubles(y) == expected);
      }
    }
  }
}

TEST_CASE("Clip/SIMD and scalar kernels give the same bits on lengths around the vector widths", "[clip]") {
  std::mt19937 rng(11);
  for (DataType type : clip_v13_types()) {
    for (size_t n = 0; n <= 70; n += (n < 40 ? 1 : 7)) {
      INFO(type_name(type) << " n " << n);
      std::vector<double> xs(n + 1);
      for (double& v : xs) v = random_value(type, rng);
      const Tensor x = make_tensor(type, {static_cast<int64_t>(n + 1)}, xs);
      const Tensor lo = make_tensor(type, {}, {2}), hi = make_tensor(type, {}, {9});
      Tensor a = Tensor::uninitialized(type, {static_cast<int64_t>(n)});
      Tensor b = Tensor::uninitialized(type, {static_cast<int64_t>(n)});
      // From element 1: a misaligned start.
      const auto* from = static_cast<const char*>(x.raw()) + element_size(type);
      kernels::clip(type, from, lo.raw(), hi.raw(), a.mutable_raw(), n, kernels::Variant::kSimd);
      kernels::clip(type, from, lo.raw(), hi.raw(), b.mutable_raw(), n, kernels::Variant::kScalar);
      CHECK((n == 0 || std::memcmp(a.raw(), b.raw(), a.byte_size()) == 0));
      for (size_t i = 0; i < n; ++i) CHECK(load_value(type, a.raw(), i) == spec_clip(xs[i + 1], 2.0, 9.0));
    }
  }
}

TEST_CASE("Clip/NaN stays NaN, infinities stay unless a bound is given, a NaN bound clips nothing", "[clip]") {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO(type_name(type));
    const std::vector<double> xs = {nan, inf, -inf, 2.5, -2.5, -0.0, 0.5, nan, 7, -7, inf, nan, 1, 2, 3, 4, nan};
    const Tensor x = make_tensor(type, {static_cast<int64_t>(xs.size())}, xs);
    const Tensor lo = make_tensor(type, {}, {-1}), hi = make_tensor(type, {}, {1}), nan_bound = make_tensor(type, {}, {nan});
    const std::vector<double> none = to_doubles(run_clip(13, x, nullptr, nullptr));
    const std::vector<double> both = to_doubles(run_clip(13, x, &lo, &hi));
    const std::vector<double> nan_bounds = to_doubles(run_clip(13, x, &nan_bound, &nan_bound));
    for (size_t i = 0; i < xs.size(); ++i) {
      INFO(i);
      CHECK(same_value(none[i], xs[i]));
      CHECK(same_value(both[i], spec_clip(xs[i], -1.0, 1.0)));
      CHECK(same_value(nan_bounds[i], xs[i]));
    }
    CHECK(std::signbit(both[5]));  // -0 is not below 0's bound: it stays -0
  }
}

TEST_CASE("Clip/versions 1 and 6 take float attributes, converted to the input's type", "[clip]") {
  const std::vector<double> xs = {-3, -0.1, 0.05, 0.1, 0.2, 5};
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16}) {
    INFO(type_name(type));
    const Tensor x = make_tensor(type, {6}, xs);
    for (int opset : {1, 6}) {
      const Node node = Node::make("Clip", "", opset, {Attribute::of_float("min", 0.1f), Attribute::of_float("max", 4.0f)});
      const std::vector<double> y = to_doubles(run1(node, {&x}));
      const double lo = as_type(type, static_cast<double>(0.1f));
      for (size_t i = 0; i < xs.size(); ++i) CHECK(y[i] == spec_clip(load_value(type, x.raw(), i), lo, 4.0));
      const Node only_max = Node::make("Clip", "", opset, {Attribute::of_float("max", 0.0f)});
      CHECK(to_doubles(run1(only_max, {&x}))[0] == -3);
    }
  }
  const Tensor ints = make_tensor(DataType::kInt32, {2}, {1, 2});
  CHECK_THROWS_AS(run1(Node::make("Clip", "", 11, {}), {&ints}), TypeError);  // integers from 12
}

TEST_CASE("Clip/bounds of another type or of several elements are errors naming the input", "[clip]") {
  const Tensor x = make_tensor(DataType::kFloat, {3}, {1, 2, 3});
  const Tensor wrong_type = make_tensor(DataType::kDouble, {}, {1});
  CHECK_THROWS_WITH(run_clip(13, x, &wrong_type, nullptr),
                    Contains("Clip (opset 13): input 1 'min' has element type float64 but input 0 'input' has float32"));
  CHECK_THROWS_AS(run_clip(13, x, nullptr, &wrong_type), TypeError);
  const Tensor two = make_tensor(DataType::kFloat, {2}, {1, 2});
  CHECK_THROWS_WITH(run_clip(13, x, nullptr, &two), Contains("Clip (opset 13): input 2 'max' must be a scalar, got shape [2]"));
  const Tensor deep = make_tensor(DataType::kFloat, {1, 1}, {1});
  CHECK_THROWS_AS(run_clip(13, x, &deep, nullptr), ValueError);
}
