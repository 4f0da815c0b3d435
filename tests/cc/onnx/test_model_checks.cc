// What makes bytes a model (onnx/model_checks.h): sessions (Model::parse) and shape inference
// (infer_model_shapes) refuse the same malformed models with the same message, and agree on
// the values they accept.
#include <catch2/catch.hpp>

#include <string>

#include "core/errors.h"
#include "core/tensor.h"
#include "model_builders.h"
#include "onnx/model.h"
#include "orw_proto/onnx.pb.h"
#include "runtime/model_shapes.h"
#include "shape/tensor_info.h"

using namespace orw;
using namespace model_test;
using Catch::Matchers::Message;

namespace {

constexpr int kFloat = 1, kInt64 = 7;

// x (float [2,3]) -> ReduceSum (all axes, dims kept) -> y, importing ai.onnx opset 18.
onnx::ModelProto sum_model() {
  onnx::ModelProto m = model_importing(18);
  auto* g = m.mutable_graph();
  add_tensor_input(g, "x", kFloat, {2, 3});
  add_node(g, "ReduceSum", {"x"}, {"y"});
  g->add_output()->set_name("y");
  return m;
}

onnx::TensorProto float_tensor(const std::string& name, const Shape& dims) {
  onnx::TensorProto t;
  t.set_name(name);
  t.set_data_type(kFloat);
  int64_t count = 1;
  for (int64_t d : dims) {
    t.add_dims(d);
    count *= d;
  }
  for (int64_t i = 0; i < count; ++i) t.add_float_data(static_cast<float>(i));
  return t;
}

Model parse(const onnx::ModelProto& m) {
  const std::string bytes = m.SerializeAsString();
  return Model::parse(bytes.data(), bytes.size());
}

std::map<std::string, TensorInfo> shapes(const onnx::ModelProto& m) {
  const std::string bytes = m.SerializeAsString();
  return infer_model_shapes(bytes.data(), bytes.size());
}

// Both entry points refuse `m` with exception E and exactly `message`.
template <class E>
void check_refused(const onnx::ModelProto& m, const std::string& message) {
  CHECK_THROWS_MATCHES(parse(m), E, Message(message));
  CHECK_THROWS_MATCHES(shapes(m), E, Message(message));
}

}  // namespace

TEST_CASE("Model/empty bytes are not a model", "[model]") {
  const std::string message = "ModelProto: no graph was found in the 0 bytes (empty, or not a model: a NodeProto's "
                              "or TensorProto's bytes?)";
  CHECK_THROWS_MATCHES(Model::parse("", 0), ParseError, Message(message));
  CHECK_THROWS_MATCHES(infer_model_shapes("", 0), ParseError, Message(message));
}

TEST_CASE("Model/a NodeProto's bytes are not a model", "[model]") {
  onnx::NodeProto n;
  n.set_op_type("ReduceSum");
  n.add_input("x");
  n.add_output("y");
  const std::string bytes = n.SerializeAsString();
  CHECK_THROWS_AS(Model::parse(bytes.data(), bytes.size()), ParseError);
  CHECK_THROWS_AS(infer_model_shapes(bytes.data(), bytes.size()), ParseError);
}

TEST_CASE("Model/an empty graph is refused", "[model]") {
  onnx::ModelProto m = sum_model();
  m.mutable_graph()->Clear();
  check_refused<ValueError>(m, "model: the graph is empty (no inputs, initializers, nodes or outputs)");
}

TEST_CASE("Model/a session needs a graph output; shape inference does not", "[model]") {
  onnx::ModelProto m = sum_model();
  m.mutable_graph()->clear_output();
  CHECK_THROWS_MATCHES(parse(m), ValueError,
                       Message("model: the graph has no outputs, so a session of it would compute nothing"));
  CHECK(to_string(shapes(m).at("y")) == "float32[1,1]");
}

TEST_CASE("Model/an empty graph input, output or initializer name is refused", "[model]") {
  onnx::ModelProto input = sum_model();
  input.mutable_graph()->add_input();
  check_refused<ValueError>(input, "model: graph input 1 has an empty name");
  onnx::ModelProto output = sum_model();
  output.mutable_graph()->add_output();
  check_refused<ValueError>(output, "model: graph output 1 has an empty name");
  onnx::ModelProto init = sum_model();
  *init.mutable_graph()->add_initializer() = float_tensor("", {1});
  check_refused<ValueError>(init, "model: initializer 0 has an empty name");
}

TEST_CASE("Model/a graph input, output or initializer listed twice is refused", "[model]") {
  onnx::ModelProto input = sum_model();
  *input.mutable_graph()->add_input() = input.graph().input(0);
  check_refused<ValueError>(input, "model: graph input 'x' is listed twice");
  onnx::ModelProto output = sum_model();
  output.mutable_graph()->add_output()->set_name("y");
  check_refused<ValueError>(output, "model: graph output 'y' is listed twice");
  onnx::ModelProto init = sum_model();
  *init.mutable_graph()->add_initializer() = float_tensor("w", {1});
  *init.mutable_graph()->add_initializer() = float_tensor("w", {2});
  check_refused<ValueError>(init, "model: initializer 'w' is listed twice");
}

TEST_CASE("Model/a domain imported twice is refused, '' and 'ai.onnx' being one domain", "[model]") {
  onnx::ModelProto m = sum_model();
  auto* again = m.add_opset_import();
  again->set_domain("ai.onnx");
  again->set_version(13);
  check_refused<ValueError>(m, "model: opset_import lists domain 'ai.onnx' twice");
}

TEST_CASE("Model/no opset_import is refused from IR version 3", "[model]") {
  onnx::ModelProto m = sum_model();
  m.clear_opset_import();
  check_refused<ValueError>(m, "model: opset_import is empty: a model of IR version 8 must import the ai.onnx opset "
                               "it is written for");
}

TEST_CASE("Model/no opset_import before IR version 3 means ai.onnx opset 1", "[model]") {
  onnx::ModelProto m = sum_model();
  m.clear_opset_import();
  m.set_ir_version(2);
  const Model model = parse(m);
  CHECK(model.opset("") == 1);
  REQUIRE(model.nodes().size() == 1);
  CHECK(model.nodes()[0].since_version() == 1);
  CHECK(to_string(shapes(m).at("y")) == "float32[1,1]");
}

TEST_CASE("Model/a node of a domain that is not imported is refused", "[model]") {
  onnx::ModelProto m = sum_model();
  m.mutable_graph()->mutable_node(0)->set_domain("com.example");
  check_refused<ValueError>(m, "model: node 0 (ReduceSum) is in domain 'com.example', which opset_import does not list");
}

TEST_CASE("Model/an initializer must agree with the graph input it shadows", "[model]") {
  onnx::ModelProto rank = sum_model();
  *rank.mutable_graph()->add_initializer() = float_tensor("x", {5});
  check_refused<ValueError>(rank, "model: initializer 'x' is float32 [5], but the graph input of that name is declared "
                                  "float32 [2,3]: they must agree (the run uses the initializer)");
  onnx::ModelProto dim = sum_model();
  *dim.mutable_graph()->add_initializer() = float_tensor("x", {2, 4});
  check_refused<ValueError>(dim, "model: initializer 'x' is float32 [2,4], but the graph input of that name is "
                                 "declared float32 [2,3]: they must agree (the run uses the initializer)");
  onnx::ModelProto type = sum_model();
  onnx::TensorProto ints = float_tensor("x", {2, 3});
  ints.clear_float_data();
  ints.set_data_type(kInt64);
  for (int i = 0; i < 6; ++i) ints.add_int64_data(i);
  *type.mutable_graph()->add_initializer() = ints;
  check_refused<ValueError>(type, "model: initializer 'x' is int64 [2,3], but the graph input of that name is "
                                  "declared float32 [2,3]: they must agree (the run uses the initializer)");
}

TEST_CASE("Model/an initializer within its input's symbolic dims is the value both the run and the shapes use",
          "[model]") {
  onnx::ModelProto m = sum_model();
  m.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim(0)->set_dim_param("N");
  *m.mutable_graph()->add_initializer() = float_tensor("x", {4, 3});
  const Model model = parse(m);
  CHECK(model.inputs().empty());
  CHECK(model.initializers().at("x").dims() == Shape{4, 3});
  CHECK(to_string(shapes(m).at("x")) == "float32[4,3]");
}

TEST_CASE("Model/a declared dim beyond 2^53 - 1 is a SizeError", "[model]") {
  onnx::ModelProto m = sum_model();
  m.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim(1)->set_dim_value(
      kMaxDim + 1);
  check_refused<SizeError>(m, "model: graph input 'x' declares dim 1 = 9007199254740992, beyond 2^53 - 1 (the "
                              "largest integer a JS number holds exactly)");
}

TEST_CASE("Model/an empty initializer with a dim beyond 2^53 - 1 is a SizeError", "[model]") {
  onnx::ModelProto m = sum_model();
  *m.mutable_graph()->add_initializer() = float_tensor("w", {0, kMaxDim + 1});
  check_refused<SizeError>(m, "initializer 'w': dim 1 is 9007199254740992, beyond 2^53 - 1 (the largest integer a "
                              "JS number holds exactly)");
}
