// A node's run memo (src/plan/run_memo.h): runs on the same shapes reuse the plan and the output
// buffer, yet results, errors and outputs still held are exactly as without it.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstring>
#include <cstdlib>
#include <new>
#include <stdexcept>

#include "onnx/node.h"
#include "runtime/run_node.h"

// Counts operator new calls while `counting` is set (this test binary only).
namespace {
std::atomic<bool> counting{false};
std::atomic<int> news{0};
}  // namespace

// Every plain form is replaced, all on malloc/free, so that each delete meets its own new
// (AddressSanitizer checks that).
void* operator new(std::size_t n) {
  if (counting) ++news;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  if (counting) ++news;
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

using namespace orw;

namespace {

Tensor f32(Shape dims, float start) {
  Tensor t(DataType::kFloat, std::move(dims));
  float* d = t.mutable_data<float>();
  for (int64_t i = 0; i < t.size(); ++i) d[i] = start + static_cast<float>(i % 7);
  return t;
}

Tensor i64(std::vector<int64_t> v) {
  Tensor t(DataType::kInt64, {static_cast<int64_t>(v.size())});
  for (size_t i = 0; i < v.size(); ++i) t.mutable_data<int64_t>()[i] = v[i];
  return t;
}

Node reduce_sum() { return Node::make("ReduceSum", "", 18, {Attribute::of_int("keepdims", 0)}); }

std::vector<float> values(const Tensor& t) { return {t.data<float>(), t.data<float>() + t.size()}; }

}  // namespace

TEST_CASE("RunMemo/runs alternating shapes and axes give what a fresh node gives", "[memo]") {
  MemoizedNode memoized{reduce_sum(), {}};
  const Tensor a = f32({4, 5}, 1), b = f32({5, 4}, 2);
  const Tensor ax0 = i64({0}), ax1 = i64({1}), ax_neg = i64({-1});
  const std::vector<std::vector<const Tensor*>> runs = {
      {&a, &ax0}, {&a, &ax0}, {&a, &ax1}, {&b, &ax1}, {&b, &ax_neg}, {&a, &ax0}, {&a}, {&a, nullptr}, {&b, &ax0},
  };
  for (size_t r = 0; r < runs.size(); ++r) {
    INFO("run " << r);
    const Tensor got = memoized.run(runs[r])[0];
    const Tensor want = run_node(reduce_sum(), runs[r])[0];
    CHECK(got.dims() == want.dims());
    CHECK(values(got) == values(want));
  }
}

TEST_CASE("RunMemo/an output dropped before the next run has its buffer reused", "[memo]") {
  MemoizedNode n{reduce_sum(), {}};
  const Tensor x = f32({8, 16}, 0), ax = i64({1});
  const void* first = n.run({&x, &ax})[0].raw();
  const void* second = n.run({&x, &ax})[0].raw();
  CHECK(first == second);
}

TEST_CASE("RunMemo/an output still held is never overwritten by the next run", "[memo]") {
  MemoizedNode n{reduce_sum(), {}};
  const Tensor x = f32({8, 16}, 0), y = f32({8, 16}, 100), ax = i64({1});
  const Tensor held = n.run({&x, &ax})[0];
  const std::vector<float> before = values(held);
  const Tensor next = n.run({&y, &ax})[0];
  CHECK(next.raw() != held.raw());
  CHECK(values(held) == before);
}

TEST_CASE("RunMemo/a bad run after good ones on the same shapes still throws, and the next good run works", "[memo]") {
  MemoizedNode n{reduce_sum(), {}};
  const Tensor x = f32({2, 3}, 0), good = i64({1}), bad = i64({2});
  n.run({&x, &good});
  CHECK_THROWS_WITH(n.run({&x, &bad}), Catch::Contains("axis 2 is out of range for rank 2"));
  CHECK_THROWS_AS(n.run({&x, &bad}), std::invalid_argument);
  CHECK(values(n.run({&x, &good})[0]) == values(run_node(reduce_sum(), {&x, &good})[0]));
}

TEST_CASE("RunMemo/scans on the same shapes reuse the output buffer and give fresh-node results", "[memo]") {
  MemoizedNode n{Node::make("CumSum", "", 14, {}), {}};
  const Tensor x = f32({3, 4}, 1), y = f32({3, 4}, 5), ax = i64({1}), ax0 = i64({0});
  const void* first = n.run({&x, &ax})[0].raw();
  const Tensor again = n.run({&y, &ax})[0];
  CHECK(again.raw() == first);
  CHECK(values(again) == values(run_node(Node::make("CumSum", "", 14, {}), {&y, &ax})[0]));
  CHECK(values(n.run({&y, &ax0})[0]) == values(run_node(Node::make("CumSum", "", 14, {}), {&y, &ax0})[0]));
}

namespace {

// Operator-new calls of one run of `n` on `inputs`.
int allocations(MemoizedNode& n, const std::vector<const Tensor*>& inputs) {
  news = 0;
  counting = true;
  { const auto out = n.run(inputs); }
  counting = false;
  return news;
}

}  // namespace

TEST_CASE("RunMemo/a steady-state run allocates less than half of what a first run does", "[memo]") {
  const Tensor x = f32({8, 16}, 0), ax = i64({1});
  const std::vector<const Tensor*> inputs = {&x, &ax};
  MemoizedNode fresh{reduce_sum(), {}};
  const int first = allocations(fresh, inputs);
  MemoizedNode n{reduce_sum(), {}};
  n.run(inputs);
  const int steady = allocations(n, inputs);
  INFO("first run " << first << ", steady state " << steady);
  CHECK(2 * steady < first);
}

namespace {

// Runs `node` three times on inputs of the same shapes and steering values (`inputs`, then
// `again` with other data twice), counting the allocations of each run: the family must plan
// once (the memo's count), allocate less once its plan and output buffers are remembered, the
// same in every steady run, and give what a fresh node gives.
void check_planned_once(const Node& node, const std::vector<const Tensor*>& inputs,
                        const std::vector<const Tensor*>& again) {
  MemoizedNode n{node, {}};
  const int first = allocations(n, inputs);
  const int steady = allocations(n, again);
  const int steady_again = allocations(n, again);
  INFO(node.op_type() << ": first run " << first << " allocations, steady state " << steady << ", " << steady_again);
  CHECK(n.memo.plans() == 1);
  CHECK(steady < first);
  CHECK(steady_again == steady);
  const std::vector<Tensor> got = n.run(again), want = run_node(node, again);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    CHECK(got[i].dims() == want[i].dims());
    CHECK(std::memcmp(got[i].raw(), want[i].raw(), want[i].byte_size()) == 0);
  }
}

}  // namespace

TEST_CASE("RunMemo/Reduce plans once for repeated runs of the same shapes", "[memo]") {
  const Tensor x = f32({8, 16}, 0), y = f32({8, 16}, 3), ax = i64({1});
  check_planned_once(reduce_sum(), {&x, &ax}, {&y, &ax});
}

TEST_CASE("RunMemo/Arg plans once for repeated runs of the same shapes", "[memo]") {
  const Tensor x = f32({8, 16}, 0), y = f32({8, 16}, 3);
  check_planned_once(Node::make("ArgMax", "", 13, {Attribute::of_int("axis", 1)}), {&x}, {&y});
}

TEST_CASE("RunMemo/Scan plans once for repeated runs of the same shapes", "[memo]") {
  const Tensor x = f32({8, 16}, 0), y = f32({8, 16}, 3), ax = i64({1});
  check_planned_once(Node::make("CumProd", "", 26, {}), {&x, &ax}, {&y, &ax});
}

TEST_CASE("RunMemo/Normalize plans once for repeated runs of the same shapes", "[memo]") {
  const Tensor x = f32({8, 16}, 0), y = f32({8, 16}, 3);
  check_planned_once(Node::make("Softmax", "", 13, {}), {&x}, {&y});
}

TEST_CASE("RunMemo/TopK plans once for repeated runs of the same shapes and K", "[memo]") {
  const Tensor x = f32({8, 16}, 0), y = f32({8, 16}, 3), k = i64({3});
  check_planned_once(Node::make("TopK", "", 11, {}), {&x, &k}, {&y, &k});
}

TEST_CASE("RunMemo/another K, axis or shape plans again", "[memo]") {
  MemoizedNode n{Node::make("TopK", "", 11, {}), {}};
  const Tensor x = f32({8, 16}, 0), wide = f32({8, 20}, 0), k3 = i64({3}), k4 = i64({4});
  n.run({&x, &k3});
  n.run({&x, &k4});
  CHECK(n.memo.plans() == 2);
  n.run({&wide, &k4});
  CHECK(n.memo.plans() == 3);
  CHECK(n.run({&wide, &k4})[0].dims() == Shape{8, 4});
  CHECK(n.memo.plans() == 3);
}
