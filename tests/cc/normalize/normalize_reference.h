// The normalization tests' float64 reference, written from the ONNX definitions (numpy-style),
// independent of the kernels: slices of [outer, n, inner] (versions 1/11 of Softmax,
// LogSoftmax, Hardmax: n = prod(dims[axis:]), inner = 1; otherwise n = dims[axis]), and the
// error bound each element type is held to.
#pragma once
#include <algorithm>
#include <climits>
#include <cmath>
#include <string>
#include <vector>

#include "helpers.h"

namespace orw_test {

struct RefSlices {
  size_t outer = 1, n = 1, inner = 1;
};

inline RefSlices ref_slices(const orw::Shape& dims, int64_t axis, bool view_2d) {
  RefSlices s;
  for (int64_t d = 0; d < static_cast<int64_t>(dims.size()); ++d) {
    const auto size = static_cast<size_t>(dims[static_cast<size_t>(d)]);
    if (d < axis) s.outer *= size;
    else if (d == axis || view_2d) s.n *= size;
    else s.inner *= size;
  }
  return s;
}

// op: "Softmax", "LogSoftmax", "Hardmax", "LpNormalization". `row_max` (if given) gets each
// element's slice max (what LogSoftmax's absolute bound scales with).
inline std::vector<double> ref_normalize(const std::string& op, const orw::Shape& dims, const std::vector<double>& x,
                                         int64_t axis, bool view_2d, int64_t p = 2,
                                         std::vector<double>* row_max = nullptr) {
  const RefSlices s = ref_slices(dims, axis, view_2d);
  std::vector<double> out(x.size()), mx(x.size());
  for (size_t o = 0; o < s.outer; ++o) {
    for (size_t j = 0; j < s.inner; ++j) {
      auto at = [&](size_t i) { return (o * s.n + i) * s.inner + j; };
      double m = -kInf;  // the max of the non-NaN values
      bool nan = false;
      size_t first_nan = 0;
      for (size_t i = 0; i < s.n; ++i) {
        const double v = x[at(i)];
        if (std::isnan(v) && !nan) first_nan = i;
        if (std::isnan(v)) nan = true;
        else m = std::max(m, v);
      }
      size_t first_max = 0;
      while (first_max + 1 < s.n && !(x[at(first_max)] == m)) ++first_max;
      double sum = 0, norm = 0;
      for (size_t i = 0; i < s.n; ++i) {
        const double v = x[at(i)];
        sum += std::exp(v - m);
        norm += p == 1 ? std::fabs(v) : v * v;
      }
      if (p == 2) norm = std::sqrt(norm);
      const bool bad = nan || std::isinf(m);  // +inf, NaN or only -inf: NaN throughout (onnxruntime)
      for (size_t i = 0; i < s.n; ++i) {
        const double v = x[at(i)];
        double r;
        if (op == "Softmax") r = bad ? kNaN : std::exp(v - m) / sum;
        else if (op == "LogSoftmax") r = bad ? kNaN : (v - m) - std::log(sum);
        else if (op == "Hardmax") r = i == (nan ? first_nan : first_max) ? 1.0 : 0.0;
        else r = norm == 0 ? 0.0 : v / norm;
        out[at(i)] = r;
        mx[at(i)] = m;
      }
    }
  }
  if (row_max) *row_max = mx;
  return out;
}

// One unit in the last place of |v| in `type` (the smallest subnormal's for tiny values).
inline double ulp_of(DataType type, double v) {
  const int mant = type == DataType::kFloat ? 23 : type == DataType::kDouble ? 52 : type == DataType::kFloat16 ? 10 : 7;
  const double tiny = type == DataType::kFloat ? 0x1p-149 : type == DataType::kDouble ? 0x1p-1074
                      : type == DataType::kFloat16 ? 0x1p-24 : 0x1p-133;
  v = std::fabs(v);
  if (v == 0 || !std::isfinite(v)) return tiny;
  return std::max(std::ldexp(1.0, std::ilogb(v) - mant), tiny);
}

// Units in the last place the kernels may be off (they compute in double and round once):
// 2 for float (the project's bound), 1 for the half types (a correctly rounded result or its
// neighbour), 64 for double (exp_nonpositive_double is good to ~1e-15, a few double ulps).
inline double ulps_allowed(DataType type) {
  return type == DataType::kFloat ? 2 : type == DataType::kDouble ? 64 : 1;
}

// "" when got matches want within the type's bound (NaN matches NaN, infinities exactly),
// LogSoftmax also allowed the bound in ulps of |row max| (where the result cancels to ~0).
inline std::string mismatch(DataType type, const std::vector<double>& got, const std::vector<double>& want,
                            const std::vector<double>& row_max, bool log_softmax) {
  if (got.size() != want.size()) return "size " + std::to_string(got.size()) + " vs " + std::to_string(want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    const double g = got[i], w = as_type(type, want[i]);
    if (std::isnan(w) || std::isinf(w)) {
      if (!same_value(g, w)) return "element " + std::to_string(i) + ": " + std::to_string(g) + " vs " + std::to_string(w);
      continue;
    }
    double tol = ulps_allowed(type) * ulp_of(type, want[i]);
    if (log_softmax) tol = std::max(tol, ulps_allowed(type) * ulp_of(type, row_max[i]));
    if (!(std::fabs(g - want[i]) <= tol)) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "element %zu: got %.17g, want %.17g (tolerance %.3g)", i, g, want[i], tol);
      return buf;
    }
  }
  return "";
}

}  // namespace orw_test
