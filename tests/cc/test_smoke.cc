#include <catch2/catch.hpp>

#include "onnx/node.h"
#include "ops/operators.h"

using namespace orw;

TEST_CASE("smoke: ReduceProd over axis 1") {
  Node n = Node::make("ReduceProd", "", 13, {Attribute::of_ints("axes", {1}), Attribute::of_int("keepdims", 0)});
  std::vector<float> v = {1, 2, 3, 4, 5, 6};
  Tensor x = Tensor::view(DataType::kFloat, {2, 3}, v.data());
  auto out = run_node(n, {&x});
  REQUIRE(out[0].dims() == Shape{2});
  CHECK(out[0].data<float>()[0] == 6);
  CHECK(out[0].data<float>()[1] == 120);
}
