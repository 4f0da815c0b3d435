#include "plan/broadcast_plan.h"

#include <algorithm>
#include <stdexcept>

#include "core/errors.h"

namespace orw {

int64_t BroadcastPlan::output_count() const {
  int64_t n = 1;
  for (int64_t d : output_dims) n *= d;
  return n;
}

std::optional<int64_t> broadcast_dim(int64_t a, int64_t b) {
  if (a == b || b == 1) return a;
  if (a == 1) return b;
  return std::nullopt;
}

BroadcastPlan plan_broadcast(const Shape& a, const Shape& b) {
  const size_t rank = std::max(a.size(), b.size());
  BroadcastPlan p;
  p.output_dims.resize(rank);
  // Per output dim: does input a / b walk along it (its dim equals the output's)?
  std::vector<int64_t> dims;
  std::vector<char> a_walks, b_walks;  // char, not bool: vector<bool>'s bit code is large in wasm
  for (size_t d = 0; d < rank; ++d) {
    const int64_t da = d + a.size() >= rank ? a[d + a.size() - rank] : 1;
    const int64_t db = d + b.size() >= rank ? b[d + b.size() - rank] : 1;
    const auto out = broadcast_dim(da, db);
    if (!out) {
      fail<ValueError>(ErrorMessage() << "dim " << d << " of the output: " << da << " vs " << db);
    }
    p.output_dims[d] = *out;
    if (*out == 1) continue;  // nothing to walk
    const char aw = da != 1, bw = db != 1;
    if (!dims.empty() && a_walks.back() == aw && b_walks.back() == bw) {
      dims.back() *= *out;  // merge with the previous group of the same pattern
    } else {
      dims.push_back(*out);
      a_walks.push_back(aw);
      b_walks.push_back(bw);
    }
  }
  p.group_dims = dims;
  p.a_strides.assign(dims.size(), 0);
  p.b_strides.assign(dims.size(), 0);
  int64_t sa = 1, sb = 1;
  for (size_t g = dims.size(); g-- > 0;) {
    if (a_walks[g]) { p.a_strides[g] = sa; sa *= dims[g]; }
    if (b_walks[g]) { p.b_strides[g] = sb; sb *= dims[g]; }
  }
  return p;
}

}  // namespace orw
