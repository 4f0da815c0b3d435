// Embind: nodes. A node lives in wasm behind an integer handle until JS disposes it.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <map>
#include <memory>
#include <stdexcept>

#include "core/errors.h"
#include "infos.h"
#include "onnx/node.h"
#include "registry/compute_shape.h"
#include "runtime/run_node.h"
#include "shape/context.h"
#include "descriptors.h"
#include "glue_state.h"
#include "guarded.h"
#include "stream.h"

namespace orw::bindings {
namespace {

using emscripten::val;

// Each handle's node and its run memo.
std::map<int, std::unique_ptr<MemoizedNode>>& nodes() {
  static std::map<int, std::unique_ptr<MemoizedNode>> n;
  return n;
}

// The node (and memo) behind `handle`; `api` names the JS call in the error (JS checks first: a
// handle that is not live here is a bug of the JS layer).
MemoizedNode& live_memoized_node(int handle, const char* api) {
  auto it = nodes().find(handle);
  if (it == nodes().end()) {
    fail<InternalError>(ErrorMessage() << api << ": this node was disposed");
  }
  return *it->second;
}

const Node& live_node(int handle, const char* api) { return live_memoized_node(handle, api).node; }

// Parses NodeProto bytes at [ptr, ptr+len); returns a handle, or 0 on error.
// With default_io, a node listing no inputs/outputs gets default names (Node.create).
int node_from_bytes(uintptr_t ptr, size_t len, double opset, bool default_io) {
  static int next = 1;
  int handle = 0;
  guarded([&] {
    Node n = Node::parse(reinterpret_cast<const void*>(ptr), len, static_cast<int64_t>(opset), default_io);
    handle = next++;
    nodes()[handle] = std::make_unique<MemoizedNode>(MemoizedNode{std::move(n), {}});
  });
  return handle;
}

void node_release(int handle) { nodes().erase(handle); }

bool node_to_bytes(int handle) {
  return guarded([&] { glue().bytes = live_node(handle, "Node.toBytes").serialize(); });
}

// An int64 attribute value as JS reads it back: a number while a number holds it exactly, else
// a BigInt (so every value read back can be given to Node.create again).
val int_to_val(int64_t x) {
  constexpr int64_t kMaxSafe = (int64_t{1} << 53) - 1;
  if (x >= -kMaxSafe && x <= kMaxSafe) return val(static_cast<double>(x));
  return val::global("BigInt")(text_of(x));  // (the library's integer text: no printf in the wasm)
}

// An object with no prototype: a key named by the model (an attribute '__proto__') is an own
// property like any other there, not the prototype's setter.
val keyed_object() { return val::global("Object").call<val>("create", val::null()); }

// {opType, domain, name, sinceVersion, inputs, outputs, attributes: {name: value}}
val node_describe(int handle) {
  val out = val::null();
  guarded([&] {
    const Node& n = live_node(handle, "Node");
    val d = val::object();
    d.set("opType", n.op_type());
    d.set("domain", n.domain());
    d.set("name", n.name());
    d.set("sinceVersion", n.since_version());
    val ins = val::array(), outs = val::array(), attrs = keyed_object();
    for (const auto& s : n.inputs()) ins.call<void>("push", s);
    for (const auto& s : n.outputs()) outs.call<void>("push", s);
    for (const Attribute& a : n.attributes()) {
      val v = val::null();
      switch (a.type) {
        case AttrType::kInt: v = int_to_val(a.i); break;
        case AttrType::kFloat: v = val(a.f); break;
        case AttrType::kString: v = val(a.s); break;
        case AttrType::kInts: v = val::array(); for (int64_t x : a.ints) v.call<void>("push", int_to_val(x)); break;
        case AttrType::kFloats: v = val::array(); for (float x : a.floats) v.call<void>("push", x); break;
        case AttrType::kStrings: v = val::array(); for (const auto& x : a.strings) v.call<void>("push", x); break;
        case AttrType::kTensor: {  // {onnxType, dims, bytes}: graph-node.mjs makes it a Tensor
          if (!a.tensor) break;
          v = val::object();
          v.set("onnxType", static_cast<int>(a.tensor->type()));
          val dims = val::array();
          for (int64_t d : a.tensor->dims()) dims.call<void>("push", static_cast<double>(d));
          v.set("dims", dims);
          const auto* bytes = static_cast<const uint8_t*>(a.tensor->raw());
          v.set("bytes", val::global("Uint8Array").call<val>("from", val(emscripten::typed_memory_view(a.tensor->byte_size(), bytes))));
          break;
        }
        default: break;
      }
      attrs.set(a.name, v);
    }
    d.set("inputs", ins);
    d.set("outputs", outs);
    d.set("attributes", attrs);
    out = d;
  });
  return out;
}


}  // namespace

namespace {

// Infers the node's output infos from its input infos (array, null = omitted/unknown).
val node_infer_shapes(int handle, val infos) {
  val out = val::null();
  guarded([&] {
    const Node& n = live_node(handle, "Node.inferShapes");
    ShapesContext ctx;
    ctx.set_opset(n.domain(), n.opset());
    // A null (or missing) info is an omitted input, as in run(): probe a copy of the node
    // whose input list leaves it out.
    const int count = infos["length"].as<int>();
    const auto& specs = n.schema().inputs;
    if (count > static_cast<int>(specs.size())) {
      fail<ValueError>(ErrorMessage()
                                  << n << ": inferShapes: got " << count
                                  << " input infos, but this version takes at most " << specs.size() << " inputs");
    }
    std::vector<std::string> names;
    for (size_t i = 0; i < n.inputs().size(); ++i) {
      val v = static_cast<int>(i) < count ? infos[i] : val::undefined();
      const bool given = !v.isNull() && !v.isUndefined() && !n.inputs()[i].empty();
      if (!given && i < specs.size() && !specs[i].optional) {
        fail<ValueError>(ErrorMessage() << n << ": inferShapes: input " << i << " '" << specs[i].name
                                                   << "' is required, so its info cannot be null (pass {} for a tensor "
                                                      "nothing is known about)");
      }
      names.push_back(given ? n.inputs()[i] : std::string());
      if (given) ctx.set(n.inputs()[i], info_from_val(v));
    }
    while (!names.empty() && names.back().empty()) names.pop_back();
    const Node probe = Node::make(n.op_type(), n.domain(), n.opset(), n.attributes(), names, n.outputs(), n.name());
    infer_shapes(ctx, probe);
    val result = val::array();
    for (const auto& name : probe.outputs()) result.call<void>("push", info_to_val(ctx.at(name)));
    out = result;
  });
  return out;
}

}  // namespace

// Runs a node on inputs described at desc_ptr (see read_inputs); outputs are described by
// orw_output_desc(). Returns 1, or 0 with the error recorded.
// n_placed descriptors after the inputs' describe wasm buffers for the outputs (options.outputs:
// absent entries for outputs without one); the kernels write into those that fit
// (PlacedOutputs), and JS then finds each output already where it wants it.
extern "C" EMSCRIPTEN_KEEPALIVE int orw_node_run(int handle, uintptr_t desc_ptr, int n_inputs, int n_placed) {
  glue().outputs.clear();
  return guarded([&] {
    MemoizedNode& memoized = live_memoized_node(handle, "Node.run");
    GlueState& g = glue();
    read_inputs(desc_ptr, n_inputs + n_placed, g.run_tensors, g.run_inputs);
    g.run_inputs.resize(static_cast<size_t>(n_inputs));
    const PlacedOutputs placed(g.run_tensors.data() + n_inputs, static_cast<size_t>(n_placed), g.run_inputs);
    g.outputs = memoized.run(g.run_inputs, placed);
    describe_outputs();
  });
}

// Starts a streamed run of a node: the descriptor as for orw_node_run, with input 0's data
// pointer unused. Returns 1 (started), 2 (cannot stream: use orw_node_run) or 0 (error).
extern "C" EMSCRIPTEN_KEEPALIVE int orw_node_stream_begin(int handle, uintptr_t desc_ptr, int n_inputs) {
  int status = 0;
  glue().stream.reset();
  guarded([&] {
    const Node& node = live_node(handle, "Node.run");
    std::vector<Tensor> tensors;
    std::vector<const Tensor*> inputs;
    read_inputs(desc_ptr, n_inputs, tensors, inputs);
    if (inputs.empty() || !inputs[0]) { status = 2; return; }
    status = begin_stream(start_streamed_run(node, inputs), text_of(node));
  });
  return status;
}

}  // namespace orw::bindings

EMSCRIPTEN_BINDINGS(orw_nodes) {
  using namespace orw::bindings;
  using emscripten::function;
  function("nodeFromBytes", &node_from_bytes);
  function("nodeRelease", &node_release);
  function("nodeToBytes", &node_to_bytes);
  function("nodeDescribe", &node_describe);
  function("nodeInferShapes", &node_infer_shapes);
}
