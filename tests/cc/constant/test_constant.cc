// Constant: each value attribute form gives its tensor, in runs and in shape inference; a node
// without exactly one supported value attribute is an error naming the op.
#include <catch2/catch.hpp>

#include <memory>

#include "helpers.h"
#include "registry/compute_shape.h"
#include "shape/context.h"

using namespace orw;
using namespace orw_test;
using Catch::Matchers::Contains;

namespace {

Attribute tensor_attribute(const Tensor& t) {
  Attribute a;
  a.name = "value";
  a.type = AttrType::kTensor;
  a.tensor = std::make_shared<const Tensor>(t);
  return a;
}

Node constant(int opset, std::vector<Attribute> attrs) { return Node::make("Constant", "", opset, std::move(attrs), {}, {"y"}); }

}  // namespace

TEST_CASE("Constant/'value' gives its tensor at every version, and survives serialization", "[constant]") {
  const Tensor v = make_tensor(DataType::kFloat, {2, 2}, {1, -2, 3.5, 4});
  for (int opset : {1, 9, 11, 12, 13, 19, 25}) {
    INFO(opset);
    const Node n = constant(opset, {tensor_attribute(v)});
    const Tensor y = run1(n, {});
    CHECK(y.dims() == Shape{2, 2});
    CHECK(to_doubles(y) == std::vector<double>{1, -2, 3.5, 4});
    const std::string bytes = n.serialize();
    CHECK(to_doubles(run1(Node::parse(bytes.data(), bytes.size(), opset), {})) == std::vector<double>{1, -2, 3.5, 4});
  }
}

TEST_CASE("Constant/value_int, value_ints, value_float, value_floats give int64 and float scalars and vectors", "[constant]") {
  const Tensor i = run1(constant(12, {Attribute::of_int("value_int", -3)}), {});
  CHECK(i.type() == DataType::kInt64);
  CHECK(i.dims().empty());
  CHECK(to_doubles(i) == std::vector<double>{-3});
  const Tensor is = run1(constant(13, {Attribute::of_ints("value_ints", {0, 2})}), {});
  CHECK(is.dims() == Shape{2});
  CHECK(to_doubles(is) == std::vector<double>{0, 2});
  const Tensor f = run1(constant(12, {Attribute::of_float("value_float", 0.5f)}), {});
  CHECK((f.type() == DataType::kFloat && f.dims().empty() && to_doubles(f) == std::vector<double>{0.5}));
  Attribute fs;
  fs.name = "value_floats";
  fs.type = AttrType::kFloats;
  fs.floats = {1.5f, 2};
  CHECK(to_doubles(run1(constant(12, {fs}), {})) == std::vector<double>{1.5, 2});
}

TEST_CASE("Constant/the value_* forms do not exist before version 12", "[constant]") {
  CHECK_THROWS_WITH(constant(11, {Attribute::of_int("value_int", 1)}), Contains("unknown attribute 'value_int'"));
}

TEST_CASE("Constant/no value attribute, or two, is an error naming the op", "[constant]") {
  CHECK_THROWS_WITH(run1(constant(13, {}), {}), Contains("Constant (opset 13): needs exactly one value attribute"));
  CHECK_THROWS_WITH(run1(constant(13, {Attribute::of_int("value_int", 1), Attribute::of_ints("value_ints", {1})}), {}),
                    Contains("got 2"));
}

TEST_CASE("Constant/string values are unsupported, by name", "[constant]") {
  CHECK_THROWS_MATCHES(run1(constant(13, {Attribute::of_string("value_string", "a")}), {}), UnsupportedError,
                       Catch::Matchers::Message("Constant (opset 13): attribute 'value_string' is not supported (sparse "
                                                "and string tensors have no kernels here)"));
}

TEST_CASE("Constant/shape inference gives the tensor's type and dims, and small integer values", "[constant][shape]") {
  ShapesContext ctx;
  infer_shapes(ctx, constant(13, {Attribute::of_ints("value_ints", {1, -1})}));
  CHECK(to_string(ctx.at("y")) == "int64[2]={1,-1}");
  infer_shapes(ctx, constant(13, {tensor_attribute(make_tensor(DataType::kDouble, {3, 1}, {1, 2, 3}))}));
  CHECK(to_string(ctx.at("y")) == "float64[3,1]");
}
