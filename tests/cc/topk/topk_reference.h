// The TopK tests' reference, written from the definition: a stable sort of the row's indices
// by value (larger first with largest, smaller first without), a NaN larger than every number;
// the first K. And the random rows they run it on.
#pragma once
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "helpers.h"

namespace orw_test {

using orw::DataType;
using orw::Shape;
using orw::Tensor;

struct Expected {
  Shape dims;
  std::vector<int64_t> indices;  // row-major over dims
};

// The reference: the indices of the output of x (`dims`) along `axis` (non-negative).
inline Expected reference_topk(DataType type, const void* x, const Shape& dims, int64_t axis, int64_t k, bool largest) {
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= dims[d];
  for (size_t d = static_cast<size_t>(axis) + 1; d < dims.size(); ++d) inner *= dims[d];
  const int64_t n = dims[axis];
  Expected e{dims, std::vector<int64_t>(static_cast<size_t>(outer * k * inner))};
  e.dims[axis] = k;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t c = 0; c < inner; ++c) {
      auto at = [&](int64_t i) { return static_cast<size_t>((o * n + i) * inner + c); };
      auto nan = [&](int64_t i) { return std::isnan(load_value(type, x, at(i))); };
      std::vector<int64_t> order(static_cast<size_t>(n));
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
        if (nan(a) || nan(b)) return largest ? nan(a) && !nan(b) : nan(b) && !nan(a);
        const int cmp = compare_elements(type, x, at(a), at(b));
        return largest ? cmp > 0 : cmp < 0;
      });
      for (int64_t j = 0; j < k; ++j) e.indices[static_cast<size_t>((o * k + j) * inner + c)] = order[j];
    }
  }
  return e;
}

// Values in [-4, 4] (ties), with a NaN or an infinity now and then for the float types.
inline Tensor random_tensor(DataType type, const Shape& dims, std::mt19937& rng) {
  Tensor t(type, dims);
  for (int64_t i = 0; i < t.size(); ++i) {
    double v = static_cast<double>(rand_int(rng, -4, 4));
    if (is_unsigned_type(type)) v += 4;
    if (is_floating(type)) {
      const int64_t r = rand_int(rng, 0, 15);
      v = r == 0 ? kNaN : r == 1 ? kInf : r == 2 ? -kInf : r == 3 ? v + 0.5 : v;
    }
    store_value(type, t.mutable_raw(), static_cast<size_t>(i), v);
  }
  return t;
}


}  // namespace orw_test
