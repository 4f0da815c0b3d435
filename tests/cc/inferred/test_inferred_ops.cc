// The shape functions of ops the package infers but does not run: answers over symbolic dims
// and the errors, with their exact messages, as whole-model inference reports them.
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "core/tensor.h"
#include "onnx/model.h"
#include "onnx/node.h"
#include "runtime/run_node.h"
#include "graph_case.h"

using namespace shape_test;
using Catch::Matchers::Message;

TEST_CASE("Inferred ops/MatMul and Gemm", "[shape]") {
  GraphCase g(13);
  g.input("a", "float32[B,N,K]").input("b", "float32[K,M]").input("v", "float32[K]").input("c", "float32[3,K]");
  g.node("MatMul", {"a", "b"}, {"ab"}).node("MatMul", {"a", "v"}, {"av"}).node("MatMul", {"v", "b"}, {"vb"});
  g.node("Gemm", {"c", "b"}, {"cb"}).node("Gemm", {"b", "c"}, {"bc"}, {int_attr("transA", 1), int_attr("transB", 1)});
  CHECK(g.at("ab") == "float32[B,N,M]");
  CHECK(g.at("av") == "float32[B,N]");
  CHECK(g.at("vb") == "float32[M]");
  CHECK(g.at("cb") == "float32[3,M]");
  CHECK(g.at("bc") == "float32[M,3]");
  GraphCase bad(13);
  bad.input("a", "float32[2,3]").input("b", "float32[4,5]").node("MatMul", {"a", "b"}, {"y"}, {}, "mm");
  CHECK(bad.only_diagnostic() == "MatMul \"mm\" (opset 13): input 0 'A' float32[2,3] and input 1 'B' float32[4,5] do "
                                "not match for a matrix product (3 vs 4)");
  CHECK_THROWS_AS(bad.report(true), orw::ValueError);
}

TEST_CASE("Inferred ops/Conv, pools and their windows", "[shape]") {
  GraphCase g(13);
  g.input("x", "float32[N,3,32,31]").input("w", "float32[8,3,3,3]").input("t", "float32[8,4,2,2]");
  g.node("Conv", {"x", "w"}, {"c"}, {ints_attr("strides", {2, 2}), ints_attr("pads", {1, 1, 1, 1})});
  g.node("Conv", {"x", "w"}, {"same"}, {string_attr("auto_pad", "SAME_UPPER"), ints_attr("strides", {2, 2})});
  g.node("Conv", {"x", "w"}, {"dil"}, {ints_attr("dilations", {2, 2})});
  g.node("MaxPool", {"x"}, {"mp", "idx"}, {ints_attr("kernel_shape", {2, 2}), ints_attr("strides", {2, 2})});
  g.node("AveragePool", {"x"}, {"ap"}, {ints_attr("kernel_shape", {2, 2}), ints_attr("strides", {2, 2}), int_attr("ceil_mode", 1)});
  g.node("GlobalAveragePool", {"x"}, {"gap"});
  g.node("ConvTranspose", {"c", "t"}, {"ct"}, {ints_attr("strides", {2, 2}), int_attr("group", 2)});
  CHECK(g.at("c") == "float32[N,8,16,16]");
  CHECK(g.at("same") == "float32[N,8,16,16]");
  CHECK(g.at("dil") == "float32[N,8,28,27]");
  CHECK(g.at("mp") == "float32[N,3,16,15]");
  CHECK(g.at("idx") == "int64[N,3,16,15]");
  CHECK(g.at("ap") == "float32[N,3,16,16]");
  CHECK(g.at("gap") == "float32[N,3,1,1]");
  CHECK(g.at("ct") == "float32[N,8,32,32]");
  GraphCase bad(13);
  bad.input("x", "float32[1,3,1,2]").input("w", "float32[8,3,3,3]").node("Conv", {"x", "w"}, {"y"});
  CHECK(bad.only_diagnostic() == "Conv (opset 13): spatial dim 0 (1) is smaller than the kernel's extent 3");
}

TEST_CASE("Inferred ops/normalizations, activations, comparisons", "[shape]") {
  GraphCase g(17);
  g.input("x", "float32[B,S,64]").input("y", "float32[S,1]").input("w", "float32[64]");
  g.node("LayerNormalization", {"x", "w", "w"}, {"ln", "mean", "inv"});
  g.node("Relu", {"x"}, {"r"}).node("Equal", {"x", "y"}, {"eq"}).node("Not", {"eq"}, {"ne"});
  g.node("Where", {"eq", "x", "y"}, {"wh"}).node("Pow", {"x", "y"}, {"pw"}).node("Dropout", {"x"}, {"d", "m"});
  CHECK(g.at("ln") == "float32[B,S,64]");
  CHECK(g.at("mean") == "float32[B,S,1]");
  CHECK(g.at("eq") == "bool[B,S,64]");
  CHECK(g.at("ne") == "bool[B,S,64]");
  CHECK(g.at("wh") == "float32[B,S,64]");
  CHECK(g.at("pw") == "float32[B,S,64]");
  CHECK(g.at("m") == "bool[B,S,64]");
  GraphCase bad(17);
  bad.input("x", "float32[2,3]").input("y", "float32[4]").node("Equal", {"x", "y"}, {"e"});
  CHECK(bad.only_diagnostic() == "Equal (opset 17): input 0 'A' float32[2,3] and input 1 'B' float32[4] do not "
                                "broadcast (3 vs 4)");
}

TEST_CASE("Inferred ops/tensor ops over symbolic dims", "[shape]") {
  GraphCase g(13);
  g.input("x", "float32[N,6,1,4]").ints("ax", {2}).ints("sp", {2, 4}).ints("idx", {0, 2, 1});
  g.node("Squeeze", {"x", "ax"}, {"sq"}).node("Unsqueeze", {"x", "ax"}, {"un"});
  g.node("Transpose", {"x"}, {"tr"}, {ints_attr("perm", {0, 3, 1, 2})}).node("Flatten", {"x"}, {"fl"});
  g.node("Split", {"x", "sp"}, {"s1", "s2"}, {int_attr("axis", 1)});
  g.node("Concat", {"x", "x"}, {"cc"}, {int_attr("axis", 1)});
  g.node("Gather", {"x", "idx"}, {"ga"}, {int_attr("axis", 1)});
  g.node("DepthToSpace", {"x"}, {"ds"}, {int_attr("blocksize", 1)});
  g.node("NonZero", {"x"}, {"nz"});
  CHECK(g.at("sq") == "float32[N,6,4]");
  CHECK(g.at("un") == "float32[N,6,1,1,4]");
  CHECK(g.at("tr") == "float32[N,4,6,1]");
  CHECK(g.at("fl") == "float32[N,24]");
  CHECK(g.at("s2") == "float32[N,4,1,4]");
  CHECK(g.at("cc") == "float32[N,12,1,4]");
  CHECK(g.at("ga") == "float32[N,3,1,4]");
  CHECK(g.at("nz") == "int64[4,?]");
  GraphCase bad(13);
  bad.input("x", "float32[2,3]").ints("ax", {1}).node("Squeeze", {"x", "ax"}, {"y"}, {}, "sq");
  CHECK(bad.only_diagnostic() == "Squeeze \"sq\" (opset 13): axis 1 of input 0 'data' float32[2,3] is not 1");
  GraphCase twice(13);
  twice.input("x", "float32[2,3]").node("Transpose", {"x"}, {"y"}, {ints_attr("perm", {0, 0})});
  CHECK(twice.only_diagnostic() == "Transpose (opset 13): attribute 'perm' repeats 0");
}

TEST_CASE("Inferred ops/recurrent, quantization and detection outputs", "[shape]") {
  GraphCase g(14);
  g.input("x", "float32[S,B,10]").input("w", "float32[2,80,10]").input("r", "float32[2,80,20]");
  g.node("LSTM", {"x", "w", "r"}, {"y", "yh", "yc"}, {string_attr("direction", "bidirectional"), int_attr("hidden_size", 20)});
  g.node("DynamicQuantizeLinear", {"x"}, {"q", "s", "z"});
  CHECK(g.at("y") == "float32[S,2,B,20]");
  CHECK(g.at("yc") == "float32[2,B,20]");
  CHECK(g.at("q") == "uint8[S,B,10]");
  CHECK(g.at("s") == "float32[]");
}

TEST_CASE("Inferred ops/running one says the package only infers it", "[shape]") {
  const orw::Node node = orw::Node::make("MatMul", "", 13, {}, {"a", "b"}, {"y"}, "mm");
  const orw::Tensor a(orw::DataType::kFloat, {2, 2});
  CHECK_THROWS_MATCHES(orw::run_node(node, {&a, &a}), orw::UnsupportedError,
                       Message("MatMul \"mm\" (opset 13): the package infers the shapes of MatMul but does not run it"));
  GraphCase g(13);
  g.input("x", "float32[2]").output("y", "float32[2]").node("Relu", {"x"}, {"y"});
  const std::string bytes = g.m.SerializeAsString();
  CHECK_THROWS_MATCHES(orw::Model::parse(bytes.data(), bytes.size()), orw::UnsupportedError,
                       Message("Relu (opset 13): operator 'Relu' is not supported for running; the package only infers "
                               "its shapes (inferModelShapes)"));
}

TEST_CASE("Inferred ops/versions after ONNX 1.12 and the ops added since", "[shape]") {
  GraphCase g(21);
  g.input("x", "float16[N,8,6,6]").input("s", "float16[]").input("z", "int8[]").input("sig", "float32[B,64,1]");
  g.ints("img", {4, 4}).ints("blk", {2, 2}).ints("len", {16}, true).ints("ax", {1}, true);
  g.input("cols", "float32[N,8,9]");
  g.node("QuantizeLinear", {"x", "s", "z"}, {"q"}, {int_attr("saturate", 1)});
  g.node("AveragePool", {"x"}, {"ap"}, {ints_attr("kernel_shape", {2, 2}), ints_attr("dilations", {2, 2})});
  g.node("Gelu", {"x"}, {"ge"}, {string_attr("approximate", "tanh")});
  g.node("GroupNormalization", {"x", "s", "s"}, {"gn"}, {int_attr("num_groups", 2)});
  g.node("DFT", {"sig", "len", "ax"}, {"dft"});
  g.node("Col2Im", {"cols", "img", "blk"}, {"im"});
  CHECK(g.at("q") == "int8[N,8,6,6]");
  CHECK(g.at("ap") == "float16[N,8,4,4]");
  CHECK(g.at("ge") == "float16[N,8,6,6]");
  CHECK(g.at("gn") == "float16[N,8,6,6]");
  CHECK(g.at("dft") == "float32[B,16,2]");
  CHECK(g.at("im") == "float32[N,2,4,4]");
  CHECK(g.report().diagnostics.empty());
}

TEST_CASE("Inferred ops/values near the int64 limits give unknown dims, not overflow", "[shape]") {
  const int64_t big = INT64_MAX;
  GraphCase g(13);
  g.input("x", "float32[1,1,9007199254740991,4]").input("w", "float32[1,1,1,1]");
  g.ints("starts", {0}).ints("ends", {big}).ints("steps", {big}).ints("axes", {2});
  g.ints("pads", {0, 0, big, 0, 0, 0, big, 0}).ints("reps", {1, 1, big, 1});
  g.ints("lo", {INT64_MIN}, true).ints("hi", {big}, true).ints("one", {1}, true);
  g.node("Conv", {"x", "w"}, {"c"}, {ints_attr("strides", {big, 1}), ints_attr("pads", {-big, 0, -big, 0})});
  g.node("ConvTranspose", {"x", "w"}, {"t"}, {ints_attr("strides", {big, big})});
  g.node("Slice", {"x", "starts", "ends", "axes", "steps"}, {"s"});
  g.node("Pad", {"x", "pads"}, {"p"}).node("Tile", {"x", "reps"}, {"tl"});
  g.node("Range", {"lo", "hi", "one"}, {"r"});
  g.input("y", "float32[4503599627370496,4]").input("z", "float32[4,4503599627370496]");
  g.node("MatMul", {"y", "z"}, {"mm"}).node("Flatten", {"mm"}, {"fl"}, {int_attr("axis", 2)});
  const orw::ModelShapes r = g.report();
  CHECK(to_string(r.values.at("t")) == "float32[1,1,?,?]");
  CHECK(to_string(r.values.at("s")) == "float32[1,1,1,4]");
  CHECK(to_string(r.values.at("p")) == "float32[1,1,?,4]");
  CHECK(to_string(r.values.at("tl")) == "float32[1,1,?,4]");
  CHECK(to_string(r.values.at("r")) == "int64[9007199254740991]");
  CHECK(to_string(r.values.at("fl")) == "float32[?,1]");
  REQUIRE(r.diagnostics.size() == 1);  // the Conv: its padded extent is negative
  CHECK(r.diagnostics[0].op_type == "Conv");
}
