// The [threads] cases compare runs on several threads with a run on one. In a build without
// threads (the single-threaded wasm build) every count runs on one thread, so such a case
// would compare one thread with one and pass whatever the pool or the kernels' cuts did:
// those cases are compiled only where ORW_THREADS is 1 (the native builds). There the pool
// starts n - 1 threads whatever the machine's core count, and use_threads checks it did, so a
// one-core machine still runs them on n threads.
#pragma once
#include <catch2/catch.hpp>

#include <cstddef>

#include "core/parallel.h"

namespace orw_test {

// Sets n threads and requires that n are in effect.
inline void use_threads(size_t n) {
  REQUIRE(orw::set_thread_count(n) == n);
  REQUIRE(orw::thread_count() == n);
}

}  // namespace orw_test
