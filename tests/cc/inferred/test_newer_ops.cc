// The shape functions of the ops ONNX added after opset 17 (AffineGrid, Attention, BitCast,
// CenterCropPad, DeformConv, ImageDecoder, the string ops, TensorScatter) and of the newer
// versions whose attributes change the answer ('output_dtype').
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "graph_case.h"

using namespace shape_test;

TEST_CASE("Newer ops/tensor ops: AffineGrid, CenterCropPad, BitCast, TensorScatter", "[shape]") {
  GraphCase g(26);
  g.input("theta", "float32[N,2,3]").ints("size", {2, 3, 16, 24}).input("size3d", "int64[5]");
  g.input("x", "float32[N,10,7]").ints("crop", {8, 8}).input("h", "float16[B,4]").input("cache", "float32[B,H,S,D]");
  g.input("upd", "float32[B,H,1,D]").input("pos", "int64[B]");
  g.node("AffineGrid", {"theta", "size"}, {"grid"}).node("AffineGrid", {"theta", "size3d"}, {"grid3d"});
  g.node("CenterCropPad", {"x", "crop"}, {"cc"}, {ints_attr("axes", {-2, 2})});
  g.node("BitCast", {"h"}, {"bits"}, {int_attr("to", 5)});
  g.node("TensorScatter", {"cache", "upd", "pos"}, {"updated"});
  CHECK(g.mismatches({
      {"grid", "float32[2,16,24,2]"},
      {"grid3d", "float32[?,?,?,?,3]"},
      {"cc", "float32[N,8,8]"},
      {"bits", "int16[B,4]"},
      {"updated", "float32[B,H,S,D]"}}) == "");

  GraphCase bad(26);
  bad.input("h", "float16[4]").node("BitCast", {"h"}, {"y"}, {int_attr("to", 1)}, "bc");
  CHECK(bad.only_diagnostic() == "BitCast \"bc\" (opset 26): attribute 'to' (float32, 32 bits) must have the bit width "
                                "of input 0 'input''s float16 (16 bits)");
  GraphCase crop(20);
  crop.input("x", "float32[4,4]").ints("s", {2}).node("CenterCropPad", {"x", "s"}, {"y"}, {}, "ccp");
  CHECK(crop.only_diagnostic() == "CenterCropPad \"ccp\" (opset 20): input 1 'shape' int64[1]={2} has 1 values for 2 axes");
}

TEST_CASE("Newer ops/Attention: 3-D and 4-D, with past keys and values", "[shape]") {
  GraphCase g(23);
  g.input("q", "float32[B,S,64]").input("k", "float32[B,T,32]").input("v", "float32[B,T,48]");
  g.node("Attention", {"q", "k", "v"}, {"y", "", "", "qk"}, {int_attr("q_num_heads", 4), int_attr("kv_num_heads", 2)});
  g.input("q4", "float16[B,8,S,16]").input("k4", "float16[B,2,5,16]").input("v4", "float16[B,2,5,24]");
  g.input("pk", "float16[B,2,P,16]").input("pv", "float16[B,2,7,24]");
  g.node("Attention", {"q4", "k4", "v4", "", "pk", "pv"}, {"y4", "present_k", "present_v", "qk4"});
  CHECK(g.mismatches({
      {"y", "float32[B,S,96]"},
      {"qk", "float32[B,4,S,T]"},
      {"y4", "float16[B,8,S,24]"},
      {"present_k", "float16[B,2,?,16]"},
      {"present_v", "float16[B,2,12,24]"},
      {"qk4", "float16[B,8,S,?]"}}) == "");

  GraphCase bad(23);
  bad.input("q", "float32[B,S,64]").input("k", "float32[B,T,32]").input("v", "float32[B,T,48]");
  bad.node("Attention", {"q", "k", "v"}, {"y"}, {}, "att");
  CHECK(bad.only_diagnostic() == "Attention \"att\" (opset 23): 3-D inputs need attribute 'q_num_heads'");
}

TEST_CASE("Newer ops/DeformConv, ImageDecoder, string ops, output_dtype", "[shape]") {
  GraphCase g(23);
  g.input("x", "float32[N,3,32,32]").input("w", "float32[8,3,3,3]").input("off", "float32[N,18,30,30]");
  g.input("bytes", "uint8[L]").input("s", "string[2,3]").input("t", "string[3]");
  g.input("q", "int8[N,4]").input("scale", "float32[]").input("f", "float32[N,4]");
  g.node("DeformConv", {"x", "w", "off"}, {"dc"});
  g.node("ImageDecoder", {"bytes"}, {"img"});
  g.node("StringSplit", {"s"}, {"parts", "counts"});
  g.node("RegexFullMatch", {"s"}, {"match"}, {string_attr("pattern", "a.*")});
  g.node("StringConcat", {"s", "t"}, {"joined"});
  g.node("DequantizeLinear", {"q", "scale"}, {"dq"}, {int_attr("output_dtype", 10)});
  g.node("QuantizeLinear", {"f", "scale"}, {"qz"}, {int_attr("output_dtype", 3)});
  CHECK(g.mismatches({
      {"dc", "float32[N,8,30,30]"},
      {"img", "uint8[?,?,?]"},
      {"parts", "string[2,3,?]"},
      {"counts", "int64[2,3]"},
      {"match", "bool[2,3]"},
      {"joined", "string[2,3]"},
      {"dq", "float16[N,4]"},
      {"qz", "int8[N,4]"}}) == "");
}
