// Shapes computed inside the graph reach the ops that take a shape as data (ONNX's data
// propagation): Shape, Gather, Slice, Unsqueeze, Squeeze, Concat, Cast, Add/Sub/Mul/Div of
// known values, then Reshape, Expand, ConstantOfShape, Range, Tile; and the float values of
// small initializers and Constants, Resize's and Upsample's scales.
#include <catch2/catch.hpp>

#include "graph_case.h"

using namespace shape_test;

TEST_CASE("Data propagation/Shape -> Gather -> Unsqueeze -> Concat -> Reshape", "[shape]") {
  GraphCase g(13);
  g.input("x", "float32[batch,seq,64]").ints("zero", {0}, true).ints("one", {1}, true).ints("axes", {0});
  g.ints("heads", {4, 16});
  g.node("Shape", {"x"}, {"s"}).node("Gather", {"s", "zero"}, {"b"}).node("Gather", {"s", "one"}, {"n"});
  g.node("Unsqueeze", {"b", "axes"}, {"b1"}).node("Unsqueeze", {"n", "axes"}, {"n1"});
  g.node("Concat", {"b1", "n1", "heads"}, {"target"}, {int_attr("axis", 0)});
  g.node("Reshape", {"x", "target"}, {"y"});
  CHECK(g.at("s") == "int64[3]={batch,seq,64}");
  CHECK(g.at("b") == "int64[]={batch}");
  CHECK(g.at("b1") == "int64[1]={batch}");
  CHECK(g.at("target") == "int64[4]={batch,seq,4,16}");
  CHECK(g.at("y") == "float32[batch,seq,4,16]");
}

TEST_CASE("Data propagation/Slice of a shape, arithmetic on it, and the ops that take it", "[shape]") {
  GraphCase g(14);
  g.input("x", "float32[batch,4,past,16]").ints("two", {2}, true).ints("one", {1}, true).ints("zero", {0}, true);
  g.ints("s0", {0}).ints("s2", {2}).ints("minus1", {-1});
  g.node("Shape", {"x"}, {"s"}).node("Slice", {"s", "s0", "s2"}, {"bh"});
  g.node("Concat", {"bh", "minus1"}, {"flat_shape"}, {int_attr("axis", 0)});
  g.node("Reshape", {"x", "flat_shape"}, {"flat"});
  g.node("Gather", {"s", "two"}, {"p"}).node("Add", {"p", "one"}, {"total"}).node("Mul", {"p", "two"}, {"twice"});
  g.node("Range", {"zero", "two", "one"}, {"r"});
  g.node("Cast", {"bh"}, {"bh32"}, {int_attr("to", 6)});
  g.node("ConstantOfShape", {"bh"}, {"zeros"});
  g.node("Expand", {"one", "bh"}, {"ones"});
  g.node("Tile", {"zeros", "bh"}, {"tiled"});
  CHECK(g.at("bh") == "int64[2]={batch,4}");
  CHECK(g.at("flat") == "float32[batch,4,?]");  // ONNX: the -1 of a symbolic size is unknown
  CHECK(g.at("total") == "int64[]");            // past + 1 has no name
  CHECK(g.at("twice") == "int64[]");
  CHECK(g.at("r") == "int64[2]");
  CHECK(g.at("bh32") == "int32[2]={batch,4}");
  CHECK(g.at("zeros") == "float32[batch,4]");
  CHECK(g.at("ones") == "int64[batch,4]");
  CHECK(g.at("tiled") == "float32[?,?]");       // repeats not known as numbers
}

TEST_CASE("Data propagation/known numbers are computed; -1 and 0 in Reshape", "[shape]") {
  GraphCase g(13);
  g.input("x", "float32[2,3,4]").ints("one", {1}, true).ints("k", {3}, true);
  g.node("Shape", {"x"}, {"s"}).node("Mul", {"s", "one"}, {"s1"}).node("Add", {"s", "k"}, {"s3"});
  g.node("Div", {"s", "k"}, {"sd"});
  g.ints("t", {0, -1}).node("Reshape", {"x", "t"}, {"y"});
  g.node("Size", {"x"}, {"n"});
  CHECK(g.at("s1") == "int64[3]={2,3,4}");
  CHECK(g.at("s3") == "int64[3]={5,6,7}");
  CHECK(g.at("sd") == "int64[3]={?,1,?}");
  CHECK(g.at("y") == "float32[2,12]");
  CHECK(g.at("n") == "int64[]={24}");
}

TEST_CASE("Data propagation/Resize and Upsample by known float scales, sizes by aspect policy", "[shape]") {
  GraphCase g(18);
  g.input("x", "float32[N,3,10,9]").floats("scales", {1, 1, 2, 0.5f}).floats("hw", {1.5f, 3}).ints("axes_sizes", {8, 8});
  g.input("img", "float32[1,3,20,10]");
  g.node("Resize", {"x", "", "scales"}, {"r"});
  g.node("Resize", {"x", "", "hw"}, {"r_axes"}, {ints_attr("axes", {2, 3})});
  g.node("Resize", {"img", "", "", "axes_sizes"}, {"fit"}, {ints_attr("axes", {2, 3}), string_attr("keep_aspect_ratio_policy", "not_larger")});
  g.node("Resize", {"img", "", "", "axes_sizes"}, {"fill"}, {ints_attr("axes", {2, 3}), string_attr("keep_aspect_ratio_policy", "not_smaller")});
  g.node("Resize", {"x", "", "", "axes_sizes"}, {"unknown_aspect"}, {ints_attr("axes", {0, 2}), string_attr("keep_aspect_ratio_policy", "not_larger")});
  CHECK(g.mismatches({{"r", "float32[N,3,20,4]"},
                      {"r_axes", "float32[N,3,15,27]"},
                      {"fit", "float32[1,3,8,4]"},
                      {"fill", "float32[1,3,16,8]"},
                      {"unknown_aspect", "float32[?,3,?,9]"}}) == "");

  GraphCase up(9);
  up.input("x", "float32[N,2,4,4]").floats("scales", {1, 1, 2, 2.5f}).node("Upsample", {"x", "scales"}, {"y"});
  CHECK(up.at("y") == "float32[N,2,8,10]");

  GraphCase constant(13);
  onnx::AttributeProto value;
  value.set_name("value_floats");
  value.set_type(onnx::AttributeProto::FLOATS);
  for (float v : {1.0f, 1.0f, 0.5f}) value.add_floats(v);
  constant.input("x", "float32[B,4,7]").node("Constant", {}, {"scales"}, {value});
  constant.node("Resize", {"x", "", "scales"}, {"y"});
  CHECK(constant.at("y") == "float32[B,4,3]");
}
