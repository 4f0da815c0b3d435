// Randomized cross-checks of the Scan kernels (scan/scan_kernels.h), both variants, against plain
// references: CumProd and CumSum on random shapes and axes, and on rows and columns of lengths
// around the vector widths in all four modes (random_kernels.h and random_family.h have the
// references and tolerances).
#include <catch2/catch.hpp>

#include "random_family.h"
#include "random_kernels.h"

using namespace orw;
using namespace orw_test;

namespace {

// One scan case: dims, axis, exclusive, reverse, type, input and output offsets, random source.
using ScanCheck = void (*)(const Shape&, size_t, bool, bool, DataType, size_t, size_t, std::mt19937&);

// `iters` random shapes of rank 1..6 (at most `limit` elements), random axes, the four modes
// in turn and every arithmetic type.
void random_scans(ScanCheck check, unsigned seed, int iters, int64_t limit) {
  std::mt19937 rng(seed);
  const auto& types = arithmetic_types();
  for (int iter = 0; iter < iters; ++iter) {
    const size_t rank = 1 + rng() % 6;
    const Shape dims = random_shape(rng, rank, limit);
    const size_t axis = rng() % rank;
    const bool exclusive = iter & 1, reverse = iter & 2;
    const DataType type = types[static_cast<size_t>(iter / 4) % types.size()];
    check(dims, axis, exclusive, reverse, type, rng() % 2, rng() % 2, rng);
  }
}

// Contiguous rows, rows combined across n, and long scans of short rows, for each length.
void edge_scans(ScanCheck check, unsigned seed, const std::vector<int64_t>& lengths) {
  std::mt19937 rng(seed);
  for (DataType type : arithmetic_types()) {
    for (int64_t n : lengths) {
      for (int flags = 0; flags < 4; ++flags) {
        const bool exclusive = flags & 1, reverse = flags & 2;
        check({2, n}, 1, exclusive, reverse, type, 1, 0, rng);
        check({5, n}, 0, exclusive, reverse, type, 0, 1, rng);
        check({n, 3}, 0, exclusive, reverse, type, 1, 1, rng);
      }
    }
  }
}

std::vector<int64_t> lengths_up_to(int64_t last, std::initializer_list<int64_t> more) {
  std::vector<int64_t> lengths;
  for (int64_t n = 1; n <= last; ++n) lengths.push_back(n);
  lengths.insert(lengths.end(), more);
  return lengths;
}

}  // namespace

TEST_CASE("kernels::scan/random shapes, axes and types match a naive reference") {
  random_scans(check_scan_case, 4242, 400, 20000);
}

TEST_CASE("kernels::scan/rows and columns of every length around the vector widths, all 4 modes") {
  edge_scans(check_scan_case, 11, lengths_up_to(33, {1023, 1024, 1025}));
}

TEST_CASE("kernels::scan/CumSum: random shapes, axes and types match a naive reference", "[cumsum][random]") {
  random_scans(check_cumsum_case, 4343, 160, 8000);
}

TEST_CASE("kernels::scan/CumSum: rows and columns around the vector widths, all 4 modes", "[cumsum][random]") {
  edge_scans(check_cumsum_case, 12, lengths_up_to(17, {31, 32, 33, 1023, 1025}));
}
