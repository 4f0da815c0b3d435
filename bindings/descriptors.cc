#include "descriptors.h"

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <malloc.h>

#include "glue_state.h"

namespace orw::bindings {

void read_inputs(uintptr_t desc_ptr, int n, std::vector<Tensor>& tensors, std::vector<const Tensor*>& ptrs) {
  const double* d = reinterpret_cast<const double*>(desc_ptr);
  // Reused vectors (glue().run_inputs) allocate nothing once they have held as much.
  tensors.resize(static_cast<size_t>(n));
  ptrs.assign(static_cast<size_t>(n), nullptr);
  for (int i = 0; i < n; ++i, d += kInSlots) {
    const auto rank = static_cast<size_t>(d[kInRank]);
    if (d[kInPresent] != 0) {
      const auto type = static_cast<DataType>(static_cast<int32_t>(d[kInType]));
      const auto data = static_cast<uintptr_t>(d[kInData]);
      tensors[i].assign_view(type, d + kInSlots, rank, reinterpret_cast<const void*>(data));
      ptrs[i] = &tensors[i];
    }
    d += rank;
  }
}

void describe_outputs() {
  GlueState& s = glue();
  s.output_desc.clear();
  s.output_desc.push_back(static_cast<double>(s.outputs.size()));
  for (const Tensor& t : s.outputs) {
    // In OutputSlot order.
    static_assert(kOutType == 0 && kOutRank == 1 && kOutData == 2 && kOutBytes == 3 && kOutSlots == 4);
    s.output_desc.push_back(static_cast<double>(t.type()));
    s.output_desc.push_back(static_cast<double>(t.rank()));
    s.output_desc.push_back(static_cast<double>(reinterpret_cast<uintptr_t>(t.raw())));
    s.output_desc.push_back(static_cast<double>(t.byte_size()));
    for (int64_t d : t.dims()) s.output_desc.push_back(static_cast<double>(d));
  }
}

namespace {

uintptr_t last_bytes_ptr() { return reinterpret_cast<uintptr_t>(glue().bytes.data()); }
size_t last_bytes_length() { return glue().bytes.size(); }
// Bytes of wasm heap in use by live allocations (for leak checks and monitoring).
double heap_used() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace
}  // namespace orw::bindings

// Hot-path exports called directly from JS (no Embind dispatch): a few microseconds per
// call matter for small tensors.
extern "C" {
EMSCRIPTEN_KEEPALIVE uintptr_t orw_output_desc() {
  return reinterpret_cast<uintptr_t>(orw::bindings::glue().output_desc.data());
}
EMSCRIPTEN_KEEPALIVE void orw_release_outputs() { orw::bindings::glue().outputs.clear(); }
}

EMSCRIPTEN_BINDINGS(orw_descriptors) {
  using namespace orw::bindings;
  using emscripten::function;
  function("lastBytesPtr", &last_bytes_ptr);
  function("lastBytesLength", &last_bytes_length);
  function("heapUsed", &heap_used);
}
