// Softmax and LogSoftmax of float32 along the last axis within 1 ulp of the exact result:
// rows of every length from 1 to 300 (every vector width and tail), long rows (a vocabulary of
// 32000 and 152064), and rows built to be hard: large magnitudes, many ties with the maximum,
// -inf entries, one element that dwarfs the rest (LogSoftmax's maximum is then -log1p of a
// tiny sum). The reference is computed in long double from the float inputs.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.h"
#include "normalize_reference.h"
#include "runtime/run_node.h"

using namespace orw;
using namespace orw_test;

namespace {

using Ld = long double;

// The exact-enough Softmax (or LogSoftmax) of one row of finite or -inf floats with a finite
// maximum: terms exp(x - max) in long double, the maxima's terms (exactly 1) counted apart so
// that log1p keeps the rest when it is tiny.
std::vector<Ld> reference_row(const std::vector<float>& x, bool log) {
  Ld m = -std::numeric_limits<Ld>::infinity();
  for (float v : x) m = std::max<Ld>(m, v);
  Ld rest = 0;
  size_t maxima = 0;
  for (float v : x) {
    if (v == m) ++maxima;
    else rest += std::exp(static_cast<Ld>(v) - m);
  }
  const Ld log_sum = std::log(static_cast<Ld>(maxima)) + std::log1p(rest / maxima);
  std::vector<Ld> out(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const Ld d = static_cast<Ld>(x[i]) - m;
    out[i] = log ? d - log_sum : std::exp(d - log_sum);
  }
  return out;
}

// The worst distance, in float ulps of the reference, of y from it (0 where both are equal,
// -inf included; the ulp of the smallest subnormal below it).
double worst_ulps(const std::vector<float>& y, const std::vector<Ld>& want) {
  double worst = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    if (static_cast<Ld>(y[i]) == want[i]) continue;
    if (!std::isfinite(static_cast<double>(want[i]))) return std::numeric_limits<double>::infinity();
    const double ulp = ulp_of(DataType::kFloat, static_cast<double>(want[i]));
    worst = std::max(worst, static_cast<double>(std::fabs(static_cast<Ld>(y[i]) - want[i]) / ulp));
  }
  return worst;
}

// Runs op along the last axis of `rows` rows of n and returns the worst ulps over them.
double run_worst(const std::string& op, const std::vector<float>& x, int64_t rows, int64_t n) {
  const Tensor t = Tensor::view(DataType::kFloat, {rows, n}, const_cast<float*>(x.data()));
  const Tensor out = run1(Node::make(op, "", 13, {}), {&t});
  const auto* y = static_cast<const float*>(out.raw());
  double worst = 0;
  for (int64_t r = 0; r < rows; ++r) {
    const std::vector<float> row(x.begin() + r * n, x.begin() + (r + 1) * n);
    const std::vector<float> got(y + r * n, y + (r + 1) * n);
    worst = std::max(worst, worst_ulps(got, reference_row(row, op == "LogSoftmax")));
  }
  return worst;
}

std::vector<float> normal_values(size_t count, float sigma, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> d(0.0f, sigma);
  std::vector<float> v(count);
  for (float& e : v) e = d(rng);
  return v;
}

}  // namespace

TEST_CASE("Softmax/float32 rows of every length 1 to 300 are within 1 ulp of the exact result", "[normalize][ulp]") {
  for (const std::string op : {"Softmax", "LogSoftmax"}) {
    for (int64_t n = 1; n <= 300; ++n) {
      for (float sigma : {1.0f, 8.0f}) {
        const auto x = normal_values(static_cast<size_t>(3 * n), sigma, static_cast<unsigned>(n));
        INFO(op << " n " << n << " sigma " << sigma);
        CHECK(run_worst(op, x, 3, n) <= 1.0);
      }
    }
  }
}

TEST_CASE("Softmax/float32 vocabulary rows (32000, 152064) are within 1 ulp of the exact result", "[normalize][ulp]") {
  for (const std::string op : {"Softmax", "LogSoftmax"}) {
    for (int64_t n : {32000, 152064}) {
      const auto x = normal_values(static_cast<size_t>(2 * n), 3.0f, 5);
      INFO(op << " n " << n);
      CHECK(run_worst(op, x, 2, n) <= 1.0);
    }
  }
}

TEST_CASE("Softmax/adversarial float32 rows are within 1 ulp of the exact result", "[normalize][ulp]") {
  std::vector<std::pair<std::string, std::vector<float>>> rows;
  auto dwarfed = normal_values(1000, 1.0f, 9);  // one element that dwarfs the rest
  dwarfed[0] = 40.0f;
  rows.emplace_back("one element 40 above N(0,1) x 999", dwarfed);
  auto big = normal_values(777, 1.0f, 10);  // large magnitudes: x - max must not lose bits
  for (float& v : big) v = 3.0e4f + v;
  rows.emplace_back("values near 3e4", big);
  auto huge = normal_values(513, 1e30f, 11);
  rows.emplace_back("values of 1e30", huge);
  std::vector<float> ties(1001, 5.0f);  // many ties with the maximum
  for (size_t i = 0; i < ties.size(); i += 3) ties[i] = 5.0f - static_cast<float>(i % 7) * 0.37f;
  rows.emplace_back("ties with the maximum", ties);
  auto with_inf = normal_values(300, 2.0f, 12);  // -inf entries
  for (size_t i = 0; i < with_inf.size(); i += 5) with_inf[i] = -std::numeric_limits<float>::infinity();
  rows.emplace_back("-inf entries", with_inf);
  auto wide = normal_values(4099, 30.0f, 13);  // terms far below the maximum underflow
  rows.emplace_back("N(0,30): most terms underflow", wide);
  std::vector<float> tiny(2048);
  for (size_t i = 0; i < tiny.size(); ++i) tiny[i] = static_cast<float>(i) * 1e-7f;  // differences of a few ulps
  rows.emplace_back("values 1e-7 apart", tiny);
  for (const std::string op : {"Softmax", "LogSoftmax"}) {
    for (const auto& [what, x] : rows) {
      INFO(op << ": " << what);
      CHECK(run_worst(op, x, 1, static_cast<int64_t>(x.size())) <= 1.0);
    }
  }
}
