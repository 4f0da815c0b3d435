// Randomized cross-checks of the Scan kernels (scan/scan_kernels.h), both variants, against plain
// references: CumProd and CumSum on random shapes and axes, rows and columns around the vector
// widths, all four modes (random_kernels.h has the references and tolerances).
#include <catch2/catch.hpp>

#include "random_kernels.h"

using namespace orw;
using namespace orw_test;

TEST_CASE("kernels::scan/random shapes, axes and types match a naive reference") {
  std::mt19937 rng(4242);
  const auto& types = arithmetic_types();
  for (int iter = 0; iter < 400; ++iter) {
    const size_t rank = 1 + rng() % 6;
    const Shape dims = random_shape(rng, rank, 20000);
    const size_t axis = rng() % rank;
    const bool exclusive = iter & 1, reverse = iter & 2;
    const DataType type = types[static_cast<size_t>(iter / 4) % types.size()];
    check_scan_case(dims, axis, exclusive, reverse, type, rng() % 2, rng() % 2, rng);
  }
}

TEST_CASE("kernels::scan/rows and columns of every length around the vector widths, all 4 modes") {
  std::mt19937 rng(11);
  std::vector<int64_t> lengths;
  for (int64_t n = 1; n <= 33; ++n) lengths.push_back(n);
  for (int64_t n : {1023, 1024, 1025}) lengths.push_back(n);
  for (DataType type : arithmetic_types()) {
    for (int64_t n : lengths) {
      for (int flags = 0; flags < 4; ++flags) {
        const bool exclusive = flags & 1, reverse = flags & 2;
        check_scan_case({2, n}, 1, exclusive, reverse, type, 1, 0, rng);  // contiguous rows
        check_scan_case({5, n}, 0, exclusive, reverse, type, 0, 1, rng);  // rows combined across n
        check_scan_case({n, 3}, 0, exclusive, reverse, type, 1, 1, rng);  // long scans, short rows
      }
    }
  }
}

TEST_CASE("kernels::scan/CumSum: random shapes, axes and types match a naive reference", "[cumsum][random]") {
  std::mt19937 rng(4343);
  const auto& types = arithmetic_types();
  for (int iter = 0; iter < 160; ++iter) {
    const size_t rank = 1 + rng() % 6;
    const Shape dims = random_shape(rng, rank, 8000);
    const size_t axis = rng() % rank;
    const bool exclusive = iter & 1, reverse = iter & 2;
    const DataType type = types[static_cast<size_t>(iter / 4) % types.size()];
    check_cumsum_case(dims, axis, exclusive, reverse, type, rng() % 2, rng() % 2, rng);
  }
}

TEST_CASE("kernels::scan/CumSum: rows and columns around the vector widths, all 4 modes", "[cumsum][random]") {
  std::mt19937 rng(12);
  std::vector<int64_t> lengths;
  for (int64_t n = 1; n <= 17; ++n) lengths.push_back(n);
  for (int64_t n : {31, 32, 33, 1023, 1025}) lengths.push_back(n);
  for (DataType type : arithmetic_types()) {
    for (int64_t n : lengths) {
      for (int flags = 0; flags < 4; ++flags) {
        const bool exclusive = flags & 1, reverse = flags & 2;
        check_cumsum_case({2, n}, 1, exclusive, reverse, type, 1, 0, rng);  // contiguous rows
        check_cumsum_case({5, n}, 0, exclusive, reverse, type, 0, 1, rng);  // rows combined across n
        check_cumsum_case({n, 3}, 0, exclusive, reverse, type, 1, 1, rng);  // long scans, short rows
      }
    }
  }
}

