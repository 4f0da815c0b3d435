// Embind: sessions (a parsed model run as a whole) and model-level shape inference.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <map>
#include <memory>
#include <stdexcept>

#include "core/errors.h"
#include "infos.h"
#include "onnx/tensor_proto.h"
#include "runtime/session.h"
#include "runtime/model_shapes.h"
#include "descriptors.h"
#include "glue_state.h"
#include "guarded.h"
#include "stream.h"

namespace orw::bindings {

namespace {

using emscripten::val;

std::map<int, std::unique_ptr<Session>>& sessions() {
  static std::map<int, std::unique_ptr<Session>> s;
  return s;
}

// The session behind `handle`; `api` names the JS call in the error (JS checks first: a
// handle that is not live here is a bug of the JS layer).
const Session& live_session(int handle, const char* api) {
  auto it = sessions().find(handle);
  if (it == sessions().end()) {
    fail<InternalError>(ErrorMessage() << api << ": this session was released");
  }
  return *it->second;
}

int session_create(uintptr_t ptr, size_t len) {
  static int next = 1;
  int handle = 0;
  guarded([&] {
    auto s = std::make_unique<Session>(Model::parse(reinterpret_cast<const void*>(ptr), len));
    handle = next++;
    sessions()[handle] = std::move(s);
  });
  return handle;
}

void session_release(int handle) { sessions().erase(handle); }

val names_to_val(const std::vector<std::string>& names) {
  val arr = val::array();
  for (const auto& n : names) arr.call<void>("push", n);
  return arr;
}

// [{name, type, dims}] of declared graph values, dims null when the shape is not declared and
// each dim a number, a symbol or null (unknown).
val describe_values(const std::vector<ValueInfo>& values) {
  val out = val::array();
  for (const ValueInfo& v : values) {
    val i = val::object();
    i.set("name", v.name);
    i.set("type", static_cast<int>(v.type));
    if (v.has_shape) {
      val dims = val::array();
      for (const DeclaredDim& dim : v.dims) {
        if (dim.value >= 0) dims.call<void>("push", static_cast<double>(dim.value));
        else if (!dim.symbol.empty()) dims.call<void>("push", dim.symbol);
        else dims.call<void>("push", val::null());
      }
      i.set("dims", dims);
    } else {
      i.set("dims", val::null());
    }
    out.call<void>("push", i);
  }
  return out;
}

// {inputNames, outputNames, inputs, outputs}: the names, and the declared graph inputs and
// outputs as describe_values gives them.
val session_describe(int handle) {
  val out = val::null();
  guarded([&] {
    const Session& s = live_session(handle, "InferenceSession");
    val d = val::object();
    d.set("inputNames", names_to_val(s.input_names()));
    d.set("outputNames", names_to_val(s.output_names()));
    d.set("inputs", describe_values(s.model().inputs()));
    d.set("outputs", describe_values(s.model().outputs()));
    out = d;
  });
  return out;
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
    const Session& s = live_session(handle, "InferenceSession.run");
    GlueState& g = glue();
    read_inputs(desc_ptr, n_inputs, g.run_tensors, g.run_inputs);
    g.outputs = s.run_positional(g.run_inputs);
    describe_outputs();
  });
}

// Starts a streamed run of a one-node Reduce/scan model: feeds as for orw_session_run, with feed
// 0's data pointer unused. Returns 1 (started), 2 (cannot stream: use orw_session_run) or 0.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_session_stream_begin(int handle, uintptr_t desc_ptr, int n_inputs) {
  int status = 0;
  glue().stream.reset();
  guarded([&] {
    const Session& s = live_session(handle, "InferenceSession.run");
    status = begin_stream(s.start_stream(read_feeds(s, desc_ptr, n_inputs)), "InferenceSession.run");
  });
  return status;
}

namespace {

// {values: {valueName: {type, dims}}, order: [[name, role]], diagnostics: [{nodeIndex,
// nodeName, opType, domain, cause, kind, message}]} for the model's graph, or null on error.
val infer_model_shapes_js(uintptr_t ptr, size_t len, bool strict) {
  val out = val::null();
  guarded([&] {
    const ModelShapes shapes = infer_model_shapes_report(reinterpret_cast<const void*>(ptr), len, {strict});
    // No prototype: a value named '__proto__' is an own key like any other.
    val values = val::global("Object").call<val>("create", val::null());
    for (const auto& kv : shapes.values) values.set(kv.first, info_to_val(kv.second));
    val order = val::array();
    for (const auto& [name, role] : shapes.order) {
      val entry = val::array();
      entry.call<void>("push", name);
      entry.call<void>("push", std::string(role_name(role)));
      order.call<void>("push", entry);
    }
    val diagnostics = val::array();
    for (const ShapeDiagnostic& d : shapes.diagnostics) {
      val o = val::object();
      o.set("nodeIndex", static_cast<double>(d.node_index));
      o.set("nodeName", d.node_name);
      o.set("opType", d.op_type);
      o.set("domain", d.domain);
      o.set("cause", std::string(cause_name(d.cause)));
      o.set("kind", static_cast<int>(d.kind));
      o.set("message", d.message);
      diagnostics.call<void>("push", o);
    }
    val o = val::object();
    o.set("values", values);
    o.set("order", order);
    o.set("diagnostics", diagnostics);
    out = o;
  });
  return out;
}

// Decodes TensorProto bytes into output slot 0; its name goes to the bytes slot.
bool tensor_from_bytes_js(uintptr_t ptr, size_t len) {
  glue().outputs.clear();
  return guarded([&] {
    std::string name;
    glue().outputs.push_back(tensor_from_bytes(reinterpret_cast<const void*>(ptr), len, &name));
    glue().bytes = name;
    describe_outputs();
  });
}

}  // namespace
}  // namespace orw::bindings

EMSCRIPTEN_BINDINGS(orw_sessions) {
  using namespace orw::bindings;
  using emscripten::function;
  function("sessionCreate", &session_create);
  function("sessionRelease", &session_release);
  function("sessionDescribe", &session_describe);
  function("inferModelShapes", &infer_model_shapes_js);
  function("tensorFromBytes", &tensor_from_bytes_js);
}
