// C++ exceptions never cross into JS: every export that may throw runs in guarded(), which
// records the error (kind and message, in the glue's state) for the JS layer to throw as the
// matching JS error (lastError, lastErrorKind).
#pragma once
#include "glue_state.h"

namespace orw::bindings {

// Records the exception in flight (call from a catch block). Allocates nothing when memory is
// exhausted: the message is cut to the room kept for it. Every export that may allocate runs
// in guarded(): an exception that reached JS would never be freed (the runtime's emergency
// buffer for exceptions runs out after a few, and the module aborts).
void record_current_exception();

// Keeps the memory the threaded build needs to throw when the heap is exhausted (see
// guarded.cc); nothing to do in the build with wasm exceptions, whose runtime has its own.
#ifdef __wasm_exception_handling__
inline void keep_exception_reserve() {}
#else
void keep_exception_reserve();
#endif

// Runs f; on an exception records it and returns false.
template <class F>
bool guarded(F&& f) {
  GlueState& s = glue();
  s.error.clear();
  keep_exception_reserve();
  bool ok = true;
  try {
    f();
  } catch (...) {
    record_current_exception();
    ok = false;
  }
  keep_exception_reserve();  // (taken again after a failure used it)
  return ok;
}

}  // namespace orw::bindings
