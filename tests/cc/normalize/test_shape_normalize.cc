// Shape inference of Softmax, LogSoftmax, Hardmax and LpNormalization through infer_shapes:
// the input's type and shape (symbols and unknown rank pass through), and the run's errors
// (types per version, the axis range when the rank is known, 'p').
#include <catch2/catch.hpp>

#include <string>

#include "core/errors.h"
#include "core/attribute.h"
#include "onnx/node.h"
#include "registry/compute_shape.h"
#include "test_shape_helpers.h"

using namespace orw;
using namespace shape_test;

namespace {

// infer_shapes on one node: input "X" of `x` (text form), output "Y" as text.
std::string infer(const std::string& op, int64_t opset, const std::string& x, std::vector<Attribute> attrs = {}) {
  ShapesContext ctx(opset);
  ctx.set("X", info(x));
  infer_shapes(ctx, Node::make(op, "", opset, std::move(attrs), {"X"}, {"Y"}));
  return to_string(ctx.at("Y"));
}

}  // namespace

TEST_CASE("Normalize/the output has the input's type and shape, symbols and unknown rank included", "[shape][normalize]") {
  CHECK(infer("Softmax", 13, "float32[N,3,D]") == "float32[N,3,D]");
  CHECK(infer("LogSoftmax", 11, "float64[N,?]") == "float64[N,?]");
  CHECK(infer("Hardmax", 1, "float16[2,3]", {Attribute::of_int("axis", 0)}) == "float16[2,3]");
  CHECK(infer("LpNormalization", 22, "bfloat16[*]", {Attribute::of_int("axis", 9)}) == "bfloat16[*]");
}

TEST_CASE("Normalize/shape inference rejects what the run rejects: type, axis range, p", "[shape][normalize]") {
  CHECK_THROWS_AS(infer("Softmax", 11, "bfloat16[2]"), TypeError);
  CHECK_THROWS_AS(infer("LpNormalization", 1, "bfloat16[2]"), TypeError);
  CHECK_THROWS_AS(infer("Hardmax", 13, "int32[2]"), TypeError);
  CHECK_THROWS_WITH(infer("Softmax", 13, "float32[N,3]", {Attribute::of_int("axis", 2)}),
                    Catch::Contains("attribute 'axis'") && Catch::Contains("out of range for rank 2"));
  CHECK_THROWS_WITH(infer("Softmax", 1, "float32[N]"), Catch::Contains("attribute 'axis' (default 1)"));
  CHECK_THROWS_AS(infer("LpNormalization", 1, "float32[2]", {Attribute::of_int("p", 3)}), ValueError);
}

TEST_CASE("Normalize/shape: the ComputeShape functions name the input and check the op type", "[shape][normalize]") {
  ShapesContext ctx(13);
  ctx.set("logits", info("float32[N,10]"));
  ComputeShapeSoftmax(ctx, make_node("Softmax", {"a"}, {"p"}, {}), "logits");
  ComputeShapeLogSoftmax(ctx, make_node("LogSoftmax", {"a"}, {"lp"}, {}), "logits");
  ComputeShapeHardmax(ctx, make_node("Hardmax", {"a"}, {"h"}, {int_attr("axis", 0)}), "logits");
  ComputeShapeLpNormalization(ctx, make_node("LpNormalization", {"a"}, {"n"}, {int_attr("p", 1)}), "logits");
  for (const char* out : {"p", "lp", "h", "n"}) CHECK(to_string(ctx.at(out)) == "float32[N,10]");
  CHECK_THROWS_WITH(ComputeShapeSoftmax(ctx, make_node("Hardmax", {"a"}, {"p"}, {}), "logits"),
                    "ComputeShapeSoftmax: the node's op type is 'Hardmax', expected 'Softmax'");
  CHECK_THROWS_AS(ComputeShapeSoftmax(ctx, make_node("Softmax", {"a"}, {"p"}, {}), "missing"), std::out_of_range);
  CHECK_THROWS_AS(ComputeShapeLpNormalization(ctx, make_node("LpNormalization", {"a"}, {"n"}, {int_attr("p", 3)}), "logits"),
                  ValueError);
}
