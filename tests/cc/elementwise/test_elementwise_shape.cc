// Shape inference of the element-wise ops through infer_shapes and infer_model_shapes: types,
// Mul's broadcasting of symbolic dims (ONNX's rules), Cast's target type and shape values,
// CastLike's type from input 1, and errors.
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "onnx/node.h"
#include "registry/compute_shape.h"
#include "test_shape_helpers.h"

using namespace orw;
using namespace shape_test;
using Catch::Matchers::Contains;
using Catch::Matchers::Message;

TEST_CASE("Elementwise shapes/unary ops keep the input's type and shape at every version", "[shape][elementwise]") {
  for (const char* op : {"Abs", "Exp", "Log", "Sqrt"}) {
    for (int opset : {1, 6, 13, 26}) {
      INFO(op << " " << opset);
      CHECK(infer(op, opset, {"float32[N,3,?]"}) == "float32[N,3,?]");
      CHECK(infer(op, opset, {"float64[*]"}) == "float64[*]");
      CHECK(infer(op, opset, {"float16[]"}) == "float16[]");
    }
  }
  CHECK(infer("Abs", 6, {"int8[2]"}) == "int8[2]");
  CHECK_THROWS_MATCHES(infer("Abs", 1, {"int8[2]"}), TypeError,
                       Message("Abs (opset 1): input 0 'X' has element type int8, which this version does not accept "
                               "(allowed: float32, float16, float64)"));
  CHECK_THROWS_AS(infer("Exp", 12, {"bfloat16[2]"}), TypeError);
  CHECK(infer("Exp", 13, {"bfloat16[2]"}) == "bfloat16[2]");
}

TEST_CASE("Elementwise shapes/Mul broadcasts known, symbolic and unknown dims as ONNX does", "[shape][elementwise]") {
  struct Case {
    const char* a;
    const char* b;
    const char* out;
  };
  const Case cases[] = {
      {"float32[2,3]", "float32[3]", "float32[2,3]"},          {"float32[N,1]", "float32[1,D]", "float32[N,D]"},
      {"float32[N,3]", "float32[N,3]", "float32[N,3]"},        {"float32[N]", "float32[M]", "float32[?]"},
      {"float32[N]", "float32[5]", "float32[5]"},              {"float32[?]", "float32[1]", "float32[?]"},
      {"float32[?]", "float32[4]", "float32[4]"},              {"float32[N]", "float32[?]", "float32[?]"},
      {"float32[]", "float32[N,2]", "float32[N,2]"},           {"float32[0,N]", "float32[1,1]", "float32[0,N]"},
      {"float32[*]", "float32[3]", "float32[*]"},              {"float32[3]", "float32[*]", "float32[*]"},
      {"?[2,1]", "int32[1,4]", "int32[2,4]"},
  };
  for (const Case& c : cases) {
    INFO(c.a << " * " << c.b);
    CHECK(infer("Mul", 14, {c.a, c.b}) == c.out);
  }
}

TEST_CASE("Elementwise shapes/Mul with known dims that cannot broadcast is an error naming both inputs", "[shape][elementwise]") {
  CHECK_THROWS_MATCHES(infer("Mul", 14, {"float32[N,3]", "float32[4]"}), std::invalid_argument,
                       Message("Mul (opset 14): input 0 'A' float32[N,3] and input 1 'B' float32[4] do not broadcast (3 vs 4)"));
  CHECK_THROWS_MATCHES(infer("Mul", 14, {"float32[2]", "float64[2]"}), TypeError,
                       Message("Mul (opset 14): input 1 'B' has element type float64 but input 0 'A' has float32; both "
                               "inputs must have the same type"));
}

TEST_CASE("Elementwise shapes/Mul versions 1 and 6 give A's shape", "[shape][elementwise]") {
  CHECK(infer("Mul", 6, {"float32[N,3]", "float32[3]"}, {Attribute::of_int("broadcast", 1)}) == "float32[N,3]");
  CHECK(infer("Mul", 1, {"float32[*]", "float32[3]"}) == "float32[*]");
}

TEST_CASE("Elementwise shapes/Cast gives type 'to' and the input's shape", "[shape][elementwise]") {
  CHECK(infer("Cast", 13, {"float32[N,2]"}, {Attribute::of_int("to", 11)}) == "float64[N,2]");
  CHECK(infer("Cast", 1, {"int32[*]"}, {Attribute::of_string("to", "BOOL")}) == "bool[*]");
  CHECK(infer("Cast", 13, {"int64[2]={N,4}"}, {Attribute::of_int("to", 6)}) == "int32[2]={N,4}");
  CHECK(infer("Cast", 13, {"int64[2]={N,4}"}, {Attribute::of_int("to", 1)}) == "float32[2]");
  CHECK(infer("Cast", 19, {"float32[2]"}, {Attribute::of_int("to", 19)}) == "float8e5m2[2]");
  CHECK(infer("Cast", 21, {"int4[N]"}, {Attribute::of_int("to", 1)}) == "float32[N]");
  CHECK_THROWS_MATCHES(infer("Cast", 19, {"float32[2]"}, {Attribute::of_int("to", 21)}), std::invalid_argument,
                       Message("Cast (opset 19): attribute 'to' is uint4 (21), which Cast accepts only from version 21 "
                               "(this node resolves to version 19)"));
}

TEST_CASE("Elementwise shapes/CastLike gives input 1's type and input 0's shape", "[shape][elementwise]") {
  CHECK(infer("CastLike", 15, {"float32[N,2]", "float16[7]"}) == "float16[N,2]");
  CHECK(infer("CastLike", 15, {"float32[N,2]", "?[*]"}) == "?[N,2]");
  CHECK(infer("CastLike", 19, {"float32[3]", "float8e4m3fn[1]"}) == "float8e4m3fn[3]");
  CHECK_THROWS_WITH(infer("CastLike", 15, {"float32[3]", "float8e4m3fn[1]"}),
                    Contains("input 1 'target_type' has element type float8e4m3fn"));
}

TEST_CASE("Elementwise shapes/a model of the ReduceLogSumExp function body infers every value", "[shape][elementwise]") {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(18);
  auto* g = m.mutable_graph();
  auto add_input = [&](const char* name, int type, std::vector<std::string> dims) {
    auto* v = g->add_input();
    v->set_name(name);
    auto* tt = v->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(type);
    for (const auto& d : dims) {
      auto* dim = tt->mutable_shape()->add_dim();
      if (isdigit(static_cast<unsigned char>(d[0]))) dim->set_dim_value(std::stoll(d));
      else dim->set_dim_param(d);
    }
  };
  add_input("data", 1, {"N", "3"});
  add_input("axes", 7, {"1"});
  *g->add_node() = make_node("Cast", {"data"}, {"d"}, {int_attr("to", 11)});
  *g->add_node() = make_node("Exp", {"d"}, {"e"});
  *g->add_node() = make_node("ReduceSum", {"e", "axes"}, {"s"}, {int_attr("keepdims", 1)});
  *g->add_node() = make_node("Log", {"s"}, {"l"});
  *g->add_node() = make_node("CastLike", {"l", "data"}, {"y"});
  *g->add_node() = make_node("Mul", {"y", "data"}, {"z"});
  const auto infos = infer_model(m);
  CHECK(orw::to_string(infos.at("d")) == "float64[N,3]");
  CHECK(orw::to_string(infos.at("e")) == "float64[N,3]");
  CHECK(infos.at("s").type == DataType::kDouble);
  CHECK(orw::to_string(infos.at("y")).rfind("float32[", 0) == 0);
  CHECK(infos.at("z").type == DataType::kFloat);
  CHECK(infos.at("z").rank() == 2);
}
