// Shape inference for the Reduce family through the ComputeShapeReduce* entry points: where the
// axes come from at every opset boundary, keepdims and noop_with_empty_axes, known, counted
// and unknown axes, unknown and zero ranks, types per version, every error, fresh symbols.
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "onnx/node.h"
#include "runtime/run_node.h"
#include "schema/op_schema.h"
#include "test_shape_helpers.h"

using namespace orw;
using namespace shape_test;
using Catch::Contains;
using Catch::Matchers::Message;

namespace {

const char* const kReduceOps[] = {"ReduceSum", "ReduceProd", "ReduceMean",   "ReduceMax",       "ReduceMin",
                                  "ReduceL1",  "ReduceL2",   "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"};

// The since-versions the registry holds for `op`.
std::vector<int> versions_of(const std::string& op) {
  std::vector<int> v;
  for (const OpSchema& s : all_ops()) {
    if (op == s.op_type) v.push_back(s.since_version);
  }
  return v;
}

}  // namespace

// ---- every op, every version ------------------------------------------------------------

TEST_CASE("Reduce/every op at every version reduces known axes and keeps the data type", "[shape]") {
  for (const char* op : kReduceOps) {
    for (int opset : versions_of(op)) {
      INFO(op << " at opset " << opset);
      CHECK(ShapeCase(op, opset).data("float32[N,3,D]").axes({1}).run() == "float32[N,1,D]");
      CHECK(ShapeCase(op, opset).data("float64[N,3,D]").axes({0, 2}).keepdims(0).run() == "float64[3]");
      CHECK(ShapeCase(op, opset).data("int32[2,3]").run() == "int32[1,1]");
    }
  }
}

TEST_CASE("Reduce/every op takes axes from the attribute before its boundary and from the input from it", "[shape]") {
  for (const char* op : kReduceOps) {
    const int boundary = entry_point(op).first_axes_input_opset;
    INFO(op << ", axes become an input at opset " << boundary);
    // One below the boundary: the attribute works, an axes input is refused.
    CHECK(ShapeCase(op, boundary - 1).data("float32[2,3,4]").axes_attr({-1}).run() == "float32[2,3,1]");
    CHECK_THROWS_MATCHES(ShapeCase(op, boundary - 1).data("float32[2,3,4]").second("int64[1]={2}").run(),
                         std::invalid_argument,
                         Message(std::string(op) + " (opset " + std::to_string(boundary - 1) +
                                 "): input 1 'axes' is given, but this version takes axes only from attribute 'axes' "
                                 "(axes become an input in opset " + std::to_string(boundary) + ")"));
    // At the boundary: the input works, an axes attribute is refused.
    CHECK(ShapeCase(op, boundary).data("float32[2,3,4]").second("int64[1]={-1}").run() == "float32[2,3,1]");
    CHECK_THROWS_MATCHES(ShapeCase(op, boundary).data("float32[2,3,4]").axes_attr({2}).run(), std::invalid_argument,
                         Message(std::string(op) + " (opset " + std::to_string(boundary) +
                                 "): unknown attribute 'axes' (this version has: keepdims, noop_with_empty_axes); from "
                                 "opset " + std::to_string(boundary) + " axes are given as the second input"));
    // At later versions (ReduceMax 20, ...) the hint still names the boundary.
    CHECK_THROWS_WITH(ShapeCase(op, kMaxOpset).data("float32[2,3,4]").axes_attr({2}).run(),
                      Catch::Contains("from opset " + std::to_string(boundary) + " axes are given as the second input"));
  }
}

TEST_CASE("ReduceMax/axes attribute at opset 17, axes input at opset 18", "[shape]") {
  CHECK(ShapeCase("ReduceMax", 17).data("float32[N,3,D]").axes_attr({1}).run() == "float32[N,1,D]");
  CHECK(ShapeCase("ReduceMax", 18).data("float32[N,3,D]").second("int64[1]={1}").run() == "float32[N,1,D]");
  // At 17 the nine non-Sum ops must not read an axes input (an earlier version did).
  CHECK_THROWS_AS(ShapeCase("ReduceMax", 17).data("float32[N,3,D]").second("int64[1]={1}").run(), std::invalid_argument);
}

TEST_CASE("ReduceSum/axes attribute at opset 12, axes input at opset 13", "[shape]") {
  CHECK(ShapeCase("ReduceSum", 12).data("float32[N,3,D]").axes_attr({1}).run() == "float32[N,1,D]");
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").second("int64[1]={1}").run() == "float32[N,1,D]");
  CHECK_THROWS_AS(ShapeCase("ReduceSum", 12).data("float32[N,3,D]").second("int64[1]={1}").run(), std::invalid_argument);
  CHECK_THROWS_AS(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").axes_attr({1}).run(), std::invalid_argument);
}

TEST_CASE("ReduceL2/negative axes wrap at every version; out-of-range ones stay errors", "[shape]") {
  CHECK(ShapeCase("ReduceL2", 1).data("float32[2,3]").axes_attr({-1}).run() == "float32[2,1]");
  CHECK(ShapeCase("ReduceL2", 10).data("float32[2,3]").axes_attr({-2}).run() == "float32[1,3]");
  CHECK_THROWS_MATCHES(ShapeCase("ReduceL2", 10).data("float32[2,3]").axes_attr({-3}).run(), std::invalid_argument,
                       Message("ReduceL2 (opset 10): attribute 'axes': axis -3 is out of range for rank 2 (valid range "
                               "[-2, 1])"));
  CHECK(ShapeCase("ReduceL2", 10).data("float32[2,3]").axes_attr({1}).run() == "float32[2,1]");
  CHECK(ShapeCase("ReduceL2", 11).data("float32[2,3]").axes_attr({-1}).run() == "float32[2,1]");
}

// ---- types per version ------------------------------------------------------------------

TEST_CASE("ReduceMax/int8 and uint8 from opset 12, bool from opset 20", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("ReduceMax", 11).data("int8[2]").run(), TypeError,
                       Message("ReduceMax (opset 11): input 0 'data' has element type int8, which this version does not "
                               "accept (allowed: float32, int32, int64, float16, float64, uint32, uint64)"));
  CHECK(ShapeCase("ReduceMax", 12).data("int8[2]").run() == "int8[1]");
  CHECK(ShapeCase("ReduceMin", 12).data("uint8[2]").run() == "uint8[1]");
  CHECK_THROWS_AS(ShapeCase("ReduceMin", 19).data("bool[2,2]").run(), TypeError);
  CHECK(ShapeCase("ReduceMin", 20).data("bool[2,2]").second("int64[1]={0}").run() == "bool[1,2]");
}

TEST_CASE("ReduceSum/bfloat16 from opset 13", "[shape]") {
  CHECK_THROWS_AS(ShapeCase("ReduceSum", 12).data("bfloat16[2]").run(), TypeError);
  CHECK(ShapeCase("ReduceSum", 13).data("bfloat16[2]").run() == "bfloat16[1]");
  CHECK_THROWS_AS(ShapeCase("ReduceLogSumExp", 12).data("bfloat16[2]").run(), TypeError);
  CHECK(ShapeCase("ReduceLogSumExp", 13).data("bfloat16[2]").run() == "bfloat16[1]");
}

TEST_CASE("ReduceMean/an input of unknown element type gives an output of unknown element type", "[shape]") {
  CHECK(ShapeCase("ReduceMean", 18).data("?[N,3]").second("int64[1]={1}").run() == "?[N,1]");
}

// ---- keepdims and noop_with_empty_axes --------------------------------------------------

TEST_CASE("ReduceSum/keepdims defaults to 1 and 0 drops the reduced dims", "[shape]") {
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").axes({1}).run() == "float32[N,1,D]");
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").axes({1}).keepdims(1).run() == "float32[N,1,D]");
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").axes({1}).keepdims(0).run() == "float32[N,D]");
}

TEST_CASE("ReduceSum/omitted or empty axes reduce every dim", "[shape]") {
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").run() == "float32[1,1,1]");
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").keepdims(0).run() == "float32[]");
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").second("int64[0]").run() == "float32[1,1,1]");
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").second("int64[0]={}").keepdims(0).run() == "float32[]");
  CHECK(ShapeCase("ReduceMean", 13).data("float32[N,3,D]").axes_attr({}).run() == "float32[1,1,1]");
  CHECK(ShapeCase("ReduceMean", 13).data("float32[N,3,D]").keepdims(0).run() == "float32[]");
}

TEST_CASE("ReduceSum/noop_with_empty_axes=1 with omitted or empty axes is the identity", "[shape]") {
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").attr("noop_with_empty_axes", 1).run() == "float32[N,3,D]");
  CHECK(ShapeCase("ReduceSum", 13).data("int64[2]={N,4}").attr("noop_with_empty_axes", 1).keepdims(0).run() ==
        "int64[2]={N,4}");
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").second("int64[0]").attr("noop_with_empty_axes", 1).run() ==
        "float32[N,3,D]");
  CHECK(ShapeCase("ReduceSum", 13).data("float32[*]").attr("noop_with_empty_axes", 1).run() == "float32[*]");
  // Non-empty axes reduce as usual.
  CHECK(ShapeCase("ReduceSum", 13).data("float32[N,3,D]").second("int64[1]={0}").attr("noop_with_empty_axes", 1).run() ==
        "float32[1,3,D]");
}

TEST_CASE("ReduceProd/noop_with_empty_axes is not an attribute of the attribute-axes versions", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("ReduceProd", 13).data("float32[2]").attr("noop_with_empty_axes", 1).run(),
                       std::invalid_argument,
                       Message("ReduceProd (opset 13): unknown attribute 'noop_with_empty_axes' (this version has: axes, "
                               "keepdims)"));
}

// ---- known axes -------------------------------------------------------------------------

TEST_CASE("ReduceProd/negative axes wrap, other dims pass through with their symbols", "[shape]") {
  CHECK(ShapeCase("ReduceProd", 18).data("float32[N,3,D]").axes({-2}).run() == "float32[N,1,D]");
  CHECK(ShapeCase("ReduceProd", 13).data("float32[N,3,D]").axes({-3}).keepdims(0).run() == "float32[3,D]");
  CHECK(ShapeCase("ReduceProd", 18).data("float32[N,3,D]").axes({2, 0}).keepdims(0).run() == "float32[3]");
  CHECK(ShapeCase("ReduceProd", 18).data("float32[N,?,D,7]").axes({3}).run() == "float32[N,?,D,1]");
}

TEST_CASE("ReduceProd/a repeated axis is an error naming it, at every version and axes source", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("ReduceProd", 1).data("float32[N,3,D]").axes_attr({1, 1}).run(), std::invalid_argument,
                       Message("ReduceProd (opset 1): attribute 'axes': axis 1 is repeated; each axis may appear once"));
  CHECK_THROWS_MATCHES(ShapeCase("ReduceProd", 13).data("float32[N,3,D]").axes_attr({0, -3}).run(), std::invalid_argument,
                       Message("ReduceProd (opset 13): attribute 'axes': axis 0 is repeated (as 0 and -3); each axis "
                               "may appear once"));
  CHECK_THROWS_MATCHES(ShapeCase("ReduceProd", 18).data("float32[N,3,D]").second("int64[2]={2,-1}").run(),
                       std::invalid_argument,
                       Message("ReduceProd (opset 18): input 'axes': axis 2 is repeated (as 2 and -1); each axis may "
                               "appear once"));
  // Known only in part (ValueAsShape with a symbolic entry): the known entries still count.
  CHECK_THROWS_WITH(ShapeCase("ReduceProd", 18).data("float32[N,3,D]").second("int64[3]={1,k,1}").keepdims(0).run(),
                    Contains("axis 1 is repeated"));
}

TEST_CASE("ReduceL1/an axis out of range is an error naming the axes' source", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("ReduceL1", 13).data("float32[2,3]").axes_attr({2}).run(), std::invalid_argument,
                       Message("ReduceL1 (opset 13): attribute 'axes': axis 2 is out of range for rank 2 (valid range "
                               "[-2, 1])"));
  CHECK_THROWS_MATCHES(ShapeCase("ReduceL1", 18).data("float32[2,3]").second("int64[2]={0,-3}").run(), std::invalid_argument,
                       Message("ReduceL1 (opset 18): input 'axes': axis -3 is out of range for rank 2 (valid range "
                               "[-2, 1])"));
}

// ---- axes known only in number ----------------------------------------------------------

TEST_CASE("ReduceLogSum/axes of known length and unknown values, keepdims=1: maybe-reduced dims become fresh symbols",
          "[shape]") {
  CHECK(ShapeCase("ReduceLogSum", 18).data("float32[N,1,4]").second("int64[2]").run() == "float32[Y_d0,1,Y_d2]");
}

TEST_CASE("ReduceLogSum/axes of known length and unknown values, keepdims=0: rank r-n of fresh symbols", "[shape]") {
  CHECK(ShapeCase("ReduceLogSum", 18).data("float32[N,1,4]").second("int64[2]").keepdims(0).run() == "float32[Y_d0]");
  CHECK(ShapeCase("ReduceLogSum", 18).data("float32[N,1,4]").second("int64[3]").keepdims(0).run() == "float32[]");
  CHECK_THROWS_MATCHES(ShapeCase("ReduceLogSum", 18).data("float32[N,1,4]").second("int64[4]").keepdims(0).run(),
                       std::invalid_argument,
                       Message("ReduceLogSum (opset 18): input 'axes': 4 axes cannot all be distinct axes of input 0 "
                               "'data' of rank 3"));
  // keepdims=1 keeps the rank whatever the count.
  CHECK(ShapeCase("ReduceLogSum", 18).data("float32[N,1]").second("int64[4]").run() == "float32[Y_d0,1]");
}

TEST_CASE("ReduceSumSquare/ValueAsShape axes with a symbolic entry: known entries are reduced and range-checked",
          "[shape]") {
  CHECK(ShapeCase("ReduceSumSquare", 18).data("float32[N,3,D]").second("int64[2]={1,k}").run() == "float32[Y_d0,1,Y_d2]");
  CHECK(ShapeCase("ReduceSumSquare", 18).data("float32[N,3,D]").second("int64[2]={1,k}").keepdims(0).run() ==
        "float32[Y_d0]");
  CHECK(ShapeCase("ReduceSumSquare", 18).data("float32[N,3,D]").second("int64[3]={0,-1,?}").keepdims(0).run() ==
        "float32[]");
  CHECK_THROWS_WITH(ShapeCase("ReduceSumSquare", 18).data("float32[N,3,D]").second("int64[3]={0,-3,?}").keepdims(0).run(),
                    Contains("axis 0 is repeated (as 0 and -3)"));
  CHECK_THROWS_MATCHES(ShapeCase("ReduceSumSquare", 18).data("float32[N,3,D]").second("int64[2]={5,k}").run(),
                       std::invalid_argument,
                       Message("ReduceSumSquare (opset 18): input 'axes': axis 5 is out of range for rank 3 (valid range "
                               "[-3, 2])"));
}

// ---- nothing known about the axes -------------------------------------------------------

TEST_CASE("ReduceMin/axes of unknown length: keepdims=1 gives fresh symbols except 1s, keepdims=0 an unknown rank",
          "[shape]") {
  CHECK(ShapeCase("ReduceMin", 18).data("float32[N,1,4]").second("int64[?]").run() == "float32[Y_d0,1,Y_d2]");
  CHECK(ShapeCase("ReduceMin", 18).data("float32[N,1,4]").second("int64[n]").run() == "float32[Y_d0,1,Y_d2]");
  CHECK(ShapeCase("ReduceMin", 18).data("float32[N,1,4]").second("int64[*]").run() == "float32[Y_d0,1,Y_d2]");
  CHECK(ShapeCase("ReduceMin", 18).data("float32[N,1,4]").second("?[*]").run() == "float32[Y_d0,1,Y_d2]");
  CHECK(ShapeCase("ReduceMin", 18).data("float32[N,1,4]").second("int64[?]").keepdims(0).run() == "float32[*]");
  // noop=1 may make it the identity, which the same fresh symbols cover.
  CHECK(ShapeCase("ReduceMin", 18).data("float32[N,1,4]").second("int64[?]").attr("noop_with_empty_axes", 1).run() ==
        "float32[Y_d0,1,Y_d2]");
}

// ---- unknown and zero ranks -------------------------------------------------------------

TEST_CASE("ReduceMean/an input of unknown rank gives an unknown rank unless the result is certain", "[shape]") {
  CHECK(ShapeCase("ReduceMean", 13).data("float32[*]").axes_attr({1}).run() == "float32[*]");
  CHECK(ShapeCase("ReduceMean", 13).data("float32[*]").axes_attr({1}).keepdims(0).run() == "float32[*]");
  CHECK(ShapeCase("ReduceMean", 13).data("float32[*]").run() == "float32[*]");
  CHECK(ShapeCase("ReduceMean", 13).data("float32[*]").keepdims(0).run() == "float32[]");  // all axes dropped
  CHECK(ShapeCase("ReduceMean", 18).data("float32[*]").second("int64[2]").run() == "float32[*]");
  CHECK(ShapeCase("ReduceMean", 18).data("float32[*]").second("int64[?]").keepdims(0).run() == "float32[*]");
}

TEST_CASE("ReduceMean/rank 0: reduce-all gives rank 0, an explicit axis is out of range", "[shape]") {
  CHECK(ShapeCase("ReduceMean", 13).data("float32[]").run() == "float32[]");
  CHECK(ShapeCase("ReduceMean", 13).data("float32[]").keepdims(0).run() == "float32[]");
  CHECK(ShapeCase("ReduceMean", 18).data("float32[]").second("int64[0]").run() == "float32[]");
  CHECK(ShapeCase("ReduceMean", 18).data("float32[]").second("int64[?]").keepdims(0).run() == "float32[]");
  CHECK_THROWS_MATCHES(ShapeCase("ReduceMean", 13).data("float32[]").axes_attr({0}).run(), std::invalid_argument,
                       Message("ReduceMean (opset 13): attribute 'axes': axis 0 is out of range for rank 0 (a rank-0 "
                               "input has no axes)"));
  CHECK_THROWS_AS(ShapeCase("ReduceMean", 18).data("float32[]").second("int64[1]={-1}").run(), std::invalid_argument);
}

// ---- the axes input ---------------------------------------------------------------------

TEST_CASE("ReduceSum/an axes input that is not int64 or not 1-D is an error", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("ReduceSum", 13).data("float32[2,3]").second("int32[1]={1}").run(), TypeError,
                       Message("ReduceSum (opset 13): input 1 'axes' has element type int32, which this version does not "
                               "accept (allowed: int64)"));
  CHECK_THROWS_MATCHES(ShapeCase("ReduceSum", 13).data("float32[2,3]").second("int64[1,1]").run(), std::invalid_argument,
                       Message("ReduceSum (opset 13): input 1 'axes' must be a 1-D tensor, got shape [1,1]"));
  CHECK_THROWS_MATCHES(ShapeCase("ReduceSum", 13).data("float32[2,3]").second("int64[]={1}").run(), std::invalid_argument,
                       Message("ReduceSum (opset 13): input 1 'axes' must be a 1-D tensor, got shape []"));
}

// ---- errors of the entry points ---------------------------------------------------------

TEST_CASE("ReduceSum/data or a named axes missing from the context is std::out_of_range", "[shape]") {
  check_inputs_not_held("ReduceSum", 13, "data", "axes", "");
}

TEST_CASE("Reduce/every entry point refuses a node of another op type", "[shape]") {
  for (const char* op : kReduceOps) {
    ShapesContext ctx(18);
    ctx.set("X", info("float32[2]"));
    const onnx::NodeProto other = make_node(op == std::string("ReduceSum") ? "ReduceMax" : "ReduceSum", {"X"}, {"Y"});
    CHECK_THROWS_MATCHES(entry_point(op).fn(ctx, other, "X", nullptr), std::invalid_argument,
                         Message(std::string("ComputeShape") + op + ": the node's op type is '" + other.op_type() +
                                 "', expected '" + op + "'"));
  }
}

TEST_CASE("ReduceMax/an axes attribute and an axes input together are an error at every version", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("ReduceMax", 17).data("float32[2,3]").axes_attr({0}).second("int64[1]={1}").run(),
                       std::invalid_argument,
                       Message("ReduceMax (opset 17): input 1 'axes' is given as well as attribute 'axes', but this "
                               "version takes axes only from attribute 'axes' (axes become an input in opset 18)"));
  CHECK_THROWS_AS(ShapeCase("ReduceMax", 18).data("float32[2,3]").axes_attr({0}).second("int64[1]={1}").run(),
                  std::invalid_argument);
}

TEST_CASE("ReduceSum/bad attribute values and types are errors", "[shape]") {
  CHECK_THROWS_MATCHES(ShapeCase("ReduceSum", 13).data("float32[2]").keepdims(2).run(), std::invalid_argument,
                       Message("ReduceSum (opset 13): attribute 'keepdims' must be 0 or 1, got 2"));
  CHECK_THROWS_MATCHES(ShapeCase("ReduceSum", 13).data("float32[2]").attr("noop_with_empty_axes", -1).run(),
                       std::invalid_argument,
                       Message("ReduceSum (opset 13): attribute 'noop_with_empty_axes' must be 0 or 1, got -1"));
  ShapeCase ints_keepdims("ReduceSum", 13);
  ints_keepdims.data("float32[2]").attrs.push_back(ints_attr("keepdims", {1}));
  CHECK_THROWS_MATCHES(ints_keepdims.run(), TypeError,
                       Message("ReduceSum (opset 13): attribute 'keepdims' must be of type int, got ints"));
  CHECK_THROWS_AS(ShapeCase("ReduceSum", 13).data("float32[2]").attr("alpha", 1).run(), std::invalid_argument);
}

TEST_CASE("ReduceSum/a node without an output is an error", "[shape]") {
  ShapesContext ctx(13);
  ctx.set("X", info("float32[2]"));
  CHECK_THROWS_MATCHES(ComputeShapeReduceSum(ctx, make_node("ReduceSum", {"X"}, {}), "X"), std::invalid_argument,
                       Message("ReduceSum (opset 13): has 0 outputs, expected 1"));
  CHECK_THROWS_MATCHES(ComputeShapeReduceSum(ctx, make_node("ReduceSum", {"X"}, {""}), "X"), std::invalid_argument,
                       Message("ReduceSum (opset 13): output 0 has an empty name"));
}

TEST_CASE("ReduceSum/a missing data name or opset is an error", "[shape]") {
  ShapesContext ctx(13);
  ctx.set("X", info("float32[2]"));
  CHECK_THROWS_MATCHES(ComputeShapeReduceSum(ctx, make_node("ReduceSum", {"X"}, {"Y"}), nullptr), std::invalid_argument,
                       Message("ReduceSum (opset 13): input 0 'data' is required but no name was given"));
  ShapesContext no_opset;
  no_opset.set("X", info("float32[2]"));
  CHECK_THROWS_MATCHES(ComputeShapeReduceSum(no_opset, make_node("ReduceSum", {"X"}, {"Y"}), "X"), std::invalid_argument,
                       Message("ReduceSum: the shapes context imports no opset for domain 'ai.onnx'"));
  ShapesContext too_new(27);
  too_new.set("X", info("float32[2]"));
  CHECK_THROWS_AS(ComputeShapeReduceSum(too_new, make_node("ReduceSum", {"X"}, {"Y"}), "X"), UnsupportedError);
}

TEST_CASE("ReduceSum/the data and axes names given override the node's input names", "[shape]") {
  ShapesContext ctx(13);
  ctx.set("P", info("float32[N,3]"));
  ctx.set("Q", info("int64[1]={0}"));
  ComputeShapeReduceSum(ctx, make_node("ReduceSum", {"X", "A"}, {"Y"}), "P", "Q");
  CHECK(to_string(ctx.at("Y")) == "float32[1,3]");
  ComputeShapeReduceSum(ctx, make_node("ReduceSum", {"X", "A"}, {"Z"}), "P", "");  // "" omits axes
  CHECK(to_string(ctx.at("Z")) == "float32[1,1]");
}

// ---- fresh symbols ----------------------------------------------------------------------

TEST_CASE("ReduceSum/fresh symbols are unique across nodes and never reuse a symbol of the context", "[shape]") {
  ShapesContext ctx(13);
  ctx.set("X", info("float32[N,3]"));
  ctx.set("A", info("int64[?]"));
  ctx.set("B", info("float32[Y2_d0]"));  // a symbol the second node would otherwise pick
  ComputeShapeReduceSum(ctx, make_node("ReduceSum", {"X", "A"}, {"Y1"}), "X", "A");
  ComputeShapeReduceSum(ctx, make_node("ReduceSum", {"X", "A"}, {"Y2"}), "X", "A");
  CHECK(to_string(ctx.at("Y1")) == "float32[Y1_d0,Y1_d1]");
  CHECK(to_string(ctx.at("Y2")) == "float32[Y2_d0_2,Y2_d1]");
  // Inferring the same output name twice gives new symbols too.
  ComputeShapeReduceSum(ctx, make_node("ReduceSum", {"X", "A"}, {"Y1"}), "X", "A");
  CHECK(to_string(ctx.at("Y1")) == "float32[Y1_d0_2,Y1_d1_2]");
}

TEST_CASE("ReduceSum/infer_shapes runs a validated Node through its registry row", "[shape]") {
  ShapesContext ctx(18);
  ctx.set("X", info("float32[N,3,D]"));
  ctx.set("A", info("int64[1]={-1}"));
  infer_shapes(ctx, Node::make("ReduceSum", "", 18, {Attribute::of_int("keepdims", 0)}, {"X", "A"}, {"Y"}));
  CHECK(to_string(ctx.at("Y")) == "float32[N,3]");
}

TEST_CASE("ReduceSum/the operator and the shape function give the same message for axes not 1-D", "[shape]") {
  const Node node = Node::make("ReduceSum", "", 13, {});
  const Tensor x(DataType::kFloat, {2, 3}), axes(DataType::kInt64, {1, 1});
  const std::string run = message_of([&] { run_node(node, {&x, &axes}); });
  CHECK(run == message_of([&] { ShapeCase("ReduceSum", 13).data("float32[2,3]").second("int64[1,1]").run(); }));
  CHECK(run == "ReduceSum (opset 13): input 1 'axes' must be a 1-D tensor, got shape [1,1]");
}
