#include "plan/broadcast_walk.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace orw {

void walk_broadcast(const BroadcastPlan& p, size_t es, const void* a, const void* b, void* out, BroadcastRowFn row) {
  const size_t groups = p.group_dims.size();
  if (p.output_count() == 0) return;
  const auto* pa = static_cast<const unsigned char*>(a);
  const auto* pb = static_cast<const unsigned char*>(b);
  auto* po = static_cast<unsigned char*>(out);
  if (groups == 0) return row(pa, pb, po, 1);  // every dim is 1
  const auto n = static_cast<size_t>(p.group_dims[groups - 1]);
  const bool a_walks = p.a_strides[groups - 1] != 0, b_walks = p.b_strides[groups - 1] != 0;
  constexpr size_t kChunk = 256;  // elements of the buffer of copies (2 KiB: stays in L1)
  alignas(16) unsigned char copies[kChunk * 8];
  const size_t filled = std::min(n, kChunk);
  std::vector<int64_t> index(groups - 1, 0);
  int64_t oa = 0, ob = 0;  // element offsets into a and b
  for (;;) {
    if (a_walks && b_walks) {
      row(pa + oa * es, pb + ob * es, po, n);
    } else if (a_walks || b_walks) {
      const unsigned char* single = a_walks ? pb + ob * es : pa + oa * es;
      for (size_t i = 0; i < filled; ++i) std::memcpy(copies + i * es, single, es);
      for (size_t i = 0; i < n; i += kChunk) {
        const size_t m = std::min(kChunk, n - i);
        if (a_walks) row(pa + (oa + i) * es, copies, po + i * es, m);
        else row(copies, pb + (ob + i) * es, po + i * es, m);
      }
    }
    po += n * es;
    size_t g = groups - 1;
    for (; g-- > 0;) {  // advance the outer index, innermost outer group first
      oa += p.a_strides[g];
      ob += p.b_strides[g];
      if (++index[g] < p.group_dims[g]) break;
      oa -= p.a_strides[g] * p.group_dims[g];
      ob -= p.b_strides[g] * p.group_dims[g];
      index[g] = 0;
    }
    if (g == static_cast<size_t>(-1)) return;  // every outer index wrapped: done
  }
}

}  // namespace orw
