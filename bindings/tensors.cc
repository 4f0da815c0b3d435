// Tensors JS keeps in wasm memory (Tensor.allocate, outputs with preferredOutputLocation
// 'wasm'): each lives here behind an integer handle until JS disposes it. A handle holds a
// Tensor (its buffer is shared by every handle made from it with orw_tensor_share), so the
// data stays at one address for the tensor's whole life, memory growth or not.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <map>
#include <stdexcept>

#include "core/errors.h"
#include "glue_state.h"
#include "guarded.h"

namespace orw::bindings {
namespace {

// A map, not an unordered_map: the hash table's code (bucket primes, rehashing) was 2 KB of
// the download for a handful of live handles.
std::map<int, Tensor>& held() {
  static std::map<int, Tensor> h;
  return h;
}

int hold(Tensor t) {
  static int next = 1;
  const int handle = next++;
  held().emplace(handle, std::move(t));
  return handle;
}

}  // namespace
}  // namespace orw::bindings

extern "C" {

// Allocates a zero-filled tensor of ONNX element type `type` with `rank` dims (float64 at
// dims_ptr); returns its handle, or 0 with the error recorded.
EMSCRIPTEN_KEEPALIVE int orw_tensor_alloc(int type, uintptr_t dims_ptr, int rank) {
  using namespace orw::bindings;
  int handle = 0;
  guarded([&] {
    const double* d = reinterpret_cast<const double*>(dims_ptr);
    handle = hold(orw::Tensor(static_cast<orw::DataType>(type), orw::Shape(d, d + rank)));
  });
  return handle;
}

// Keeps output `index` of the last run alive under a new handle; 0 with the error recorded
// (no such output, or out of memory). An output viewing memory the module does not own (a
// Reshape or Identity of a run's input: the input arena, or a tensor JS holds) is copied
// first: a handle keeps only bytes that live as long as it does.
EMSCRIPTEN_KEEPALIVE int orw_tensor_hold_output(int index) {
  using namespace orw::bindings;
  int handle = 0;
  guarded([&] {
    auto& outs = glue().outputs;
    if (index < 0 || index >= static_cast<int>(outs.size())) {
      orw::fail<orw::InternalError>(orw::ErrorMessage() << "no output " << index << " to keep");
    }
    const orw::Tensor& t = outs[static_cast<size_t>(index)];
    handle = hold(t.owns_data() ? t : t.copy());
  });
  return handle;
}

// A second handle on the same buffer (a reshaped view); 0 with the error recorded (`handle` is
// not live, or out of memory).
EMSCRIPTEN_KEEPALIVE int orw_tensor_share(int handle) {
  using namespace orw::bindings;
  int shared = 0;
  guarded([&] {
    auto it = held().find(handle);
    if (it == held().end()) orw::fail<orw::InternalError>(orw::ErrorMessage() << "tensor handle " << handle << " is not live");
    shared = hold(it->second);
  });
  return shared;
}

// The data address of a live handle (0 if it is not live).
EMSCRIPTEN_KEEPALIVE uintptr_t orw_tensor_data(int handle) {
  using namespace orw::bindings;
  auto it = held().find(handle);
  return it == held().end() ? 0 : reinterpret_cast<uintptr_t>(it->second.raw());
}

// Frees a handle; the buffer goes once no handle and no run holds it.
EMSCRIPTEN_KEEPALIVE void orw_tensor_release(int handle) { orw::bindings::held().erase(handle); }

// Live handles (for leak checks in tests).
EMSCRIPTEN_KEEPALIVE int orw_tensor_count() { return static_cast<int>(orw::bindings::held().size()); }
}
