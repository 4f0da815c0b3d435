// The kernels' thread pool. Work is cut into tasks by the caller; parallel_for runs them on
// up to thread_count() threads (the calling thread is one of them) and returns when all are
// done. Results stay bit-identical for any thread count because callers cut tasks at
// boundaries that do not depend on it and combine partial results in task order: which
// thread ran a task never matters.
//
// Threads exist where the build has them (ORW_THREADS: native builds and the threaded wasm
// build); elsewhere thread_count() is 1 and parallel_for is a plain loop.
#pragma once
#include <cstddef>
#include <type_traits>

// Set by the build for every target (CMakeLists.txt): 1 with threads, 0 without.
#ifndef ORW_THREADS
#define ORW_THREADS 0
#endif

namespace orw {

// The most threads kernels use, the calling thread included.
constexpr size_t kMaxThreads = 64;

// Whether this build can run threads at all.
constexpr bool threads_supported() { return ORW_THREADS != 0; }

// Sets the threads kernels use, the calling thread included: n clamped to [1, kMaxThreads],
// and 1 where threads are not supported. Starts or stops pool threads to match (n - 1 of
// them). Must not be called from inside a task. Returns the count now in effect.
size_t set_thread_count(size_t n);

// The count in effect (1 until set_thread_count raises it). A constant 1 without threads, so
// that the code splitting work for the pool drops out of that build.
#if ORW_THREADS
size_t thread_count();
#else
constexpr size_t thread_count() { return 1; }
#endif

// A task: fn(context, index).
using TaskFn = void (*)(void* context, size_t index);

// Runs fn(context, i) once for every i in [0, tasks), in no particular order and on any of
// the threads, and returns when every task is done. One thread (the caller's) runs them all
// when thread_count() is 1, when there is one task, or when called from inside a task.
// Tasks must not throw (kernels never do); the caller's memory they write is visible to the
// caller on return.
void parallel_for(size_t tasks, TaskFn fn, void* context);

// The same with any callable taking the task index.
template <class F>
void parallel_for(size_t tasks, F& f) {
  using Fn = std::remove_reference_t<F>;
  parallel_for(tasks, [](void* c, size_t i) { (*static_cast<Fn*>(c))(i); }, &f);
}

// Tasks of `grain` items each covering `items` (the last one shorter): how the walks cut
// work, so the cut depends on the sizes alone.
constexpr size_t task_count(size_t items, size_t grain) { return grain == 0 ? 0 : (items + grain - 1) / grain; }

// f(begin, end) over [0, items) in parts of `grain` items (the last one shorter), on the pool
// or, with one thread, in turn: the same parts either way.
template <class F>
void parallel_ranges(size_t items, size_t grain, F& f) {
  auto task = [&](size_t t) { f(t * grain, items - t * grain < grain ? items : (t + 1) * grain); };
  parallel_for(task_count(items, grain), task);
}

}  // namespace orw
