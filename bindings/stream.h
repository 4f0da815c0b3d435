// The streamed-run protocol between JS and wasm (the orw_stream_* exports, stream.cc): a run
// whose first input is large is fed to wasm one cache-sized piece at a time.
#pragma once
#include <memory>
#include <string>

#include "runtime/run_node.h"

namespace orw::bindings {

// Makes `s` the stream in progress; returns the status code of the orw_*_stream_begin
// exports: 1 started, 2 this run cannot stream. `label` names the run in its allocation
// failures (the node, or the API function).
int begin_stream(std::unique_ptr<StreamedRun> s, std::string label);

}  // namespace orw::bindings
