#include "plan/broadcast_walk.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/buffer.h"
#include "core/parallel.h"
#include "plan/pieces.h"

namespace orw {

namespace {

constexpr size_t kChunk = 256;  // elements of the buffer of copies (2 KiB: stays in L1)

// Elements [i0, i1) of one output row: both inputs walking, or one of them repeated (from a
// buffer of copies, a chunk at a time from the row's start, whatever i0 is).
void row_part(const unsigned char* pa, const unsigned char* pb, unsigned char* po, size_t es, bool a_walks,
              bool b_walks, size_t i0, size_t i1, BroadcastRowFn row) {
  if (a_walks && b_walks) return row(pa + i0 * es, pb + i0 * es, po + i0 * es, i1 - i0);
  alignas(16) unsigned char copies[kChunk * 8];
  const unsigned char* single = a_walks ? pb : pa;
  const size_t filled = std::min(i1 - i0, kChunk);
  fill_copies(copies, single, es, filled);  // by doubling: a few copies, not one per element
  for (size_t i = i0; i < i1; i += kChunk) {
    const size_t m = std::min(kChunk, i1 - i);
    if (a_walks) row(pa + i * es, copies, po + i * es, m);
    else row(copies, pb + i * es, po + i * es, m);
  }
}

// Output rows [r0, r1) of the innermost group (n elements each).
void walk_rows(const BroadcastPlan& p, size_t es, const unsigned char* pa, const unsigned char* pb, unsigned char* po,
               size_t r0, size_t r1, BroadcastRowFn row) {
  const size_t groups = p.group_dims.size();
  const auto n = static_cast<size_t>(p.group_dims[groups - 1]);
  const bool a_walks = p.a_strides[groups - 1] != 0, b_walks = p.b_strides[groups - 1] != 0;
  std::vector<int64_t> index(groups - 1, 0);
  int64_t oa = 0, ob = 0;  // element offsets into a and b of row r0
  for (size_t g = groups - 1, rest = r0; g-- > 0;) {
    index[g] = static_cast<int64_t>(rest % static_cast<size_t>(p.group_dims[g]));
    rest /= static_cast<size_t>(p.group_dims[g]);
    oa += index[g] * p.a_strides[g];
    ob += index[g] * p.b_strides[g];
  }
  po += r0 * n * es;
  for (size_t r = r0; r < r1; ++r) {
    row_part(pa + oa * es, pb + ob * es, po, es, a_walks, b_walks, 0, n, row);
    po += n * es;
    for (size_t g = groups - 1; g-- > 0;) {  // advance the outer index, innermost outer group first
      oa += p.a_strides[g];
      ob += p.b_strides[g];
      if (++index[g] < p.group_dims[g]) break;
      oa -= p.a_strides[g] * p.group_dims[g];
      ob -= p.b_strides[g] * p.group_dims[g];
      index[g] = 0;
    }
  }
}

}  // namespace

// Rows are independent and each element depends on its row position only (chunks of copies
// start at the row's start), so tasks of whole rows, or of kChunk-aligned parts of a single
// row, give the bits of one thread.
void walk_broadcast(const BroadcastPlan& p, size_t es, const void* a, const void* b, void* out, BroadcastRowFn row) {
  const size_t groups = p.group_dims.size();
  const auto total = static_cast<size_t>(p.output_count());
  if (total == 0) return;
  const auto* pa = static_cast<const unsigned char*>(a);
  const auto* pb = static_cast<const unsigned char*>(b);
  auto* po = static_cast<unsigned char*>(out);
  if (groups == 0) return row(pa, pb, po, 1);  // every dim is 1
  const auto n = static_cast<size_t>(p.group_dims[groups - 1]);
  const size_t rows = total / n;
  if (thread_count() == 1 || total * es < 2 * kPieceBytes) return walk_rows(p, es, pa, pb, po, 0, rows, row);
  if (rows == 1) {  // one long row: kChunk-aligned parts of about a piece
    const size_t part = std::max<size_t>(1, kPieceBytes / es / kChunk) * kChunk;
    const bool a_walks = p.a_strides[0] != 0, b_walks = p.b_strides[0] != 0;
    auto task = [&](size_t t) { row_part(pa, pb, po, es, a_walks, b_walks, t * part, std::min(n, (t + 1) * part), row); };
    return parallel_for(task_count(n, part), task);
  }
  const size_t per_task = std::max<size_t>(1, kPieceBytes / (n * es));
  auto task = [&](size_t t) { walk_rows(p, es, pa, pb, po, t * per_task, std::min(rows, (t + 1) * per_task), row); };
  parallel_for(task_count(rows, per_task), task);
}

}  // namespace orw
