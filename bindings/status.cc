#include "status.h"

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <malloc.h>

#include <algorithm>
#include <exception>
#include <new>
#include <stdexcept>

#include "core/errors.h"

namespace orw::bindings {

GlueState& glue() {
  static GlueState s;
  return s;
}

void record_current_exception() {
  GlueState& s = glue();
  try {
    throw;
  } catch (const TypeError& e) {
    s.error_kind = kTypeError, s.error = e.what();
  } catch (const ParseError& e) {
    s.error_kind = kError, s.error = e.what();
  } catch (const UnsupportedError& e) {
    s.error_kind = kError, s.error = e.what();
  } catch (const std::invalid_argument& e) {
    s.error_kind = kRangeError, s.error = e.what();
  } catch (const std::out_of_range& e) {
    s.error_kind = kRangeError, s.error = e.what();
  } catch (const std::bad_alloc&) {
    s.error_kind = kRangeError, s.error = "out of memory";
  } catch (const std::exception& e) {
    s.error_kind = kError, s.error = e.what();
  } catch (...) {
    s.error_kind = kError, s.error = "unknown error";
  }
}

void read_inputs(uintptr_t desc_ptr, int n, std::vector<Tensor>& tensors, std::vector<const Tensor*>& ptrs) {
  const double* d = reinterpret_cast<const double*>(desc_ptr);
  tensors.assign(static_cast<size_t>(n), Tensor());
  ptrs.assign(static_cast<size_t>(n), nullptr);
  for (int i = 0; i < n; ++i) {
    const bool present = *d++ != 0;
    const auto type = static_cast<DataType>(static_cast<int32_t>(*d++));
    const auto rank = static_cast<size_t>(*d++);
    const auto data = static_cast<uintptr_t>(*d++);
    Shape dims(d, d + rank);
    d += rank;
    if (!present) continue;
    tensors[i] = Tensor::view(type, std::move(dims), reinterpret_cast<const void*>(data));
    ptrs[i] = &tensors[i];
  }
}

void describe_outputs() {
  GlueState& s = glue();
  s.output_desc.clear();
  s.output_desc.push_back(static_cast<double>(s.outputs.size()));
  for (const Tensor& t : s.outputs) {
    s.output_desc.push_back(static_cast<double>(t.type()));
    s.output_desc.push_back(static_cast<double>(t.rank()));
    s.output_desc.push_back(static_cast<double>(reinterpret_cast<uintptr_t>(t.raw())));
    s.output_desc.push_back(static_cast<double>(t.byte_size()));
    for (int64_t d : t.dims()) s.output_desc.push_back(static_cast<double>(d));
  }
}

int begin_stream(std::unique_ptr<StreamedReduce> s) {
  GlueState& g = glue();
  g.stream = std::move(s);
  if (!g.stream) return 2;
  g.staging.resize(std::max<size_t>(g.stream->next_piece() * g.stream->element_size(), 1));
  return 1;
}

namespace {

uintptr_t last_bytes_ptr() { return reinterpret_cast<uintptr_t>(glue().bytes.data()); }
size_t last_bytes_length() { return glue().bytes.size(); }
std::string last_error() { return glue().error; }
int last_error_kind() { return glue().error_kind; }
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

// A streamed run (begun by orw_node_stream_begin / orw_session_stream_begin): JS copies each
// piece of the data input to orw_stream_buffer(), orw_stream_next() elements at a time, and
// calls orw_stream_feed(); orw_stream_end() then describes the output like a run.
EMSCRIPTEN_KEEPALIVE size_t orw_stream_next() {
  const auto& s = orw::bindings::glue().stream;
  return s ? s->next_piece() : 0;
}
EMSCRIPTEN_KEEPALIVE uintptr_t orw_stream_buffer() {
  return reinterpret_cast<uintptr_t>(orw::bindings::glue().staging.data());
}
EMSCRIPTEN_KEEPALIVE int orw_stream_feed() {
  using namespace orw::bindings;
  return guarded([] {
    if (!glue().stream) throw std::logic_error("no streamed run in progress");
    glue().stream->feed(glue().staging.data());
  });
}
EMSCRIPTEN_KEEPALIVE int orw_stream_end() {
  using namespace orw::bindings;
  const bool ok = guarded([] {
    if (!glue().stream) throw std::logic_error("no streamed run in progress");
    glue().outputs.clear();
    glue().outputs.push_back(glue().stream->finish());
    describe_outputs();
  });
  glue().stream.reset();
  return ok;
}
}

EMSCRIPTEN_BINDINGS(orw_status) {
  using namespace orw::bindings;
  using emscripten::function;
  function("lastBytesPtr", &last_bytes_ptr);
  function("lastBytesLength", &last_bytes_length);
  function("lastError", &last_error);
  function("lastErrorKind", &last_error_kind);
  function("heapUsed", &heap_used);
}
