// TopK kernels for every K that changes how a row is selected (1, 2, 50, 256, n - 1, n) on
// rows of lengths around every vector width, filter step and group size, with ties, NaN and
// infinities, both directions, every way of selecting and both variants, against the
// reference; and long rows built so that the candidate buffer is cut many times.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "topk/topk_kernels.h"
#include "topk_reference.h"

using namespace orw;
using namespace orw_test;

namespace {

void check_kernels(DataType t, const Tensor& x, int64_t k, bool largest) {
  const int64_t n = x.dims()[1];
  const AxisExtent extent{x.dims()[0], n, 1};
  const Expected e = reference_topk(t, x.raw(), x.dims(), 1, k, largest);
  for (auto v : {kernels::Variant::kSimd, kernels::Variant::kScalar}) {
    for (auto m : {kernels::TopKMethod::kAuto, kernels::TopKMethod::kSorted, kernels::TopKMethod::kCandidates}) {
      INFO("variant " << static_cast<int>(v) << " method " << static_cast<int>(m));
      std::vector<int64_t> idx(e.indices.size());
      std::vector<unsigned char> values(idx.size() * element_size(t));
      kernels::topk(t, extent, k, largest, x.raw(), values.data(), idx.data(), v, m);
      CHECK(idx == e.indices);
    }
  }
}

}  // namespace

TEST_CASE("TopK/K of 1, 2, 50, 256, n - 1 and n on rows of many lengths match the reference", "[topk]") {
  std::mt19937 rng(37);
  const std::vector<int64_t> lengths = {1,   2,   3,   4,   5,   7,   8,   9,   15,  16,  17,  31,  32,  33,  63,
                                        64,  65,  127, 128, 129, 199, 255, 256, 257, 300, 511, 1000, 1023, 1025, 4097};
  for (DataType t : {DataType::kFloat, DataType::kInt32, DataType::kFloat16, DataType::kDouble}) {
    for (int64_t n : lengths) {
      const Tensor x = random_tensor(t, {2, n}, rng);
      for (int64_t k : {int64_t{1}, int64_t{2}, int64_t{50}, int64_t{256}, n - 1, n}) {
        if (k < 1 || k > n) continue;
        for (bool largest : {true, false}) {
          INFO(type_name(t) << " n " << n << " k " << k << " largest " << largest);
          check_kernels(t, x, k, largest);
        }
      }
    }
  }
}

TEST_CASE("TopK/long rows that rise steadily cut the candidate buffer many times and match the reference", "[topk]") {
  // Rising values: every element beats the k-th best so far, so the buffer fills and is cut
  // again and again; a few NaNs and ties with the k-th best on the way.
  for (int64_t n : {5000, 32001}) {
    std::vector<double> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<double>(i / 3);
    v[100] = kNaN, v[static_cast<size_t>(n) / 2] = kNaN;
    for (DataType t : {DataType::kFloat, DataType::kInt32}) {
      const std::vector<double> row = t == DataType::kInt32 ? std::vector<double>(v.begin(), v.end()) : v;
      std::vector<double> vals = row;
      if (t == DataType::kInt32) vals[100] = 7, vals[static_cast<size_t>(n) / 2] = 7;
      const Tensor x = make_tensor(t, {1, n}, vals);
      for (int64_t k : {50, 256, 1000}) {
        for (bool largest : {true, false}) {
          INFO(type_name(t) << " n " << n << " k " << k << " largest " << largest);
          check_kernels(t, x, k, largest);
        }
      }
    }
  }
}
