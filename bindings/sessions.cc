// Exports for sessions (a parsed model run as a whole) and model-level shape inference.
#include <emscripten/emscripten.h>

#include <map>
#include <memory>
#include <stdexcept>

#include "onnx/tensor_proto.h"
#include "runtime/session.h"
#include "shape/model.h"
#include "infos.h"
#include "status.h"

namespace orw::bindings {

namespace {

std::map<int, std::unique_ptr<Session>>& sessions() {
  static std::map<int, std::unique_ptr<Session>> s;
  return s;
}

const Session& live_session(int handle) {
  auto it = sessions().find(handle);
  if (it == sessions().end()) throw std::invalid_argument("session handle " + std::to_string(handle) + " is not live");
  return *it->second;
}

void names_to_json(JsonWriter& w, const std::vector<std::string>& names) {
  w.begin_array();
  for (const auto& n : names) w.value(n);
  w.end_array();
}

// {inputNames, outputNames, inputs: [{name, type, dims}]} with declared dims (null = unknown)
void describe(const Session& s, JsonWriter& w) {
  w.begin_object().key("inputNames");
  names_to_json(w, s.input_names());
  w.key("outputNames");
  names_to_json(w, s.output_names());
  w.key("inputs").begin_array();
  for (const ValueInfo& v : s.model().inputs()) {
    w.begin_object().key("name").value(v.name).key("type").value(static_cast<int>(v.type)).key("dims");
    if (v.has_shape) {
      w.begin_array();
      for (const DeclaredDim& dim : v.dims) {
        if (dim.value >= 0) w.value(dim.value);
        else if (!dim.symbol.empty()) w.value(dim.symbol);
        else w.null();
      }
      w.end_array();
    } else {
      w.null();
    }
    w.end_object();
  }
  w.end_array().end_object();
}

// The feeds described at desc_ptr (see read_inputs), positional in inputNames order.
std::map<std::string, Tensor> read_feeds(const Session& s, uintptr_t desc_ptr, int n_inputs) {
  std::vector<Tensor> tensors;
  std::vector<const Tensor*> ptrs;
  read_inputs(desc_ptr, n_inputs, tensors, ptrs);
  std::map<std::string, Tensor> feeds;
  for (int i = 0; i < n_inputs && i < static_cast<int>(s.input_names().size()); ++i) {
    if (ptrs[i]) feeds[s.input_names()[i]] = tensors[i];
  }
  return feeds;
}

}  // namespace

// Runs with feeds positional in inputNames order; outputs land in outputNames order and are
// described by orw_output_desc(). Returns 1, or 0 with the error recorded.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_session_run(int handle, uintptr_t desc_ptr, int n_inputs) {
  glue().outputs.clear();
  return guarded([&] {
    const Session& s = live_session(handle);
    auto results = s.run(read_feeds(s, desc_ptr, n_inputs));
    for (const auto& name : s.output_names()) glue().outputs.push_back(results.at(name));
    describe_outputs();
  });
}

// Starts a streamed run of a one-node Reduce/scan model: feeds as for orw_session_run, with feed
// 0's data pointer unused. Returns 1 (started), 2 (cannot stream: use orw_session_run) or 0.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_session_stream_begin(int handle, uintptr_t desc_ptr, int n_inputs) {
  int status = 0;
  glue().stream.reset();
  guarded([&] {
    const Session& s = live_session(handle);
    status = begin_stream(s.start_stream(read_feeds(s, desc_ptr, n_inputs)));
  });
  return status;
}

// Parses ModelProto bytes at [ptr, ptr+len); returns a session handle, or 0 on error.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_session_create(uintptr_t ptr, size_t len) {
  static int next = 1;
  int handle = 0;
  guarded([&] {
    auto s = std::make_unique<Session>(Model::parse(reinterpret_cast<const void*>(ptr), len));
    handle = next++;
    sessions()[handle] = std::move(s);
  });
  return handle;
}

extern "C" EMSCRIPTEN_KEEPALIVE void orw_session_release(int handle) { sessions().erase(handle); }

// The session's description (JSON) into the bytes slot; 1, or 0 with the error recorded.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_session_describe(int handle) {
  return guarded([&] {
    JsonWriter w;
    describe(live_session(handle), w);
    glue().bytes = w.take();
  });
}

// {valueName: {type, dims}} (JSON) for every value of the model's graph into the bytes slot;
// 1, or 0 with the error recorded.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_infer_model_shapes(uintptr_t ptr, size_t len) {
  return guarded([&] {
    const auto infos = infer_model_shapes(reinterpret_cast<const void*>(ptr), len);
    JsonWriter w;
    w.begin_object();
    for (const auto& kv : infos) {
      w.key(kv.first);
      info_to_json(w, kv.second);
    }
    w.end_object();
    glue().bytes = w.take();
  });
}

// Decodes TensorProto bytes into output slot 0; its name goes to the bytes slot.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_tensor_from_bytes(uintptr_t ptr, size_t len) {
  glue().outputs.clear();
  return guarded([&] {
    std::string name;
    glue().outputs.push_back(tensor_from_bytes(reinterpret_cast<const void*>(ptr), len, &name));
    glue().bytes = name;
    describe_outputs();
  });
}

}  // namespace orw::bindings
