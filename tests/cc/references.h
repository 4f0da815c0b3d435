// Plain references in double, written from the ONNX definitions, for the tests to compare the
// kernels with: where a reduction sends each element (output_map), a Reduce op over a set of
// values (spec_elementwise, spec_reduce_values) and over an N-d tensor (naive_reduce,
// naive_reduce_prod), and the scans (naive_scan). Slow on purpose: no shortcut a kernel takes.
#pragma once
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "helpers.h"

namespace orw_test {

// Where a reduction over `axes` (normalized) of a row-major tensor of `dims` sends each input
// element: the row-major index of its output element (the kept dims in order, from the
// element's multi-index), the number of outputs and the output dims (keepdims: reduced dims
// stay as 1s).
struct OutputMap {
  std::vector<size_t> of_input;
  size_t out_count = 1;
  Shape out_dims;
};
inline OutputMap output_map(const Shape& dims, const std::vector<int64_t>& axes, bool keepdims = false) {
  const size_t rank = dims.size();
  std::vector<bool> reduced(rank, false);
  for (int64_t a : axes) reduced[static_cast<size_t>(a)] = true;
  OutputMap m;
  size_t count = 1;
  for (size_t d = 0; d < rank; ++d) {
    count *= static_cast<size_t>(dims[d]);
    if (!reduced[d]) {
      m.out_count *= static_cast<size_t>(dims[d]);
      m.out_dims.push_back(dims[d]);
    } else if (keepdims) {
      m.out_dims.push_back(1);
    }
  }
  m.of_input.resize(count);
  std::vector<int64_t> idx(rank, 0);  // the multi-index of element i
  for (size_t i = 0; i < count; ++i) {
    size_t o = 0;
    for (size_t d = 0; d < rank; ++d) {
      if (!reduced[d]) o = o * static_cast<size_t>(dims[d]) + static_cast<size_t>(idx[d]);
    }
    m.of_input[i] = o;
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
  return m;
}

// A row-major N-d reduction (product) in double, straight from the definition: every input
// element multiplies into the output element it maps to. `axes` must be normalized.
struct RefResult {
  Shape dims;
  std::vector<double> values;
};
inline RefResult naive_reduce_prod(const Shape& dims, const std::vector<double>& x, const std::vector<int64_t>& axes,
                                   bool keepdims) {
  const OutputMap map = output_map(dims, axes, keepdims);
  RefResult r{map.out_dims, std::vector<double>(map.out_count, 1.0)};
  for (size_t i = 0; i < x.size(); ++i) r.values[map.of_input[i]] *= x[i];
  return r;
}

// A running reduction along `axis` (CumSum, CumProd) in double, straight from the definition,
// element by element: out[..k..] = x[..j..] combined over j <= k (j < k when exclusive; j >= k
// / j > k when reversed), starting from `identity`, in axis order.
template <class Combine>
std::vector<double> naive_scan(const Shape& dims, const std::vector<double>& x, size_t axis, bool exclusive,
                               bool reverse, double identity, Combine combine) {
  size_t stride = 1;
  for (size_t d = axis + 1; d < dims.size(); ++d) stride *= static_cast<size_t>(dims[d]);
  const size_t n = static_cast<size_t>(dims[axis]);
  std::vector<double> out(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const size_t k = (i / stride) % n;
    const size_t base = i - k * stride;
    double acc = identity;
    for (size_t j = 0; j < n; ++j) {
      const bool take = reverse ? (exclusive ? j > k : j >= k) : (exclusive ? j < k : j <= k);
      if (take) acc = combine(acc, x[base + j * stride]);
    }
    out[i] = acc;
  }
  return out;
}

// The element-wise step of a Reduce op (what noop_with_empty_axes=1 with empty axes computes):
// x for Sum, Mean, Max, Min, Prod and LogSumExp; x^2 for SumSquare; |x| for L1 and L2; log x
// for LogSum.
inline double spec_elementwise(const std::string& op, double x) {
  if (op == "ReduceSumSquare") return x * x;
  if (op == "ReduceL1" || op == "ReduceL2") return std::fabs(x);
  if (op == "ReduceLogSum") return std::log(x);
  return x;
}

// A Reduce op over a set of values, in double, from its definition. The empty set gives the
// spec's identities for floats: Sum, SumSquare, L1, L2 -> 0; Prod -> 1; Max -> -inf;
// Min -> +inf; LogSum, LogSumExp -> -inf; Mean -> NaN. Max/Min: any NaN gives NaN.
inline double spec_reduce_values(const std::string& op, const std::vector<double>& v) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  double sum = 0, sum_sq = 0, sum_abs = 0, prod = 1, mx = -inf, mn = inf;
  bool any_nan = false;
  for (double x : v) {
    sum += x;
    sum_sq += x * x;
    sum_abs += std::fabs(x);
    prod *= x;
    if (std::isnan(x)) any_nan = true;
    if (x > mx) mx = x;
    if (x < mn) mn = x;
  }
  if (op == "ReduceSum") return sum;
  if (op == "ReduceProd") return prod;
  if (op == "ReduceMean") return v.empty() ? nan : sum / static_cast<double>(v.size());
  if (op == "ReduceSumSquare") return sum_sq;
  if (op == "ReduceL1") return sum_abs;
  if (op == "ReduceL2") return std::sqrt(sum_sq);
  if (op == "ReduceLogSum") return std::log(sum);
  if (op == "ReduceMax") return any_nan ? nan : mx;
  if (op == "ReduceMin") return any_nan ? nan : mn;
  if (op == "ReduceLogSumExp") {
    if (any_nan) return nan;
    if (std::isinf(mx)) return mx;  // all -inf (or empty): -inf; any +inf: +inf
    double s = 0;
    for (double x : v) s += std::exp(x - mx);
    return mx + std::log(s);
  }
  throw std::logic_error("spec_reduce_values: unknown op " + op);
}

// A row-major N-d reduction in double, straight from the definition: the values of every
// output element's slice are collected, then reduced by spec_reduce_values. `axes` must be
// normalized; empty axes reduce nothing (each output is the element-wise step of one input).
inline RefResult naive_reduce(const std::string& op, const Shape& dims, const std::vector<double>& x,
                              const std::vector<int64_t>& axes, bool keepdims) {
  const OutputMap map = output_map(dims, axes, keepdims);
  const size_t out_count = map.out_count;
  RefResult r;
  r.dims = map.out_dims;
  std::vector<std::vector<double>> slices(out_count);
  for (size_t i = 0; i < x.size(); ++i) slices[map.of_input[i]].push_back(x[i]);
  r.values.resize(out_count);
  for (size_t o = 0; o < out_count; ++o) r.values[o] = spec_reduce_values(op, slices[o]);
  return r;
}

}  // namespace orw_test
