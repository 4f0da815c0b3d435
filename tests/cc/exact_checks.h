// Catch2 checks shared by the per-op suites whose expected values are exact (products of powers
// of two, small integers): one assertion per element, so a failure names the element.
#pragma once
#include <catch2/catch.hpp>

#include <vector>

#include "helpers.h"

namespace orw_test {

// Checks the type, the shape and every value exactly (NaN matches NaN).
inline void check_exact_values(const Tensor& got, DataType type, const Shape& dims,
                               const std::vector<double>& expected) {
  CHECK(got.type() == type);
  REQUIRE(got.dims() == dims);
  const std::vector<double> values = to_doubles(got);
  REQUIRE(values.size() == expected.size());
  for (size_t i = 0; i < values.size(); ++i) {
    INFO("element " << i << ": got " << values[i] << ", expected " << expected[i]);
    CHECK(same_value(values[i], expected[i]));
  }
}

}  // namespace orw_test
