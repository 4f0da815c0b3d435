// Whole-model shape inference with partial answers: diagnostics for the nodes it could not
// infer, strict mode, the graph order and roles, and declarations (graph outputs, value_info)
// used and checked.
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "graph_case.h"

using namespace orw;
using namespace shape_test;
using Catch::Matchers::Message;

namespace {

// The first model: x [batch,seq,384] -> MatMul(W) -> ReduceMean(axes [1]) -> Softmax.
GraphCase encoder_head() {
  GraphCase g(13);
  g.input("x", "float32[batch,seq,384]").input("W", "float32[384,8]").output("y", "?[*]");
  g.node("MatMul", {"x", "W"}, {"h"}).node("ReduceMean", {"h"}, {"m"}, {ints_attr("axes", {1}), int_attr("keepdims", 0)});
  g.node("Softmax", {"m"}, {"y"});
  return g;
}

std::string diagnostic_text(const ShapeDiagnostic& d) {
  return std::to_string(d.node_index) + " " + d.node_name + " " + d.op_type + " " + d.domain + " " +
         cause_name(d.cause) + " " + js_class_of(d.kind) + ": " + d.message;
}

}  // namespace

TEST_CASE("Model report/an exported head is inferred value by value, in graph order with roles", "[shape]") {
  GraphCase g = encoder_head();
  g.ints("axes", {1});
  const ModelShapes r = g.report();
  CHECK(to_string(r.values.at("h")) == "float32[batch,seq,8]");
  CHECK(to_string(r.values.at("m")) == "float32[batch,8]");
  CHECK(to_string(r.values.at("y")) == "float32[batch,8]");
  CHECK(r.diagnostics.empty());
  std::vector<std::string> order;
  for (const auto& [name, role] : r.order) order.push_back(name + ":" + role_name(role));
  CHECK(order == std::vector<std::string>{"x:input", "W:input", "axes:initializer", "h:intermediate", "m:intermediate",
                                          "y:output"});
}

TEST_CASE("Model report/one bad node loses only its own outputs", "[shape]") {
  GraphCase g(13);
  g.input("x", "float32[N,4]");
  g.node("ReduceMax", {"x"}, {"bad"}, {ints_attr("axes", {5})}, "r");
  g.node("Softmax", {"x"}, {"s"}).node("ArgMax", {"x"}, {"a"}).node("Relu", {"bad"}, {"after"});
  const ModelShapes r = g.report();
  CHECK(to_string(r.values.at("bad")) == "?[*]");
  CHECK(to_string(r.values.at("after")) == "?[*]");
  CHECK(to_string(r.values.at("s")) == "float32[N,4]");
  CHECK(to_string(r.values.at("a")) == "int64[1,4]");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(diagnostic_text(r.diagnostics[0]) ==
        "0 r ReduceMax ai.onnx invalid-node RangeError: ReduceMax \"r\" (opset 13): attribute 'axes': axis 5 is out of "
        "range for rank 2 (valid range [-2, 1])");
  // strict: the same error, thrown.
  CHECK_THROWS_MATCHES(g.report(true), std::invalid_argument,
                       Message("ReduceMax \"r\" (opset 13): attribute 'axes': axis 5 is out of range for rank 2 "
                               "(valid range [-2, 1])"));
}

TEST_CASE("Model report/unknown ops and domains are diagnostics, never errors, strict or not", "[shape]") {
  GraphCase g(13);
  auto* ms = g.m.add_opset_import();
  ms->set_domain("com.example");
  ms->set_version(1);
  g.input("x", "float32[N,4]");
  g.node("FancyOp", {"x"}, {"f"}, {}, "f1");
  onnx::NodeProto custom = make_node("Mystery", {"x"}, {"c"});
  custom.set_domain("com.example");
  *g.m.mutable_graph()->add_node() = custom;
  for (bool strict : {false, true}) {
    const ModelShapes r = g.report(strict);
    REQUIRE(r.diagnostics.size() == 2);
    CHECK(diagnostic_text(r.diagnostics[0]) ==
          "0 f1 FancyOp ai.onnx no-shape-function Error: FancyOp \"f1\" (opset 13): no shape function for op 'FancyOp' "
          "of domain 'ai.onnx' at this opset; its outputs are unknown");
    CHECK(diagnostic_text(r.diagnostics[1]) ==
          "1  Mystery com.example no-shape-function Error: Mystery (opset 1): no shape function for op 'Mystery' of "
          "domain 'com.example' at this opset; its outputs are unknown");
  }
}

TEST_CASE("Model report/a node input nothing provides is a diagnostic (strict: LookupError)", "[shape]") {
  GraphCase g(13);
  g.node("Relu", {"nowhere"}, {"y"});
  const ModelShapes r = g.report();
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(diagnostic_text(r.diagnostics[0]) ==
        "0  Relu ai.onnx invalid-node RangeError: Relu (opset 13): input 0 'X' is the value 'nowhere', which the shapes "
        "context does not hold");
  CHECK_THROWS_AS(g.report(true), LookupError);
}

TEST_CASE("Model report/declarations fill in what inference cannot say", "[shape]") {
  GraphCase g(13);
  g.input("x", "float32[N,4]").value_info("u", "float32[N,?,2]").output("v", "int64[3]");
  g.node("Unknown1", {"x"}, {"u"}).node("Unknown2", {"u"}, {"v"});
  g.node("Relu", {"u"}, {"w"});
  const ModelShapes r = g.report();
  CHECK(to_string(r.values.at("u")) == "float32[N,?,2]");
  CHECK(to_string(r.values.at("v")) == "int64[3]");
  CHECK(to_string(r.values.at("w")) == "float32[N,?,2]");  // inference goes on from the declaration
  CHECK(r.diagnostics.size() == 2);                       // the two ops without a shape function
}

TEST_CASE("Model report/a declared name refines an unknown dim; a known dim wins over a declared name", "[shape]") {
  GraphCase g(13);
  g.input("x", "float32[N,?,4]").value_info("r", "float32[N,seq,d]");
  g.node("Relu", {"x"}, {"r"});
  const ModelShapes r = g.report();
  CHECK(to_string(r.values.at("r")) == "float32[N,seq,4]");
  CHECK(r.diagnostics.empty());
}

TEST_CASE("Model report/a declaration that contradicts inference is a diagnostic; inference's answer stays", "[shape]") {
  SECTION("a known dim") {
    GraphCase g = encoder_head();
    g.value_info("h", "float32[batch,seq,16]");
    const ModelShapes r = g.report();
    CHECK(to_string(r.values.at("h")) == "float32[batch,seq,8]");
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(diagnostic_text(r.diagnostics[0]) ==
          "0  MatMul ai.onnx declared-conflict RangeError: MatMul (opset 13): output 'h' is declared "
          "float32[batch,seq,16] but inferred float32[batch,seq,8]: dim 2 is 8, declared 16");
    CHECK_THROWS_MATCHES(g.report(true), std::invalid_argument,
                         Message("MatMul (opset 13): output 'h' is declared float32[batch,seq,16] but inferred "
                                 "float32[batch,seq,8]: dim 2 is 8, declared 16"));
  }
  SECTION("the rank") {
    GraphCase g = encoder_head();
    g.m.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim();
    const ModelShapes r = g.report();
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].message ==
          "Softmax (opset 13): output 'y' is declared ?[?] but inferred float32[batch,8]: rank 2, declared 1");
  }
  SECTION("the element type") {
    GraphCase g = encoder_head();
    g.value_info("m", "float64[batch,8]");
    const ModelShapes r = g.report();
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(diagnostic_text(r.diagnostics[0]) ==
          "1  ReduceMean ai.onnx declared-conflict TypeError: ReduceMean (opset 13): output 'm' is declared "
          "float64[batch,8] but inferred float32[batch,8]: element type float32, declared float64");
    CHECK_THROWS_AS(g.report(true), TypeError);
  }
}

TEST_CASE("Model report/model-local functions are inferred through their bodies", "[shape]") {
  GraphCase g(13);
  auto* import = g.m.add_opset_import();
  import->set_domain("local");
  import->set_version(1);
  g.input("x", "float32[N,8]").input("w", "float32[8,4]");
  onnx::NodeProto call = make_node("DenseRelu", {"x", "w"}, {"y"}, {int_attr("transpose", 0)});
  call.set_domain("local");
  *g.m.mutable_graph()->add_node() = call;
  onnx::NodeProto bad_call = make_node("DenseRelu", {"w", "w"}, {"z"});
  bad_call.set_domain("local");
  bad_call.set_name("bad");
  *g.m.mutable_graph()->add_node() = bad_call;
  auto* fn = g.m.add_functions();
  fn->set_name("DenseRelu");
  fn->set_domain("local");
  fn->add_input("A");
  fn->add_input("B");
  fn->add_output("Y");
  fn->add_attribute("transpose");
  fn->add_opset_import()->set_version(13);
  *fn->add_node() = make_node("MatMul", {"A", "B"}, {"H"});
  onnx::NodeProto relu = make_node("Relu", {"H"}, {"Y"});
  *fn->add_node() = relu;
  const ModelShapes r = g.report();
  CHECK(to_string(r.values.at("y")) == "float32[N,4]");
  CHECK(to_string(r.values.at("z")) == "?[*]");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].message ==
        "function 'local.DenseRelu': MatMul (opset 13): input 0 'A' float32[8,4] and input 1 'B' float32[8,4] do not "
        "match for a matrix product (4 vs 8)");
  CHECK(r.diagnostics[0].node_name == "bad");
}
