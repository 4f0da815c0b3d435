// Embind glue: a status-returning API over the C++ library. C++ exceptions never cross into
// JS: each call catches, records the message and an error kind, and returns a failure value;
// the JS layer (bindings/js) turns that into a TypeError / RangeError / Error. Tensors cross
// as pointers into wasm memory plus a small float64 descriptor written by JS.
#include <emscripten/bind.h>

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "onnx/node.h"
#include "ops/operators.h"

namespace {

using orw::Tensor;

// Error kinds, mirrored by ERROR_KINDS in bindings/js/errors.mjs.
enum ErrorKind : int { kOk = 0, kTypeError = 1, kRangeError = 2, kError = 3 };

struct State {
  std::string error;
  int error_kind = kOk;
  std::map<int, std::unique_ptr<orw::Node>> nodes;
  int next_handle = 1;
  std::vector<Tensor> outputs;
  std::string bytes;  // last serialized node
};
State& state() {
  static State s;
  return s;
}

// Runs f, mapping any exception to (kind, message); returns whether it succeeded.
template <class F>
bool guarded(F&& f) {
  State& s = state();
  s.error.clear();
  s.error_kind = kOk;
  try {
    f();
    return true;
  } catch (const orw::TypeError& e) {
    s.error_kind = kTypeError, s.error = e.what();
  } catch (const orw::ParseError& e) {
    s.error_kind = kError, s.error = e.what();
  } catch (const orw::UnsupportedError& e) {
    s.error_kind = kError, s.error = e.what();
  } catch (const std::invalid_argument& e) {
    s.error_kind = kRangeError, s.error = e.what();
  } catch (const std::bad_alloc&) {
    s.error_kind = kRangeError, s.error = "out of memory";
  } catch (const std::exception& e) {
    s.error_kind = kError, s.error = e.what();
  }
  return false;
}

int add_node(orw::Node node) {
  State& s = state();
  const int h = s.next_handle++;
  s.nodes[h] = std::make_unique<orw::Node>(std::move(node));
  return h;
}

orw::Node* find_node(int handle) {
  auto it = state().nodes.find(handle);
  if (it == state().nodes.end()) throw std::invalid_argument("node handle " + std::to_string(handle) + " is not live (disposed?)");
  return it->second.get();
}

// Parses NodeProto bytes at [ptr, ptr+len); returns a handle, or 0 on error.
int node_from_bytes(uintptr_t ptr, size_t len, int opset) {
  int h = 0;
  guarded([&] { h = add_node(orw::Node::parse(reinterpret_cast<const void*>(ptr), len, opset)); });
  return h;
}

void node_release(int handle) { state().nodes.erase(handle); }

// Serializes a node; the bytes are then read with lastBytesPtr/lastBytesLength.
bool node_to_bytes(int handle) {
  return guarded([&] { state().bytes = find_node(handle)->serialize(); });
}
uintptr_t last_bytes_ptr() { return reinterpret_cast<uintptr_t>(state().bytes.data()); }
size_t last_bytes_length() { return state().bytes.size(); }

std::string node_op_type(int handle) { auto it = state().nodes.find(handle); return it == state().nodes.end() ? "" : it->second->op_type(); }
int node_since_version(int handle) { auto it = state().nodes.find(handle); return it == state().nodes.end() ? 0 : it->second->since_version(); }

// Runs a node. `desc` points to float64 values, per input: present (0/1), element type,
// rank, data pointer, then `rank` dims. Outputs stay in wasm memory until releaseOutputs().
bool node_run(int handle, uintptr_t desc_ptr, int n_inputs) {
  State& s = state();
  s.outputs.clear();
  return guarded([&] {
    const orw::Node* node = find_node(handle);
    const double* d = reinterpret_cast<const double*>(desc_ptr);
    std::vector<Tensor> tensors(static_cast<size_t>(n_inputs));
    std::vector<const Tensor*> inputs(static_cast<size_t>(n_inputs), nullptr);
    for (int i = 0; i < n_inputs; ++i) {
      const bool present = *d++ != 0;
      const auto type = static_cast<orw::DataType>(static_cast<int32_t>(*d++));
      const auto rank = static_cast<size_t>(*d++);
      const auto data = static_cast<uintptr_t>(*d++);
      orw::Shape dims(d, d + rank);
      d += rank;
      if (!present) continue;
      tensors[i] = Tensor::view(type, std::move(dims), reinterpret_cast<const void*>(data));
      inputs[i] = &tensors[i];
    }
    s.outputs = orw::run_node(*node, inputs);
  });
}

int output_count() { return static_cast<int>(state().outputs.size()); }
int output_type(int i) { return static_cast<int>(state().outputs.at(i).type()); }
int output_rank(int i) { return static_cast<int>(state().outputs.at(i).rank()); }
double output_dim(int i, int d) { return static_cast<double>(state().outputs.at(i).dims().at(d)); }
uintptr_t output_data(int i) { return reinterpret_cast<uintptr_t>(state().outputs.at(i).raw()); }
size_t output_byte_size(int i) { return state().outputs.at(i).byte_size(); }
void release_outputs() { state().outputs.clear(); }

std::string last_error() { return state().error; }
int last_error_kind() { return state().error_kind; }

}  // namespace

EMSCRIPTEN_BINDINGS(onnx_reduce_wasm) {
  using emscripten::function;
  function("nodeFromBytes", &node_from_bytes);
  function("nodeRelease", &node_release);
  function("nodeToBytes", &node_to_bytes);
  function("nodeOpType", &node_op_type);
  function("nodeSinceVersion", &node_since_version);
  function("lastBytesPtr", &last_bytes_ptr);
  function("lastBytesLength", &last_bytes_length);
  function("nodeRun", &node_run);
  function("outputCount", &output_count);
  function("outputType", &output_type);
  function("outputRank", &output_rank);
  function("outputDim", &output_dim);
  function("outputData", &output_data);
  function("outputByteSize", &output_byte_size);
  function("releaseOutputs", &release_outputs);
  function("lastError", &last_error);
  function("lastErrorKind", &last_error_kind);
}
