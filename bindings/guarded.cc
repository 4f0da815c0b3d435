#include "guarded.h"

#include <emscripten/bind.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <new>
#include <string_view>

namespace orw::bindings {

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

namespace {

// The message's UTF-8 bytes as a view of wasm memory, decoded by JS (module.mjs: fail):
// returning a std::string would copy it into a buffer Embind allocates, which fails when
// memory is exhausted, and val(const char*) reads the bytes as Latin-1 (a non-ASCII name
// would come out garbled).
emscripten::val last_error() {
  const std::string& text = glue().error;
  return emscripten::val(emscripten::typed_memory_view(text.size(), reinterpret_cast<const unsigned char*>(text.data())));
}
int last_error_kind() { return static_cast<int>(glue().error_kind); }

}  // namespace
}  // namespace orw::bindings

EMSCRIPTEN_BINDINGS(orw_guarded) {
  using namespace orw::bindings;
  emscripten::function("lastError", &last_error);
  emscripten::function("lastErrorKind", &last_error_kind);
}
