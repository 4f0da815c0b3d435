// Exports for nodes. A node lives in wasm behind an integer handle until JS disposes it.
#include <emscripten/emscripten.h>

#include <map>
#include <memory>
#include <stdexcept>

#include "onnx/node.h"
#include "ops/operators.h"
#include "shape/context.h"
#include "infos.h"
#include "status.h"

namespace orw::bindings {
namespace {

std::map<int, std::unique_ptr<Node>>& nodes() {
  static std::map<int, std::unique_ptr<Node>> n;
  return n;
}

const Node& live_node(int handle) {
  auto it = nodes().find(handle);
  if (it == nodes().end()) throw std::invalid_argument("node handle " + std::to_string(handle) + " is not live");
  return *it->second;
}

// {opType, domain, name, sinceVersion, inputs, outputs, attributes: {name: value}}
void describe(const Node& n, JsonWriter& w) {
  w.begin_object();
  w.key("opType").value(n.op_type()).key("domain").value(n.domain()).key("name").value(n.name());
  w.key("sinceVersion").value(n.since_version());
  w.key("inputs").begin_array();
  for (const auto& s : n.inputs()) w.value(s);
  w.end_array().key("outputs").begin_array();
  for (const auto& s : n.outputs()) w.value(s);
  w.end_array().key("attributes").begin_object();
  for (const Attribute& a : n.attributes()) {
    w.key(a.name);
    switch (a.type) {
      case AttrType::kInt: w.value(static_cast<double>(a.i)); break;
      case AttrType::kFloat: w.value(static_cast<double>(a.f)); break;
      case AttrType::kString: w.value(a.s); break;
      case AttrType::kInts: w.begin_array(); for (int64_t x : a.ints) w.value(static_cast<double>(x)); w.end_array(); break;
      case AttrType::kFloats: w.begin_array(); for (float x : a.floats) w.value(static_cast<double>(x)); w.end_array(); break;
      case AttrType::kStrings: w.begin_array(); for (const auto& x : a.strings) w.value(x); w.end_array(); break;
      default: w.null(); break;
    }
  }
  w.end_object().end_object();
}

// The node's output infos from its input infos (a JSON array, null = omitted/unknown).
void infer_shapes(const Node& n, const JsonValue& infos, JsonWriter& w) {
  ShapesContext ctx;
  ctx.set_opset(n.domain(), n.opset());
  // A null (or missing) info is an omitted input, as in run(): probe a copy of the node
  // whose input list leaves it out.
  const int count = static_cast<int>(infos.items.size());
  const auto& specs = n.schema().inputs;
  if (count > static_cast<int>(specs.size())) {
    throw std::invalid_argument(n.where() + ": inferShapes: got " + std::to_string(count) + " input infos, but this version takes at most " +
                                std::to_string(specs.size()) + " inputs");
  }
  std::vector<std::string> names;
  for (size_t i = 0; i < n.inputs().size(); ++i) {
    const bool given = static_cast<int>(i) < count && !infos.items[i].is_null() && !n.inputs()[i].empty();
    if (!given && i < specs.size() && !specs[i].optional) {
      throw std::invalid_argument(n.where() + ": inferShapes: input " + std::to_string(i) + " '" + specs[i].name +
                                  "' is required, so its info cannot be null (pass {} for a tensor nothing is known about)");
    }
    names.push_back(given ? n.inputs()[i] : std::string());
    if (given) ctx.set(n.inputs()[i], info_from_json(infos.items[i]));
  }
  while (!names.empty() && names.back().empty()) names.pop_back();
  const Node probe = Node::make(n.op_type(), n.domain(), n.opset(), n.attributes(), names, n.outputs(), n.name());
  probe.schema().shape(ctx, probe);
  w.begin_array();
  for (const auto& name : probe.outputs()) info_to_json(w, ctx.at(name));
  w.end_array();
}

}  // namespace

// Parses NodeProto bytes at [ptr, ptr+len); returns a handle, or 0 on error.
// With default_io, a node listing no inputs/outputs gets default names (Node.create).
extern "C" EMSCRIPTEN_KEEPALIVE int orw_node_from_bytes(uintptr_t ptr, size_t len, double opset, int default_io) {
  static int next = 1;
  int handle = 0;
  guarded([&] {
    Node n = Node::parse(reinterpret_cast<const void*>(ptr), len, static_cast<int64_t>(opset), default_io != 0);
    handle = next++;
    nodes()[handle] = std::make_unique<Node>(std::move(n));
  });
  return handle;
}

extern "C" EMSCRIPTEN_KEEPALIVE void orw_node_release(int handle) { nodes().erase(handle); }

// The node's NodeProto bytes into the bytes slot; 1, or 0 with the error recorded.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_node_to_bytes(int handle) {
  return guarded([&] { glue().bytes = live_node(handle).serialize(); });
}

// The node's description (JSON) into the bytes slot; 1, or 0 with the error recorded.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_node_describe(int handle) {
  return guarded([&] {
    JsonWriter w;
    describe(live_node(handle), w);
    glue().bytes = w.take();
  });
}

// Output infos (JSON array) from the input infos given as JSON at [ptr, ptr+len), into the
// bytes slot; 1, or 0 with the error recorded.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_node_infer_shapes(int handle, uintptr_t ptr, size_t len) {
  return guarded([&] {
    const Node& n = live_node(handle);
    JsonWriter w;
    infer_shapes(n, parse_json(std::string_view(reinterpret_cast<const char*>(ptr), len)), w);
    glue().bytes = w.take();
  });
}

// Runs a node on inputs described at desc_ptr (see read_inputs); outputs are described by
// orw_output_desc(). Returns 1, or 0 with the error recorded.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_node_run(int handle, uintptr_t desc_ptr, int n_inputs) {
  glue().outputs.clear();
  return guarded([&] {
    const Node& node = live_node(handle);
    std::vector<Tensor> tensors;
    std::vector<const Tensor*> inputs;
    read_inputs(desc_ptr, n_inputs, tensors, inputs);
    glue().outputs = run_node(node, inputs);
    describe_outputs();
  });
}

// Starts a streamed run of a node: the descriptor as for orw_node_run, with input 0's data
// pointer unused. Returns 1 (started), 2 (cannot stream: use orw_node_run) or 0 (error).
extern "C" EMSCRIPTEN_KEEPALIVE int orw_node_stream_begin(int handle, uintptr_t desc_ptr, int n_inputs) {
  int status = 0;
  glue().stream.reset();
  guarded([&] {
    const Node& node = live_node(handle);
    std::vector<Tensor> tensors;
    std::vector<const Tensor*> inputs;
    read_inputs(desc_ptr, n_inputs, tensors, inputs);
    if (inputs.empty() || !inputs[0]) { status = 2; return; }
    status = begin_stream(StreamedRun::start(node, inputs));
  });
  return status;
}

}  // namespace orw::bindings
