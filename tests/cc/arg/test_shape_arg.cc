// Shape inference of ArgMax / ArgMin through ComputeShapeArgMax/ArgMin and inferModelShapes:
// int64 output, axis and keepdims with symbolic and unknown dims, unknown rank, and the errors
// the run gives too (types per version, axis range, rank 0, a known size-0 axis).
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "test_shape_helpers.h"

using namespace orw;
using namespace shape_test;
using Catch::Matchers::Message;

TEST_CASE("ArgMax/the output is int64 with the axis kept as 1 by default, symbols passing through", "[shape][arg]") {
  CHECK(ShapeCase("ArgMax", 13).data("float32[N,3,D]").run() == "int64[1,3,D]");
  CHECK(ShapeCase("ArgMin", 13).data("float16[N,3,D]").attr("axis", 2).run() == "int64[N,3,1]");
  CHECK(ShapeCase("ArgMax", 1).data("uint8[N,?,D]").attr("axis", 1).run() == "int64[N,1,D]");
}

TEST_CASE("ArgMax/keepdims=0 drops the axis; a negative axis counts from the end at every version", "[shape][arg]") {
  CHECK(ShapeCase("ArgMax", 12).data("float64[N,3,D]").attr("axis", -1).keepdims(0).run() == "int64[N,3]");
  CHECK(ShapeCase("ArgMin", 1).data("int16[N,3,D]").attr("axis", -3).keepdims(0).run() == "int64[3,D]");
}

TEST_CASE("ArgMax/an unknown rank gives an unknown rank of int64", "[shape][arg]") {
  CHECK(ShapeCase("ArgMax", 13).data("float32[*]").attr("axis", 5).run() == "int64[*]");
}

TEST_CASE("ArgMax/types per version: bfloat16 from 13, never bool", "[shape][arg]") {
  CHECK_THROWS_AS(ShapeCase("ArgMax", 12).data("bfloat16[2]").run(), TypeError);
  CHECK(ShapeCase("ArgMax", 13).data("bfloat16[2]").run() == "int64[1]");
  CHECK_THROWS_MATCHES(ShapeCase("ArgMin", 13).data("bool[2]").run(), TypeError,
                       Message("ArgMin (opset 13): input 0 'data' has element type bool, which this version does not "
                               "accept (allowed: float32, uint8, int8, uint16, int16, int32, int64, float16, float64, "
                               "uint32, uint64, bfloat16)"));
}

TEST_CASE("ArgMax/an axis out of range, a rank-0 input and a known size-0 axis are errors", "[shape][arg]") {
  CHECK_THROWS_MATCHES(ShapeCase("ArgMax", 13).data("float32[N,3]").attr("axis", 2).run(), std::invalid_argument,
                       Message("ArgMax (opset 13): attribute 'axis': axis 2 is out of range for rank 2 (valid range "
                               "[-2, 1])"));
  CHECK_THROWS_MATCHES(ShapeCase("ArgMin", 11).data("float32[]").run(), std::invalid_argument,
                       Message("ArgMin (opset 11): attribute 'axis' (default 0): axis 0 is out of range for rank 0 (a "
                               "rank-0 input has no axes)"));
  CHECK_THROWS_MATCHES(ShapeCase("ArgMax", 13).data("float32[N,0]").attr("axis", 1).run(), std::invalid_argument,
                       Message("ArgMax (opset 13): input 0 'data' has size 0 along axis 1 (shape [N,0]): an empty "
                               "slice has no arg"));
  CHECK(ShapeCase("ArgMax", 13).data("float32[0,4]").attr("axis", 1).run() == "int64[0,1]");
}
