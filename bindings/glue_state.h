// The Embind glue's module-wide state: the last error (kind + message), a run's inputs and
// outputs (JS copies the outputs out, then releases them), the last serialized message handed
// to JS, and the streamed run in progress. One per module: the JS layer runs one call at a
// time (module.mjs: begin/end).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/tensor.h"
#include "runtime/run_node.h"

namespace orw::bindings {

struct GlueState {
  GlueState() { error.reserve(kErrorReserve); }
  // Room kept for the error text, so that recording "out of memory" never allocates.
  static constexpr size_t kErrorReserve = 256;
  std::string error;
  ErrorKind error_kind = ErrorKind::kInternal;  // of the last error (lastErrorKind)
  std::vector<Tensor> outputs;
  std::vector<double> output_desc;  // see describe_outputs() (descriptors.h)
  std::string bytes;  // the last serialized message handed to JS
  std::unique_ptr<StreamedRun> stream;  // a streamed run in progress (stream.h)
  bool stream_failed = false;           // orw_stream_next failed: orw_stream_end reports it
  std::string stream_label;             // who ran it, to name its allocation failures
  StreamedRun::Piece piece;             // the piece JS copies next
  std::vector<char> staging_in;         // where JS puts it
  std::vector<char> staging_out;        // where a scan's output piece comes out
  std::vector<Tensor> run_tensors;      // a node run's input views (kept: no allocation per run)
  std::vector<const Tensor*> run_inputs;
};

GlueState& glue();

}  // namespace orw::bindings
