// The element-wise operators (Abs, Exp, Log, Sqrt, Mul) per version and type, against
// references computed here in double: the registry's versions and type lists against the ONNX
// changelog, values, Mul's numpy and legacy broadcasting, and bad inputs.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <random>

#include "helpers.h"
#include "schema/op_schema.h"

using namespace orw;
using namespace orw_test;
using Catch::Matchers::Contains;
using Catch::Matchers::Message;

namespace {

const DataType kF16 = DataType::kFloat16, kF = DataType::kFloat, kD = DataType::kDouble, kBF = DataType::kBfloat16;

// The since-versions of each op, from the ONNX operator changelog (opsets 1-26).
const std::map<std::string, std::vector<int>>& spec_versions() {
  static const std::map<std::string, std::vector<int>> v = {
      {"Abs", {1, 6, 13}},  {"Exp", {1, 6, 13}},         {"Log", {1, 6, 13}},
      {"Sqrt", {1, 6, 13}}, {"Mul", {1, 6, 7, 13, 14}}, {"Cast", {1, 6, 9, 13, 19, 21, 23, 24, 25}},
      {"CastLike", {15, 19, 21, 23, 24, 25}}};
  return v;
}

std::vector<DataType> all_numeric() {
  return {DataType::kUint8, DataType::kUint16, DataType::kUint32, DataType::kUint64, DataType::kInt8, DataType::kInt16,
          DataType::kInt32, DataType::kInt64,  kF16,              kF,                 kD};
}

// The types of input 0 at `opset`, from the changelog.
std::vector<DataType> spec_types(const std::string& op, int opset) {
  std::vector<DataType> t = {kF16, kF, kD};
  if (op == "Abs" && opset >= 6) t = all_numeric();
  if (op == "Mul" && opset >= 6) {
    t = {DataType::kUint32, DataType::kUint64, DataType::kInt32, DataType::kInt64, kF16, kF, kD};
    if (opset >= 14) t = all_numeric();
  }
  if (op == "Cast" || op == "CastLike") {
    t = all_numeric();
    t.push_back(DataType::kBool);
  }
  if (opset >= 13) t.push_back(kBF);
  return t;
}

std::vector<int> registry_versions(const std::string& op) {
  std::vector<int> v;
  for (const OpSchema& s : all_ops()) {
    if (op == s.op_type) v.push_back(s.since_version);
  }
  return v;
}

Node make_node(const std::string& op, int opset, std::vector<Attribute> attrs = {}) {
  return Node::make(op, "", opset, std::move(attrs));
}

double spec_unary(const std::string& op, double x) {
  if (op == "Abs") return std::fabs(x);
  if (op == "Exp") return std::exp(x);
  if (op == "Log") return std::log(x);
  return std::sqrt(x);
}

// A small tensor of `type` with values every type holds exactly.
Tensor small_tensor(DataType type, Shape dims, std::mt19937& rng, bool positive = false) {
  std::vector<double> v(static_cast<size_t>(checked_element_count(dims, "t")));
  for (double& x : v) {
    x = static_cast<double>(rand_int(rng, positive || is_unsigned_type(type) ? 0 : -9, 9));
    if (type == DataType::kBool) x = x > 4 ? 1 : 0;
    if (is_floating(type)) x = positive ? 0.25 + std::fabs(x) / 2 : x / 2;
  }
  return make_tensor(type, std::move(dims), v);
}

}  // namespace

TEST_CASE("Elementwise/the registry holds every version of the changelog up to opset 26", "[elementwise]") {
  for (const auto& [op, versions] : spec_versions()) {
    INFO(op);
    CHECK(registry_versions(op) == versions);
  }
}

TEST_CASE("Elementwise/each version accepts exactly its types, and names the type it rejects", "[elementwise]") {
  std::mt19937 rng(21);
  for (const auto& [op, versions] : spec_versions()) {
    for (int opset : versions) {
      const std::vector<DataType> allowed = spec_types(op, opset);
      for (DataType type : all_fixed_size_types()) {
        INFO(op << " " << opset << " " << type_name(type));
        const Tensor x = small_tensor(type, {3}, rng, true);
        std::vector<Attribute> attrs;
        if (op == "Cast") attrs.push_back(opset == 1 ? Attribute::of_string("to", "FLOAT") : Attribute::of_int("to", 1));
        const Node node = make_node(op, opset, attrs);
        const std::vector<const Tensor*> inputs = op == "Mul" || op == "CastLike" ? std::vector<const Tensor*>{&x, &x}
                                                                                  : std::vector<const Tensor*>{&x};
        if (contains_type(allowed, type)) {
          CHECK_NOTHROW(run1(node, inputs));
        } else {
          CHECK_THROWS_MATCHES(run1(node, inputs), TypeError,
                               Message(node.where() + ": " + (op == "Mul" ? "input 0 'A'" : op == "Abs" || op == "Sqrt" ? "input 0 'X'" : "input 0 'input'") +
                                       " has element type " + type_name(type) +
                                       ", which this version does not accept (allowed: " + node.schema().types.describe() + ")"));
        }
      }
    }
  }
}

TEST_CASE("Elementwise/Abs, Exp, Log and Sqrt match the math library at every version and type", "[elementwise]") {
  std::mt19937 rng(22);
  for (const char* op : {"Abs", "Exp", "Log", "Sqrt"}) {
    for (int opset : spec_versions().at(op)) {
      for (DataType type : spec_types(op, opset)) {
        INFO(op << " " << opset << " " << type_name(type));
        const bool positive = std::string(op) == "Log" || std::string(op) == "Sqrt";
        const Tensor x = small_tensor(type, {2, 3, 5}, rng, positive);
        const Tensor y = run1(make_node(op, opset), {&x});
        std::vector<double> want;
        for (double v : to_doubles(x)) want.push_back(as_type(type, spec_unary(op, v)));
        // Results rounded once to the type: within half an ulp of the exact value in double,
        // so equal to its rounding or one neighbour; float Exp/Log are allowed 2 ulp.
        const double rel = type == kD ? 1e-15 : type == kF ? 2.5e-7 : default_rel_tolerance(type);
        CHECK(tensor_mismatch(y, type, {2, 3, 5}, want, rel) == "");
      }
    }
  }
}

TEST_CASE("Elementwise/Abs of integers wraps the most negative value as numpy does", "[elementwise]") {
  const Tensor x = make_typed<int32_t>(DataType::kInt32, {3}, {INT32_MIN, -5, 5});
  CHECK(to_vector<int32_t>(run1(make_node("Abs", 13), {&x})) == std::vector<int32_t>{INT32_MIN, 5, 5});
}

TEST_CASE("Elementwise/version 1's consumed_inputs is accepted (a legacy hint) and gone from version 6", "[elementwise]") {
  const Tensor x = make_tensor(kF, {2}, {-1, 4});
  for (const char* op : {"Abs", "Exp", "Log", "Sqrt", "Mul"}) {
    INFO(op);
    const Node n = make_node(op, 1, {Attribute::of_ints("consumed_inputs", {0})});
    const std::vector<const Tensor*> in = std::string(op) == "Mul" ? std::vector<const Tensor*>{&x, &x} : std::vector<const Tensor*>{&x};
    CHECK_NOTHROW(run1(n, in));
    CHECK_THROWS_WITH(make_node(op, 6, {Attribute::of_ints("consumed_inputs", {0})}),
                      Contains("unknown attribute 'consumed_inputs'"));
  }
}

TEST_CASE("Mul/broadcasts like numpy for every type from version 7", "[elementwise]") {
  std::mt19937 rng(23);
  const std::pair<Shape, Shape> shapes[] = {{{2, 3, 4}, {4}}, {{2, 1, 4}, {3, 1}}, {{}, {5}}, {{1, 5}, {3, 1}},
                                            {{2, 0, 4}, {1, 1, 4}}, {{6}, {6}}};
  for (int opset : {7, 13, 14}) {
    for (DataType type : spec_types("Mul", opset)) {
      for (const auto& [sa, sb] : shapes) {
        INFO("opset " << opset << " " << type_name(type) << " " << shape_to_string(sa) << " * " << shape_to_string(sb));
        const Tensor a = small_tensor(type, sa, rng), b = small_tensor(type, sb, rng);
        const Tensor y = run1(make_node("Mul", opset), {&a, &b});
        // Reference: each output index mapped back to both inputs (missing or size-1 dims: index 0).
        Shape out(std::max(sa.size(), sb.size()), 1);  // numpy: right-aligned, the non-1 dim of each pair
        for (size_t d = 0; d < out.size(); ++d) {
          const size_t from_end = out.size() - d;
          const int64_t da = from_end <= sa.size() ? sa[sa.size() - from_end] : 1;
          const int64_t db = from_end <= sb.size() ? sb[sb.size() - from_end] : 1;
          out[d] = da == 1 ? db : da;
        }
        const std::vector<double> va = to_doubles(a), vb = to_doubles(b);
        std::vector<double> want;
        std::vector<int64_t> idx(out.size(), 0);
        for (int64_t i = 0; i < checked_element_count(out, "out"); ++i) {
          auto offset = [&](const Shape& s) {
            int64_t o = 0;
            for (size_t d = 0; d < s.size(); ++d) o = o * s[d] + (s[d] == 1 ? 0 : idx[d + out.size() - s.size()]);
            return static_cast<size_t>(o);
          };
          want.push_back(as_type(type, va[offset(sa)] * vb[offset(sb)]));
          for (size_t d = out.size(); d-- > 0;) {
            if (++idx[d] < out[d]) break;
            idx[d] = 0;
          }
        }
        CHECK(tensor_mismatch(y, type, out, want) == "");
      }
    }
  }
}

TEST_CASE("Mul/integers wrap in their own width, as numpy", "[elementwise]") {
  const Tensor a = make_typed<int16_t>(DataType::kInt16, {2}, {300, -32768});
  const Tensor b = make_typed<int16_t>(DataType::kInt16, {2}, {300, -1});
  CHECK(to_vector<int16_t>(run1(make_node("Mul", 14), {&a, &b})) == std::vector<int16_t>{static_cast<int16_t>(90000 - 131072), -32768});
  const Tensor c = make_typed<uint64_t>(DataType::kUint64, {1}, {uint64_t{1} << 63});
  const Tensor d = make_typed<uint64_t>(DataType::kUint64, {1}, {2});
  CHECK(to_vector<uint64_t>(run1(make_node("Mul", 7), {&c, &d})) == std::vector<uint64_t>{0});
}

TEST_CASE("Mul/shapes that do not broadcast are an error naming both inputs and shapes", "[elementwise]") {
  const Tensor a = make_tensor(kF, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = make_tensor(kF, {2}, {1, 2});
  CHECK_THROWS_MATCHES(run1(make_node("Mul", 14), {&a, &b}), std::invalid_argument,
                       Message("Mul (opset 14): input 0 'A' of shape [2,3] and input 1 'B' of shape [2] do not broadcast "
                               "(dim 1 of the output: 3 vs 2)"));
}

TEST_CASE("Mul/inputs of different element types are a TypeError naming both", "[elementwise]") {
  const Tensor a = make_tensor(kF, {2}, {1, 2});
  const Tensor b = make_tensor(kD, {2}, {1, 2});
  CHECK_THROWS_MATCHES(run1(make_node("Mul", 14), {&a, &b}), TypeError,
                       Message("Mul (opset 14): input 1 'B' has element type double but input 0 'A' has float; both "
                               "inputs must have the same type"));
}

TEST_CASE("Mul/versions 1 and 6 need equal shapes unless broadcast=1", "[elementwise]") {
  const Tensor a = make_tensor(kF, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = make_tensor(kF, {3}, {10, 100, 1000});
  for (int opset : {1, 6}) {
    INFO(opset);
    CHECK_THROWS_MATCHES(run1(make_node("Mul", opset), {&a, &b}), std::invalid_argument,
                         Message("Mul (opset " + std::to_string(opset) + "): input 0 'A' of shape [2,3] and input 1 'B' of "
                                 "shape [3] differ; this version broadcasts only with attribute 'broadcast' = 1"));
    CHECK(to_doubles(run1(make_node("Mul", opset, {Attribute::of_int("broadcast", 1)}), {&a, &b})) ==
          std::vector<double>{10, 200, 3000, 40, 500, 6000});
    CHECK(to_doubles(run1(make_node("Mul", opset), {&a, &a})) == std::vector<double>{1, 4, 9, 16, 25, 36});
  }
}

TEST_CASE("Mul/the legacy broadcast matches B to A's dims from 'axis'", "[elementwise]") {
  const Tensor a = make_tensor(kF, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = make_tensor(kF, {2}, {10, 100});
  const Tensor one = make_tensor(kF, {1, 1}, {3});
  const Attribute bc = Attribute::of_int("broadcast", 1);
  CHECK(to_doubles(run1(make_node("Mul", 6, {bc, Attribute::of_int("axis", 0)}), {&a, &b})) ==
        std::vector<double>{10, 20, 30, 400, 500, 600});
  CHECK(to_doubles(run1(make_node("Mul", 6, {bc}), {&a, &one})) == std::vector<double>{3, 6, 9, 12, 15, 18});
  CHECK(run1(make_node("Mul", 6, {bc}), {&a, &one}).dims() == Shape{2, 3});
  CHECK_THROWS_MATCHES(run1(make_node("Mul", 6, {bc}), {&a, &b}), std::invalid_argument,
                       Message("Mul (opset 6): input 0 'A' of shape [2,3] and input 1 'B' of shape [2]: B's dim 0 (2) "
                               "differs from A's dim 1 (3); the legacy broadcast of this version needs them equal"));
  CHECK_THROWS_WITH(run1(make_node("Mul", 6, {bc, Attribute::of_int("axis", 2)}), {&a, &b}),
                    Contains("from axis 2 (attribute 'axis'), which does not fit"));
}
