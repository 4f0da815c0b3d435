// Shape inference for the scan family (CumSum 11 and 14, CumProd 26) through the
// ComputeShapeCumSum / ComputeShapeCumProd entry points: the output is the input's type and
// shape; rank, axis type, axis shape and axis range are checked.
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "runtime/run_node.h"
#include "test_shape_helpers.h"

using namespace orw;
using namespace shape_test;
using Catch::Matchers::Message;

namespace {

struct ScanVersion {
  const char* op;
  int64_t opset;
};
const ScanVersion kScanVersions[] = {{"CumSum", 11}, {"CumSum", 13}, {"CumSum", 14}, {"CumSum", 26}, {"CumProd", 26}};

}  // namespace

TEST_CASE("CumSum/the output has the input's type and shape, symbols included, at every version", "[shape]") {
  for (const ScanVersion& v : kScanVersions) {
    INFO(v.op << " at opset " << v.opset);
    CHECK(ShapeCase(v.op, v.opset).data("float32[N,3,D]").second("int64[]={1}").run() == "float32[N,3,D]");
    CHECK(ShapeCase(v.op, v.opset).data("int32[?,3]").second("int32[1]={-2}").run() == "int32[?,3]");
    CHECK(ShapeCase(v.op, v.opset).data("float64[*]").second("int64[]={7}").run() == "float64[*]");
    CHECK(ShapeCase(v.op, v.opset).data("uint64[5]").second("int32[]").attr("exclusive", 1).attr("reverse", 1).run() ==
          "uint64[5]");
  }
}

TEST_CASE("CumSum/float16 and bfloat16 from opset 14", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("CumSum", 13).data("float16[4]").second("int64[]={0}").run(), TypeError,
                       Message("CumSum (opset 13): input 0 'x' has element type float16, which this version does not "
                               "accept (allowed: float32, int32, int64, float64, uint32, uint64)"));
  CHECK(ShapeCase("CumSum", 14).data("float16[4]").second("int64[]={0}").run() == "float16[4]");
  CHECK(ShapeCase("CumSum", 14).data("bfloat16[4]").second("int64[]={0}").run() == "bfloat16[4]");
  CHECK_THROWS_AS(ShapeCase("CumSum", 14).data("int8[4]").second("int64[]={0}").run(), TypeError);
}

TEST_CASE("CumProd/exists from opset 26 only", "[shape]") {
  CHECK(ShapeCase("CumProd", 26).data("float32[N]").second("int64[]={0}").run() == "float32[N]");
  CHECK_THROWS_MATCHES(ShapeCase("CumProd", 25).data("float32[N]").second("int64[]={0}").run(), UnsupportedError,
                       Message("CumProd (domain 'ai.onnx', opset 25): CumProd does not exist in opset 25 (it first "
                               "appears in opset 26)"));
}

TEST_CASE("CumSum/CumSum does not exist before opset 11", "[shape]") {
  CHECK_THROWS_AS(ShapeCase("CumSum", 10).data("float32[N]").second("int64[]={0}").run(), UnsupportedError);
}

TEST_CASE("CumProd/a rank-0 input is an error", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("CumProd", 26).data("float32[]").second("int64[]={0}").run(), std::invalid_argument,
                       Message("CumProd (opset 26): input 0 'x' must have rank >= 1, got a rank-0 tensor"));
}

TEST_CASE("CumSum/the axis must be int32 or int64", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("CumSum", 14).data("float32[2]").second("float32[]").run(), TypeError,
                       Message("CumSum (opset 14): input 1 'axis' has element type float32, which this version does not "
                               "accept (allowed: int32, int64)"));
  CHECK(ShapeCase("CumSum", 14).data("float32[2]").second("?[*]").run() == "float32[2]");
}

TEST_CASE("CumSum/the axis must be 0-D or one-element 1-D", "[shape]") {
  CHECK(ShapeCase("CumSum", 14).data("float32[2,3]").second("int64[1]={1}").run() == "float32[2,3]");
  CHECK(ShapeCase("CumSum", 14).data("float32[2,3]").second("int64[n]").run() == "float32[2,3]");  // may be 1
  CHECK(ShapeCase("CumSum", 14).data("float32[2,3]").second("int64[*]").run() == "float32[2,3]");
  CHECK_THROWS_MATCHES(ShapeCase("CumSum", 14).data("float32[2,3]").second("int64[2]={0,1}").run(), std::invalid_argument,
                       Message("CumSum (opset 14): input 1 'axis' must be a scalar (0-D, or 1-D with one element), got "
                               "int64[2]={0,1}"));
  CHECK_THROWS_AS(ShapeCase("CumSum", 14).data("float32[2,3]").second("int64[1,1]").run(), std::invalid_argument);
  CHECK_THROWS_AS(ShapeCase("CumSum", 14).data("float32[2,3]").second("int64[0]").run(), std::invalid_argument);
}

TEST_CASE("CumProd/a known axis value is range-checked", "[shape]") {
  CHECK(ShapeCase("CumProd", 26).data("float32[2,3]").second("int32[]={-2}").run() == "float32[2,3]");
  CHECK_THROWS_MATCHES(ShapeCase("CumProd", 26).data("float32[2,3]").second("int64[]={2}").run(), std::invalid_argument,
                       Message("CumProd (opset 26): input 1 'axis': axis 2 is out of range for rank 2 (valid range "
                               "[-2, 1])"));
  CHECK_THROWS_AS(ShapeCase("CumProd", 26).data("float32[2,3]").second("int64[1]={-3}").run(), std::invalid_argument);
  // An unknown value, or a symbolic one, is not checked.
  CHECK(ShapeCase("CumProd", 26).data("float32[2,3]").second("int64[]={k}").run() == "float32[2,3]");
}

TEST_CASE("CumSum/bad attribute values are errors", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("CumSum", 14).data("float32[2]").second("int64[]={0}").attr("exclusive", 2).run(),
                       std::invalid_argument, Message("CumSum (opset 14): attribute 'exclusive' must be 0 or 1, got 2"));
  CHECK_THROWS_AS(ShapeCase("CumSum", 14).data("float32[2]").second("int64[]={0}").axes_attr({0}).run(),
                  std::invalid_argument);
}

TEST_CASE("CumSum/x or axis missing from the context is std::out_of_range", "[shape]") {
  check_inputs_not_held("CumSum", 14, "x", "axis", "int64[]={0}");
}

TEST_CASE("CumSum/the axis input is required", "[shape]") {
  ShapesContext ctx(14);
  ctx.set("X", info("float32[2]"));
  CHECK_THROWS_MATCHES(ComputeShapeCumSum(ctx, make_node("CumSum", {"X", "A"}, {"Y"}), "X", nullptr),
                       std::invalid_argument,
                       Message("CumSum (opset 14): input 1 'axis' is required but no name was given"));
}

TEST_CASE("CumSum/the names given replace the node's input list", "[shape]") {
  ShapesContext ctx(14);
  ctx.set("P", info("float32[N,2]"));
  ctx.set("Q", info("int64[]={1}"));
  ComputeShapeCumSum(ctx, make_node("CumSum", {"X"}, {"Y"}), "P", "Q");
  CHECK(to_string(ctx.at("Y")) == "float32[N,2]");
}

TEST_CASE("CumProd/each scan entry point refuses a node of another op type", "[shape]") {
  ShapesContext ctx(26);
  CHECK_THROWS_MATCHES(ComputeShapeCumProd(ctx, make_node("CumSum", {"X", "A"}, {"Y"}), "X", "A"), std::invalid_argument,
                       Message("ComputeShapeCumProd: the node's op type is 'CumSum', expected 'CumProd'"));
  CHECK_THROWS_MATCHES(ComputeShapeCumSum(ctx, make_node("ReduceSum", {"X", "A"}, {"Y"}), "X", "A"), std::invalid_argument,
                       Message("ComputeShapeCumSum: the node's op type is 'ReduceSum', expected 'CumSum'"));
}

TEST_CASE("CumSum/the operator and the shape function give the same messages", "[shape]") {
  const Node node = Node::make("CumSum", "", 14, {});
  const Tensor x0(DataType::kFloat, {}), x(DataType::kFloat, {2, 3});
  Tensor axis0(DataType::kInt64, {}), axis2(DataType::kInt64, {2}), axis_far(DataType::kInt64, {});
  axis_far.mutable_data<int64_t>()[0] = 2;
  const std::string rank0 = message_of([&] { run_node(node, {&x0, &axis0}); });
  CHECK(rank0 == message_of([&] { ShapeCase("CumSum", 14).data("float32[]").second("int64[]={0}").run(); }));
  CHECK_THAT(rank0, Catch::Contains("input 0 'x' must have rank >= 1"));
  // The same words up to what each side knows of the axis (its shape; or its info).
  const std::string head = "input 1 'axis' must be a scalar (0-D, or 1-D with one element), got ";
  CHECK(message_of([&] { run_node(node, {&x, &axis2}); }) == text_of(node) + ": " + head + "shape [2]");
  CHECK(message_of([&] { ShapeCase("CumSum", 14).data("float32[2,3]").second("int64[2]={0,1}").run(); }) ==
        text_of(node) + ": " + head + "int64[2]={0,1}");
  const std::string range = message_of([&] { run_node(node, {&x, &axis_far}); });
  CHECK(range == message_of([&] { ShapeCase("CumSum", 14).data("float32[2,3]").second("int64[]={2}").run(); }));
  CHECK_THAT(range, Catch::Contains("input 1 'axis': axis 2 is out of range for rank 2"));
}
