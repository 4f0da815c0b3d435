#include "status.h"

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <new>
#include <stdexcept>
#include <string_view>

#include "core/errors.h"
#include "plan/pieces.h"

namespace orw::bindings {

GlueState& glue() {
  static GlueState s;
  return s;
}

#ifndef __wasm_exception_handling__
namespace {

// The threaded build throws JS-based exceptions, whose memory the runtime takes with malloc at
// each throw (and one per catch); when that fails it throws garbage and later traps. A reserve
// is held between calls and given back the moment a throw finds the heap exhausted.
constexpr size_t kExceptionReserveBytes = 64 << 10;
void* exception_reserve = nullptr;

// The runtime's record before each thrown object (its ExceptionInfo, 16 bytes in this
// Emscripten's JS glue, which frees the block from 16 bytes before the object).
constexpr size_t kExceptionHeaderBytes = 16;

}  // namespace

void keep_exception_reserve() {
  if (!exception_reserve) exception_reserve = std::malloc(kExceptionReserveBytes);
}

}  // namespace orw::bindings

// Replaces the JS runtime's allocation of a thrown object (which returns garbage when malloc
// fails): the reserve is given back first.
extern "C" void* __cxa_allocate_exception(size_t size) noexcept {
  using namespace orw::bindings;
  void* p = std::malloc(size + kExceptionHeaderBytes);
  if (!p && exception_reserve) {
    std::free(exception_reserve);
    exception_reserve = nullptr;
    p = std::malloc(size + kExceptionHeaderBytes);
  }
  if (!p) std::abort();
  return static_cast<char*>(p) + kExceptionHeaderBytes;
}

namespace orw::bindings {
#endif

namespace {

// Sets the error text; with memory exhausted, as much of it as the kept room holds.
void set_error(ErrorKind kind, std::string_view text) {
  GlueState& s = glue();
  s.error_kind = kind;
  try {
    s.error.assign(text);
  } catch (const std::bad_alloc&) {
    s.error.assign(text.data(), std::min(text.size(), s.error.capacity()));
  }
}

}  // namespace

void record_current_exception() {
  // The library's errors say their kind; anything else is a bug, bar running out of memory
  // (whose text the JS layer prefixes with the API function it was in).
  try {
    throw;
  } catch (const Error& e) {
    set_error(e.kind(), e.message());
  } catch (const std::bad_alloc&) {
    set_error(ErrorKind::kAllocation, "out of memory");
  } catch (const std::exception& e) {
    set_error(ErrorKind::kInternal, e.what());
  } catch (...) {
    // Every exception the code throws has a known type, bar one made when memory is exhausted:
    // the threaded build's exceptions (JS-based) live in memory the runtime allocates, and
    // without it the runtime throws one of no known type. The wasm-exceptions build also
    // catches JS exceptions here: there a heap that cannot give a small block tells.
#ifdef __wasm_exception_handling__
    void* probe = std::malloc(256);
    std::free(probe);
    const bool exhausted = probe == nullptr;
#else
    const bool exhausted = true;
#endif
    if (exhausted) set_error(ErrorKind::kAllocation, "out of memory");
    else set_error(ErrorKind::kInternal, "unknown error");
  }
}

void read_inputs(uintptr_t desc_ptr, int n, std::vector<Tensor>& tensors, std::vector<const Tensor*>& ptrs) {
  const double* d = reinterpret_cast<const double*>(desc_ptr);
  // Reused vectors (glue().run_inputs) allocate nothing once they have held as much.
  tensors.resize(static_cast<size_t>(n));
  ptrs.assign(static_cast<size_t>(n), nullptr);
  for (int i = 0; i < n; ++i, d += kInSlots) {
    const auto rank = static_cast<size_t>(d[kInRank]);
    if (d[kInPresent] != 0) {
      const auto type = static_cast<DataType>(static_cast<int32_t>(d[kInType]));
      const auto data = static_cast<uintptr_t>(d[kInData]);
      tensors[i].assign_view(type, d + kInSlots, rank, reinterpret_cast<const void*>(data));
      ptrs[i] = &tensors[i];
    }
    d += rank;
  }
}

void describe_outputs() {
  GlueState& s = glue();
  s.output_desc.clear();
  s.output_desc.push_back(static_cast<double>(s.outputs.size()));
  for (const Tensor& t : s.outputs) {
    // In OutputSlot order.
    static_assert(kOutType == 0 && kOutRank == 1 && kOutData == 2 && kOutBytes == 3 && kOutSlots == 4);
    s.output_desc.push_back(static_cast<double>(t.type()));
    s.output_desc.push_back(static_cast<double>(t.rank()));
    s.output_desc.push_back(static_cast<double>(reinterpret_cast<uintptr_t>(t.raw())));
    s.output_desc.push_back(static_cast<double>(t.byte_size()));
    for (int64_t d : t.dims()) s.output_desc.push_back(static_cast<double>(d));
  }
}

int begin_stream(std::unique_ptr<StreamedRun> s, std::string label) {
  GlueState& g = glue();
  g.stream = std::move(s);
  g.stream_failed = false;
  g.stream_label = std::move(label);
  return g.stream ? 1 : 2;
}

namespace {

// f(arg), its allocation failures named after the streamed run in progress (a function
// pointer, not a template: one copy of the handlers for the three steps of a stream).
void naming_stream_allocations(void (*f)(uintptr_t), uintptr_t arg = 0) {
  try {
    f(arg);
  } catch (const AllocationError& e) {
    fail<AllocationError>(ErrorMessage() << glue().stream_label << ": " << e.message());
  } catch (const std::bad_alloc&) {
    fail<AllocationError>(ErrorMessage() << glue().stream_label << ": out of memory");
  }
}

uintptr_t last_bytes_ptr() { return reinterpret_cast<uintptr_t>(glue().bytes.data()); }
size_t last_bytes_length() { return glue().bytes.size(); }
// The message's UTF-8 bytes as a view of wasm memory, decoded by JS (module.mjs: fail):
// returning a std::string would copy it into a buffer Embind allocates, which fails when
// memory is exhausted, and val(const char*) reads the bytes as Latin-1 (a non-ASCII name
// would come out garbled).
emscripten::val last_error() {
  const std::string& text = glue().error;
  return emscripten::val(emscripten::typed_memory_view(text.size(), reinterpret_cast<const unsigned char*>(text.data())));
}
int last_error_kind() { return static_cast<int>(glue().error_kind); }
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

// A streamed run (begun by orw_node_stream_begin / orw_session_stream_begin): JS asks for the
// next piece (orw_stream_next: its element count, 0 when done; orw_stream_offset: where it
// starts in input 0), copies those elements to orw_stream_in(), calls orw_stream_feed(), and,
// when orw_stream_output_in_pieces(), copies the piece's output from orw_stream_out() to the
// same offset of its output array. orw_stream_end() then describes the outputs like a run (no
// outputs for scans: JS assembled it; two for TopK).
// A failure here (the staging buffers cannot grow) ends the stream: 0, and orw_stream_end()
// reports the error.
EMSCRIPTEN_KEEPALIVE size_t orw_stream_next() {
  using namespace orw::bindings;
  GlueState& g = glue();
  if (!g.stream || g.stream_failed) return 0;
  const bool ok = guarded([] {
    naming_stream_allocations([](uintptr_t) {
      GlueState& g = glue();
      g.piece = g.stream->next();
      const size_t bytes = std::max<size_t>(g.piece.count * g.stream->element_size(), 1);
      if (g.staging_in.size() < bytes) g.staging_in.resize(bytes);
      if (g.stream->output_in_pieces() && g.staging_out.size() < bytes) g.staging_out.resize(bytes);
    });
  });
  g.stream_failed = !ok;
  return ok ? g.piece.count : 0;
}
EMSCRIPTEN_KEEPALIVE size_t orw_stream_offset() { return orw::bindings::glue().piece.offset; }
EMSCRIPTEN_KEEPALIVE int orw_stream_output_in_pieces() {
  const auto& s = orw::bindings::glue().stream;
  return s && s->output_in_pieces();
}
EMSCRIPTEN_KEEPALIVE uintptr_t orw_stream_in() { return reinterpret_cast<uintptr_t>(orw::bindings::glue().staging_in.data()); }
EMSCRIPTEN_KEEPALIVE uintptr_t orw_stream_out() { return reinterpret_cast<uintptr_t>(orw::bindings::glue().staging_out.data()); }
// `from`: where the piece's input elements are (0: orw_stream_in(); JS may copy several
// pieces at once into a buffer of its own and feed each from its place there).
EMSCRIPTEN_KEEPALIVE int orw_stream_feed(uintptr_t from) {
  using namespace orw::bindings;
  return guarded([from] {
    if (!glue().stream) orw::fail<orw::InternalError>(orw::ErrorMessage() << "stream: no streamed run in progress");
    const void* in = from ? reinterpret_cast<const void*>(from) : glue().staging_in.data();
    naming_stream_allocations([](uintptr_t at) { glue().stream->feed(reinterpret_cast<const void*>(at), glue().staging_out.data()); },
                              reinterpret_cast<uintptr_t>(in));
  });
}
EMSCRIPTEN_KEEPALIVE int orw_stream_end() {
  using namespace orw::bindings;
  const bool ok = !glue().stream_failed && guarded([] {
    if (!glue().stream) orw::fail<orw::InternalError>(orw::ErrorMessage() << "stream: no streamed run in progress");
    glue().outputs.clear();
    naming_stream_allocations([](uintptr_t) {
      for (orw::Tensor& out : glue().stream->finish()) glue().outputs.push_back(out);
      describe_outputs();
    });
  });
  glue().stream.reset();
  glue().stream_failed = false;
  // Give staging buffers larger than any piece back (one piece's worth stays for the next run:
  // reallocating and zero-filling it on every run cost more than a whole reduction).
  for (auto* v : {&glue().staging_in, &glue().staging_out}) {
    if (v->capacity() > orw::kMaxPieceBytes) std::vector<char>().swap(*v);
  }
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
