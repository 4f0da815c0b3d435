// Cast and CastLike from or to string in whole-model inference (runtime/string_cast_shapes.h):
// inferred as ONNX does, though the package does not run them.
#include <catch2/catch.hpp>

#include "graph_case.h"

using namespace shape_test;

TEST_CASE("String casts/Cast and CastLike to and from string are inferred, not run", "[shape]") {
  GraphCase g(15);
  g.input("x", "float32[N,3]").input("s", "string[2]").input("like", "string[]");
  g.node("Cast", {"x"}, {"to_string"}, {int_attr("to", 8)});
  g.node("Cast", {"s"}, {"from_string"}, {int_attr("to", 1)});
  g.node("CastLike", {"x", "like"}, {"like_string"});
  CHECK(g.at("to_string") == "string[N,3]");
  CHECK(g.at("from_string") == "float32[2]");
  CHECK(g.at("like_string") == "string[N,3]");
  CHECK(g.report().diagnostics.empty());

  // Before Cast 9 there is no string cast: the node's own error.
  GraphCase old(6);
  old.input("x", "float32[2]").node("Cast", {"x"}, {"y"}, {int_attr("to", 8)});
  CHECK(old.only_diagnostic() == "Cast (opset 6): attribute 'to' is string (8), which Cast accepts only from version 9 "
                                 "(this node resolves to version 6)");

  // The newer types from their version on; complex never.
  GraphCase newer(19);
  newer.input("s", "string[2]").node("Cast", {"s"}, {"f8"}, {int_attr("to", 17)});
  CHECK(newer.mismatches({{"f8", "float8e4m3fn[2]"}}) == "");
  GraphCase early(19);
  early.input("s", "string[2]").node("Cast", {"s"}, {"i4"}, {int_attr("to", 22)});
  CHECK(early.only_diagnostic() == "Cast (opset 19): attribute 'to' is int4 (22), which Cast accepts only from version 21 "
                                   "(this node resolves to version 19)");
  GraphCase complex(21);
  complex.input("s", "string[2]").node("Cast", {"s"}, {"c"}, {int_attr("to", 14)});
  CHECK_THAT(complex.only_diagnostic(), Catch::Contains("is not an element type Cast can produce"));
}
