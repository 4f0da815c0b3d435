// The kernels' thread pool: every task runs once, nested calls run inline, a throwing task
// reaches the caller and leaves the pool usable, and the thread count is clamped.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "core/parallel.h"

using namespace orw;

namespace {

// Restores one thread at the end of a test case (other tests expect the default).
struct ThreadsFor {
  explicit ThreadsFor(size_t n) { set_thread_count(n); }
  ~ThreadsFor() { set_thread_count(1); }
};

}  // namespace

TEST_CASE("parallel_for runs every task exactly once for any thread count", "[parallel]") {
  for (size_t threads : {1, 2, 3, 4, 8}) {
    ThreadsFor use(threads);
    for (size_t tasks : {0, 1, 2, 7, 100, 1000}) {
      std::vector<std::atomic<int>> runs(tasks);
      auto task = [&](size_t i) { runs[i].fetch_add(1); };
      parallel_for(tasks, task);
      for (size_t i = 0; i < tasks; ++i) REQUIRE(runs[i].load() == 1);
    }
  }
}

TEST_CASE("the thread count is what was set, within [1, kMaxThreads], and 1 without threads", "[parallel]") {
  ThreadsFor use(1);
  CHECK(thread_count() == 1);
  const size_t expect3 = threads_supported() ? 3 : 1;
  CHECK(set_thread_count(3) == expect3);
  CHECK(thread_count() == expect3);
  CHECK(set_thread_count(0) == 1);
  CHECK(set_thread_count(10000) == (threads_supported() ? kMaxThreads : 1));
}

TEST_CASE("a parallel_for inside a task runs on that task's thread", "[parallel]") {
  ThreadsFor use(4);
  std::vector<std::atomic<int>> runs(64);
  auto outer = [&](size_t i) {
    auto inner = [&](size_t j) { runs[i * 8 + j].fetch_add(1); };
    parallel_for(8, inner);
  };
  parallel_for(8, outer);
  for (auto& r : runs) REQUIRE(r.load() == 1);
}

TEST_CASE("a task that throws reaches the caller and the pool stays usable", "[parallel]") {
  ThreadsFor use(3);
  auto failing = [](size_t i) {
    if (i == 5) throw std::runtime_error("task 5 failed");
  };
  CHECK_THROWS_WITH(parallel_for(100, failing), "task 5 failed");
  std::atomic<size_t> sum{0};
  auto adding = [&](size_t i) { sum.fetch_add(i); };
  parallel_for(100, adding);
  CHECK(sum.load() == 4950);
}

TEST_CASE("task_count cuts items into tasks of a grain, the last one shorter", "[parallel]") {
  CHECK(task_count(0, 4) == 0);
  CHECK(task_count(1, 4) == 1);
  CHECK(task_count(8, 4) == 2);
  CHECK(task_count(9, 4) == 3);
  CHECK(task_count(9, 0) == 0);
}
