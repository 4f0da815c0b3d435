// Randomized cross-checks of the Reduce kernels (reduce/reduce_kernels.h), both variants, against
// plain N-d references: ReduceProd on random shapes of rank 1..6 and every axis subset, then every
// other Reduce op (random_kernels.h and random_family.h have the references and tolerances).
#include <catch2/catch.hpp>

#include "random_family.h"
#include "random_kernels.h"

using namespace orw;
using namespace orw_test;

namespace {

// A random shape of rank 1..6 (at most `limit` elements) and a random subset of its axes.
std::pair<Shape, std::vector<int64_t>> random_reduction(std::mt19937& rng, int64_t limit) {
  const size_t rank = 1 + rng() % 6;
  Shape dims = random_shape(rng, rank, limit);
  std::vector<int64_t> axes;
  for (size_t d = 0; d < rank; ++d) {
    if (rng() & 1) axes.push_back(static_cast<int64_t>(d));
  }
  return {std::move(dims), std::move(axes)};
}

}  // namespace

TEST_CASE("kernels::reduce/random shapes, axes and types match a naive N-d reference") {
  std::mt19937 rng(20240611);
  const auto& types = arithmetic_types();
  std::set<std::string> patterns;
  for (int iter = 0; iter < 400; ++iter) {
    const auto [dims, axes] = random_reduction(rng, 20000);
    const DataType type = types[static_cast<size_t>(iter) % types.size()];
    check_reduce_case(dims, axes, type, rng() % 2, rng() % 2, rng, &patterns);
  }
  // The random shapes reached every kind of kernel block.
  for (const char* p : {"R", "K", "KR", "RK", "KRK", "RKR"}) {
    INFO("pattern " << p);
    CHECK(patterns.count(p) == 1);
  }
}

TEST_CASE("kernels::reduce/every axis subset of rank 1..4 shapes") {
  std::mt19937 rng(7);
  const auto& types = arithmetic_types();
  std::set<std::string> patterns;
  for (size_t rank = 1; rank <= 4; ++rank) {
    for (int shape_iter = 0; shape_iter < 4; ++shape_iter) {
      Shape dims = random_shape(rng, rank, 4000);
      for (auto& d : dims) {
        if (d <= 1 && shape_iter % 2 == 0) d = 3;  // half of the shapes without size-1 dims
      }
      for (uint32_t mask = 0; mask < (1u << rank); ++mask) {
        std::vector<int64_t> axes;
        for (size_t d = 0; d < rank; ++d) {
          if (mask & (1u << d)) axes.push_back(static_cast<int64_t>(d));
        }
        for (DataType type : types) {
          check_reduce_case(dims, axes, type, (mask + static_cast<uint32_t>(shape_iter)) & 1, mask & 1, rng,
                            &patterns);
        }
      }
    }
  }
  for (const char* p : {"R", "K", "KR", "RK", "KRK", "RKR", "KRKR", "RKRK"}) {
    INFO("pattern " << p);
    CHECK(patterns.count(p) == 1);
  }
}

TEST_CASE("kernels::reduce/long rows and columns around the vector and unroll widths") {
  // R, KR and RK blocks with every extent 1..33 and 1023..1025, so each vector and unrolled
  // loop runs zero, one or several times with every tail length.
  std::mt19937 rng(99);
  std::vector<int64_t> lengths;
  for (int64_t n = 1; n <= 33; ++n) lengths.push_back(n);
  for (int64_t n : {1023, 1024, 1025}) lengths.push_back(n);
  for (DataType type : arithmetic_types()) {
    for (int64_t n : lengths) {
      check_reduce_case({n}, {0}, type, 1, 0, rng);                // R
      check_reduce_case({3, n}, {1}, type, 0, 1, rng);             // KR
      check_reduce_case({3, n}, {0}, type, 1, 1, rng);             // RK
      check_reduce_case({n, 5}, {0}, type, 0, 0, rng);             // RK with short columns, many rows
    }
  }
}

TEST_CASE("kernels::reduce/long reductions across blocking boundaries") {
  // Whatever blocking the kernels use for long rows (pairwise splits) or many rows (row
  // blocks), products over a few thousand elements must still match.
  std::mt19937 rng(123);
  for (DataType type : arithmetic_types()) {
    for (int64_t n : {2047, 2048, 2049, 4095, 4096, 4097, 6145}) {
      check_reduce_case({n}, {0}, type, 1, 1, rng);     // R
      check_reduce_case({2, n}, {1}, type, 0, 1, rng);  // KR
    }
    for (int64_t rows : {255, 256, 257, 511, 512, 513}) {
      check_reduce_case({rows, 3}, {0}, type, 1, 0, rng);       // RK, scalar columns
      check_reduce_case({rows, 33}, {0}, type, 0, 1, rng);      // RK, unrolled tiles and tails
      check_reduce_case({2, rows, 9}, {1}, type, 1, 1, rng);    // KRK
    }
  }
}

TEST_CASE("kernels/types without a kernel are a TypeError") {
  const ReductionPlan plan = make_reduction_plan({4}, {0});
  int8_t x[4] = {1, 2, 3, 4};
  int8_t out[4] = {};
  CHECK_THROWS_AS(kernels::reduce(kernels::ReduceOp::kProd, DataType::kInt8, plan, x, out), TypeError);
  CHECK_THROWS_WITH(kernels::reduce(kernels::ReduceOp::kProd, DataType::kInt8, plan, x, out),
                    Catch::Contains("int8") && Catch::Contains("reduce"));
  CHECK_THROWS_AS(kernels::scan(kernels::ScanOp::kProd, DataType::kBool, make_axis_extent({4}, 0), false, false, x, out),
                  TypeError);
  CHECK_FALSE(kernels::reduce_types(kernels::ReduceOp::kProd).contains(DataType::kInt8));
  for (DataType t : arithmetic_types()) {
    INFO("type " << type_name(t));
    CHECK(kernels::reduce_types(kernels::ReduceOp::kProd).contains(t));
    CHECK(kernels::scan_types(kernels::ScanOp::kProd).contains(t));
  }
}

TEST_CASE("kernels::reduce/every op: random shapes, axes and types match a naive N-d reference", "[reduce][random]") {
  std::mt19937 rng(20240612);
  for (const OpInfo& info : kFamilyOps) {
    const std::vector<DataType> types = family_types(info.op);
    std::set<std::string> patterns;
    for (int iter = 0; iter < 80; ++iter) {
      const auto [dims, axes] = random_reduction(rng, 8000);
      const DataType type = types[static_cast<size_t>(iter) % types.size()];
      check_family_case(info.op, info.name, dims, axes, type, rng() % 2, rng() % 2, rng, &patterns);
    }
    for (const char* p : {"R", "K", "KR", "RK", "KRK", "RKR"}) {
      INFO("op " << info.name << ", pattern " << p);
      CHECK(patterns.count(p) == 1);
    }
  }
}

TEST_CASE("kernels::reduce/every op: rows and columns around the vector, unroll and block widths", "[reduce][random]") {
  std::mt19937 rng(100);
  std::vector<int64_t> lengths;
  for (int64_t n = 1; n <= 9; ++n) lengths.push_back(n);
  for (int64_t n : {15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 1023, 1025, 2049, 4097}) lengths.push_back(n);
  for (const OpInfo& info : kFamilyOps) {
    for (DataType type : family_types(info.op)) {
      for (int64_t n : lengths) {
        check_family_case(info.op, info.name, {n}, {0}, type, 1, 0, rng);     // R
        if (n > 1025) continue;                                                 // long rows: R only (pairwise splits)
        check_family_case(info.op, info.name, {3, n}, {1}, type, 0, 1, rng);  // KR
        check_family_case(info.op, info.name, {3, n}, {0}, type, 1, 1, rng);  // RK, long rows
        check_family_case(info.op, info.name, {n < 300 ? n : 300, 5}, {0}, type, 0, 0, rng);  // RK, many rows
      }
    }
  }
}

// Empty sets (a reduced dim of 0) of every op and type, each side of the kept dims: the
// identities of docs/semantics.md, LogSum and LogSumExp of integers (log 0 = -inf, converted to
// the type's minimum) included, which random shapes seldom reach.
TEST_CASE("kernels::reduce/every op: empty sets give the identities", "[reduce][random]") {
  std::mt19937 rng(0);
  for (const OpInfo& info : kFamilyOps) {
    for (DataType type : family_types(info.op)) {
      check_family_case(info.op, info.name, {3, 0}, {1}, type, 0, 1, rng);      // R of length 0
      check_family_case(info.op, info.name, {0, 5}, {0}, type, 1, 0, rng);      // RK of length 0
      check_family_case(info.op, info.name, {2, 0, 3}, {1}, type, 1, 1, rng);   // KRK
    }
  }
}

TEST_CASE("kernels::reduce/column reductions of many long rows (L1 column chunks, far row quads) match the reference") {
  std::mt19937 rng(4099);
  // More rows than the column-tile kernel takes, and rows longer than one column chunk
  // (2048 double or 4096 float accumulators), counts that are not multiples of four so the
  // last rows go to the tiles.
  const std::vector<std::pair<Shape, std::vector<int64_t>>> cases = {
      {{40, 4099}, {0}}, {{17, 4097}, {0}}, {{300, 7}, {0}}, {{33, 2051}, {0}}, {{2, 19, 4100}, {1}},
      {{5, 4100}, {0}},  {{6, 3001}, {0}},  {{7, 4099}, {0}}};
  for (const auto& [dims, axes] : cases) {
    for (DataType type : arithmetic_types()) check_reduce_case(dims, axes, type, rng() % 2, rng() % 2, rng);
  }
}

TEST_CASE("kernels::reduce/column sums of many long rows are within float32 rounding of the double sum") {
  std::mt19937 rng(5000);
  std::uniform_real_distribution<float> value(0.5f, 2.0f);
  const Shape dims = {45, 5003};
  std::vector<float> x(45 * 5003);
  for (float& v : x) v = value(rng);
  const ReductionPlan plan = make_reduction_plan(dims, {0});
  for (kernels::Variant variant : {kernels::Variant::kSimd, kernels::Variant::kScalar}) {
    std::vector<float> out(5003);
    kernels::reduce(kernels::ReduceOp::kSum, DataType::kFloat, plan, x.data(), out.data(), variant);
    for (size_t j = 0; j < out.size(); ++j) {
      double exact = 0;
      for (size_t i = 0; i < 45; ++i) exact += x[i * 5003 + j];
      INFO("column " << j);
      REQUIRE(std::fabs(out[j] - exact) <= 1e-6 * exact);
    }
  }
}


TEST_CASE("kernels::reduce/halves widened a chunk at a time give the bits of the float32 reduction of the widened input, rounded once") {
  std::mt19937 rng(17);
  const std::vector<std::pair<Shape, std::vector<int64_t>>> cases = {
      {{3, 40000}, {1}}, {{40000, 3}, {0}}, {{50001}, {0}}, {{7, 9000, 5}, {1}}, {{7, 9000, 5}, {0, 2}}};
  for (const auto& [dims, axes] : cases) {
    const ReductionPlan plan = make_reduction_plan(dims, axes);
    const auto n = static_cast<size_t>(plan.input_count), m = static_cast<size_t>(plan.output_count);
    for (DataType type : {DataType::kFloat16, DataType::kBfloat16}) {
      const bool brain = type == DataType::kBfloat16;
      std::vector<uint16_t> x(n);
      for (auto& h : x) {
        const float v = static_cast<float>(rng() % 2001) / 1000 - 1;
        h = brain ? f32_to_bf16(v) : f32_to_f16(v);
      }
      std::vector<float> wide(n);
      for (size_t i = 0; i < n; ++i) wide[i] = brain ? bf16_to_f32(x[i]) : f16_to_f32(x[i]);
      for (auto op : {kernels::ReduceOp::kSum, kernels::ReduceOp::kMean, kernels::ReduceOp::kL2, kernels::ReduceOp::kProd}) {
        INFO(type_name(type) << " op " << static_cast<int>(op) << " dims " << dims.size() << " axes " << axes.size());
        std::vector<uint16_t> got(m);
        std::vector<float> want(m);
        kernels::reduce(op, type, plan, x.data(), got.data());
        kernels::reduce(op, DataType::kFloat, plan, wide.data(), want.data());
        size_t wrong = 0;
        for (size_t i = 0; i < m; ++i) wrong += got[i] != (brain ? f32_to_bf16(want[i]) : f32_to_f16(want[i]));
        CHECK(wrong == 0);
      }
    }
  }
}
