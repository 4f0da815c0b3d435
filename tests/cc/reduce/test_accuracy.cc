// Accuracy: float products and scans within 1 ulp of the float64 result, float64 products
// within 1e-12 of a double-double product, sums, L2 of large values, LogSumExp, and exact
// integer means. Every case runs through run_node and as a streamed run (the JS path); the
// reference is computed here, in double or double-double, element by element.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "helpers.h"
#include "reduce/reduce_kernels.h"
#include "scan/scan_kernels.h"
#include "plan/reduction_plan.h"

using namespace orw;
using namespace orw_test;

namespace {

// Distance from `got` to `ref` in units of the spacing of `type` at ref (float32: 2^-23 of
// ref's binade; float16 2^-10, bfloat16 2^-7, subnormals at the smallest binade).
double ulps(DataType type, double got, double ref) {
  if (got == ref) return 0;
  if (!std::isfinite(got) || !std::isfinite(ref)) return std::numeric_limits<double>::infinity();
  int mantissa = 23, min_exp = -126;
  if (type == DataType::kFloat16) mantissa = 10, min_exp = -14;
  if (type == DataType::kBfloat16) mantissa = 7;
  const int e = ref == 0 ? min_exp : std::max(std::ilogb(ref), min_exp);
  return std::fabs(got - ref) / std::ldexp(1.0, e - mantissa);
}

// Values uniform in [lo, hi] as stored in `type`.
Tensor random_tensor(DataType type, const Shape& dims, double lo, double hi, uint32_t seed) {
  std::mt19937 rng(seed);
  Tensor t(type, dims);
  for (size_t i = 0; i < static_cast<size_t>(t.size()); ++i) store_value(type, t.mutable_raw(), i, lo + (hi - lo) * rand_unit(rng));
  return t;
}

// Feeds x in the pieces the streamed run s asks for; returns its output.
Tensor streamed(std::unique_ptr<StreamedRun> s, const std::vector<const Tensor*>& inputs) {
  const Tensor& x = *inputs[0];
  const size_t es = s->element_size();
  Tensor scanned = Tensor::uninitialized(x.type(), x.dims());
  std::vector<char> out;
  for (StreamedRun::Piece p; (p = s->next()).count != 0;) {
    out.assign(p.count * es, 0);
    s->feed(static_cast<const char*>(x.raw()) + p.offset * es, out.data());
    std::memcpy(static_cast<char*>(scanned.mutable_raw()) + p.offset * es, out.data(), out.size());
  }
  std::vector<Tensor> result = s->finish();
  return s->output_in_pieces() ? scanned : result.at(0);
}

// The outputs of run_node and, where the node streams (not float16/bfloat16, nor LogSumExp
// across slices), of a streamed run of the same node.
std::vector<std::pair<const char*, Tensor>> both_paths(const Node& node, const std::vector<const Tensor*>& inputs) {
  std::vector<std::pair<const char*, Tensor>> out = {{"run_node", run1(node, inputs)}};
  if (auto s = start_streamed_run(node, inputs)) out.emplace_back("streamed", streamed(std::move(s), inputs));
  return out;
}

// The worst distance in ulps between got and ref, element by element.
double worst_ulps(DataType type, const Tensor& got, const std::vector<double>& ref) {
  const std::vector<double> g = to_doubles(got);
  REQUIRE(g.size() == ref.size());
  double worst = 0;
  for (size_t i = 0; i < g.size(); ++i) worst = std::max(worst, ulps(type, g[i], ref[i]));
  return worst;
}

// The float64 reduction of x over `axes` (normalized): Prod multiplies, Sum adds, in input order.
std::vector<double> reference_reduce(const Tensor& x, const std::vector<int64_t>& axes, bool prod) {
  const Shape& dims = x.dims();
  std::vector<bool> reduced(dims.size(), false);
  for (int64_t a : axes) reduced[static_cast<size_t>(a)] = true;
  size_t out_count = 1;
  for (size_t d = 0; d < dims.size(); ++d) out_count *= reduced[d] ? 1 : static_cast<size_t>(dims[d]);
  std::vector<double> out(out_count, prod ? 1.0 : 0.0);
  std::vector<int64_t> idx(dims.size(), 0);
  const std::vector<double> v = to_doubles(x);
  for (size_t i = 0; i < v.size(); ++i) {
    size_t o = 0;
    for (size_t d = 0; d < dims.size(); ++d) if (!reduced[d]) o = o * static_cast<size_t>(dims[d]) + static_cast<size_t>(idx[d]);
    out[o] = prod ? out[o] * v[i] : out[o] + v[i];
    for (size_t d = dims.size(); d-- > 0;) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
  return out;
}

// The float64 running product or sum of a rank-2 x along `axis`.
std::vector<double> reference_scan(const Tensor& x, int64_t axis, bool prod, bool exclusive, bool reverse) {
  const auto rows = static_cast<size_t>(x.dims()[0]), cols = static_cast<size_t>(x.dims()[1]);
  const std::vector<double> v = to_doubles(x);
  std::vector<double> out(v.size());
  const size_t lines = axis == 1 ? rows : cols, n = axis == 1 ? cols : rows;
  for (size_t l = 0; l < lines; ++l) {
    double c = prod ? 1.0 : 0.0;
    for (size_t s = 0; s < n; ++s) {
      const size_t t = reverse ? n - 1 - s : s;
      const size_t i = axis == 1 ? l * cols + t : t * cols + l;
      if (exclusive) { out[i] = c; c = prod ? c * v[i] : c + v[i]; }
      else { c = prod ? c * v[i] : c + v[i]; out[i] = c; }
    }
  }
  return out;
}

// Both paths of a Reduce node (opset 18: axes as an input) over x.
std::vector<std::pair<const char*, Tensor>> reduce_paths(const char* op, const Tensor& x, const std::vector<int64_t>& axes) {
  const Tensor axes_t = int64_vector(axes);
  return both_paths(Node::make(op, "", 18, {}), {&x, &axes_t});
}

const std::vector<std::vector<int64_t>> kPatterns = {{2}, {0}, {1}, {0, 2}, {1, 2}, {0, 1, 2}};

}  // namespace

TEST_CASE("Accuracy/float32 ReduceProd of near-1 values is within 1 ulp of the float64 product on every pattern") {
  const Tensor x = random_tensor(DataType::kFloat, {16, 256, 256}, 0.9999, 1.0001, 1);
  for (const auto& axes : kPatterns) {
    const std::vector<double> ref = reference_reduce(x, axes, true);
    for (const auto& [path, got] : reduce_paths("ReduceProd", x, axes)) {
      INFO(path << " axes " << shape_to_string(axes));
      CHECK(worst_ulps(DataType::kFloat, got, ref) <= 1.0);
    }
  }
}

TEST_CASE("Accuracy/float32 ReduceProd of 1M values in one slice is within 1 ulp, SIMD and scalar kernels") {
  const Tensor x = random_tensor(DataType::kFloat, {1 << 20}, 0.999, 1.001, 2);
  const std::vector<double> ref = reference_reduce(x, {0}, true);
  const ReductionPlan plan = make_reduction_plan(x.dims(), {0});
  for (auto variant : {kernels::Variant::kSimd, kernels::Variant::kScalar}) {
    float got = 0;
    kernels::reduce(kernels::ReduceOp::kProd, DataType::kFloat, plan, x.raw(), &got, variant);
    CHECK(ulps(DataType::kFloat, got, ref[0]) <= 1.0);
  }
}

TEST_CASE("Accuracy/float16 and bfloat16 ReduceProd are within 1 ulp of the float64 product") {
  for (DataType type : {DataType::kFloat16, DataType::kBfloat16}) {
    const Tensor x = random_tensor(type, {64, 512}, 0.98, 1.02, 3);
    for (const std::vector<int64_t>& axes : {std::vector<int64_t>{1}, std::vector<int64_t>{0}, std::vector<int64_t>{0, 1}}) {
      const std::vector<double> ref = reference_reduce(x, axes, true);
      for (const auto& [path, got] : reduce_paths("ReduceProd", x, axes)) {
        INFO(type_name(type) << " " << path << " axes " << shape_to_string(axes));
        CHECK(worst_ulps(type, got, ref) <= 1.0);
      }
    }
  }
}

namespace {

// A double-double value hi + lo, multiplied exactly enough for a 1e-12 bound over 1M factors.
struct DoubleDouble {
  double hi = 1, lo = 0;
  void mul(double b) {
    const double p = hi * b;
    const double e = std::fma(hi, b, -p) + lo * b;
    hi = p + e;
    lo = e - (hi - p);
  }
};

}  // namespace

TEST_CASE("Accuracy/float64 ReduceProd of 1M near-1 values is within 1e-12 of the double-double product") {
  const Tensor x = random_tensor(DataType::kDouble, {1 << 20}, 0.9999, 1.0001, 4);
  DoubleDouble ref;
  for (double v : to_doubles(x)) ref.mul(v);
  for (const auto& [path, got] : reduce_paths("ReduceProd", x, {0})) {
    INFO(path);
    CHECK(std::fabs(to_doubles(got)[0] / ref.hi - 1) <= 1e-12);
  }
}

TEST_CASE("Accuracy/float32 CumProd and CumSum are within 1 ulp of the float64 prefix along both axes") {
  const Tensor near_one = random_tensor(DataType::kFloat, {16, 65536}, 0.9999, 1.0001, 5);
  const Tensor mixed = random_tensor(DataType::kFloat, {16, 65536}, -1.0, 1.0, 6);
  const Tensor tall_near_one = random_tensor(DataType::kFloat, {4096, 257}, 0.999, 1.001, 7);
  const Tensor tall_mixed = random_tensor(DataType::kFloat, {4096, 257}, -1.0, 1.0, 8);
  for (const char* op : {"CumProd", "CumSum"}) {
    const bool prod = std::string(op) == "CumProd";
    for (int64_t axis : {1, 0}) {
      const Tensor& x = axis == 1 ? (prod ? near_one : mixed) : (prod ? tall_near_one : tall_mixed);
      const Tensor axis_t = int64_scalar(axis);
      for (int exclusive : {0, 1}) {
        for (int reverse : {0, 1}) {
          const std::vector<double> ref = reference_scan(x, axis, prod, exclusive, reverse);
          const Node node = Node::make(op, "", 26, {Attribute::of_int("exclusive", exclusive), Attribute::of_int("reverse", reverse)});
          for (const auto& [path, got] : both_paths(node, {&x, &axis_t})) {
            INFO(op << " axis " << axis << " exclusive " << exclusive << " reverse " << reverse << " " << path);
            CHECK(worst_ulps(DataType::kFloat, got, ref) <= 1.0);
          }
        }
      }
    }
  }
}

TEST_CASE("Accuracy/float32 scans are within 1 ulp with the scalar kernels too") {
  const Tensor x = random_tensor(DataType::kFloat, {4, 100003}, 0.9999, 1.0001, 9);
  for (int64_t axis : {1, 0}) {
    const AxisExtent extent = make_axis_extent(x.dims(), axis);
    std::vector<float> got(static_cast<size_t>(x.size()));
    kernels::scan(kernels::ScanOp::kProd, DataType::kFloat, extent, false, false, x.raw(), got.data(), kernels::Variant::kScalar);
    const std::vector<double> ref = reference_scan(x, axis, true, false, false);
    double worst = 0;
    for (size_t i = 0; i < got.size(); ++i) worst = std::max(worst, ulps(DataType::kFloat, got[i], ref[i]));
    INFO("axis " << axis);
    CHECK(worst <= 1.0);
  }
}

TEST_CASE("Accuracy/float16 and bfloat16 CumProd and CumSum are within 1 ulp of the float64 prefix") {
  for (DataType type : {DataType::kFloat16, DataType::kBfloat16}) {
    const Tensor x = random_tensor(type, {8, 4096}, 0.99, 1.01, 10);
    for (const char* op : {"CumProd", "CumSum"}) {
      for (int64_t axis : {1, 0}) {
        const Tensor axis_t = int64_scalar(axis);
        const std::vector<double> ref = reference_scan(x, axis, std::string(op) == "CumProd", false, false);
        for (const auto& [path, got] : both_paths(Node::make(op, "", 26, {}), {&x, &axis_t})) {
          INFO(type_name(type) << " " << op << " axis " << axis << " " << path);
          CHECK(worst_ulps(type, got, ref) <= 1.0);
        }
      }
    }
  }
}

TEST_CASE("Accuracy/float32 ReduceSum of 1M positive values is within 1 ulp of the float64 sum") {
  const Tensor x = random_tensor(DataType::kFloat, {1 << 20}, 0.0, 1.0, 11);
  const std::vector<double> ref = reference_reduce(x, {0}, false);
  for (const auto& [path, got] : reduce_paths("ReduceSum", x, {0})) {
    INFO(path);
    CHECK(worst_ulps(DataType::kFloat, got, ref) <= 1.0);
  }
}

TEST_CASE("Accuracy/float32 ReduceL2 of values near 1e20 is finite and within 1 ulp on every pattern") {
  const Tensor x = random_tensor(DataType::kFloat, {8, 64, 64}, 0.5e20, 2e20, 12);
  for (const auto& axes : kPatterns) {
    std::vector<double> ref(reference_reduce(x, axes, false).size(), 0.0);
    {  // sum of squares in double (1e40 fits), then the square root
      std::vector<double> squares = to_doubles(x);
      for (double& s : squares) s *= s;
      const Tensor sq = make_typed<double>(DataType::kDouble, x.dims(), squares);
      ref = reference_reduce(sq, axes, false);
      for (double& r : ref) r = std::sqrt(r);
    }
    for (const auto& [path, got] : reduce_paths("ReduceL2", x, axes)) {
      INFO(path << " axes " << shape_to_string(axes));
      CHECK(worst_ulps(DataType::kFloat, got, ref) <= 1.0);
    }
  }
}

// The LogSumExp of x's rows (axis 1 of a 2-D x) or columns (axis 0), or of all of it: in
// long double, the terms under each maximum summed apart from the maxima's (each exactly 1),
// so that log1p keeps them when one maximum dwarfs the rest.
std::vector<double> reference_logsumexp(const Tensor& x, const std::vector<int64_t>& axes) {
  const std::vector<double> v = to_doubles(x);
  const size_t rows_n = static_cast<size_t>(x.dims()[0]), cols_n = static_cast<size_t>(x.dims()[1]);
  const bool rows = axes.size() == 1 && axes[0] == 1, cols = axes.size() == 1 && axes[0] == 0;
  const size_t n_out = rows ? rows_n : cols ? cols_n : 1;
  std::vector<double> m(n_out, -std::numeric_limits<double>::infinity()), ref;
  std::vector<long double> below(n_out, 0.0L), maxima(n_out, 0.0L);
  auto out_of = [&](size_t i) { return rows ? i / cols_n : cols ? i % cols_n : 0; };
  for (size_t i = 0; i < v.size(); ++i) m[out_of(i)] = std::max(m[out_of(i)], v[i]);
  for (size_t i = 0; i < v.size(); ++i) {
    const size_t o = out_of(i);
    if (v[i] == m[o]) maxima[o] += 1;
    else below[o] += std::exp(static_cast<long double>(v[i]) - m[o]);
  }
  for (size_t o = 0; o < n_out; ++o) {
    ref.push_back(static_cast<double>(std::log(maxima[o]) + std::log1p(below[o] / maxima[o]) + m[o]));
  }
  return ref;
}

TEST_CASE("Accuracy/float32 ReduceLogSumExp is within 2 ulp of the float64 result") {
  const Tensor x = random_tensor(DataType::kFloat, {64, 4096}, -20.0, 20.0, 13);
  for (const std::vector<int64_t>& axes : {std::vector<int64_t>{1}, std::vector<int64_t>{0}, std::vector<int64_t>{0, 1}}) {
    const std::vector<double> ref = reference_logsumexp(x, axes);
    for (const auto& [path, got] : reduce_paths("ReduceLogSumExp", x, axes)) {
      INFO(path << " axes " << shape_to_string(axes));
      CHECK(worst_ulps(DataType::kFloat, got, ref) <= 2.0);
    }
  }
}

// Where log(sum) + max nearly cancels (negative inputs of a few units: results near 0, down
// to ~1e-6) and for long slices of negative values, float exps and float sums were off by up to
// 2e5 ulp: such slices are now summed in double; slices with results of a few units keep the
// quick float exps only when their error bound allows.
TEST_CASE("Accuracy/float32 ReduceLogSumExp is within 2 ulp of the float64 result when log(sum) cancels the max") {
  struct Case {
    Shape dims;
    double lo, hi;
  };
  // The last three: results of a few units, near where the quick float exps stop sufficing.
  const std::vector<Case> cases = {{{4096, 2}, -1.0, 0.0},   {{2048, 4}, -3.0, -1.0}, {{1024, 16}, -5.0, -2.0},
                                   {{64, 1000}, -10.0, -6.0}, {{3, 5000}, -12.0, -8.0}, {{2048, 8}, -1.0, 1.0},
                                   {{512, 64}, 0.0, 3.0},     {{1024, 32}, -8.0, -2.0}};
  uint32_t seed = 21;
  for (const Case& c : cases) {
    const Tensor x = random_tensor(DataType::kFloat, c.dims, c.lo, c.hi, seed++);
    for (const std::vector<int64_t>& axes : {std::vector<int64_t>{1}, std::vector<int64_t>{0}, std::vector<int64_t>{0, 1}}) {
      const std::vector<double> ref = reference_logsumexp(x, axes);
      for (const auto& [path, got] : reduce_paths("ReduceLogSumExp", x, axes)) {
        INFO(path << " dims " << shape_to_string(c.dims) << " in [" << c.lo << ", " << c.hi << "] axes " << shape_to_string(axes));
        CHECK(worst_ulps(DataType::kFloat, got, ref) <= 2.0);
      }
    }
  }
}

// One maximum of 0 far above the rest (40 below): the result is log1p of a sum of ~1e-15,
// which log(1 + sum) had 25% off; on every path (rows, columns, one long slice streamed in
// pieces whose pairs are merged), for float32 and float64. Each slice has exactly one maximum.
TEST_CASE("Accuracy/ReduceLogSumExp of one maximum far above the rest is within 1 ulp") {
  constexpr size_t kRows = 8, kCols = 40000;  // > 1 MiB: the whole-tensor slice streams in pieces
  for (DataType type : {DataType::kFloat, DataType::kDouble}) {
    const Tensor base = random_tensor(type, {kRows, kCols}, -40.5, -39.5, 31);
    for (const std::vector<int64_t>& axes : {std::vector<int64_t>{1}, std::vector<int64_t>{0}, std::vector<int64_t>{0, 1}}) {
      std::vector<double> v = to_doubles(base);
      if (axes.size() == 2) v[3 * kCols + 12345] = 0.0;
      else if (axes[0] == 1) for (size_t r = 0; r < kRows; ++r) v[r * kCols + 20000 + r * 7] = 0.0;
      else for (size_t c = 0; c < kCols; ++c) v[(c % kRows) * kCols + c] = 0.0;
      const Tensor x = type == DataType::kFloat
                           ? make_typed<float>(type, base.dims(), std::vector<float>(v.begin(), v.end()))
                           : make_typed<double>(type, base.dims(), v);
      const std::vector<double> ref = reference_logsumexp(x, axes);
      for (const auto& [path, got] : reduce_paths("ReduceLogSumExp", x, axes)) {
        INFO(type_name(type) << " " << path << " axes " << shape_to_string(axes));
        CHECK(worst_ulps(type, got, ref) <= 1.0);
      }
    }
  }
}
