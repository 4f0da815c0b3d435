// Placed outputs (PlacedOutputs, Node.run's options.outputs in wasm memory): a buffer of the
// output's type and dims receives the output itself, so nothing is copied after the run; any
// other buffer, or one that overlaps what the run reads, is left alone.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "onnx/node.h"
#include "runtime/run_node.h"

using namespace orw;

namespace {

Tensor f32(Shape dims) {
  Tensor t(DataType::kFloat, std::move(dims));
  float* d = t.mutable_data<float>();
  for (int64_t i = 0; i < t.size(); ++i) d[i] = 0.25f * static_cast<float>((i * 7) % 13) - 1.0f;
  return t;
}

Tensor i64(std::vector<int64_t> v, Shape dims) {
  Tensor t(DataType::kInt64, std::move(dims));
  for (size_t i = 0; i < v.size(); ++i) t.mutable_data<int64_t>()[i] = v[i];
  return t;
}

bool same_bytes(const Tensor& a, const Tensor& b) {
  return a.type() == b.type() && a.dims() == b.dims() && std::memcmp(a.raw(), b.raw(), a.byte_size()) == 0;
}

struct Case {
  std::string name;
  Node node;
  std::vector<Tensor> inputs;
};

std::vector<Case> cases() {
  const Tensor x = f32({6, 40});
  std::vector<Case> c;
  c.push_back({"ReduceSum", Node::make("ReduceSum", "", 18, {}), {x, i64({1}, {1})}});
  c.push_back({"CumSum", Node::make("CumSum", "", 14, {}), {x, i64({0}, {})}});
  c.push_back({"Softmax", Node::make("Softmax", "", 13, {}), {x}});
  c.push_back({"ArgMax", Node::make("ArgMax", "", 13, {Attribute::of_int("axis", 1)}), {x}});
  c.push_back({"TopK", Node::make("TopK", "", 11, {}), {x, i64({3}, {1})}});
  c.push_back({"Add", Node::make("Add", "", 14, {}), {x, f32({40})}});
  c.push_back({"Neg", Node::make("Neg", "", 13, {}), {x}});
  c.push_back({"Cast", Node::make("Cast", "", 13, {Attribute::of_int("to", 11)}), {x}});  // to double
  return c;
}

std::vector<const Tensor*> pointers(const std::vector<Tensor>& v) {
  std::vector<const Tensor*> p;
  for (const Tensor& t : v) p.push_back(&t);
  return p;
}

}  // namespace

TEST_CASE("placed outputs/each family writes straight into buffers of the outputs' types and dims, with the results of a plain run", "[memo]") {
  for (Case& c : cases()) {
    INFO(c.name);
    const std::vector<const Tensor*> in = pointers(c.inputs);
    const std::vector<Tensor> want = run_node(c.node, in);
    std::vector<Tensor> buffers;
    for (const Tensor& w : want) buffers.push_back(Tensor(w.type(), w.dims()));
    RunMemo memo;
    const std::vector<Tensor> got = run_node(c.node, in, memo, PlacedOutputs(buffers.data(), buffers.size(), in));
    REQUIRE(got.size() == want.size());
    for (size_t i = 0; i < got.size(); ++i) {
      CHECK(got[i].raw() == buffers[i].raw());
      CHECK(same_bytes(got[i], want[i]));
    }
  }
}

TEST_CASE("placed outputs/a buffer of another type or other dims is not written: the output gets its own", "[memo]") {
  const Node node = Node::make("Softmax", "", 13, {});
  const Tensor x = f32({4, 8});
  const std::vector<const Tensor*> in{&x};
  for (const Tensor& other : {Tensor(DataType::kDouble, {4, 8}), Tensor(DataType::kFloat, {8, 4}), Tensor(DataType::kFloat, {32})}) {
    RunMemo memo;
    const Tensor y = run_node(node, in, memo, PlacedOutputs(&other, 1, in))[0];
    CHECK(y.raw() != other.raw());
    CHECK(same_bytes(y, run_node(node, in)[0]));
    for (size_t b = 0; b < other.byte_size(); ++b) REQUIRE(static_cast<const unsigned char*>(other.raw())[b] == 0);
  }
}

TEST_CASE("placed outputs/a buffer overlapping an input is not used, so the run reads its input intact", "[memo]") {
  const Node node = Node::make("CumSum", "", 14, {});
  const Tensor x = f32({5, 9}), axis = i64({1}, {});
  const Tensor want = run_node(node, {&x, &axis})[0];
  Tensor same = Tensor::view(DataType::kFloat, {5, 9}, x.raw());  // the input itself as the output
  RunMemo memo;
  const Tensor y = run_node(node, {&x, &axis}, memo, PlacedOutputs(&same, 1, {&x, &axis}))[0];
  CHECK(y.raw() != x.raw());
  CHECK(same_bytes(y, want));
  CHECK(same_bytes(x, f32({5, 9})));
}

TEST_CASE("placed outputs/two buffers that overlap each other are both left alone", "[memo]") {
  const Node node = Node::make("TopK", "", 11, {});
  const Tensor x = f32({2, 10}), k = i64({4}, {1});
  Tensor big(DataType::kInt64, {2, 4});
  const std::vector<Tensor> overlapping{Tensor::view(DataType::kFloat, {2, 4}, big.raw()), big};
  RunMemo memo;
  const std::vector<Tensor> got = run_node(node, {&x, &k}, memo, PlacedOutputs(overlapping.data(), 2, {&x, &k}));
  CHECK(got[0].raw() != big.raw());
  CHECK(got[1].raw() != big.raw());
  const std::vector<Tensor> want = run_node(node, {&x, &k});
  CHECK(same_bytes(got[0], want[0]));
  CHECK(same_bytes(got[1], want[1]));
}

TEST_CASE("placed outputs/belong to one call: the next run given none allocates its own output", "[memo]") {
  const Node node = Node::make("Neg", "", 13, {});
  const Tensor x = f32({3, 3});
  Tensor buffer(DataType::kFloat, {3, 3});
  RunMemo memo;
  CHECK(run_node(node, {&x}, memo, PlacedOutputs(&buffer, 1, {&x}))[0].raw() == buffer.raw());
  CHECK(run_node(node, {&x}, memo)[0].raw() != buffer.raw());
}
