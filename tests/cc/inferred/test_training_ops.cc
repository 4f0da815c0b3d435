// The ai.onnx.preview.training ops (Adagrad, Adam, Momentum, Gradient): each output the type
// and shape of the input it updates, and the errors for input and output lists that do not
// match the op's groups.
#include <catch2/catch.hpp>

#include "graph_case.h"
#include "schema/op_schema.h"

using namespace shape_test;

namespace {

constexpr const char* kTraining = "ai.onnx.preview.training";

// A GraphCase of ai.onnx opset 17 that imports the training domain at `opset`.
GraphCase training_case(int64_t opset = 1) {
  GraphCase g(17);
  auto* imp = g.m.add_opset_import();
  imp->set_domain(kTraining);
  imp->set_version(opset);
  g.input("R", "float32[]").input("T", "int64[]");
  return g;
}

// Adds a node of the training domain.
void training_node(GraphCase& g, const std::string& op, const std::vector<std::string>& inputs,
                   const std::vector<std::string>& outputs, const std::vector<onnx::AttributeProto>& attrs = {},
                   const std::string& name = {}) {
  g.node(op, inputs, outputs, attrs, name);
  g.m.mutable_graph()->mutable_node(g.m.graph().node_size() - 1)->set_domain(kTraining);
}

onnx::AttributeProto strings_attr(const std::string& name, const std::vector<std::string>& v) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::STRINGS);
  for (const std::string& s : v) a.add_strings(s);
  return a;
}

}  // namespace

TEST_CASE("Training ops/optimizers: the new tensors and states as the inputs they update", "[shape]") {
  GraphCase g = training_case();
  g.input("X1", "float32[1,2]").input("X2", "float32[N,4]").input("G1", "float32[1,2]").input("G2", "float32[N,4]");
  g.input("H1", "float32[1,2]").input("H2", "float32[N,4]").input("V1", "float32[1,2]").input("V2", "float32[N,4]");
  training_node(g, "Adagrad", {"R", "T", "X1", "X2", "G1", "G2", "H1", "H2"}, {"a1", "a2", "ah1", "ah2"});
  training_node(g, "Momentum", {"R", "T", "X1", "G1", "V1"}, {"m1", "mv1"}, {string_attr("mode", "nesterov")});
  training_node(g, "Adam", {"R", "T", "X1", "X2", "G1", "G2", "V1", "V2", "H1", "H2"},
                {"d1", "d2", "dv1", "dv2", "dh1", "dh2"});
  g.input("D", "float64[3]").input("GD", "float64[3]").input("VD", "float64[?]");
  training_node(g, "Momentum", {"R", "T", "D", "GD", "VD"}, {"md", ""});
  CHECK(g.mismatches({{"a1", "float32[1,2]"},
                      {"a2", "float32[N,4]"},
                      {"ah1", "float32[1,2]"},
                      {"ah2", "float32[N,4]"},
                      {"m1", "float32[1,2]"},
                      {"mv1", "float32[1,2]"},
                      {"d1", "float32[1,2]"},
                      {"d2", "float32[N,4]"},
                      {"dv1", "float32[1,2]"},
                      {"dv2", "float32[N,4]"},
                      {"dh1", "float32[1,2]"},
                      {"dh2", "float32[N,4]"},
                      {"md", "float64[3]"}}) == "");
}

TEST_CASE("Training ops/Gradient: each gradient the shape of its input, of unknown type", "[shape]") {
  GraphCase g = training_case();
  g.input("W", "float32[8,3]").input("Z", "float16[N]").input("X", "float32[N,3]");
  training_node(g, "Gradient", {"W", "Z", "X"}, {"dW", "dZ"},
                {strings_attr("xs", {"W", "Z"}), strings_attr("zs", {"X"}), string_attr("y", "Y")});
  CHECK(g.mismatches({{"dW", "?[8,3]"}, {"dZ", "?[N]"}}) == "");

  GraphCase bad = training_case();
  bad.input("W", "float32[8,3]");
  training_node(bad, "Gradient", {"W"}, {"dW", "dX"}, {strings_attr("xs", {"W"}), string_attr("y", "Y")}, "grad");
  CHECK(bad.only_diagnostic() == "Gradient \"grad\" (opset 1): has 2 outputs; attribute 'xs' names 1 (one gradient for each)");
}

TEST_CASE("Training ops/errors: groups, output counts, element types, opsets", "[shape]") {
  const auto diagnostic = [](const std::string& op, const std::vector<std::string>& inputs,
                             const std::vector<std::string>& outputs, int64_t opset = 1) {
    GraphCase g = training_case(opset);
    g.input("X", "float32[2]").input("G", "float32[2]").input("V", "float32[2]").input("D", "float64[2]");
    g.input("I", "int32[]");
    training_node(g, op, inputs, outputs, {}, "opt");
    return g.only_diagnostic();
  };
  CHECK(diagnostic("Adagrad", {"R", "T", "X", "G", "V", "V"}, {"x", "h"}) ==
        "Adagrad \"opt\" (opset 1): input 2 'inputs' has 4 tensors; it must list the optimized tensors, their gradients "
        "and their state, as many of each (a multiple of 3)");
  CHECK(diagnostic("Adam", {"R", "T", "X", "G", "V"}, {"x", "v", "h"}) ==
        "Adam \"opt\" (opset 1): input 2 'inputs' has 3 tensors; it must list the optimized tensors, their gradients "
        "and their two states, as many of each (a multiple of 4)");
  CHECK(diagnostic("Adam", {"R", "T", "X", "G", "V", "V"}, {"x", "v"}) ==
        "Adam \"opt\" (opset 1): 1 optimized tensors give 3 outputs (the new tensors, then the new states), not 2");
  CHECK(diagnostic("Momentum", {"R", "T", "X", "G", "D"}, {"x", "v"}) ==
        "Momentum \"opt\" (opset 1): input 4 has element type float64 but input 2 has float32 (the tensors, "
        "gradients and states share one element type)");
  CHECK(diagnostic("Momentum", {"R", "I", "X", "G", "V"}, {"x", "v"}) ==
        "Momentum \"opt\" (opset 1): input 1 'T' has element type int32, which this version does not accept "
        "(allowed: int64)");
  CHECK(diagnostic("Adagrad", {"R", "T", "X", "G", "V"}, {"x", "h"}, 2) ==
        "Adagrad \"opt\" (opset 2): no shape function for op 'Adagrad' of domain "
        "'ai.onnx.preview.training' at this opset; its outputs are unknown");
  CHECK(diagnostic("Lamb", {"R", "T", "X", "G", "V"}, {"x", "h"}) ==
        "Lamb \"opt\" (opset 1): no shape function for op 'Lamb' of domain "
        "'ai.onnx.preview.training' at this opset; its outputs are unknown");
}

TEST_CASE("Training ops/the domain's rows: opset 1 only, its ops named", "[shape]") {
  CHECK(orw::resolve_op(kTraining, "Adam", 1).since_version == 1);
  CHECK_THROWS_WITH(orw::resolve_op(kTraining, "Adam", 2),
                    "Adam (domain 'ai.onnx.preview.training', opset 2): opset 2 is outside the supported range 1..1");
  CHECK_THROWS_WITH(orw::resolve_op(kTraining, "Lamb", 1),
                    "Lamb (domain 'ai.onnx.preview.training', opset 1): operator 'Lamb' is not supported (supported: "
                    "Adagrad, Adam, Gradient, Momentum)");
  CHECK_THROWS_WITH(orw::resolve_op("com.example", "Adam", 1),
                    "Adam (domain 'com.example', opset 1): domain 'com.example' is not supported (only ai.onnx and "
                    "ai.onnx.preview.training)");
  CHECK_THROWS_WITH(orw::resolve_op("", "Adam", 17),
                    Catch::Contains("Adam (domain 'ai.onnx', opset 17): operator 'Adam' is not supported (supported: "));
}
