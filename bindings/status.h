// Shared state of the Embind glue: the last error (kind + message) and the outputs of the last
// run, which JS copies out and then releases. C++ exceptions never cross into JS: `guarded`
// catches them and records the message; the JS layer throws the matching JS error.
#pragma once
#include <cstdint>
#include <string>
#include <memory>
#include <vector>

#include "core/errors.h"
#include "core/tensor.h"
#include "runtime/run_node.h"

namespace orw::bindings {

// The float64 descriptors JS and wasm exchange; JS reads these offsets from the module at
// init (layout() in bindings/interface.cc), so they are written here only.
// An input: kInSlots values, then `rank` dims.
enum InputSlot : int { kInPresent, kInType, kInRank, kInData, kInSlots };
// The outputs: their count, then per output kOutSlots values and `rank` dims.
enum OutputSlot : int { kOutType, kOutRank, kOutData, kOutBytes, kOutSlots };

struct GlueState {
  GlueState() { error.reserve(kErrorReserve); }
  // Room kept for the error text, so that recording "out of memory" never allocates.
  static constexpr size_t kErrorReserve = 256;
  std::string error;
  ErrorKind error_kind = ErrorKind::kInternal;  // of the last error (lastErrorKind)
  std::vector<Tensor> outputs;
  std::vector<double> output_desc;  // see describe_outputs()
  std::string bytes;  // the last serialized message handed to JS
  std::unique_ptr<StreamedRun> stream;  // a streamed run in progress (see orw_stream_*)
  bool stream_failed = false;           // orw_stream_next failed: orw_stream_end reports it
  std::string stream_label;             // who ran it, to name its allocation failures
  StreamedRun::Piece piece;             // the piece JS copies next
  std::vector<char> staging_in;         // where JS puts it
  std::vector<char> staging_out;        // where a scan's output piece comes out
  std::vector<Tensor> run_tensors;      // a node run's input views (kept: no allocation per run)
  std::vector<const Tensor*> run_inputs;
};

// Makes `s` the stream in progress; returns the status code of the orw_*_stream_begin
// exports: 1 started, 2 this run cannot stream. `label` names the run in its allocation
// failures (the node, or the API function).
int begin_stream(std::unique_ptr<StreamedRun> s, std::string label);
GlueState& glue();

// Records the exception in flight (call from a catch block). Allocates nothing when memory is
// exhausted: the message is cut to the room kept for it. Every export that may allocate runs
// in guarded(): an exception that reached JS would never be freed (the runtime's emergency
// buffer for exceptions runs out after a few, and the module aborts).
void record_current_exception();

// Keeps the memory the threaded build needs to throw when the heap is exhausted (see
// status.cc); nothing to do in the build with wasm exceptions, whose runtime has its own.
#ifdef __wasm_exception_handling__
inline void keep_exception_reserve() {}
#else
void keep_exception_reserve();
#endif

// Runs f; on an exception records it and returns false.
template <class F>
bool guarded(F&& f) {
  GlueState& s = glue();
  s.error.clear();
  keep_exception_reserve();
  bool ok = true;
  try {
    f();
  } catch (...) {
    record_current_exception();
    ok = false;
  }
  keep_exception_reserve();  // (taken again after a failure used it)
  return ok;
}

// Fills glue().output_desc from glue().outputs, for JS to read in one go: count, then per
// output the OutputSlot values (ONNX element type, rank, data pointer, byte size) and `rank`
// dims (float64).
void describe_outputs();

// Reads `n` positional input tensors described at `desc_ptr` (float64 values per input: the
// InputSlot values (present 0/1, ONNX element type, rank, data pointer), then `rank` dims) as
// views into wasm memory. Absent inputs are nullptr in `ptrs`.
void read_inputs(uintptr_t desc_ptr, int n, std::vector<Tensor>& tensors, std::vector<const Tensor*>& ptrs);

}  // namespace orw::bindings
