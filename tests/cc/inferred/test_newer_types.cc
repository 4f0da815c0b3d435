// The element types ONNX added after bfloat16 (float8, int4, float4, int2): known to shape
// inference, in a model's declarations, initializers and the ops' type attributes; refused by
// the runtime when a model holding them is loaded to run.
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "graph_case.h"
#include "onnx/model.h"

using namespace shape_test;
using Catch::Matchers::Message;

namespace {

// An int4 initializer [4,8] with its 32 values packed two to a byte in raw_data, as ONNX stores it.
void add_int4_weight(GraphCase& g, const std::string& name) {
  auto* t = g.m.mutable_graph()->add_initializer();
  t->set_name(name);
  t->set_data_type(22);
  t->add_dims(4);
  t->add_dims(8);
  t->set_raw_data(std::string(16, '\x21'));
}

}  // namespace

TEST_CASE("Newer types/int4 weights dequantized, float8 quantization and Cast-24 are inferred", "[shape]") {
  GraphCase g(24);
  add_int4_weight(g, "w");
  g.input("x", "float32[N,4]").input("scale", "float32[]").input("f8zero", "float8e4m3fn[]");
  g.node("DequantizeLinear", {"w", "scale"}, {"wf"});
  g.node("MatMul", {"x", "wf"}, {"y"});
  g.node("QuantizeLinear", {"y", "scale"}, {"q"}, {int_attr("output_dtype", 17)});
  g.node("QuantizeLinear", {"y", "scale", "f8zero"}, {"qz"});
  g.node("Cast", {"y"}, {"c"}, {int_attr("to", 19)});
  g.node("Reshape", {"c", "shape"}, {"r"}).ints("shape", {-1});
  CHECK(g.mismatches({{"w", "int4[4,8]"},
                      {"wf", "float32[4,8]"},
                      {"y", "float32[N,8]"},
                      {"q", "float8e4m3fn[N,8]"},
                      {"qz", "float8e4m3fn[N,8]"},
                      {"c", "float8e5m2[N,8]"},
                      {"r", "float8e5m2[?]"}}) == "");

  // A newer type where the version does not list it is a diagnostic naming it.
  GraphCase old(19);
  add_int4_weight(old, "w");
  old.input("scale", "float32[]").node("DequantizeLinear", {"w", "scale"}, {"wf"}, {}, "dq");
  CHECK_THAT(old.only_diagnostic(), Catch::Contains("DequantizeLinear \"dq\" (opset 19)") && Catch::Contains("int4"));
}

TEST_CASE("Newer types/a model with an int4 initializer is refused when loaded to run", "[shape]") {
  GraphCase g(21);
  add_int4_weight(g, "w");
  g.input("scale", "float32[]").node("DequantizeLinear", {"w", "scale"}, {"wf"}).output("wf", "float32[4,8]");
  const std::string bytes = g.m.SerializeAsString();
  CHECK_THROWS_MATCHES(orw::Model::parse(bytes.data(), bytes.size()), orw::UnsupportedError,
                       Message("initializer 'w': element type int4 is not supported (known to shape inference only)"));
}
