// Randomized SIMD-versus-scalar cross-checks of the normalization kernels: random [outer, n,
// inner] extents around the vector widths and the ReduceMax/ReduceL2 kernels' tiles (short rows
// four at a time, long rows, columns), every op, type and p, on misaligned buffers; both
// variants are held to the float64 reference's bounds, and Hardmax to exact equality.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "helpers.h"
#include "core/parallel.h"
#include "normalize/normalize_kernels.h"
#include "normalize_reference.h"
#include "thread_counts.h"

using namespace orw;
using namespace orw_test;

namespace {

const char* name_of(NormalizeOp op) {
  switch (op) {
    case NormalizeOp::kSoftmax: return "Softmax";
    case NormalizeOp::kLogSoftmax: return "LogSoftmax";
    case NormalizeOp::kHardmax: return "Hardmax";
    default: return "LpNormalization";
  }
}

size_t random_size(std::mt19937& rng) {
  static const size_t kSizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 64, 100, 257};
  return kSizes[rng() % (sizeof kSizes / sizeof kSizes[0])];
}

// Runs the kernel on a copy of x placed `offset` elements into its buffer (misaligned for odd
// offsets) and returns the output as doubles.
std::vector<double> run_kernel(NormalizeOp op, DataType type, const AxisExtent& extent, const std::vector<double>& x,
                               int64_t p, kernels::Variant variant, size_t offset) {
  const size_t es = element_size(type), n = x.size();
  std::vector<unsigned char> in((n + offset) * es + 8), out((n + offset) * es + 8, 0xA5);
  for (size_t i = 0; i < n; ++i) store_value(type, in.data() + offset * es, i, x[i]);
  kernels::normalize(op, type, extent, in.data() + offset * es, out.data() + offset * es, p, variant);
  for (size_t b = 0; b < offset * es; ++b) REQUIRE(out[b] == 0xA5);  // nothing written before or after
  for (size_t b = (n + offset) * es; b < out.size(); ++b) REQUIRE(out[b] == 0xA5);
  std::vector<double> r(n);
  for (size_t i = 0; i < n; ++i) r[i] = load_value(type, out.data() + offset * es, i);
  return r;
}

}  // namespace

TEST_CASE("Normalize kernels/SIMD and scalar both match the reference on random extents, types and values", "[normalize][random]") {
  std::mt19937 rng(2024);
  const NormalizeOp ops[] = {NormalizeOp::kSoftmax, NormalizeOp::kLogSoftmax, NormalizeOp::kHardmax, NormalizeOp::kLpNorm};
  const DataType types[] = {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16};
  for (int iteration = 0; iteration < 400; ++iteration) {
    const NormalizeOp op = ops[rng() % 4];
    const DataType type = types[rng() % 4];
    AxisExtent extent;
    extent.outer = rng() % 3 == 0 ? 1 : random_size(rng) % 9 + 1;
    extent.n = random_size(rng);
    extent.inner = rng() % 2 ? 1 : random_size(rng);
    if (extent.outer * extent.n * extent.inner > 40000) extent.outer = 1;
    const int64_t p = rng() % 2 ? 1 : 2;
    const double scale = rng() % 4 == 0 ? 100.0 : 3.0;
    std::vector<double> x(extent.outer * extent.n * extent.inner);
    for (double& e : x) e = as_type(type, (rand_unit(rng) * 2 - 1) * scale);
    if (rng() % 5 == 0) x[rng() % x.size()] = x[rng() % x.size()];  // a tie
    INFO(name_of(op) << " " << type_name(type) << " extent [" << extent.outer << ", " << extent.n << ", " << extent.inner
                     << "] p " << p);
    // The reference's extent: dims [outer, n, inner] along axis 1.
    const Shape dims = {static_cast<int64_t>(extent.outer), static_cast<int64_t>(extent.n), static_cast<int64_t>(extent.inner)};
    std::vector<double> row_max;
    const auto want = ref_normalize(name_of(op), dims, x, 1, false, p, &row_max);
    const auto simd = run_kernel(op, type, extent, x, p, kernels::Variant::kSimd, rng() % 3);
    const auto scalar = run_kernel(op, type, extent, x, p, kernels::Variant::kScalar, rng() % 3);
    CHECK(mismatch(type, simd, want, row_max, op == NormalizeOp::kLogSoftmax) == "");
    CHECK(mismatch(type, scalar, want, row_max, op == NormalizeOp::kLogSoftmax) == "");
    if (op == NormalizeOp::kHardmax) CHECK(simd == scalar);
  }
}

TEST_CASE("Normalize kernels/rows of infinities and NaN give the same results in SIMD and scalar", "[normalize][random]") {
  std::mt19937 rng(77);
  const double specials[] = {kInf, -kInf, kNaN, 0.0, 1.0, -2.5};
  for (int iteration = 0; iteration < 200; ++iteration) {
    const NormalizeOp op = static_cast<NormalizeOp>(rng() % 4);
    const DataType type = rng() % 2 ? DataType::kFloat : DataType::kDouble;
    AxisExtent extent;
    extent.outer = rng() % 4 + 1;
    extent.n = rng() % 9 + 1;
    extent.inner = rng() % 2 ? 1 : rng() % 6 + 1;
    std::vector<double> x(extent.outer * extent.n * extent.inner);
    for (double& e : x) e = specials[rng() % 6];
    INFO(name_of(op) << " " << type_name(type) << " extent [" << extent.outer << ", " << extent.n << ", " << extent.inner << "]");
    const Shape dims = {static_cast<int64_t>(extent.outer), static_cast<int64_t>(extent.n), static_cast<int64_t>(extent.inner)};
    std::vector<double> row_max;
    const auto want = ref_normalize(name_of(op), dims, x, 1, false, 2, &row_max);
    const auto simd = run_kernel(op, type, extent, x, 2, kernels::Variant::kSimd, 1);
    const auto scalar = run_kernel(op, type, extent, x, 2, kernels::Variant::kScalar, 0);
    CHECK(mismatch(type, simd, want, row_max, op == NormalizeOp::kLogSoftmax) == "");
    CHECK(mismatch(type, scalar, want, row_max, op == NormalizeOp::kLogSoftmax) == "");
  }
}

// A slice over a chunk (16384 elements) along an axis that is not innermost is cut into
// column windows (normalize_windows): windows of many widths, a last narrower one, a window of
// a single vector's columns (a long axis), each op and type, against the reference; and, where
// the build has threads (thread_counts.h), the same bits on 1 and on 3 threads (the pool runs
// the windows in parts).
namespace {

void check_column_windows(bool on_three_threads) {
  std::mt19937 rng(77);
  const NormalizeOp ops[] = {NormalizeOp::kSoftmax, NormalizeOp::kLogSoftmax, NormalizeOp::kLpNorm};
  const DataType types[] = {DataType::kFloat, DataType::kDouble, DataType::kFloat16};
  const AxisExtent extents[] = {{1, 64, 600}, {2, 300, 100}, {1, 20000, 3}, {3, 129, 257}};
  for (const AxisExtent& extent : extents) {
    for (NormalizeOp op : ops) {
      for (DataType type : types) {
        // (float64 sums of 20000 terms drift past the reference's float64 bound: not tested)
        if (type == DataType::kDouble && extent.n > 1000) continue;
        const int64_t p = 2;
        std::vector<double> x(extent.outer * extent.n * extent.inner);
        for (double& e : x) e = as_type(type, (rand_unit(rng) * 2 - 1) * 5);
        INFO(name_of(op) << " " << type_name(type) << " extent [" << extent.outer << ", " << extent.n << ", " << extent.inner << "]");
        const Shape dims = {extent.outer, extent.n, extent.inner};
        std::vector<double> row_max;
        const auto want = ref_normalize(name_of(op), dims, x, 1, false, p, &row_max);
        set_thread_count(1);
        const auto one = run_kernel(op, type, extent, x, p, kernels::Variant::kSimd, 1);
        const auto scalar = run_kernel(op, type, extent, x, p, kernels::Variant::kScalar, 0);
        CHECK(mismatch(type, one, want, row_max, op == NormalizeOp::kLogSoftmax) == "");
        CHECK(mismatch(type, scalar, want, row_max, op == NormalizeOp::kLogSoftmax) == "");
        if (on_three_threads) {
          use_threads(3);
          const auto three = run_kernel(op, type, extent, x, p, kernels::Variant::kSimd, 1);
          use_threads(1);
          CHECK(one == three);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("Normalize kernels/slices larger than a chunk along an outer axis (column windows) match the reference", "[normalize][random]") {
  check_column_windows(false);
}

#if ORW_THREADS
TEST_CASE("Normalize kernels/column windows give the bits of one thread on three", "[normalize][random][threads]") {
  check_column_windows(true);
}
#endif
