#include "stream.h"

#include <emscripten/emscripten.h>

#include <algorithm>
#include <new>
#include <vector>

#include "descriptors.h"
#include "glue_state.h"
#include "guarded.h"
#include "plan/pieces.h"

namespace orw::bindings {

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

}  // namespace
}  // namespace orw::bindings

extern "C" {
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
