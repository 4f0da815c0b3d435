// The element-wise operators (Abs, Exp, Log, Sqrt, Neg, Reciprocal, Mul) per version and type, against
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
      {"CastLike", {15, 19, 21, 23, 24, 25}}, {"Add", {1, 6, 7, 13, 14}}, {"Sub", {1, 6, 7, 13, 14}},
      {"Div", {1, 6, 7, 13, 14}}, {"Neg", {1, 6, 13}}, {"Reciprocal", {1, 6, 13}}};
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
  const bool arithmetic = op == "Add" || op == "Sub" || op == "Mul" || op == "Div";
  if (op == "Neg" && opset >= 6) t = {DataType::kInt8, DataType::kInt16, DataType::kInt32, DataType::kInt64, kF16, kF, kD};
  if (arithmetic && opset >= 6) {
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
  if (op == "Neg") return -x;
  if (op == "Reciprocal") return 1 / x;
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
        const bool binary = op == "Add" || op == "Sub" || op == "Mul" || op == "Div";
        const Tensor divisor = make_tensor(type, {3}, {1, 2, 3});  // Div: no integer division by zero
        const std::vector<const Tensor*> inputs = binary || op == "CastLike"
                                                      ? std::vector<const Tensor*>{&x, op == "Div" ? &divisor : &x}
                                                      : std::vector<const Tensor*>{&x};
        if (contains_type(allowed, type)) {
          CHECK_NOTHROW(run1(node, inputs));
        } else {
          CHECK_THROWS_MATCHES(run1(node, inputs), TypeError,
                               Message(node.where() + ": " + (binary ? "input 0 'A'" : op == "Exp" || op == "Log" || op == "Cast" || op == "CastLike" ? "input 0 'input'" : "input 0 'X'") +
                                       " has element type " + type_name(type) +
                                       ", which this version does not accept (allowed: " + node.schema().types.describe() + ")"));
        }
      }
    }
  }
}

TEST_CASE("Elementwise/Abs, Exp, Log, Sqrt, Neg and Reciprocal match the math library at every version and type", "[elementwise]") {
  std::mt19937 rng(22);
  for (const char* op : {"Abs", "Exp", "Log", "Sqrt", "Neg", "Reciprocal"}) {
    for (int opset : spec_versions().at(op)) {
      for (DataType type : spec_types(op, opset)) {
        INFO(op << " " << opset << " " << type_name(type));
        const bool positive = std::string(op) == "Log" || std::string(op) == "Sqrt" || std::string(op) == "Reciprocal";
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
  for (const std::string op : {"Abs", "Exp", "Log", "Sqrt", "Neg", "Reciprocal", "Add", "Sub", "Mul", "Div"}) {
    INFO(op);
    const Node n = make_node(op, 1, {Attribute::of_ints("consumed_inputs", {0})});
    const bool binary = op == "Add" || op == "Sub" || op == "Mul" || op == "Div";
    const std::vector<const Tensor*> in = binary ? std::vector<const Tensor*>{&x, &x} : std::vector<const Tensor*>{&x};
    CHECK_NOTHROW(run1(n, in));
    CHECK_THROWS_WITH(make_node(op, 6, {Attribute::of_ints("consumed_inputs", {0})}),
                      Contains("unknown attribute 'consumed_inputs'"));
  }
}

TEST_CASE("Add, Sub, Mul, Div/broadcast like numpy for every type from version 7", "[elementwise]") {
  std::mt19937 rng(23);
  const std::pair<Shape, Shape> shapes[] = {{{2, 3, 4}, {4}}, {{2, 1, 4}, {3, 1}}, {{}, {5}}, {{1, 5}, {3, 1}},
                                            {{5}, {}},        {{2, 0, 4}, {1, 1, 4}}, {{6}, {6}}};
  for (const std::string op : {"Add", "Sub", "Mul", "Div"}) {
    for (int opset : {7, 13, 14}) {
      for (DataType type : spec_types(op, opset)) {
        for (const auto& [sa, sb] : shapes) {
          INFO(op << " opset " << opset << " " << type_name(type) << " " << shape_to_string(sa) << " (op) "
                  << shape_to_string(sb));
          Tensor a = small_tensor(type, sa, rng);
          Tensor b = small_tensor(type, sb, rng);
          if (op == "Sub" && is_unsigned_type(type)) {  // a >= b: the difference fits (wrapping is tested below)
            std::vector<double> v = to_doubles(a);
            for (double& x : v) x += 9;
            a = make_tensor(type, sa, v);
          }
          if (op == "Div") {  // divisors 1..9 (negative too for signed types): never an integer 0
            std::vector<double> v = to_doubles(b);
            for (double& x : v) x = (x < 0 ? -1 : 1) * (std::floor(std::fabs(x)) + 1);
            b = make_tensor(type, sb, v);
          }
          const Tensor y = run1(make_node(op, opset), {&a, &b});
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
            const double x = va[offset(sa)], z = vb[offset(sb)];
            double r = op == "Add" ? x + z : op == "Sub" ? x - z : op == "Mul" ? x * z : x / z;
            if (!is_floating(type) && op == "Div") r = std::trunc(r);  // integer division truncates toward zero
            want.push_back(as_type(type, r));
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
}

TEST_CASE("Add, Sub/integers wrap in their own width, as numpy", "[elementwise]") {
  const Tensor a = make_typed<int8_t>(DataType::kInt8, {2}, {127, -128});
  const Tensor one = make_typed<int8_t>(DataType::kInt8, {2}, {1, 1});
  CHECK(to_vector<int8_t>(run1(make_node("Add", 14), {&a, &one})) == std::vector<int8_t>{-128, -127});
  CHECK(to_vector<int8_t>(run1(make_node("Sub", 14), {&a, &one})) == std::vector<int8_t>{126, 127});
  const Tensor z = make_typed<uint64_t>(DataType::kUint64, {1}, {0});
  const Tensor u = make_typed<uint64_t>(DataType::kUint64, {1}, {1});
  CHECK(to_vector<uint64_t>(run1(make_node("Sub", 7), {&z, &u})) == std::vector<uint64_t>{~uint64_t{0}});
  const Tensor big = make_typed<int64_t>(DataType::kInt64, {1}, {INT64_MAX});
  const Tensor one64 = make_typed<int64_t>(DataType::kInt64, {1}, {1});
  CHECK(to_vector<int64_t>(run1(make_node("Add", 7), {&big, &one64})) == std::vector<int64_t>{INT64_MIN});
}

TEST_CASE("Div/integers truncate toward zero, and the minimum over -1 wraps to the minimum", "[elementwise]") {
  const Tensor a = make_typed<int32_t>(DataType::kInt32, {5}, {7, -7, 7, -7, INT32_MIN});
  const Tensor b = make_typed<int32_t>(DataType::kInt32, {5}, {2, 2, -2, -2, -1});
  CHECK(to_vector<int32_t>(run1(make_node("Div", 14), {&a, &b})) == std::vector<int32_t>{3, -3, -3, 3, INT32_MIN});
  const Tensor c = make_typed<int8_t>(DataType::kInt8, {1}, {-128});
  const Tensor m = make_typed<int8_t>(DataType::kInt8, {1}, {-1});
  CHECK(to_vector<int8_t>(run1(make_node("Div", 14), {&c, &m})) == std::vector<int8_t>{-128});
  const Tensor d = make_typed<uint8_t>(DataType::kUint8, {2}, {255, 7});
  const Tensor e = make_typed<uint8_t>(DataType::kUint8, {2}, {2, 8});
  CHECK(to_vector<uint8_t>(run1(make_node("Div", 14), {&d, &e})) == std::vector<uint8_t>{127, 0});
}

TEST_CASE("Div/integer division by zero is a ValueError naming the op, input 1 and the index", "[elementwise]") {
  const Tensor a = make_typed<int64_t>(DataType::kInt64, {3}, {1, 2, 3});
  const Tensor b = make_typed<int64_t>(DataType::kInt64, {3}, {1, 0, 3});
  CHECK_THROWS_MATCHES(run1(make_node("Div", 14), {&a, &b}), ValueError,
                       Message("Div (opset 14): input 1 'B' holds 0 at index 1; integer division by zero has no result"));
}

TEST_CASE("Div/float division by zero follows IEEE: infinities and NaN", "[elementwise]") {
  const Tensor a = make_tensor(kF, {3}, {1, -1, 0});
  const Tensor b = make_tensor(kF, {3}, {0, 0, 0});
  const std::vector<double> y = to_doubles(run1(make_node("Div", 14), {&a, &b}));
  CHECK(y[0] == kInf);
  CHECK(y[1] == -kInf);
  CHECK(std::isnan(y[2]));
}

TEST_CASE("Neg/flips the sign bit of floats (zeros and NaN too) and wraps the most negative integer", "[elementwise]") {
  const Tensor x = make_tensor(kF, {3}, {0.0, -2.5, kInf});
  const std::vector<double> y = to_doubles(run1(make_node("Neg", 13), {&x}));
  CHECK(std::signbit(y[0]));
  CHECK(y[1] == 2.5);
  CHECK(y[2] == -kInf);
  const Tensor i = make_typed<int16_t>(DataType::kInt16, {3}, {INT16_MIN, 5, -7});
  CHECK(to_vector<int16_t>(run1(make_node("Neg", 13), {&i})) == std::vector<int16_t>{INT16_MIN, -5, 7});
}

TEST_CASE("Reciprocal/of zeros is an infinity of the zero's sign", "[elementwise]") {
  const Tensor x = make_tensor(kD, {3}, {0.0, -0.0, 4});
  CHECK(to_doubles(run1(make_node("Reciprocal", 13), {&x})) == std::vector<double>{kInf, -kInf, 0.25});
}

TEST_CASE("Add, Sub, Div/versions 1 and 6 broadcast B to A only with broadcast=1, from 'axis'", "[elementwise]") {
  const Tensor a = make_tensor(kF, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor b = make_tensor(kF, {2}, {10, 100});
  const Attribute bc = Attribute::of_int("broadcast", 1), axis0 = Attribute::of_int("axis", 0);
  CHECK(to_doubles(run1(make_node("Add", 6, {bc, axis0}), {&a, &b})) == std::vector<double>{11, 12, 13, 104, 105, 106});
  CHECK(to_doubles(run1(make_node("Sub", 1, {bc, axis0}), {&a, &b})) == std::vector<double>{-9, -8, -7, -96, -95, -94});
  CHECK(to_doubles(run1(make_node("Div", 6, {bc, axis0}), {&a, &b})) ==
        std::vector<double>{as_type(kF, 0.1), as_type(kF, 0.2), as_type(kF, 0.3), as_type(kF, 0.04), as_type(kF, 0.05),
                            as_type(kF, 0.06)});
  CHECK_THROWS_WITH(run1(make_node("Sub", 6), {&a, &b}), Contains("this version broadcasts only with attribute 'broadcast' = 1"));
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
                       Message("Mul (opset 14): input 1 'B' has element type float64 but input 0 'A' has float32; both "
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
