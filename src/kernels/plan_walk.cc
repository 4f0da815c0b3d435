// The parts of running a reduction plan that do not depend on the element type, compiled once
// and for size (-Oz, see CMakeLists.txt): they run once per stream, piece or block, never per
// element.
#include <cstring>

#include "kernels/reduce_kernels.h"

namespace orw::kernels {

void fill_copies(void* dst, const void* value, size_t size, size_t n) noexcept {
  if (n == 0) return;
  auto* d = static_cast<char*>(dst);
  const size_t total = n * size;
  std::memcpy(d, value, size);
  for (size_t done = size; done < total;) {  // the copies so far, copied after themselves
    const size_t m = done < total - done ? done : total - done;
    std::memcpy(d + done, d, m);
    done += m;
  }
}

PlanWalk::PlanWalk(const ReductionPlan& plan) : plan_(plan) {
  const auto& dims = plan.group_dims;
  const size_t groups = dims.size();
  outer_groups_ = groups > 2 ? groups - 2 : 0;
  for (size_t g = outer_groups_; g < groups; ++g) {
    inner_in_ *= static_cast<size_t>(dims[g]);
    if (!plan.group_reduced[g]) inner_out_ *= static_cast<size_t>(dims[g]);
  }
}

void PlanWalk::feed(PlanKernels& k, const void* x, size_t begin, size_t count, size_t element_size) const {
  const auto& dims = plan_.group_dims;
  const size_t groups = dims.size();
  if (count == 0) return;
  if (groups == 0 || (groups == 1 && !plan_.group_reduced[0])) return k.kept(x, begin, count);  // K, or one element
  if (groups == 1) return k.slice(x, count);                                                   // R
  const auto* bytes = static_cast<const char*>(x);
  const auto cols = static_cast<size_t>(dims[groups - 1]);
  const bool kr = plan_.group_reduced[groups - 1];
  if (groups == 2) {  // KR, RK: the piece's whole rows
    if (kr) k.rows(x, count / cols, cols, begin / cols);
    else k.columns(x, count / cols, cols, 0);
    return;
  }
  // Outer blocks (the innermost two groups) with outer index o; the output moves only with
  // kept groups.
  const auto rows = static_cast<size_t>(dims[groups - 2]);
  for (size_t done = 0; done < count; done += inner_in_) {
    size_t o = (begin + done) / inner_in_, stride = inner_out_, out_offset = 0;
    for (size_t g = outer_groups_; g-- > 0;) {
      const auto extent = static_cast<size_t>(dims[g]);
      if (!plan_.group_reduced[g]) {
        out_offset += (o % extent) * stride;
        stride *= extent;
      }
      o /= extent;
    }
    const char* xb = bytes + done * element_size;
    if (kr) k.rows(xb, rows, cols, out_offset);
    else k.columns(xb, rows, cols, out_offset);
  }
}

}  // namespace orw::kernels
