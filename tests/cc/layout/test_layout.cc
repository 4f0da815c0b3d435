// The layout ops (Reshape, Squeeze, Unsqueeze, Flatten, Identity, Shape, Expand) run, per the
// ONNX operator docs: the registry's versions and types against the changelog, the output dims
// of each rule, no copy where the op only views, Expand against a naive broadcast, and bad
// inputs named in the errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "helpers.h"
#include "schema/op_schema.h"

using namespace orw;
using namespace orw_test;
using Catch::Matchers::Contains;

namespace {

// The since-versions of each op, from the ONNX operator changelog (opsets 1-26).
const std::map<std::string, std::vector<int>>& spec_versions() {
  static const std::map<std::string, std::vector<int>> v = {
      {"Reshape", {1, 5, 13, 14, 19, 21, 23, 24, 25}}, {"Squeeze", {1, 11, 13, 21, 23, 24, 25}},
      {"Unsqueeze", {1, 11, 13, 21, 23, 24, 25}},      {"Flatten", {1, 9, 11, 13, 21, 23, 24, 25}},
      {"Identity", {1, 13, 14, 16, 19, 21, 23, 24, 25}}, {"Shape", {1, 13, 15, 19, 21, 23, 24, 25}},
      {"Expand", {8, 13}}};
  return v;
}

// The package's types each version accepts: floats only in Reshape 1 and Flatten 1, then every
// type; bfloat16 from 13.
std::vector<DataType> spec_types(const std::string& op, int since) {
  if ((op == "Reshape" && since == 1) || (op == "Flatten" && since == 1)) {
    return {DataType::kFloat16, DataType::kFloat, DataType::kDouble};
  }
  std::vector<DataType> t = {DataType::kUint8, DataType::kUint16, DataType::kUint32, DataType::kUint64,
                             DataType::kInt8,  DataType::kInt16,  DataType::kInt32,  DataType::kInt64,
                             DataType::kFloat16, DataType::kFloat, DataType::kDouble, DataType::kBool};
  if (since >= 13) t.push_back(DataType::kBfloat16);
  return t;
}

Node make(const std::string& op, int opset, std::vector<Attribute> attrs = {}) {
  return Node::make(op, "", opset, std::move(attrs));
}

Tensor iota(DataType type, Shape dims) {
  std::vector<double> v(static_cast<size_t>(checked_element_count(dims, "t")));
  for (size_t i = 0; i < v.size(); ++i) v[i] = type == DataType::kBool ? static_cast<double>(i % 2) : static_cast<double>(i % 100);
  return make_tensor(type, std::move(dims), v);
}

// Runs a view op and checks it kept the bytes (the same address) and returns the dims.
Shape view_dims(const Node& node, const Tensor& x, const std::vector<const Tensor*>& more = {}) {
  std::vector<const Tensor*> inputs = {&x};
  inputs.insert(inputs.end(), more.begin(), more.end());
  const Tensor y = run1(node, inputs);
  CHECK(y.raw() == x.raw());
  CHECK(y.type() == x.type());
  return y.dims();
}
Shape view_dims(const Node& node, const Tensor& x, const Tensor& second) { return view_dims(node, x, {&second}); }

}  // namespace

TEST_CASE("Layout/the registry has every version of the changelog with its types", "[layout]") {
  for (const auto& [op, versions] : spec_versions()) {
    std::vector<int> got;
    for (const OpSchema& s : all_ops()) {
      if (op != s.op_type) continue;
      got.push_back(s.since_version);
      INFO(op << ' ' << s.since_version);
      CHECK(s.family == Family::kLayout);
      const std::vector<DataType> expected = spec_types(op, s.since_version);
      for (DataType t : spec_types("Identity", 13)) {
        INFO(type_name(t));
        CHECK(s.types.contains(t) == (std::find(expected.begin(), expected.end(), t) != expected.end()));
      }
    }
    INFO(op);
    CHECK(got == versions);
  }
}

TEST_CASE("Reshape/0 keeps a dim, -1 takes the rest, allowzero makes 0 a dim; the bytes are shared", "[layout]") {
  const Tensor x = iota(DataType::kFloat, {2, 3, 4});
  CHECK(view_dims(make("Reshape", 13), x, int64_vector({4, -1})) == Shape{4, 6});
  CHECK(view_dims(make("Reshape", 13), x, int64_vector({0, 0, -1})) == Shape{2, 3, 4});
  CHECK(view_dims(make("Reshape", 13), x, int64_vector({-1})) == Shape{24});
  CHECK(view_dims(make("Reshape", 5), x, int64_vector({2, 0, 2, 2})) == Shape{2, 3, 2, 2});
  CHECK(view_dims(make("Reshape", 1, {Attribute::of_ints("shape", {6, 4})}), x) == Shape{6, 4});
  const Tensor empty = iota(DataType::kFloat, {0, 3});
  CHECK(view_dims(make("Reshape", 14, {Attribute::of_int("allowzero", 1)}), empty, int64_vector({3, 0})) == Shape{3, 0});
  CHECK(view_dims(make("Reshape", 14), empty, int64_vector({0, 3})) == Shape{0, 3});
  const Tensor one = iota(DataType::kInt64, {1, 1});
  CHECK(view_dims(make("Reshape", 13), one, int64_vector({})) == Shape{});  // to a scalar
}

TEST_CASE("Reshape/bad shapes are errors naming the entry", "[layout]") {
  const Tensor x = iota(DataType::kFloat, {2, 3, 4});
  const Node r = make("Reshape", 14);
  auto fails = [&](const Node& node, const std::vector<int64_t>& shape, const std::string& text) {
    const Tensor s = int64_vector(shape);
    CHECK_THROWS_WITH(run1(node, {&x, &s}), Contains(text));
  };
  fails(r, {-1, -1}, "Reshape (opset 14): input 1 'shape' entry 1 (-1) is a second -1");
  fails(r, {5, -1}, "cannot hold the 24 elements of input 0 'data' of shape [2,3,4]");
  fails(r, {5, 5}, "gives shape [5,5] of 25 elements, but input 0 'data' of shape [2,3,4] has 24");
  fails(r, {-2, 12}, "entry 0 (-2) is negative");
  fails(r, {2, 3, 4, 0}, "entry 3 (0) copies dim 3 of input 0 'data', which has rank 3");
  fails(make("Reshape", 14, {Attribute::of_int("allowzero", 1)}), {0, -1}, "has both a 0 and a -1");
  const Tensor not_1d = int64_tensor({1, 2}, {4, 6});
  CHECK_THROWS_WITH(run1(r, {&x, &not_1d}), Contains("input 1 'shape' must be a 1-D tensor, got shape [1,2]"));
  const Tensor floats = make_tensor(DataType::kFloat, {2}, {4, 6});
  CHECK_THROWS_AS(run1(r, {&x, &floats}), TypeError);
  CHECK_THROWS_WITH(run1(make("Reshape", 1), {&x}), Contains("attribute 'shape' is required"));
}

TEST_CASE("Squeeze/with axes, without, attribute or input; dims that are not 1 are errors", "[layout]") {
  const Tensor x = iota(DataType::kInt32, {1, 3, 1, 2, 1});
  CHECK(view_dims(make("Squeeze", 1), x) == Shape{3, 2});
  CHECK(view_dims(make("Squeeze", 11, {Attribute::of_ints("axes", {0, -1})}), x) == Shape{3, 1, 2});
  CHECK(view_dims(make("Squeeze", 13), x, int64_vector({2})) == Shape{1, 3, 2, 1});
  CHECK(view_dims(make("Squeeze", 13), x) == Shape{3, 2});
  // An empty axes list squeezes nothing (numpy's squeeze(axis=()), ONNX's reference and shape
  // inference), unlike an omitted one.
  CHECK(view_dims(make("Squeeze", 13), x, int64_vector({})) == Shape{1, 3, 1, 2, 1});
  const Tensor axes = int64_vector({1});
  CHECK_THROWS_WITH(run1(make("Squeeze", 13), {&x, &axes}),
                    Contains("Squeeze (opset 13): input 1 'axes' names axis 1, but dim 1 of input 0 'data' of shape "
                             "[1,3,1,2,1] is 3, not 1"));
  const Tensor far = int64_vector({5});
  CHECK_THROWS_AS(run1(make("Squeeze", 13), {&x, &far}), ValueError);
  const Tensor twice = int64_vector({0, -5});
  CHECK_THROWS_AS(run1(make("Squeeze", 13), {&x, &twice}), ValueError);
}

TEST_CASE("Unsqueeze/inserts 1s at output positions, in any order, negative from the back", "[layout]") {
  const Tensor x = iota(DataType::kFloat16, {3, 4, 5});
  CHECK(view_dims(make("Unsqueeze", 13), x, int64_vector({0, 4})) == Shape{1, 3, 4, 5, 1});
  CHECK(view_dims(make("Unsqueeze", 13), x, int64_vector({4, 0})) == Shape{1, 3, 4, 5, 1});
  CHECK(view_dims(make("Unsqueeze", 13), x, int64_vector({-1})) == Shape{3, 4, 5, 1});
  CHECK(view_dims(make("Unsqueeze", 11, {Attribute::of_ints("axes", {1, -2})}), x) == Shape{3, 1, 4, 1, 5});
  CHECK(view_dims(make("Unsqueeze", 1, {Attribute::of_ints("axes", {0})}), x) == Shape{1, 3, 4, 5});
  const Tensor s = iota(DataType::kBool, {});
  CHECK(view_dims(make("Unsqueeze", 13), s, int64_vector({0, 1})) == Shape{1, 1});
  const Tensor twice = int64_vector({1, 1});
  CHECK_THROWS_WITH(run1(make("Unsqueeze", 13), {&x, &twice}), Contains("input 1 'axes'"));
  const Tensor far = int64_vector({5});  // the output has rank 4: [-4, 3]
  CHECK_THROWS_WITH(run1(make("Unsqueeze", 13), {&x, &far}), Contains("input 1 'axes'"));
  CHECK_THROWS_WITH(run1(make("Unsqueeze", 11), {&x}), Contains("Unsqueeze (opset 11): attribute 'axes' is required"));
}

TEST_CASE("Flatten/two dims split at axis (default 1; 0 and rank allowed; negative from 11)", "[layout]") {
  const Tensor x = iota(DataType::kDouble, {2, 3, 4, 5});
  CHECK(view_dims(make("Flatten", 13), x) == Shape{2, 60});
  CHECK(view_dims(make("Flatten", 13, {Attribute::of_int("axis", 0)}), x) == Shape{1, 120});
  CHECK(view_dims(make("Flatten", 13, {Attribute::of_int("axis", 4)}), x) == Shape{120, 1});
  CHECK(view_dims(make("Flatten", 11, {Attribute::of_int("axis", -1)}), x) == Shape{24, 5});
  CHECK(view_dims(make("Flatten", 9, {Attribute::of_int("axis", 2)}), iota(DataType::kUint8, {2, 3, 0})) == Shape{6, 0});
  CHECK(view_dims(make("Flatten", 13, {Attribute::of_int("axis", 0)}), iota(DataType::kFloat, {})) == Shape{1, 1});
  CHECK_THROWS_WITH(run1(make("Flatten", 13, {Attribute::of_int("axis", 5)}), {&x}),
                    Contains("Flatten (opset 13): attribute 'axis' is 5, outside [-4, 4]"));
  const Tensor ints = iota(DataType::kInt32, {2, 3});
  CHECK_THROWS_AS(run1(make("Flatten", 1), {&ints}), TypeError);  // floats only in 1
}

TEST_CASE("Identity/gives the input itself for every type", "[layout]") {
  for (DataType t : spec_types("Identity", 13)) {
    const Tensor x = iota(t, {2, 3});
    CHECK(view_dims(make("Identity", 25), x) == Shape{2, 3});
  }
}

TEST_CASE("Shape/int64 dims, start and end sliced and clamped as the spec's examples", "[layout]") {
  const Tensor x = iota(DataType::kFloat, {2, 3, 4});
  auto shape = [&](std::vector<Attribute> attrs) { return to_vector<int64_t>(run1(make("Shape", 15, std::move(attrs)), {&x})); };
  CHECK(run1(make("Shape", 1), {&x}).type() == DataType::kInt64);
  CHECK(shape({}) == std::vector<int64_t>{2, 3, 4});
  CHECK(shape({Attribute::of_int("start", -1)}) == std::vector<int64_t>{4});
  CHECK(shape({Attribute::of_int("end", -1)}) == std::vector<int64_t>{2, 3});
  CHECK(shape({Attribute::of_int("start", 1), Attribute::of_int("end", 2)}) == std::vector<int64_t>{3});
  CHECK(shape({Attribute::of_int("start", -10), Attribute::of_int("end", 10)}) == std::vector<int64_t>{2, 3, 4});
  CHECK(shape({Attribute::of_int("start", 2), Attribute::of_int("end", 1)}).empty());
  CHECK(run1(make("Shape", 13), {&x}).dims() == Shape{3});
  const Tensor s = iota(DataType::kBfloat16, {});
  CHECK(run1(make("Shape", 13), {&s}).dims() == Shape{0});
}

namespace {

// Expand's reference: each output element from the input element its index maps to, numpy's
// broadcast_to of the input to broadcast(x dims, shape).
std::vector<double> naive_expand(const Tensor& x, const Shape& out) {
  const Shape& in = x.dims();
  const size_t rank = out.size();
  std::vector<double> result(static_cast<size_t>(checked_element_count(out, "t")));
  for (size_t i = 0; i < result.size(); ++i) {
    size_t rest = i, offset = 0, stride = 1;
    for (size_t d = rank; d-- > 0;) {
      const size_t index = rest % static_cast<size_t>(out[d]);
      rest /= static_cast<size_t>(out[d]);
      if (d + in.size() >= rank) {
        const auto dim = static_cast<size_t>(in[d + in.size() - rank]);
        offset += (dim == 1 ? 0 : index) * stride;
        stride *= dim;
      }
    }
    result[i] = load_value(x.type(), x.raw(), offset);
  }
  return result;
}

}  // namespace

TEST_CASE("Expand/broadcasts to the shape for every type, against a naive reference", "[layout]") {
  const std::vector<std::pair<Shape, std::vector<int64_t>>> cases = {
      {{3, 1}, {2, 1, 6}}, {{2, 5, 1}, {2, 5, 384}}, {{1}, {4}}, {{2, 3}, {3}},   {{4, 1, 3}, {1, 2, 1}},
      {{}, {2, 2}},        {{3}, {}},              {{2, 1}, {2, 0}}, {{1, 300}, {7, 1}}, {{5, 1, 1}, {5, 2, 700}}};
  for (DataType t : spec_types("Expand", 13)) {
    for (const auto& [in, shape] : cases) {
      INFO(type_name(t) << ' ' << shape_to_string(in) << " to " << shape_to_string(shape));
      const Tensor x = iota(t, in);
      const Tensor s = int64_vector(shape);
      const Tensor y = run1(make("Expand", 13), {&x, &s});
      CHECK(y.type() == t);
      CHECK(to_doubles(y) == naive_expand(x, y.dims()));
      Shape expected(std::max(in.size(), shape.size()));
      for (size_t d = 0; d < expected.size(); ++d) {
        const int64_t a = d + in.size() >= expected.size() ? in[d + in.size() - expected.size()] : 1;
        const int64_t b = d + shape.size() >= expected.size() ? shape[d + shape.size() - expected.size()] : 1;
        expected[d] = a == 1 ? b : a;
      }
      CHECK(y.dims() == expected);
    }
  }
}

TEST_CASE("Expand/shapes that do not broadcast, or negative dims, are errors naming both inputs", "[layout]") {
  const Tensor x = iota(DataType::kFloat, {2, 3});
  const Tensor bad = int64_vector({4, 4});
  CHECK_THROWS_WITH(run1(make("Expand", 8), {&x, &bad}),
                    Contains("Expand (opset 8): input 0 'input' of shape [2,3] does not broadcast to input 1 'shape' [4,4]"));
  const Tensor negative = int64_vector({-1, 3});
  CHECK_THROWS_WITH(run1(make("Expand", 13), {&x, &negative}), Contains("input 1 'shape' entry 0 is negative (-1)"));
  const Tensor bf = iota(DataType::kBfloat16, {2});
  const Tensor s = int64_vector({2});
  CHECK_THROWS_AS(run1(make("Expand", 8), {&bf, &s}), TypeError);  // bfloat16 from 13
}
