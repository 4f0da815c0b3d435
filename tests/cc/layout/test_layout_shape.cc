// Shape inference of the layout ops and Clip (the inferred rules' functions for Reshape, Squeeze,
// Unsqueeze, Flatten, Shape, Expand): exact shapes from known dims and known shape/axes values
// (an initializer, a Shape output), unknown dims or rank where they do not follow, errors where
// the infos contradict the op, and the mean-pooling head inferred as a model.
#include <catch2/catch.hpp>

#include "model_builders.h"
#include "onnx/node.h"
#include "registry/compute_shape.h"
#include "test_shape_helpers.h"

using namespace orw;
using namespace shape_test;
using Catch::Matchers::Contains;

TEST_CASE("Reshape/shape: known values give the dims; 0 and -1 by the run's rule; symbols otherwise", "[layout][shape]") {
  CHECK(infer("Reshape", 14, {"float32[2,3,4]", "int64[2]={4,-1}"}) == "float32[4,6]");
  CHECK(infer("Reshape", 14, {"float32[N,3,4]", "int64[3]={0,0,-1}"}) == "float32[N,3,?]");
  CHECK(infer("Reshape", 14, {"float32[N,3,4]", "int64[2]={0,12}"}) == "float32[N,12]");
  CHECK(infer("Reshape", 14, {"float32[N,3]", "int64[2]={0,0}"}, {Attribute::of_int("allowzero", 1)}) == "float32[0,0]");
  CHECK(infer("Reshape", 14, {"float32[N,3]", "int64[3]"}) == "float32[?,?,?]");
  CHECK(infer("Reshape", 14, {"float32[N,3]", "int64[?]"}) == "float32[*]");
  CHECK(infer("Reshape", 1, {"float32[2,3]"}, {Attribute::of_ints("shape", {3, 2})}) == "float32[3,2]");
  // A Shape output's values (here symbolic) pass on to the dims.
  CHECK(infer("Reshape", 14, {"float32[6]", "int64[2]={B,3}"}) == "float32[B,3]");
  CHECK(infer("Reshape", 14, {"int64[2]={4,5}", "int64[2]={1,2}"}) == "int64[1,2]");
}

TEST_CASE("Squeeze/shape: known axes, no axes over known dims, unknown otherwise", "[layout][shape]") {
  CHECK(infer("Squeeze", 13, {"float32[1,N,1,3]", "int64[1]={-2}"}) == "float32[1,N,3]");
  CHECK(infer("Squeeze", 13, {"float32[1,2,1,3]"}) == "float32[2,3]");
  CHECK(infer("Squeeze", 13, {"float32[1,N,3]"}) == "float32[*]");
  CHECK(infer("Squeeze", 13, {"float32[1,N,3]", "int64[1]"}) == "float32[*]");
  CHECK(infer("Squeeze", 13, {"float32[1,N,3]", "int64[?]"}) == "float32[*]");
  CHECK(infer("Squeeze", 11, {"float32[N,1]"}, {Attribute::of_ints("axes", {0})}) == "float32[1]");
  CHECK(infer("Squeeze", 13, {"int64[1]={7}", "int64[1]={0}"}) == "int64[]={7}");
  CHECK_THROWS_WITH(infer("Squeeze", 13, {"float32[1,2]", "int64[1]={1}"}),
                    Contains("Squeeze (opset 13): axis 1 of input 0 'data' float32[1,2] is not 1"));
}

TEST_CASE("Unsqueeze/shape: 1s at the output positions; symbols when only the count is known", "[layout][shape]") {
  CHECK(infer("Unsqueeze", 13, {"int64[B,S]", "int64[1]={-1}"}) == "int64[B,S,1]");
  CHECK(infer("Unsqueeze", 13, {"float32[3,4,5]", "int64[2]={4,0}"}) == "float32[1,3,4,5,1]");
  CHECK(infer("Unsqueeze", 13, {"float32[3]", "int64[2]"}) == "float32[*]");
  CHECK(infer("Unsqueeze", 13, {"float32[*]", "int64[1]={0}"}) == "float32[*]");
  CHECK(infer("Unsqueeze", 1, {"float32[2]"}, {Attribute::of_ints("axes", {0})}) == "float32[1,2]");
  CHECK(infer("Unsqueeze", 13, {"int64[]={5}", "int64[1]={0}"}) == "int64[1]={5}");
  CHECK_THROWS_WITH(infer("Unsqueeze", 13, {"float32[3]", "int64[1]={2}"}), Contains("axis 2 is out of range for rank 2"));
}

TEST_CASE("Flatten/shape: products of known dims, symbols for the others", "[layout][shape]") {
  CHECK(infer("Flatten", 13, {"float32[2,3,4]"}) == "float32[2,12]");
  CHECK(infer("Flatten", 13, {"float32[N,3,4]"}, {Attribute::of_int("axis", -1)}) == "float32[?,4]");
  CHECK(infer("Flatten", 13, {"float32[N,0,4]"}, {Attribute::of_int("axis", 2)}) == "float32[?,4]");
  CHECK(infer("Flatten", 13, {"float32[2,3]"}, {Attribute::of_int("axis", 0)}) == "float32[1,6]");
  CHECK(infer("Flatten", 13, {"float32[*]"}) == "float32[*]");
  CHECK_THROWS_WITH(infer("Flatten", 13, {"float32[2,3]"}, {Attribute::of_int("axis", 3)}), Contains("attribute 'axis'"));
}

TEST_CASE("Shape, Identity, Expand, Clip/shape", "[layout][shape]") {
  CHECK(infer("Shape", 15, {"float32[B,S,384]"}) == "int64[3]={B,S,384}");
  CHECK(infer("Shape", 15, {"float32[B,S,384]"}, {Attribute::of_int("start", -2)}) == "int64[2]={S,384}");
  CHECK(infer("Shape", 15, {"float32[B,S]"}, {Attribute::of_int("start", 5)}) == "int64[0]={}");
  CHECK(infer("Shape", 13, {"float32[*]"}) == "int64[?]");
  CHECK(infer("Identity", 16, {"int64[2]={B,3}"}) == "int64[2]={B,3}");
  CHECK(infer("Expand", 13, {"int64[B,S,1]", "int64[3]={B,S,384}"}) == "int64[B,S,384]");
  CHECK(infer("Expand", 13, {"float32[3,1]", "int64[3]={2,1,6}"}) == "float32[2,3,6]");
  CHECK(infer("Expand", 13, {"float32[3,1]", "int64[3]"}) == "float32[?,?,?]");
  CHECK(infer("Expand", 13, {"float32[3,1]", "int64[?]"}) == "float32[*]");
  CHECK_THROWS_AS(infer("Expand", 13, {"float32[3,2]", "int64[1]={4}"}), ValueError);
  CHECK(infer("Clip", 13, {"float32[B,3]", "float32[]", "float32[1]"}) == "float32[B,3]");
  CHECK(infer("Clip", 13, {"float32[B,3]", "", "float32[]"}) == "float32[B,3]");
  CHECK_THROWS_AS(infer("Clip", 13, {"float32[B,3]", "float64[]"}), TypeError);
  CHECK_THROWS_WITH(infer("Clip", 13, {"float32[B,3]", "float32[2]"}), Contains("input 1 'min' must be a scalar"));
}

TEST_CASE("Model/the mean-pooling head infers end to end from symbolic batch and sequence", "[layout][shape]") {
  using namespace model_test;
  onnx::ModelProto m = model_importing(18);
  onnx::GraphProto* g = m.mutable_graph();
  add_tensor_input(g, "x", onnx::TensorProto::FLOAT, {});
  add_tensor_input(g, "mask", onnx::TensorProto::INT64, {});
  for (auto* v : {g->mutable_input(0), g->mutable_input(1)}) {
    auto* shape = v->mutable_type()->mutable_tensor_type()->mutable_shape();
    shape->add_dim()->set_dim_param("B");
    shape->add_dim()->set_dim_param("S");
    if (v->name() == "x") shape->add_dim()->set_dim_value(384);
  }
  auto int64_init = [&](const std::string& name, std::vector<int64_t> values) {
    onnx::TensorProto* t = g->add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::INT64);
    t->add_dims(static_cast<int64_t>(values.size()));
    for (int64_t v : values) t->add_int64_data(v);
  };
  int64_init("minus1", {-1});
  int64_init("one", {1});
  add_node(g, "Unsqueeze", {"mask", "minus1"}, {"m3"});
  add_node(g, "Shape", {"x"}, {"xs"});
  add_node(g, "Expand", {"m3", "xs"}, {"mx"});
  add_node(g, "Cast", {"mx"}, {"mf"})->add_attribute()->CopyFrom(int_attr("to", onnx::TensorProto::FLOAT));
  add_node(g, "Mul", {"x", "mf"}, {"xm"});
  add_node(g, "ReduceSum", {"xm", "one"}, {"sum"})->add_attribute()->CopyFrom(int_attr("keepdims", 0));
  add_node(g, "ReduceSum", {"mf", "one"}, {"count"})->add_attribute()->CopyFrom(int_attr("keepdims", 0));
  add_node(g, "Clip", {"count", "", ""}, {"clipped"});
  add_node(g, "Div", {"sum", "clipped"}, {"mean"});
  add_node(g, "LpNormalization", {"mean"}, {"y"});
  const auto infos = infer_model(m);
  CHECK(to_string(infos.at("m3")) == "int64[B,S,1]");
  CHECK(to_string(infos.at("xs")) == "int64[3]={B,S,384}");
  CHECK(to_string(infos.at("mx")) == "int64[B,S,384]");
  CHECK(to_string(infos.at("sum")) == "float32[B,384]");
  CHECK(to_string(infos.at("y")) == "float32[B,384]");
}
