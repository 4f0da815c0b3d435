// Error kinds: the one table from kind to JS class, the classes that carry each kind, and
// the rethrows with a prefix (run_node, Session) that keep it.
#include <catch2/catch.hpp>

#include <cstring>
#include <map>
#include <stdexcept>
#include <string>

#include "core/errors.h"
#include "model_builders.h"
#include "onnx/model.h"
#include "onnx/node.h"
#include "runtime/run_node.h"
#include "orw_proto/onnx.pb.h"
#include "runtime/session.h"

using namespace orw;
using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

namespace {

// The kind and message of what f throws (an orw::Error), or kInternal "" when it throws none.
template <class F>
std::pair<ErrorKind, std::string> caught(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return {e.kind(), e.message()};
  }
  return {ErrorKind::kInternal, ""};
}

template <class E>
ErrorKind kind_of_thrown() {
  return caught([] { fail<E>("x"); }).first;
}

}  // namespace

TEST_CASE("Errors/each kind becomes its JS class", "[errors]") {
  const std::map<ErrorKind, std::string> expected = {
      {ErrorKind::kType, "TypeError"},         {ErrorKind::kValue, "RangeError"},
      {ErrorKind::kLookup, "RangeError"},      {ErrorKind::kParse, "Error"},
      {ErrorKind::kUnsupported, "Error"},      {ErrorKind::kSize, "RangeError"},
      {ErrorKind::kAllocation, "RangeError"},  {ErrorKind::kInternal, "Error"},
  };
  REQUIRE(expected.size() == kErrorKindCount);
  for (const auto& [kind, js] : expected) {
    INFO("kind " << static_cast<int>(kind));
    CHECK(js_class_of(kind) == js);
  }
}

TEST_CASE("Errors/each class carries its kind and keeps its std:: base", "[errors]") {
  CHECK(kind_of_thrown<TypeError>() == ErrorKind::kType);
  CHECK(kind_of_thrown<ValueError>() == ErrorKind::kValue);
  CHECK(kind_of_thrown<LookupError>() == ErrorKind::kLookup);
  CHECK(kind_of_thrown<ParseError>() == ErrorKind::kParse);
  CHECK(kind_of_thrown<UnsupportedError>() == ErrorKind::kUnsupported);
  CHECK(kind_of_thrown<SizeError>() == ErrorKind::kSize);
  CHECK(kind_of_thrown<AllocationError>() == ErrorKind::kAllocation);
  CHECK(kind_of_thrown<InternalError>() == ErrorKind::kInternal);
  CHECK_THROWS_AS(fail<TypeError>("x"), std::invalid_argument);
  CHECK_THROWS_AS(fail<ValueError>("x"), std::invalid_argument);
  CHECK_THROWS_AS(fail<ParseError>("x"), std::invalid_argument);
  CHECK_THROWS_AS(fail<UnsupportedError>("x"), std::invalid_argument);
  CHECK_THROWS_AS(fail<AllocationError>("x"), SizeError);
  CHECK_THROWS_AS(fail<LookupError>("x"), std::out_of_range);
  CHECK_THROWS_AS(fail<InternalError>("x"), std::logic_error);
  CHECK_THROWS_WITH(fail<ValueError>(ErrorMessage() << "op: " << 3), "op: 3");
}

TEST_CASE("Errors/fail_as throws the class of the kind, with the message", "[errors]") {
  for (size_t i = 0; i < kErrorKindCount; ++i) {
    const auto kind = static_cast<ErrorKind>(i);
    const auto [got, message] = caught([&] { fail_as(kind, ErrorMessage() << "prefix: " << int(i)); });
    CHECK(got == kind);
    CHECK(message == "prefix: " + std::to_string(i));
  }
  CHECK_THROWS_AS(fail_as(ErrorKind::kType, ErrorMessage() << "t"), TypeError);
  CHECK_THROWS_AS(fail_as(ErrorKind::kAllocation, ErrorMessage() << "a"), AllocationError);
  CHECK_THROWS_AS(fail_as(ErrorKind::kLookup, ErrorMessage() << "l"), LookupError);
}

TEST_CASE("Errors/run_node keeps the kind of the op's errors", "[errors]") {
  const Node node = Node::make("ReduceSum", "", 11, {Attribute::of_ints("axes", {5})});
  const Tensor x(DataType::kFloat, {2, 3});
  const auto [kind, message] = caught([&] { run_node(node, {&x}); });
  CHECK(kind == ErrorKind::kValue);
  CHECK_THAT(message, StartsWith("ReduceSum (opset 11)"));
  const Tensor b(DataType::kBool, {2});
  CHECK(caught([&] { run_node(node, {&b}); }).first == ErrorKind::kType);
}

#if !defined(__SANITIZE_ADDRESS__)  // ASan aborts on huge allocations instead of failing them
TEST_CASE("Errors/run_node names the op in an allocation error and keeps its kind", "[errors]") {
  const int64_t n = sizeof(void*) == 4 ? int64_t{536870000} : int64_t{1} << 42;
  const Tensor x = Tensor::view(DataType::kFloat, {0, n}, nullptr);
  const Node node = Node::make("ReduceSum", "", 11, {Attribute::of_ints("axes", {0})});
  const auto [kind, message] = caught([&] { run_node(node, {&x}); });
  CHECK(kind == ErrorKind::kAllocation);
  CHECK_THAT(message, StartsWith("ReduceSum (opset 11): cannot allocate "));
}
#endif

namespace {

// One ReduceSum-13 node: Y = ReduceSum(X float [2,3], A int64 [1]).
Session reduce_sum_session() {
  onnx::ModelProto m = model_test::model_importing(13);
  auto* g = m.mutable_graph();
  model_test::add_tensor_input(g, "X", onnx::TensorProto::FLOAT, {2, 3});
  model_test::add_tensor_input(g, "A", onnx::TensorProto::INT64, {1});
  model_test::add_node(g, "ReduceSum", {"X", "A"}, {"Y"});
  g->add_output()->set_name("Y");
  const std::string bytes = m.SerializeAsString();
  return Session(Model::parse(bytes.data(), bytes.size()));
}

}  // namespace

TEST_CASE("Errors/a session adds the graph's value names and keeps the kind", "[errors]") {
  const Session s = reduce_sum_session();
  Tensor x(DataType::kFloat, {2, 3});
  Tensor a(DataType::kInt64, {1});
  a.mutable_data<int64_t>()[0] = 5;
  const auto [kind, message] = caught([&] { s.run({{"X", x}, {"A", a}}); });
  CHECK(kind == ErrorKind::kValue);
  CHECK_THAT(message, StartsWith("ReduceSum"));
  CHECK_THAT(message, EndsWith("(in the graph: data = 'X', axes = 'A')"));
  a.mutable_data<int64_t>()[0] = 1;
  CHECK(s.run({{"X", x}, {"A", a}}).at("Y").dims() == Shape{2, 1});  // keepdims defaults to 1
}
