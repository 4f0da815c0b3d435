// merge_declared: ONNX's merge of a declared type into an inferred one.
#include <catch2/catch.hpp>

#include "shape/declared.h"
#include "test_shape_helpers.h"

using namespace orw;
using shape_test::info;

namespace {

// The merged text, or "conflict: <reason>".
std::string merged(const std::string& inferred, const std::string& declared) {
  TensorInfo have = info(inferred);
  const std::string reason = merge_declared(have, info(declared));
  if (!reason.empty()) {
    CHECK(have == info(inferred));  // left as inference found it
    return "conflict: " + reason;
  }
  return to_string(have);
}

}  // namespace

TEST_CASE("merge_declared/the declaration fills in what inference does not know", "[shape]") {
  CHECK(merged("?[*]", "float32[N,3]") == "float32[N,3]");
  CHECK(merged("float32[*]", "?[N,3]") == "float32[N,3]");
  CHECK(merged("float32[?,?]", "float32[N,3]") == "float32[N,3]");
  CHECK(merged("float32[a,?]", "float32[N,?]") == "float32[N,?]");  // a declared name wins over inference's
  CHECK(merged("float32[4,a]", "float32[N,?]") == "float32[4,a]");  // a known dim stays
  CHECK(merged("float32[4,3]", "?[*]") == "float32[4,3]");
  CHECK(merged("int64[2]={N,3}", "int64[2]") == "int64[2]={N,3}");   // values kept
}

TEST_CASE("merge_declared/conflicts name the first difference", "[shape]") {
  CHECK(merged("float32[4]", "float64[4]") ==
        "conflict: declared float64[4] but inferred float32[4]: element type float32, declared float64");
  CHECK(merged("float32[4]", "float32[4,1]") ==
        "conflict: declared float32[4,1] but inferred float32[4]: rank 1, declared 2");
  CHECK(merged("float32[4,N]", "float32[5,N]") ==
        "conflict: declared float32[5,N] but inferred float32[4,N]: dim 0 is 4, declared 5");
}
