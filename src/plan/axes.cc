#include "plan/axes.h"

#include <string>

#include <stdexcept>
#include <utility>

#include "core/errors.h"

namespace orw {

std::vector<int64_t> normalize_axes(const Node& node, const std::vector<int64_t>& axes, int64_t rank,
                                    const char* source) {
  std::vector<int64_t> out;
  out.reserve(axes.size());
  for (int64_t a : axes) {
    if (a < -rank || a >= rank) {
      ErrorMessage m;
      m << node << ": " << source << ": axis " << a << " is out of range for rank " << rank;
      if (rank == 0) {
        m << " (a rank-0 input has no axes)";
      } else {
        m << " (valid range [" << -rank << ", " << rank - 1 << "])";
      }
      fail<ValueError>(m);
    }
    const int64_t wrapped = a < 0 ? a + rank : a;
    for (size_t j = 0; j < out.size(); ++j) {
      if (out[j] == wrapped) {
        const int64_t first = axes[j];
        ErrorMessage m;
        m << node << ": " << source << ": axis " << wrapped << " is repeated";
        if (first != a) m << " (as " << first << " and " << a << ')';
        fail<ValueError>(m << "; each axis may appear once");
      }
    }
    out.push_back(wrapped);
  }
  // Few axes (at most the rank): an insertion sort, not std::sort's 1.2 KB of wasm.
  for (size_t i = 1; i < out.size(); ++i) {
    for (size_t j = i; j > 0 && out[j - 1] > out[j]; --j) std::swap(out[j - 1], out[j]);
  }
  return out;
}

int64_t axis_attribute(const Node& node, int64_t rank, int64_t fallback) {
  const Attribute* a = node.find_attribute("axis");
  if (a) return normalize_axes(node, {a->i}, rank, "attribute 'axis'")[0];
  if (fallback >= -rank && fallback < rank) return fallback < 0 ? fallback + rank : fallback;  // no text per run
  const std::string source = "attribute 'axis' (default " + std::to_string(fallback) + ")";
  return normalize_axes(node, {fallback}, rank, source.c_str())[0];
}

}  // namespace orw
