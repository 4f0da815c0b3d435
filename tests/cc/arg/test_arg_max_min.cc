// ArgMax and ArgMin: versions 1, 11, 12, 13 and their types, axis and keepdims,
// select_last_index, ties, NaN, errors (rank 0, axis range, a size-0 axis), every R/K pattern,
// streaming against run_node, and random SIMD-versus-scalar cross-checks of the kernels. The
// reference below is written from the definitions: the first (last) NaN of a slice if it has
// one, else the first (last) index of its maximum (minimum), comparing exact values (64-bit
// integers as integers, halves widened).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "core/errors.h"
#include "helpers.h"
#include "arg/arg_kernels.h"
#include "runtime/run_node.h"
#include "plan/reduction_plan.h"

using namespace orw;
using namespace orw_test;
using Catch::Contains;

namespace {

const std::vector<int64_t> kVersions = {1, 11, 12, 13};

// The reference: indices for x of `dims` along `axis` (non-negative), in output order.
std::vector<int64_t> reference_arg(DataType type, const void* x, const Shape& dims, int64_t axis, bool max, bool last) {
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= dims[d];
  for (size_t d = static_cast<size_t>(axis) + 1; d < dims.size(); ++d) inner *= dims[d];
  const int64_t n = dims[axis];
  std::vector<int64_t> out;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t j = 0; j < inner; ++j) {
      auto at = [&](int64_t i) { return static_cast<size_t>((o * n + i) * inner + j); };
      int64_t best = -1;
      for (int64_t i = 0; i < n; ++i) {  // a NaN, if any
        if (std::isnan(load_value(type, x, at(i))) && (best < 0 || last)) best = i;
      }
      if (best < 0) {
        best = 0;
        for (int64_t i = 1; i < n; ++i) {
          const int c = compare_elements(type, x, at(i), at(best));
          if ((max ? c > 0 : c < 0) || (last && c == 0)) best = i;
        }
      }
      out.push_back(best);
    }
  }
  return out;
}

Shape reference_dims(const Shape& dims, int64_t axis, bool keepdims) {
  Shape out;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (static_cast<int64_t>(d) != axis) out.push_back(dims[d]);
    else if (keepdims) out.push_back(1);
  }
  return out;
}

// Runs ArgMax/ArgMin; axis, keepdims, select_last_index < 0 / INT64_MIN: attribute not given.
Tensor run_arg_op(const std::string& op, int64_t opset, const Tensor& x, int64_t axis = INT64_MIN, int keepdims = -1,
                  int last = -1) {
  std::vector<Attribute> attrs;
  if (axis != INT64_MIN) attrs.push_back(Attribute::of_int("axis", axis));
  if (keepdims >= 0) attrs.push_back(keepdims_attr(keepdims));
  if (last >= 0) attrs.push_back(Attribute::of_int("select_last_index", last));
  return run1(Node::make(op, "", opset, std::move(attrs)), {&x});
}

// Small values with many ties (integers in [-3, 3]; unsigned [0, 6]).
std::vector<double> tie_values(DataType type, size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<double> v(n);
  for (double& e : v) e = static_cast<double>(rng() % 7) - (is_unsigned_type(type) ? 0 : 3);
  return v;
}

void check_against_reference(const std::string& op, int64_t opset, const Tensor& x, int64_t axis, int keepdims, int last) {
  const int64_t rank = x.rank();
  const int64_t a = axis == INT64_MIN ? 0 : (axis < 0 ? axis + rank : axis);
  const Tensor y = run_arg_op(op, opset, x, axis, keepdims, last);
  INFO(op << " opset " << opset << " " << type_name(x.type()) << " " << shape_to_string(x.dims()) << " axis " << axis
          << " keepdims " << keepdims << " last " << last);
  CHECK(y.type() == DataType::kInt64);
  CHECK(y.dims() == reference_dims(x.dims(), a, keepdims != 0));
  CHECK(to_vector<int64_t>(y) == reference_arg(x.type(), x.raw(), x.dims(), a, op == "ArgMax", last == 1));
}

const char* kOps[] = {"ArgMax", "ArgMin"};

}  // namespace

TEST_CASE("ArgMax/each opset resolves to versions 1, 11, 12 and 13", "[arg]") {
  for (const char* op : kOps) {
    for (int64_t opset = 1; opset <= kMaxOpset; ++opset) {
      const int64_t want = opset >= 13 ? 13 : opset >= 12 ? 12 : opset >= 11 ? 11 : 1;
      CHECK(Node::make(op, "", opset, {}).since_version() == want);
    }
  }
}

TEST_CASE("ArgMax/each version accepts exactly the numeric types of the spec, bfloat16 from 13", "[arg]") {
  for (const char* op : kOps) {
    for (int64_t opset : kVersions) {
      const std::vector<DataType> allowed = spec_arg_types(opset);
      for (DataType t : all_fixed_size_types()) {
        INFO(op << " opset " << opset << " " << type_name(t));
        const Tensor x = make_tensor(t, {2}, {1, 0});
        if (contains_type(allowed, t)) {
          CHECK(to_vector<int64_t>(run_arg_op(op, opset, x)) == std::vector<int64_t>{std::string(op) == "ArgMax" ? 0 : 1});
        } else {
          CHECK_THROWS_AS(run_arg_op(op, opset, x), TypeError);
          CHECK_THROWS_WITH(run_arg_op(op, opset, x), Contains(op) && Contains("'data'") && Contains(type_name(t)));
        }
      }
    }
  }
}

TEST_CASE("ArgMax/every version and type matches the reference for every axis, keepdims and select_last_index", "[arg]") {
  const Shape dims = {3, 4, 5};
  for (const char* op : kOps) {
    for (int64_t opset : kVersions) {
      for (DataType t : spec_arg_types(opset)) {
        const Tensor x = make_tensor(t, dims, tie_values(t, 60, static_cast<unsigned>(opset) * 31 + static_cast<unsigned>(t)));
        for (int64_t axis : {INT64_MIN, int64_t{0}, int64_t{1}, int64_t{2}, int64_t{-1}, int64_t{-3}}) {
          for (int keepdims : {-1, 0, 1}) {
            check_against_reference(op, opset, x, axis, keepdims, -1);
            if (opset >= 12) {
              check_against_reference(op, opset, x, axis, keepdims, 0);
              check_against_reference(op, opset, x, axis, keepdims, 1);
            }
          }
        }
      }
    }
  }
}

TEST_CASE("ArgMax/select_last_index arrives in version 12", "[arg]") {
  CHECK_THROWS_WITH(Node::make("ArgMax", "", 11, {Attribute::of_int("select_last_index", 1)}),
                    Contains("ArgMax") && Contains("unknown attribute 'select_last_index'"));
  CHECK_THROWS_WITH(Node::make("ArgMin", "", 13, {Attribute::of_int("select_last_index", 2)}),
                    Contains("'select_last_index' must be 0 or 1"));
}

TEST_CASE("ArgMax/ties give the first index, or the last with select_last_index", "[arg]") {
  const Tensor x = make_tensor(DataType::kFloat, {7}, {1, 5, -0.0, 5, 0.0, -2, -2});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMax", 13, x)) == std::vector<int64_t>{1});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMax", 13, x, 0, 1, 1)) == std::vector<int64_t>{3});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMin", 13, x)) == std::vector<int64_t>{5});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMin", 13, x, 0, 1, 1)) == std::vector<int64_t>{6});
  // -0 and +0 are equal, as numpy compares them.
  const Tensor zeros = make_tensor(DataType::kFloat, {3}, {-0.0, 0.0, -0.0});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMax", 13, zeros)) == std::vector<int64_t>{0});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMax", 13, zeros, 0, 1, 1)) == std::vector<int64_t>{2});
}

TEST_CASE("ArgMax/a NaN is the extreme: the first NaN, or the last with select_last_index, for every float type", "[arg]") {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (DataType t : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    for (const char* op : kOps) {
      INFO(op << " " << type_name(t));
      // Long enough for the vector loops: NaNs in the middle and near the end, infinities elsewhere.
      std::vector<double> v(45, 1.0);
      v[3] = inf, v[4] = -inf, v[17] = nan, v[38] = nan, v[40] = -inf;
      const Tensor x = make_tensor(t, {45}, v);
      CHECK(to_vector<int64_t>(run_arg_op(op, 13, x)) == std::vector<int64_t>{17});
      CHECK(to_vector<int64_t>(run_arg_op(op, 13, x, 0, 1, 1)) == std::vector<int64_t>{38});
      // Columns (RK) and rows (KR) too.
      const Tensor m = make_tensor(t, {5, 9}, v);
      check_against_reference(op, 13, m, 0, 1, 0);
      check_against_reference(op, 13, m, 0, 1, 1);
      check_against_reference(op, 13, m, 1, 1, 0);
      check_against_reference(op, 13, m, 1, 1, 1);
    }
  }
}

TEST_CASE("ArgMax/+inf and -inf together (no NaN) give the first or last infinity", "[arg]") {
  // The quick pass's NaN probe (a running sum) turns NaN when +inf meets -inf: the exact pass
  // must then give the same answer.
  const double inf = std::numeric_limits<double>::infinity();
  for (DataType t : {DataType::kFloat, DataType::kDouble}) {
    std::vector<double> v(40, 0.5);
    v[5] = inf, v[9] = -inf, v[30] = inf, v[33] = -inf;
    const Tensor x = make_tensor(t, {40}, v);
    const Tensor m = make_tensor(t, {4, 10}, v);
    const Tensor c = make_tensor(t, {10, 4}, v);
    INFO(type_name(t));
    CHECK(to_vector<int64_t>(run_arg_op("ArgMax", 13, x)) == std::vector<int64_t>{5});
    CHECK(to_vector<int64_t>(run_arg_op("ArgMax", 13, x, 0, 1, 1)) == std::vector<int64_t>{30});
    CHECK(to_vector<int64_t>(run_arg_op("ArgMin", 13, x)) == std::vector<int64_t>{9});
    CHECK(to_vector<int64_t>(run_arg_op("ArgMin", 13, x, 0, 1, 1)) == std::vector<int64_t>{33});
    for (const char* op : kOps) {
      for (int last : {0, 1}) {
        check_against_reference(op, 13, m, 1, 1, last);
        check_against_reference(op, 13, c, 0, 1, last);
      }
    }
  }
}

TEST_CASE("ArgMax/type extremes: unsigned values above the signed range, minimum and maximum values", "[arg]") {
  const Tensor u64 = make_typed<uint64_t>(DataType::kUint64, {5}, {1, uint64_t{1} << 63, 7, ~uint64_t{0}, 0});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMax", 13, u64)) == std::vector<int64_t>{3});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMin", 13, u64)) == std::vector<int64_t>{4});
  const Tensor u32 = make_typed<uint32_t>(DataType::kUint32, {4}, {0x80000000u, 3, 0xFFFFFFFFu, 0x7FFFFFFFu});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMax", 13, u32)) == std::vector<int64_t>{2});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMin", 13, u32)) == std::vector<int64_t>{1});
  const Tensor i8 = make_typed<int8_t>(DataType::kInt8, {4}, {-128, 127, -128, 127});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMax", 13, i8, 0, 1, 1)) == std::vector<int64_t>{3});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMin", 13, i8)) == std::vector<int64_t>{0});
  const Tensor i64 = make_typed<int64_t>(DataType::kInt64, {3}, {INT64_MIN + 1, INT64_MIN, INT64_MAX});
  CHECK(to_vector<int64_t>(run_arg_op("ArgMin", 13, i64)) == std::vector<int64_t>{1});
}

TEST_CASE("ArgMax/a rank-0 input is an error: it has no axis", "[arg]") {
  const Tensor x = make_tensor(DataType::kFloat, {}, {1});
  for (const char* op : kOps) {
    CHECK_THROWS_AS(run_arg_op(op, 13, x), std::invalid_argument);
    CHECK_THROWS_WITH(run_arg_op(op, 13, x), Contains(op) && Contains("axis 0 is out of range for rank 0"));
  }
}

TEST_CASE("ArgMax/an axis out of range is an error naming the op, the axis and the rank", "[arg]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  for (int64_t opset : kVersions) {
    CHECK_THROWS_WITH(run_arg_op("ArgMin", opset, x, 2),
                      Contains("ArgMin (opset " + std::to_string(opset) + "): attribute 'axis': axis 2 is out of range for rank 2"));
    CHECK_THROWS_AS(run_arg_op("ArgMax", opset, x, -3), std::invalid_argument);
  }
}

TEST_CASE("ArgMax/a negative axis counts from the end at every version", "[arg]") {
  const Tensor x = make_tensor(DataType::kInt32, {2, 3}, {1, 9, 3, 8, 5, 6});
  for (int64_t opset : kVersions) {
    CHECK(to_vector<int64_t>(run_arg_op("ArgMax", opset, x, -1, 0)) == std::vector<int64_t>{1, 0});
  }
}

TEST_CASE("ArgMax/a reduced axis of size 0 is an error naming the op, the axis and the shape", "[arg]") {
  const Tensor x(DataType::kFloat, {2, 0, 3});
  for (const char* op : kOps) {
    CHECK_THROWS_AS(run_arg_op(op, 13, x, 1), std::invalid_argument);
    CHECK_THROWS_WITH(run_arg_op(op, 13, x, -2), Contains(op) && Contains("axis 1") && Contains("[2,0,3]"));
  }
  // An empty kept dim is fine: the output is empty.
  const Tensor y = run_arg_op("ArgMax", 13, x, 2, 0);
  CHECK(y.dims() == Shape{2, 0});
}

TEST_CASE("ArgMax/every R/K pattern, around the vector widths, matches the reference", "[arg]") {
  // Collapsed patterns: R, KR, RK, KRK, and a size-1 axis (nothing reduced: all zeros).
  const std::vector<std::pair<Shape, int64_t>> cases = {
      {{1, 37}, 1}, {{70}, 0}, {{5, 33}, 1}, {{3, 256}, 1}, {{33, 5}, 0}, {{9, 70}, 0},
      {{3, 17, 19}, 1}, {{2, 40, 64}, 1}, {{4, 1, 6}, 1}, {{6, 3}, 1}};
  for (DataType t : spec_arg_types(13)) {
    for (const auto& [dims, axis] : cases) {
      int64_t n = 1;
      for (int64_t d : dims) n *= d;
      const Tensor x = make_tensor(t, dims, tie_values(t, static_cast<size_t>(n), static_cast<unsigned>(n)));
      for (const char* op : kOps) {
        check_against_reference(op, 13, x, axis, 1, 0);
        check_against_reference(op, 13, x, axis, 0, 1);
      }
    }
  }
}

TEST_CASE("ArgMax/rows and columns of several vector blocks: a peak, a tied pair or a NaN at every position gives its index", "[arg]") {
  // Row q of a [r, r] input holds its extreme at q (and, for ties, again at a second place), so
  // every lane, block and tail position of the block-wise quick pass is the answer once; along
  // axis 0 (columns: the RK kernel's tiles, which take the rows in groups) every row, and so
  // every group and place in a group, is the answer once, a NaN in a later group included.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (DataType t : {DataType::kFloat, DataType::kDouble, DataType::kInt32, DataType::kUint32, DataType::kInt64,
                     DataType::kUint64, DataType::kFloat16}) {
    for (int64_t r : {16, 31, 64, 67, 100}) {
      for (int kind = 0; kind < 4; ++kind) {  // peak high, peak low, tied pair, NaN
        if (kind == 3 && !is_floating(t)) continue;
        std::vector<double> v(static_cast<size_t>(r * r), 2.0);
        for (int64_t q = 0; q < r; ++q) {
          const double peak = kind == 1 ? 1.0 : kind == 3 ? nan : 3.0;
          v[static_cast<size_t>(q * r + q)] = peak;
          if (kind == 2 || kind == 3) v[static_cast<size_t>(q * r + (q * 7 + 3) % r)] = peak;
        }
        const Tensor x = make_tensor(t, {r, r}, v);
        for (const char* op : kOps) {
          for (int64_t axis : {0, 1}) {
            for (int last : {0, 1}) check_against_reference(op, 13, x, axis, 1, last);
          }
        }
      }
    }
  }
}

TEST_CASE("ArgMax/streamed runs give the indices of run_node for every pattern and type", "[arg][stream]") {
  // Pieces of 256 KiB cut a long R, rows (KR), rows of one block (RK) and outer blocks (KRK);
  // RK pieces hold up to 8 large rows (at most 1 MiB), so the RK case has 9.
  const std::vector<std::pair<Shape, int64_t>> cases = {
      {{300000}, 0}, {{600, 700}, 1}, {{700, 600}, 0}, {{5, 300, 257}, 1}, {{9, 300, 257}, 0}};
  for (DataType t : {DataType::kFloat, DataType::kUint8, DataType::kFloat16, DataType::kInt64, DataType::kDouble}) {
    for (const auto& [dims, axis] : cases) {
      int64_t n = 1;
      for (int64_t d : dims) n *= d;
      std::vector<double> values = tie_values(t, static_cast<size_t>(n), 5);
      // Float types: a NaN in an early piece, which later pieces must not displace.
      if (is_floating(t)) values[static_cast<size_t>(n) / 7] = std::nan("");
      const Tensor x = make_tensor(t, dims, values);
      for (const char* op : kOps) {
        for (int last : {0, 1}) {
          INFO(op << " " << type_name(t) << " " << shape_to_string(dims) << " axis " << axis << " last " << last);
          const Node node = Node::make(op, "", 13, {Attribute::of_int("axis", axis), Attribute::of_int("select_last_index", last)});
          const Tensor view = Tensor::view(t, dims, nullptr);
          auto s = start_streamed_run(node, {&view});
          REQUIRE(s);
          CHECK_FALSE(s->output_in_pieces());
          const char* src = static_cast<const char*>(x.raw());
          std::vector<char> piece;
          size_t pieces = 0;
          for (StreamedRun::Piece p; (p = s->next()).count != 0; ++pieces) {
            piece.assign(src + p.offset * s->element_size(), src + (p.offset + p.count) * s->element_size());
            s->feed(piece.data(), nullptr);
          }
          CHECK(pieces > 1);
          const Tensor streamed = s->finish().at(0);
          const Tensor whole = run1(node, {&x});
          CHECK(to_vector<int64_t>(streamed) == to_vector<int64_t>(whole));
          CHECK(to_vector<int64_t>(whole) == reference_arg(t, x.raw(), dims, axis, std::string(op) == "ArgMax", last == 1));
        }
      }
    }
  }
}

TEST_CASE("ArgMax/random shapes, axes and values: SIMD and scalar kernels agree with the reference", "[arg][random]") {
  std::mt19937 rng(2026);
  for (int round = 0; round < 300; ++round) {
    const DataType t = spec_arg_types(13)[rng() % 12];
    const size_t rank = 1 + rng() % 4;
    Shape dims;
    int64_t n = 1;
    for (size_t d = 0; d < rank; ++d) {
      dims.push_back(static_cast<int64_t>(1 + rng() % (rank == 1 ? 300 : 24)));
      n *= dims.back();
    }
    const int64_t axis = static_cast<int64_t>(rng() % rank);
    // Raw random bits (NaNs, infinities, extremes of every type), or small values full of ties;
    // one element in 64 of the float types a NaN.
    const size_t es = element_size(t), misalign = rng() % 3;
    std::vector<unsigned char> storage((static_cast<size_t>(n) + misalign) * es + 8);
    unsigned char* data = storage.data() + misalign * es;
    const bool ties = rng() % 2 == 0;
    const std::vector<double> small = tie_values(t, static_cast<size_t>(n), rng());
    for (int64_t i = 0; i < n; ++i) {
      if (ties) {
        store_value(t, data, static_cast<size_t>(i), small[static_cast<size_t>(i)]);
        if (is_floating(t) && rng() % 64 == 0) store_value(t, data, static_cast<size_t>(i), std::nan(""));
      } else {
        const uint64_t bits = rand_u64(rng);
        std::memcpy(data + static_cast<size_t>(i) * es, &bits, es);
      }
    }
    const ReductionPlan plan = make_reduction_plan(dims, {axis});
    for (bool max : {true, false}) {
      for (bool last : {false, true}) {
        INFO(type_name(t) << " " << shape_to_string(dims) << " axis " << axis << " max " << max << " last " << last
                          << " misalign " << misalign << " ties " << ties);
        std::vector<int64_t> simd(static_cast<size_t>(plan.output_count), -7), scalar = simd;
        kernels::arg_reduce(max, last, t, plan, data, simd.data(), kernels::Variant::kSimd);
        kernels::arg_reduce(max, last, t, plan, data, scalar.data(), kernels::Variant::kScalar);
        CHECK(simd == scalar);
        CHECK(simd == reference_arg(t, data, dims, axis, max, last));
      }
    }
  }
}
