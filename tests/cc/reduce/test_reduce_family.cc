// Behaviours every Reduce op but ReduceProd shares (ReduceSum, ReduceMean, ReduceSumSquare, ReduceL1,
// ReduceL2, ReduceLogSum, ReduceLogSumExp, ReduceMax, ReduceMin), through run_node and checked
// against the spec tables and the double reference in helpers.h: version resolution, the type
// list of every version, values for each type, where axes come from, keepdims, omitted / empty /
// negative / duplicate axes, noop_with_empty_axes, empty-set identities, every R/K pattern,
// NaN anywhere in a slice, alignment independence, rank 0 and the errors for invalid axes.
// Each behaviour is one checker below, stamped into one TEST_CASE per op ("<Op>/<behaviour>").
// Op-specific behaviours (wrapping, accuracy, stability, half rounding...) are in
// test_reduce_sum.cc, test_reduce_mean.cc, test_reduce_norms.cc, test_reduce_log.cc and
// test_reduce_min_max.cc.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <optional>

#include "helpers.h"
#include "references.h"
#include "schema/op_schema.h"
#include "plan/reduction_plan.h"

using namespace orw;
using namespace orw_test;
using Catch::Contains;

namespace {

using Axes = std::optional<std::vector<int64_t>>;

int64_t latest_version(const std::string& op) { return spec_reduce_versions(op).back(); }

// Values every type can hold exactly: small integers in [-4, 4] (unsigned: [0, 8]; LogSum:
// [1, 9] so every sum is positive; bool: 0/1), in an order that puts the extremes anywhere.
std::vector<double> sample_values(const std::string& op, DataType type, size_t n) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) {
    const int k = static_cast<int>((i * 7 + 3) % 9);
    if (type == DataType::kBool) v[i] = (i * 5 + 1) % 3 != 0 ? 1 : 0;
    else if (op == "ReduceLogSum") v[i] = k + 1;
    else if (is_unsigned_type(type)) v[i] = k;
    else v[i] = k - 4;
  }
  return v;
}

// Wraps negative axes and sorts; nullopt or empty means every dim.
std::vector<int64_t> reference_axes(const Axes& axes, size_t rank) {
  std::vector<bool> on(rank, false);
  if (axes && !axes->empty()) {
    for (int64_t a : *axes) on[static_cast<size_t>(a < 0 ? a + static_cast<int64_t>(rank) : a)] = true;
  } else {
    on.assign(rank, true);
  }
  std::vector<int64_t> out;
  for (size_t d = 0; d < rank; ++d) {
    if (on[d]) out.push_back(static_cast<int64_t>(d));
  }
  return out;
}

// Runs op and compares shape and values with naive_reduce. keepdims < 0: attribute not given.
void check_against_reference(const std::string& op, int64_t opset, DataType type, const Shape& dims,
                             const std::vector<double>& v, const Axes& axes, int keepdims = -1) {
  std::vector<Attribute> attrs;
  if (keepdims >= 0) attrs.push_back(keepdims_attr(keepdims));
  const RefResult ref = naive_reduce(op, dims, v, reference_axes(axes, dims.size()), keepdims != 0);
  INFO(op << " opset " << opset << ", type " << type_name(type) << ", dims " << shape_to_string(dims) << ", axes "
          << (axes ? shape_to_string(*axes) : std::string("omitted")) << ", keepdims " << keepdims);
  CHECK(tensor_mismatch(run_reduce_op(op, opset, make_tensor(type, dims, v), axes, attrs), type, ref.dims,
                        ref.values) == "");
}

// ---- versions and types ------------------------------------------------------------------

void check_versions_resolve(const std::string& op) {
  const std::vector<int64_t> versions = spec_reduce_versions(op);
  for (int64_t opset = 1; opset <= kMaxOpset; ++opset) {
    int64_t expected = 0;
    for (int64_t v : versions) {
      if (v <= opset) expected = v;
    }
    INFO("opset " << opset);
    CHECK(resolve_op("", op, opset).since_version == expected);
  }
  CHECK_THROWS_AS(resolve_op("", op, kMaxOpset + 1), UnsupportedError);
}

void check_type_lists(const std::string& op) {
  for (int64_t opset = 1; opset <= kMaxOpset; ++opset) {
    const std::vector<DataType> allowed = spec_reduce_types(op, opset);
    for (DataType type : all_fixed_size_types()) {
      INFO("opset " << opset << ", type " << type_name(type));
      if (contains_type(allowed, type)) {
        const std::vector<double> v = type == DataType::kBool ? std::vector<double>{1, 0, 1} : std::vector<double>{2, 1, 3};
        CHECK(tensor_mismatch(run_reduce_op(op, opset, make_tensor(type, {3}, v), std::nullopt, {keepdims_attr(0)}), type,
                              {}, {spec_reduce_values(op, v)}) == "");
      } else {
        const Tensor x(type, {3});
        CHECK_THROWS_AS(run_reduce_op(op, opset, x), TypeError);
        CHECK_THROWS_WITH(run_reduce_op(op, opset, x), Contains(op) && Contains(type_name(type)) && Contains("'data'"));
      }
    }
  }
}

void check_every_version_and_type(const std::string& op) {
  const Shape dims = {2, 3, 2};
  for (int64_t opset : spec_reduce_versions(op)) {
    for (DataType type : spec_reduce_types(op, opset)) {
      const std::vector<double> v = sample_values(op, type, 12);
      check_against_reference(op, opset, type, dims, v, std::vector<int64_t>{1});
      check_against_reference(op, opset, type, dims, v, std::vector<int64_t>{0, 2}, 0);
      check_against_reference(op, opset, type, dims, v, std::nullopt, 0);
    }
  }
}

// ---- axes and keepdims -------------------------------------------------------------------

void check_axes_source(const std::string& op) {
  const int64_t since = spec_axes_input_since(op);
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  const Tensor axes = int64_vector({1});
  for (int64_t opset : spec_reduce_versions(op)) {
    INFO("opset " << opset);
    if (opset < since) {
      const Node with_attr = Node::make(op, "", opset, {Attribute::of_ints("axes", {1}), keepdims_attr(0)});
      CHECK(run1(with_attr, {&x}).dims() == Shape{2});
      const Node n = Node::make(op, "", opset, {});
      CHECK_THROWS_AS(run_node(n, {&x, &axes}), std::invalid_argument);
      CHECK_THROWS_WITH(run_node(n, {&x, &axes}), Contains(op) && Contains("2 inputs"));
      CHECK_THROWS_AS(Node::make(op, "", opset, {noop_attr(1)}), std::invalid_argument);
      CHECK_THROWS_WITH(Node::make(op, "", opset, {noop_attr(1)}), Contains(op) && Contains("noop_with_empty_axes"));
    } else {
      const Node n = Node::make(op, "", opset, {keepdims_attr(0)});
      CHECK(run1(n, {&x, &axes}).dims() == Shape{2});
      CHECK_THROWS_AS(Node::make(op, "", opset, {Attribute::of_ints("axes", {1})}), std::invalid_argument);
      CHECK_THROWS_WITH(Node::make(op, "", opset, {Attribute::of_ints("axes", {1})}),
                        Contains(op) && Contains("'axes'") && Contains("input"));
      const Tensor axes32 = make_typed<int32_t>(DataType::kInt32, {1}, {1});
      CHECK_THROWS_AS(run_node(n, {&x, &axes32}), TypeError);
      CHECK_THROWS_WITH(run_node(n, {&x, &axes32}), Contains(op) && Contains("'axes'") && Contains("int64"));
    }
  }
}

void check_keepdims(const std::string& op) {
  const Shape dims = {2, 3, 4};
  const std::vector<double> v = sample_values(op, DataType::kDouble, 24);
  const Tensor x = make_tensor(DataType::kDouble, dims, v);
  const std::vector<int64_t> axes = {0, 2};
  const std::vector<double> expected = naive_reduce(op, dims, v, axes, true).values;
  for (int64_t opset : spec_reduce_versions(op)) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, axes), DataType::kDouble, {1, 3, 1}, expected) == "");
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, axes, {keepdims_attr(1)}), DataType::kDouble, {1, 3, 1}, expected) ==
          "");
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, axes, {keepdims_attr(0)}), DataType::kDouble, {3}, expected) == "");
    CHECK(run_reduce_op(op, opset, x, std::vector<int64_t>{0, 1, 2}, {keepdims_attr(0)}).dims() == Shape{});
    CHECK_THROWS_AS(run_reduce_op(op, opset, x, axes, {keepdims_attr(2)}), std::invalid_argument);
    CHECK_THROWS_WITH(run_reduce_op(op, opset, x, axes, {keepdims_attr(2)}),
                      Contains(op) && Contains("keepdims") && Contains("0 or 1"));
  }
}

void check_omitted_and_empty_axes(const std::string& op) {
  const Shape dims = {2, 3, 4};
  const std::vector<double> v = sample_values(op, DataType::kFloat, 24);
  const Tensor x = make_tensor(DataType::kFloat, dims, v);
  const double all = naive_reduce(op, dims, v, {0, 1, 2}, false).values[0];
  for (int64_t opset : spec_reduce_versions(op)) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x), DataType::kFloat, {1, 1, 1}, {all}) == "");
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::nullopt, {keepdims_attr(0)}), DataType::kFloat, {}, {all}) == "");
    // An empty list (attribute, or input) also means every dim (noop_with_empty_axes is 0).
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{}, {keepdims_attr(0)}), DataType::kFloat, {},
                          {all}) == "");
    if (spec_axes_is_input(op, opset)) {
      const Node n = Node::make(op, "", opset, {keepdims_attr(0), noop_attr(0)});
      CHECK(tensor_mismatch(run1(n, {&x, nullptr}), DataType::kFloat, {}, {all}) == "");
    }
  }
}

void check_negative_axes(const std::string& op) {
  const Shape dims = {2, 3, 4};
  const std::vector<double> v = sample_values(op, DataType::kDouble, 24);
  const Tensor x = make_tensor(DataType::kDouble, dims, v);
  for (int64_t opset : spec_reduce_versions(op)) {
    INFO("opset " << opset);
    check_against_reference(op, opset, DataType::kDouble, dims, v, std::vector<int64_t>{-1});
    check_against_reference(op, opset, DataType::kDouble, dims, v, std::vector<int64_t>{-3, -2}, 0);
    check_against_reference(op, opset, DataType::kDouble, dims, v, std::vector<int64_t>{-3, 2}, 0);
  }
}

void check_unsorted_and_duplicate_axes(const std::string& op) {
  const Shape dims = {2, 3, 4};
  const std::vector<double> v = sample_values(op, DataType::kInt64, 24);
  const Tensor x = make_tensor(DataType::kInt64, dims, v);
  const std::vector<double> r02 = naive_reduce(op, dims, v, {0, 2}, false).values;
  for (int64_t opset : spec_reduce_versions(op)) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{2, 0}, {keepdims_attr(0)}), DataType::kInt64,
                          {3}, r02) == "");
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{-1, 0}, {keepdims_attr(1)}),
                          DataType::kInt64, {1, 3, 1}, r02) == "");
    CHECK_THROWS_AS(run_reduce_op(op, opset, x, std::vector<int64_t>{1, 1}), std::invalid_argument);
    CHECK_THROWS_WITH(run_reduce_op(op, opset, x, std::vector<int64_t>{1, 1}), Contains(op) && Contains("axis 1 is repeated"));
    CHECK_THROWS_WITH(run_reduce_op(op, opset, x, std::vector<int64_t>{2, 0, -1}),
                      Contains(op) && Contains("axis 2 is repeated (as 2 and -1)"));
  }
}

// ---- noop_with_empty_axes ----------------------------------------------------------------

// Types to try the element-wise step with at `opset`.
std::vector<DataType> noop_types(const std::string& op, int64_t opset) {
  std::vector<DataType> out;
  for (DataType t : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16, DataType::kInt32,
                     DataType::kInt64, DataType::kInt8, DataType::kBool}) {
    if (contains_type(spec_reduce_types(op, opset), t)) out.push_back(t);
  }
  return out;
}

void check_noop_elementwise(const std::string& op) {
  for (int64_t opset : spec_reduce_versions(op)) {
    if (!spec_axes_is_input(op, opset)) continue;
    for (DataType type : noop_types(op, opset)) {
      // Floats include a negative and a zero (LogSum: log gives NaN and -inf); integers keep
      // LogSum's arguments positive.
      std::vector<double> v;
      if (type == DataType::kBool) v = {1, 0, 0, 1, 1, 0};
      else if (!is_floating(type)) v = op == "ReduceLogSum" ? std::vector<double>{1, 2, 3, 8, 20, 7}
                                                            : std::vector<double>{-2, 0, 1, 3, -5, 7};
      else v = {-2, 0, 0.5, 3, -0.25, 1.5};
      std::vector<double> expected;
      for (double e : v) expected.push_back(spec_elementwise(op, e));
      const Tensor x = make_tensor(type, {2, 3}, v);
      for (int kd : {0, 1}) {
        INFO("opset " << opset << ", type " << type_name(type) << ", keepdims " << kd);
        CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::nullopt, {noop_attr(1), keepdims_attr(kd)}), type, {2, 3},
                              expected) == "");
        CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{}, {noop_attr(1), keepdims_attr(kd)}), type,
                              {2, 3}, expected) == "");
      }
    }
  }
}

void check_noop_with_axes(const std::string& op) {
  const Shape dims = {2, 3};
  const std::vector<double> v = sample_values(op, DataType::kFloat, 6);
  const Tensor x = make_tensor(DataType::kFloat, dims, v);
  const RefResult r1 = naive_reduce(op, dims, v, {1}, true);
  const RefResult all = naive_reduce(op, dims, v, {0, 1}, true);
  for (int64_t opset : spec_reduce_versions(op)) {
    if (!spec_axes_is_input(op, opset)) continue;
    INFO("opset " << opset);
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{1}, {noop_attr(1)}), DataType::kFloat, r1.dims,
                          r1.values) == "");
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{}, {noop_attr(0)}), DataType::kFloat, all.dims,
                          all.values) == "");
    CHECK_THROWS_AS(run_reduce_op(op, opset, x, std::nullopt, {noop_attr(2)}), std::invalid_argument);
  }
}

// Sum, Mean, Max and Min with noop_with_empty_axes=1 are the identity: the input comes back bit
// for bit (negative zero and NaN payloads included), in a new buffer.
void check_noop_is_identity(const std::string& op) {
  const int64_t opset = latest_version(op);
  const std::vector<uint32_t> bits = {0x80000000u /* -0 */, 0x7FC01234u /* NaN with payload */, 0x3F800001u,
                                      0xFF800000u /* -inf */, 0x00000001u /* denormal */};
  const Tensor x = make_typed<uint32_t>(DataType::kFloat, {5}, bits);
  const Tensor out = run_reduce_op(op, opset, x, std::nullopt, {noop_attr(1)});
  CHECK(out.type() == DataType::kFloat);
  CHECK(to_vector<uint32_t>(out) == bits);
  CHECK(out.raw() != x.raw());
  const std::vector<uint16_t> hbits = {0x8000, 0x7E01, 0x3C01, 0xFC00, 0x0001};
  const Tensor h = make_typed<uint16_t>(DataType::kFloat16, {5}, hbits);
  CHECK(to_vector<uint16_t>(run_reduce_op(op, opset, h, std::vector<int64_t>{}, {noop_attr(1)})) == hbits);
  const std::vector<uint64_t> ibits = {0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull, 0, 1};
  const Tensor i = make_typed<uint64_t>(DataType::kInt64, {2, 2}, ibits);
  CHECK(to_vector<uint64_t>(run_reduce_op(op, opset, i, std::nullopt, {noop_attr(1)})) == ibits);
}

// ---- empty sets --------------------------------------------------------------------------

// The raw bits of the spec's empty-set value of op for an integer or bool type: Max -> the
// type's minimum (false), Min -> its maximum (true), Sum/SumSquare/L1/L2 -> 0, Mean -> 0 (our
// documented choice; the NaN of floats has no integer counterpart).
uint64_t integer_identity_bits(const std::string& op, DataType type) {
  const size_t bits = element_size(type) * 8;
  const bool is_signed = !is_unsigned_type(type);
  if (op == "ReduceMax") return is_signed ? uint64_t{1} << (bits - 1) : 0;
  if (op == "ReduceMin") {
    if (type == DataType::kBool) return 1;
    const uint64_t all = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    return is_signed ? all >> 1 : all;
  }
  return 0;
}

double float_identity(const std::string& op) {
  const double inf = std::numeric_limits<double>::infinity();
  if (op == "ReduceMax" || op == "ReduceLogSum" || op == "ReduceLogSumExp") return -inf;
  if (op == "ReduceMin") return inf;
  if (op == "ReduceMean") return kNaN;
  return 0;
}

std::vector<uint64_t> raw_bits(const Tensor& t) {
  const size_t es = element_size(t.type());
  std::vector<uint64_t> out(static_cast<size_t>(t.size()), 0);
  for (size_t i = 0; i < out.size(); ++i) std::memcpy(&out[i], static_cast<const char*>(t.raw()) + i * es, es);
  return out;
}

void check_empty_set_identity(const std::string& op) {
  const int64_t opset = latest_version(op);
  for (DataType type : spec_reduce_types(op, opset)) {
    // LogSum/LogSumExp of an empty integer set: the spec's -inf has no integer value (not specified).
    if (!is_floating(type) && (op == "ReduceLogSum" || op == "ReduceLogSumExp")) continue;
    INFO("type " << type_name(type));
    const Tensor x(type, {2, 0, 3});
    const Tensor over_empty = run_reduce_op(op, opset, x, std::vector<int64_t>{1});
    const Tensor all = run_reduce_op(op, opset, x, std::nullopt, {keepdims_attr(0)});
    const Tensor two = run_reduce_op(op, opset, x, std::vector<int64_t>{0, 1}, {keepdims_attr(0)});
    CHECK(over_empty.dims() == Shape{2, 1, 3});
    CHECK(all.dims() == Shape{});
    CHECK(two.dims() == Shape{3});
    if (is_floating(type)) {
      const double e = float_identity(op);
      CHECK(tensor_mismatch(over_empty, type, {2, 1, 3}, std::vector<double>(6, e)) == "");
      CHECK(tensor_mismatch(all, type, {}, {e}) == "");
      CHECK(tensor_mismatch(two, type, {3}, std::vector<double>(3, e)) == "");
    } else {
      const uint64_t e = integer_identity_bits(op, type);
      CHECK(raw_bits(over_empty) == std::vector<uint64_t>(6, e));
      CHECK(raw_bits(all) == std::vector<uint64_t>{e});
      CHECK(raw_bits(two) == std::vector<uint64_t>(3, e));
    }
  }
}

void check_empty_output(const std::string& op) {
  const int64_t opset = latest_version(op);
  for (DataType type : spec_reduce_types(op, opset)) {
    INFO("type " << type_name(type));
    const Tensor x(type, {2, 0, 4});
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{2}), type, {2, 0, 1}, {}) == "");
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{0, 2}, {keepdims_attr(0)}), type, {0}, {}) == "");
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::nullopt, {noop_attr(1)}), type, {2, 0, 4}, {}) == "");
  }
}

// ---- patterns, specials, alignment -------------------------------------------------------

void check_patterns(const std::string& op) {
  struct Case {
    Shape dims;
    std::vector<int64_t> axes;
    const char* pattern;
  };
  // Extents around the vector widths (2..16 lanes), the 8x unrolled tiles and their tails.
  const Case cases[] = {
      {{37}, {0}, "R"},
      {{1, 131, 1}, {1}, "R"},
      {{3, 37}, {1}, "KR"},
      {{5, 131}, {1}, "KR"},
      {{37, 35}, {0}, "RK"},
      {{9, 133}, {0}, "RK"},
      {{3, 17, 35}, {1}, "KRK"},
      {{5, 3, 37}, {0, 2}, "RKR"},
      {{2, 3, 4, 37}, {1, 3}, "KRKR"},
      {{3, 2, 5, 35}, {0, 2}, "RKRK"},
      {{4, 1, 5, 6, 1, 7}, {1, 2, 3}, "KRK"},
      {{7, 2, 33}, {0, 1, 2}, "R"},
  };
  const int64_t opset = latest_version(op);
  for (const Case& c : cases) {
    REQUIRE(make_reduction_plan(c.dims, c.axes).pattern() == c.pattern);
    size_t n = 1;
    for (int64_t d : c.dims) n *= static_cast<size_t>(d);
    for (DataType type : spec_reduce_types(op, opset)) {
      for (int kd : {0, 1}) {
        check_against_reference(op, opset, type, c.dims, sample_values(op, type, n), c.axes, kd);
      }
    }
  }
}

// Any NaN in a slice makes that output NaN, for every op and wherever it sits: in every lane,
// the unrolled part and the tail of rows (KR: NaN on the diagonal), of columns (RK) and of a
// single row (R), including rows long enough to be split pairwise.
void check_nan_anywhere(const std::string& op) {
  const int64_t opset = latest_version(op);
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    INFO("type " << type_name(type));
    for (int64_t n : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65}) {
      INFO("n " << n);
      std::vector<double> v(static_cast<size_t>(n * n), 1.0);
      for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i * n + i)] = kNaN;
      const Tensor x = make_tensor(type, {n, n}, v);
      const std::vector<double> all_nan(static_cast<size_t>(n), kNaN);
      CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), type, {n}, all_nan) ==
            "");
      CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{0}, {keepdims_attr(0)}), type, {n}, all_nan) ==
            "");
    }
    for (int64_t n : {37, 70}) {
      for (int64_t p = 0; p < n; ++p) {
        std::vector<double> v(static_cast<size_t>(n), 1.0);
        v[static_cast<size_t>(p)] = kNaN;
        INFO("row of " << n << ", NaN at " << p);
        CHECK(tensor_mismatch(run_reduce_op(op, opset, make_tensor(type, {n}, v), std::nullopt, {keepdims_attr(0)}), type, {},
                              {kNaN}) == "");
      }
    }
    for (int64_t p : {0, 2047, 2048, 4099}) {
      std::vector<double> v(4100, 1.0);
      v[static_cast<size_t>(p)] = kNaN;
      INFO("row of 4100, NaN at " << p);
      CHECK(tensor_mismatch(run_reduce_op(op, opset, make_tensor(type, {4100}, v), std::nullopt, {keepdims_attr(0)}), type, {},
                            {kNaN}) == "");
    }
  }
}

// The same values at different addresses (shifting the 16-byte alignment) give the same bits.
void check_alignment_independence(const std::string& op) {
  struct Case {
    Shape dims;
    std::vector<int64_t> axes;
  };
  const Case cases[] = {{{5003}, {0}}, {{3, 2051}, {1}}, {{257, 19}, {0}}, {{3, 300, 7}, {1}}, {{4, 9, 33}, {0, 2}}};
  const int64_t opset = latest_version(op);
  std::mt19937 rng(31);
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    for (const Case& c : cases) {
      size_t n = 1;
      for (int64_t d : c.dims) n *= static_cast<size_t>(d);
      std::vector<double> v(n);
      for (double& e : v) {
        e = 0.5 + rand_unit(rng);
        if (op != "ReduceLogSum" && (rng() & 1)) e = -e;
      }
      const size_t es = element_size(type);
      std::vector<uint64_t> ref_bits;
      for (size_t offset = 0; offset < 4; ++offset) {
        std::vector<uint64_t> storage((n + offset) * es / 8 + 2);
        char* base = reinterpret_cast<char*>(storage.data()) + offset * es;
        for (size_t i = 0; i < n; ++i) store_value(type, base, i, v[i]);
        const Tensor x = Tensor::view(type, c.dims, base);
        const std::vector<uint64_t> bits = raw_bits(run_reduce_op(op, opset, x, c.axes));
        INFO("type " << type_name(type) << ", dims " << shape_to_string(c.dims) << ", offset " << offset * es << " bytes");
        if (offset == 0) ref_bits = bits;
        else CHECK(bits == ref_bits);
      }
    }
  }
}

// ---- rank 0 and errors -------------------------------------------------------------------

void check_rank0(const std::string& op) {
  const double value = op == "ReduceLogSum" ? 2.5 : -2.5;
  const Tensor x = make_tensor(DataType::kFloat, {}, {value});
  const double expected = spec_elementwise(op, value);
  for (int64_t opset : spec_reduce_versions(op)) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x), DataType::kFloat, {}, {expected}) == "");
    CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::nullopt, {keepdims_attr(0)}), DataType::kFloat, {}, {expected}) ==
          "");
    CHECK_THROWS_AS(run_reduce_op(op, opset, x, std::vector<int64_t>{0}), std::invalid_argument);
    CHECK_THROWS_WITH(run_reduce_op(op, opset, x, std::vector<int64_t>{0}),
                      Contains(op) && Contains("axis 0") && Contains("rank 0"));
    if (spec_axes_is_input(op, opset)) {
      CHECK(tensor_mismatch(run_reduce_op(op, opset, x, std::vector<int64_t>{}), DataType::kFloat, {}, {expected}) == "");
    }
  }
}

void check_invalid_axes(const std::string& op) {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  for (int64_t opset : spec_reduce_versions(op)) {
    INFO("opset " << opset);
    const char* source = spec_axes_is_input(op, opset) ? "input 'axes'" : "attribute 'axes'";
    CHECK_THROWS_AS(run_reduce_op(op, opset, x, std::vector<int64_t>{2}), std::invalid_argument);
    CHECK_THROWS_WITH(run_reduce_op(op, opset, x, std::vector<int64_t>{0, 2}),
                      Contains(op) && Contains(source) && Contains("axis 2") && Contains("rank 2"));
    if (opset >= 11) {
      CHECK_THROWS_WITH(run_reduce_op(op, opset, x, std::vector<int64_t>{-3}),
                        Contains(op) && Contains("axis -3") && Contains("[-2, 1]"));
    }
    if (spec_axes_is_input(op, opset)) {
      const Node n = Node::make(op, "", opset, {});
      const Tensor axes2d = int64_tensor({1, 1}, {1});
      CHECK_THROWS_AS(run_node(n, {&x, &axes2d}), std::invalid_argument);
      CHECK_THROWS_WITH(run_node(n, {&x, &axes2d}), Contains(op) && Contains("'axes'") && Contains("1-D"));
      const Tensor axes = int64_vector({0});
      CHECK_THROWS_AS(run_node(n, {&x, &axes, &axes}), std::invalid_argument);
      CHECK_THROWS_WITH(run_node(n, {nullptr, &axes}), Contains(op) && Contains("'data'") && Contains("missing"));
    }
  }
}

}  // namespace

// One TEST_CASE per op and behaviour.
#define ORW_REDUCE_CASE(OP, BEHAVIOUR, CHECKER) \
  TEST_CASE(OP "/" BEHAVIOUR, "[reduce][" OP "]") { CHECKER(OP); }
#define ORW_EVERY_REDUCE_OP(BEHAVIOUR, CHECKER)                \
  ORW_REDUCE_CASE("ReduceSum", BEHAVIOUR, CHECKER)             \
  ORW_REDUCE_CASE("ReduceMean", BEHAVIOUR, CHECKER)            \
  ORW_REDUCE_CASE("ReduceSumSquare", BEHAVIOUR, CHECKER)       \
  ORW_REDUCE_CASE("ReduceL1", BEHAVIOUR, CHECKER)              \
  ORW_REDUCE_CASE("ReduceL2", BEHAVIOUR, CHECKER)              \
  ORW_REDUCE_CASE("ReduceLogSum", BEHAVIOUR, CHECKER)          \
  ORW_REDUCE_CASE("ReduceLogSumExp", BEHAVIOUR, CHECKER)       \
  ORW_REDUCE_CASE("ReduceMax", BEHAVIOUR, CHECKER)             \
  ORW_REDUCE_CASE("ReduceMin", BEHAVIOUR, CHECKER)

ORW_EVERY_REDUCE_OP("each opset resolves to the newest version not after it", check_versions_resolve)
ORW_EVERY_REDUCE_OP("each version accepts exactly the element types of the ONNX docs", check_type_lists)
ORW_EVERY_REDUCE_OP("every version reduces correctly for each of its types", check_every_version_and_type)
ORW_EVERY_REDUCE_OP("axes are an attribute before the input version and an int64 input from it", check_axes_source)
ORW_EVERY_REDUCE_OP("keepdims defaults to 1; keepdims=0 drops the reduced dims", check_keepdims)
ORW_EVERY_REDUCE_OP("with axes omitted or empty every dim is reduced", check_omitted_and_empty_axes)
ORW_EVERY_REDUCE_OP("negative axes count from the end at every version", check_negative_axes)
ORW_EVERY_REDUCE_OP("unsorted axes mean the sorted set; a repeated axis is an error naming it",
                    check_unsorted_and_duplicate_axes)
ORW_EVERY_REDUCE_OP("noop_with_empty_axes=1 with no or empty axes applies only the element-wise step",
                    check_noop_elementwise)
ORW_EVERY_REDUCE_OP("noop_with_empty_axes changes nothing when axes are given", check_noop_with_axes)
ORW_EVERY_REDUCE_OP("an empty reduced set gives the op's identity", check_empty_set_identity)
ORW_EVERY_REDUCE_OP("keeping an empty dim gives an empty output", check_empty_output)
ORW_EVERY_REDUCE_OP("every R/K pattern matches the reference for every type", check_patterns)
ORW_EVERY_REDUCE_OP("a NaN anywhere in a slice gives NaN", check_nan_anywhere)
ORW_EVERY_REDUCE_OP("results do not depend on the input's alignment", check_alignment_independence)
ORW_EVERY_REDUCE_OP("a rank-0 input is its own element-wise step; any axis is out of range", check_rank0)
ORW_EVERY_REDUCE_OP("invalid axes are errors naming the op, the source and the rank", check_invalid_axes)

ORW_REDUCE_CASE("ReduceSum", "noop_with_empty_axes=1 returns the input bit for bit", check_noop_is_identity)
ORW_REDUCE_CASE("ReduceMean", "noop_with_empty_axes=1 returns the input bit for bit", check_noop_is_identity)
ORW_REDUCE_CASE("ReduceMax", "noop_with_empty_axes=1 returns the input bit for bit", check_noop_is_identity)
ORW_REDUCE_CASE("ReduceMin", "noop_with_empty_axes=1 returns the input bit for bit", check_noop_is_identity)
