// Shape inference of TopK through infer_shapes: Values (X's type) and Indices (int64) with the
// axis dim replaced by K, from the attribute (1) or the K input's known value (10+), unknown
// otherwise; and the errors the run gives too.
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "core/attribute.h"
#include "onnx/node.h"
#include "runtime/run_node.h"
#include "registry/compute_shape.h"
#include "test_shape_helpers.h"

using namespace orw;
using namespace shape_test;
using Catch::Contains;

namespace {

// Runs TopK's shape function on X (and K) given as text; returns "values; indices".
std::string topk_shape(int64_t opset, const std::string& x, const std::string& k, std::vector<Attribute> attrs = {}) {
  ShapesContext ctx(opset);
  ctx.set("X", info(x));
  std::vector<std::string> inputs = {"X"};
  if (!k.empty()) ctx.set("K", info(k)), inputs.push_back("K");
  infer_shapes(ctx, Node::make("TopK", "", opset, std::move(attrs), inputs, {"V", "I"}));
  return to_string(ctx.at("V")) + "; " + to_string(ctx.at("I"));
}

}  // namespace

TEST_CASE("TopK/shape: version 1 takes K from attribute k, axis -1 by default", "[shape][topk]") {
  CHECK(topk_shape(1, "float32[N,5]", "", {Attribute::of_int("k", 3)}) == "float32[N,3]; int64[N,3]");
  CHECK(topk_shape(1, "float64[4,D]", "", {Attribute::of_int("k", 2), Attribute::of_int("axis", 0)}) ==
        "float64[2,D]; int64[2,D]");
}

TEST_CASE("TopK/shape: a known K input sets the axis dim, an unknown one leaves it unknown", "[shape][topk]") {
  CHECK(topk_shape(10, "float16[N,5]", "int64[1]={2}") == "float16[N,2]; int64[N,2]");
  CHECK(topk_shape(11, "int32[N,5,D]", "int64[1]={0}", {Attribute::of_int("axis", -2)}) ==
        "int32[N,0,D]; int64[N,0,D]");
  CHECK(topk_shape(24, "bfloat16[N,5]", "int64[1]") == "bfloat16[N,?]; int64[N,?]");
  CHECK(topk_shape(11, "float32[*]", "int64[1]={2}") == "float32[*]; int64[*]");
}

TEST_CASE("TopK/shape: K above a known axis size, a bad K and a bad axis are errors", "[shape][topk]") {
  CHECK_THROWS_WITH(topk_shape(11, "float32[N,5]", "int64[1]={6}"), Contains("input 1 'K' is 6, larger than the size 5"));
  CHECK(topk_shape(11, "float32[N,M]", "int64[1]={6}") == "float32[N,6]; int64[N,6]");  // M may be >= 6
  CHECK_THROWS_AS(topk_shape(11, "float32[N,5]", "int32[1]"), TypeError);
  CHECK_THROWS_WITH(topk_shape(11, "float32[N,5]", "int64[2]"), Contains("1-D tensor of one element"));
  CHECK_THROWS_WITH(topk_shape(1, "float32[N,5]", "", {Attribute::of_int("k", 0)}), Contains("must be positive"));
  CHECK_THROWS_WITH(topk_shape(11, "float32[5]", "int64[1]", {Attribute::of_int("axis", 1)}), Contains("out of range"));
  CHECK_THROWS_AS(topk_shape(10, "int32[5]", "int64[1]"), TypeError);
}

TEST_CASE("TopK/shape: ComputeShapeTopK names X and K and stores both outputs", "[shape][topk]") {
  ShapesContext ctx(11);
  ctx.set("data", info("float32[N,8]"));
  ctx.set("k", info("int64[1]={3}"));
  ComputeShapeTopK(ctx, make_node("TopK", {"a", "b"}, {"V", "I"}, {}), "data", "k");
  CHECK(to_string(ctx.at("V")) == "float32[N,3]");
  CHECK(to_string(ctx.at("I")) == "int64[N,3]");
  ShapesContext v1(1);
  v1.set("data", info("float32[N,8]"));
  CHECK_THROWS_WITH(ComputeShapeTopK(v1, make_node("TopK", {"a"}, {"V", "I"}, {int_attr("k", 2)}), "data", "k"),
                    Contains("takes only 1 input"));
  ComputeShapeTopK(v1, make_node("TopK", {"a"}, {"V", "I"}, {int_attr("k", 2)}), "data");
  CHECK(to_string(v1.at("I")) == "int64[N,2]");
}

TEST_CASE("TopK/the operator and the shape function give the same messages for K", "[shape][topk]") {
  const Node node = Node::make("TopK", "", 11, {});
  const Tensor x(DataType::kFloat, {2, 3}), k2(DataType::kInt64, {2});
  Tensor k5(DataType::kInt64, {1});
  k5.mutable_data<int64_t>()[0] = 5;
  const std::string shape = message_of([&] { run_node(node, {&x, &k2}); });
  CHECK(shape == message_of([&] { topk_shape(11, "float32[2,3]", "int64[2]"); }));
  CHECK(shape == "TopK (opset 11): input 1 'K' must be a 1-D tensor of one element, got shape [2]");
  const std::string big = message_of([&] { run_node(node, {&x, &k5}); });
  CHECK(big == message_of([&] { topk_shape(11, "float32[2,3]", "int64[1]={5}"); }));
  CHECK_THAT(big, Contains("input 1 'K' is 5, larger than the size 3 of axis 1"));
}
