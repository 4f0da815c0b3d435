// TopK: versions 1, 10, 11, 24 and their types, axis, largest, K (0, 1, small, the axis size),
// ties, NaN, infinities, -0, exact 64-bit integers, errors, and random cross-checks of the
// kernels (SIMD versus scalar, sorted versus candidate buffer) against topk_reference.h.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>

#include "core/errors.h"
#include "helpers.h"
#include "plan/pieces.h"
#include "runtime/run_node.h"
#include "topk/topk_kernels.h"
#include "topk_reference.h"
#include "topk/topk_microkernels.h"
#include "simd/simd.h"

using namespace orw;
using namespace orw_test;
using Catch::Contains;

namespace {

const std::vector<int64_t> kVersions = {1, 10, 11, 24};

Node topk_node(int64_t opset, int64_t axis, int64_t k, bool largest, std::vector<Attribute> extra = {}) {
  std::vector<Attribute> attrs = {Attribute::of_int("axis", axis)};
  if (opset == 1) attrs.push_back(Attribute::of_int("k", k));
  if (opset >= 11) attrs.push_back(Attribute::of_int("largest", largest ? 1 : 0));
  for (auto& a : extra) attrs.push_back(a);
  return Node::make("TopK", "", opset, attrs);
}

std::vector<Tensor> run_topk(int64_t opset, const Tensor& x, int64_t axis, int64_t k, bool largest = true) {
  const Node node = topk_node(opset, axis, k, largest);
  const Tensor kt = int64_vector({k});
  if (opset == 1) return run_node(node, {&x});
  return run_node(node, {&x, &kt});
}

// Checks Indices against the reference and Values as x's elements at those indices, bit for bit.
void check_against_reference(int64_t opset, const Tensor& x, int64_t axis, int64_t k, bool largest) {
  const int64_t a = axis < 0 ? axis + x.rank() : axis;
  const Expected e = reference_topk(x.type(), x.raw(), x.dims(), a, k, largest);
  const std::vector<Tensor> out = run_topk(opset, x, axis, k, largest);
  REQUIRE(out.size() == 2);
  CHECK(out[0].type() == x.type());
  CHECK(out[1].type() == DataType::kInt64);
  CHECK(out[0].dims() == e.dims);
  REQUIRE(out[1].dims() == e.dims);
  CHECK(to_vector<int64_t>(out[1]) == e.indices);
  int64_t inner = 1;
  for (int64_t d = a + 1; d < x.rank(); ++d) inner *= x.dims()[d];
  const size_t es = element_size(x.type());
  const auto* in = static_cast<const unsigned char*>(x.raw());
  const auto* got = static_cast<const unsigned char*>(out[0].raw());
  for (size_t i = 0; i < e.indices.size(); ++i) {
    const int64_t c = static_cast<int64_t>(i) % inner, o = static_cast<int64_t>(i) / inner / k;
    const size_t src = static_cast<size_t>((o * x.dims()[a] + e.indices[i]) * inner + c);
    CHECK(std::memcmp(got + i * es, in + src * es, es) == 0);
  }
}

}  // namespace

TEST_CASE("TopK/each opset resolves to versions 1, 10, 11 and 24, with two outputs", "[topk]") {
  for (int64_t opset : {1, 9, 10, 11, 23, 24, 26}) {
    const OpSchema& s = resolve_op("", "TopK", opset);
    CHECK(s.since_version == (opset >= 24 ? 24 : opset >= 11 ? 11 : opset >= 10 ? 10 : 1));
    CHECK(s.output_count == 2);
  }
  const Node node = Node::make("TopK", "", 11, {});
  CHECK(node.outputs() == std::vector<std::string>{"output0", "output1"});
  CHECK(node.inputs() == std::vector<std::string>{"input0", "input1"});
}

TEST_CASE("TopK/each version accepts exactly the types of the spec, bfloat16 from 24", "[topk]") {
  for (int64_t opset : kVersions) {
    const auto types = spec_topk_types(opset);
    for (DataType t : all_fixed_size_types()) {
      INFO("opset " << opset << " " << type_name(t));
      CHECK(resolve_op("", "TopK", opset).types.contains(t) == contains_type(types, t));
      if (!contains_type(types, t)) {
        const Tensor x(t, {3});
        CHECK_THROWS_AS(run_topk(opset, x, 0, 1), TypeError);
      }
    }
  }
}

TEST_CASE("TopK/every version, type, axis, largest and K matches the reference", "[topk]") {
  std::mt19937 rng(11);
  const Shape dims = {4, 5, 6};
  for (int64_t opset : kVersions) {
    for (DataType t : spec_topk_types(opset)) {
      const Tensor x = random_tensor(t, dims, rng);
      for (int64_t axis : {0, 1, 2, -1, -2, -3}) {
        const int64_t n = dims[static_cast<size_t>(axis < 0 ? axis + 3 : axis)];
        for (bool largest : {true, false}) {
          if (!largest && opset < 11) continue;
          for (int64_t k : {int64_t{0}, int64_t{1}, int64_t{3}, n}) {
            if (k == 0 && opset == 1) continue;
            INFO("opset " << opset << " " << type_name(t) << " axis " << axis << " largest " << largest << " k " << k);
            check_against_reference(opset, x, axis, k, largest);
          }
        }
      }
    }
  }
}

TEST_CASE("TopK/ties keep the lower index first, largest or smallest", "[topk]") {
  const Tensor x = make_tensor(DataType::kFloat, {6}, {2, 5, 2, 5, 1, 2});
  auto out = run_topk(11, x, 0, 4, true);
  CHECK(to_vector<int64_t>(out[1]) == std::vector<int64_t>{1, 3, 0, 2});
  CHECK(to_vector<float>(out[0]) == std::vector<float>{5, 5, 2, 2});
  out = run_topk(11, x, 0, 3, false);
  CHECK(to_vector<int64_t>(out[1]) == std::vector<int64_t>{4, 0, 2});
}

TEST_CASE("TopK/a NaN is larger than every number: first with largest, last without, for every float type", "[topk]") {
  for (DataType t : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO(type_name(t));
    const Tensor x = make_tensor(t, {6}, {1, kNaN, kInf, kNaN, -kInf, 0});
    CHECK(to_vector<int64_t>(run_topk(24, x, 0, 6, true)[1]) == std::vector<int64_t>{1, 3, 2, 0, 5, 4});
    CHECK(to_vector<int64_t>(run_topk(24, x, 0, 6, false)[1]) == std::vector<int64_t>{4, 5, 0, 2, 1, 3});
    CHECK(to_vector<int64_t>(run_topk(24, x, 0, 1, false)[1]) == std::vector<int64_t>{4});
  }
}

TEST_CASE("TopK/rows of only +inf or only -inf keep index order", "[topk]") {
  for (double v : {kInf, -kInf}) {
    const Tensor x = make_tensor(DataType::kFloat, {2, 40}, std::vector<double>(80, v));
    for (bool largest : {true, false}) {
      const auto out = run_topk(11, x, 1, 5, largest);
      CHECK(to_vector<int64_t>(out[1]) == std::vector<int64_t>{0, 1, 2, 3, 4, 0, 1, 2, 3, 4});
    }
  }
}

TEST_CASE("TopK/-0 equals +0 and keeps its bits in Values", "[topk]") {
  const Tensor x = make_tensor(DataType::kFloat, {3}, {0.0, -0.0, -1.0});
  const auto out = run_topk(11, x, 0, 2, true);
  CHECK(to_vector<int64_t>(out[1]) == std::vector<int64_t>{0, 1});
  CHECK(std::signbit(to_vector<float>(out[0])[1]));
}

TEST_CASE("TopK/64-bit integers compare exactly", "[topk]") {
  const int64_t big = int64_t{1} << 62;
  const Tensor s = make_typed<int64_t>(DataType::kInt64, {4}, {big + 1, big, INT64_MIN, big + 2});
  CHECK(to_vector<int64_t>(run_topk(11, s, 0, 4)[1]) == std::vector<int64_t>{3, 0, 1, 2});
  const uint64_t top = UINT64_MAX;
  const Tensor u = make_typed<uint64_t>(DataType::kUint64, {3}, {top - 1, top, 0});
  CHECK(to_vector<int64_t>(run_topk(11, u, 0, 3)[1]) == std::vector<int64_t>{1, 0, 2});
}

TEST_CASE("TopK/K = 0 gives empty outputs from version 10", "[topk]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const auto out = run_topk(10, x, 1, 0);
  CHECK(out[0].dims() == Shape{2, 0});
  CHECK(out[1].dims() == Shape{2, 0});
}

TEST_CASE("TopK/sorted = 0 returns the sorted order", "[topk]") {
  const Tensor x = make_tensor(DataType::kFloat, {5}, {3, 1, 4, 1, 5});
  const Tensor k = int64_vector({3});
  const Node node = Node::make("TopK", "", 11, {Attribute::of_int("sorted", 0)});
  CHECK(to_vector<int64_t>(run_node(node, {&x, &k})[1]) == std::vector<int64_t>{4, 2, 0});
}

TEST_CASE("TopK/K above the axis size or negative is an error naming the op and K", "[topk]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK_THROWS_WITH(run_topk(11, x, 1, 4), Contains("TopK (opset 11)") && Contains("input 1 'K' is 4") &&
                                               Contains("size 3 of axis 1"));
  CHECK_THROWS_WITH(run_topk(1, x, 0, 3), Contains("attribute 'k' is 3") && Contains("size 2 of axis 0"));
  CHECK_THROWS_AS(run_topk(11, x, 1, -1), ValueError);
  CHECK_THROWS_WITH(run_topk(11, x, 1, -1), Contains("input 1 'K' must not be negative"));
}

TEST_CASE("TopK/version 1 needs a positive attribute k", "[topk]") {
  const Tensor x = make_tensor(DataType::kFloat, {3}, {1, 2, 3});
  CHECK_THROWS_WITH(run_topk(1, x, 0, 0), Contains("TopK (opset 1)") && Contains("attribute 'k' must be positive"));
  const Node no_k = Node::make("TopK", "", 1, {});
  CHECK_THROWS_WITH(run_node(no_k, {&x}), Contains("attribute 'k' is required"));
  CHECK_THROWS_AS(Node::make("TopK", "", 10, {Attribute::of_int("k", 1)}), ValueError);  // not an attribute from 10
}

TEST_CASE("TopK/a K input that is not a 1-element 1-D int64 tensor is an error", "[topk]") {
  const Tensor x = make_tensor(DataType::kFloat, {3}, {1, 2, 3});
  const Node node = Node::make("TopK", "", 11, {});
  const Tensor k32 = make_typed<int32_t>(DataType::kInt32, {1}, {1});
  CHECK_THROWS_AS(run_node(node, {&x, &k32}), TypeError);
  CHECK_THROWS_WITH(run_node(node, {&x, &k32}), Contains("input 1 'K' must be int64, got int32"));
  const Tensor k2 = int64_vector({1, 2});
  CHECK_THROWS_WITH(run_node(node, {&x, &k2}), Contains("input 1 'K' must be a 1-D tensor of one element"));
  const Tensor k0 = int64_scalar(1);
  CHECK_THROWS_WITH(run_node(node, {&x, &k0}), Contains("got shape []"));
  CHECK_THROWS_WITH(run_node(node, {&x}), Contains("input 1 'K' is required"));
}

TEST_CASE("TopK/an axis out of range or a rank-0 input is an error", "[topk]") {
  const Tensor x = make_tensor(DataType::kFloat, {3}, {1, 2, 3});
  CHECK_THROWS_WITH(run_topk(11, x, 1, 1), Contains("TopK (opset 11)") && Contains("axis"));
  CHECK_THROWS_AS(run_topk(11, x, -2, 1), ValueError);
  const Tensor s = make_tensor(DataType::kFloat, {}, {1});
  CHECK_THROWS_AS(run_topk(11, s, 0, 1), ValueError);
}

TEST_CASE("TopK/a node listing one output is an error: both are required", "[topk]") {
  CHECK_THROWS_WITH(Node::make("TopK", "", 11, {}, {"x", "k"}, {"v"}), Contains("has 1 outputs, expected 2"));
}

TEST_CASE("TopK/random shapes: SIMD and scalar, selection and sort agree with the reference", "[topk][random]") {
  std::mt19937 rng(24);
  const std::vector<DataType> types = spec_topk_types(24);
  for (int trial = 0; trial < 400; ++trial) {
    const DataType t = types[static_cast<size_t>(rand_int(rng, 0, static_cast<int64_t>(types.size()) - 1))];
    AxisExtent extent{rand_int(rng, 1, 3), rand_int(rng, 1, trial % 4 == 0 ? 300 : 40), rand_int(rng, 1, 3)};
    if (trial % 3 == 0) extent.inner = 1;  // contiguous rows
    const int64_t k = rand_int(rng, 1, std::min<int64_t>(extent.n, trial % 2 ? 8 : 64));
    const bool largest = rng() & 1;
    const Shape dims = {extent.outer, extent.n, extent.inner};
    Tensor x = random_tensor(t, dims, rng);
    if (trial % 5 == 0) {  // wide values: fewer ties, and 64-bit values past double's precision
      for (int64_t i = 0; i < x.size(); ++i) {
        const uint64_t r = rand_u64(rng);
        std::memcpy(static_cast<unsigned char*>(x.mutable_raw()) + i * element_size(t), &r, element_size(t));
      }
    }
    INFO("trial " << trial << " " << type_name(t) << " [" << extent.outer << "," << extent.n << "," << extent.inner << "] k "
                  << k << " largest " << largest);
    const Expected e = reference_topk(t, x.raw(), dims, 1, k, largest);
    const size_t count = e.indices.size();
    for (auto v : {kernels::Variant::kSimd, kernels::Variant::kScalar}) {
      for (auto m : {kernels::TopKMethod::kAuto, kernels::TopKMethod::kSorted, kernels::TopKMethod::kCandidates}) {
        std::vector<int64_t> idx(count);
        std::vector<unsigned char> values(count * element_size(t));
        kernels::topk(t, extent, k, largest, x.raw(), values.data(), idx.data(), v, m);
        CHECK(idx == e.indices);
      }
    }
  }
}

// Long contiguous float rows take the vector filter: rows built to reach each of its
// branches (mostly NaNs, so the K-th entry is a NaN; signed zeros that tie; infinities), both
// directions, against the reference.
TEST_CASE("TopK/long float rows with NaNs, signed zeros and infinities match the reference", "[topk]") {
  std::vector<double> row(67, kNaN);
  row[40] = 2, row[41] = -0.0, row[60] = 0.0, row[66] = -kInf, row[3] = kInf, row[50] = -1;
  const Tensor mostly_nan = make_tensor(DataType::kFloat, {67}, row);
  std::vector<double> zeros(45, 0.0);
  for (size_t i = 0; i < zeros.size(); i += 3) zeros[i] = -0.0;
  zeros[30] = kNaN, zeros[44] = 1;
  const Tensor signed_zeros = make_tensor(DataType::kFloat, {45}, zeros);
  for (const Tensor* x : {&mostly_nan, &signed_zeros}) {
    for (bool largest : {true, false}) {
      for (int64_t k : {1, 3, 7, 12}) {
        INFO("largest " << largest << " k " << k);
        check_against_reference(24, *x, 0, k, largest);
      }
    }
  }
}

// Long contiguous float rows through the vector filter, made to stress its threshold: ties
// met again after worse values, rows sorted either way (a threshold rising to the end, or
// settled at once), NaNs in a few or every lane of the first steps, signed zeros; lengths
// around its 16-element steps.
TEST_CASE("TopK/float rows of ties, sorted rows, NaNs and signed zeros match the reference through the filter", "[topk]") {
  std::mt19937 rng(7);
  for (int64_t n : {16, 17, 63, 64, 100, 1000, 1040, 3001}) {
    for (int pattern = 0; pattern < 7; ++pattern) {
      std::vector<double> row(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) {
        const double u = std::uniform_real_distribution<double>(-1, 1)(rng);
        switch (pattern) {
          case 0: row[i] = u; break;
          case 1: row[i] = static_cast<double>(rng() % 3); break;  // ties everywhere
          case 2: row[i] = static_cast<double>(i); break;           // ascending: the threshold rises to the end
          case 3: row[i] = static_cast<double>(n - i); break;       // descending
          case 4: row[i] = i % 7 == 3 ? kNaN : u; break;            // NaN extremes of a few lanes
          case 5: row[i] = i < 200 ? kNaN : u; break;               // NaN extremes of every lane
          default: row[i] = (rng() & 1) ? 0.0 : -0.0; break;        // signed zeros tie
        }
      }
      // A value tying the best ones, met again after worse values.
      if (pattern == 1 && n > 64) row[static_cast<size_t>(n - 1)] = 2;
      const Tensor x = make_tensor(DataType::kFloat, {n}, row);
      for (bool largest : {true, false}) {
        for (int64_t k : {1, 2, 5, 16, 17}) {
          if (k > n) continue;
          INFO("n " << n << " pattern " << pattern << " largest " << largest << " k " << k);
          check_against_reference(24, x, 0, k, largest);
        }
      }
    }
  }
}

TEST_CASE("TopK/streamed in pieces of whole slices gives the whole run's outputs, bit for bit", "[topk]") {
  std::mt19937 rng(24);
  struct Case {
    Shape dims;
    int64_t axis;
  };
  // Slices of 128 KB (two a piece), of 600 KB (one a piece), and small ones (many a piece).
  const std::vector<Case> cases = {{{64, 32000}, -1}, {{3, 300, 500}, 1}, {{60000, 7}, 1}, {{5, 40, 9}, 0}};
  for (const Case& c : cases) {
    for (DataType type : {DataType::kFloat, DataType::kInt32, DataType::kFloat16}) {
      for (bool largest : {true, false}) {
        INFO("dims " << c.dims.size() << "-D, first " << c.dims[0] << ", axis " << c.axis << ", " << type_name(type)
                     << ", largest " << largest);
        const Tensor x = random_tensor(type, c.dims, rng);
        const Tensor k = int64_vector({5});
        const Node node = topk_node(11, c.axis, 5, largest);
        std::unique_ptr<StreamedRun> s = start_streamed_run(node, {&x, &k});
        REQUIRE(s);
        CHECK_FALSE(s->output_in_pieces());
        const auto* src = static_cast<const char*>(x.raw());
        std::vector<char> piece;
        size_t fed = 0, pieces = 0;
        for (StreamedRun::Piece p; (p = s->next()).count != 0; ++pieces) {
          CHECK(p.offset == fed);
          piece.assign(src + p.offset * s->element_size(), src + (p.offset + p.count) * s->element_size());
          s->feed(piece.data(), nullptr);
          fed += p.count;
        }
        CHECK(fed == static_cast<size_t>(x.size()));
        const std::vector<Tensor> streamed = s->finish();
        const std::vector<Tensor> whole = run_node(node, {&x, &k});
        REQUIRE(streamed.size() == 2);
        for (size_t i = 0; i < 2; ++i) {
          CHECK(streamed[i].dims() == whole[i].dims());
          CHECK(std::memcmp(streamed[i].raw(), whole[i].raw(), whole[i].byte_size()) == 0);
        }
        if (x.byte_size() > kPieceBytes) CHECK(pieces > 1);
      }
    }
  }
}

TEST_CASE("TopK/a slice larger than a piece may be, or an empty output, is not streamed", "[topk]") {
  const Tensor big = Tensor(DataType::kFloat, {1000, 1000});  // axis 0: one 4 MB slice
  const Tensor k = int64_vector({3});
  CHECK_FALSE(start_streamed_run(topk_node(11, 0, 3, true), {&big, &k}));
  const Tensor zero = int64_vector({0});
  CHECK_FALSE(start_streamed_run(topk_node(11, 1, 0, true), {&big, &zero}));
}

TEST_CASE("TopK/finish() before the whole input was fed is an InternalError", "[topk]") {
  const Tensor x = Tensor(DataType::kFloat, {64, 32000});
  const Tensor k = int64_vector({2});
  std::unique_ptr<StreamedRun> s = start_streamed_run(topk_node(11, 1, 2, true), {&x, &k});
  REQUIRE(s);
  CHECK_THROWS_AS(s->finish(), InternalError);
}
