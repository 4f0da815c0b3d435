// StreamedReduce: a Reduce node fed its data input in pieces gives the same bits as run_node,
// says when it cannot stream, and checks its inputs like run_node.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>

#include "core/errors.h"
#include "onnx/node.h"
#include "ops/operators.h"

using namespace orw;

namespace {

// Feeds x to a stream piece by piece from a separate buffer (as the JS layer does).
Tensor stream_all(StreamedReduce& s, const Tensor& x) {
  const char* src = static_cast<const char*>(x.raw());
  std::vector<char> staging;
  size_t offset = 0;
  for (size_t n; (n = s.next_piece()) != 0; offset += n * s.element_size()) {
    staging.assign(src + offset, src + offset + n * s.element_size());
    s.feed(staging.data());
  }
  REQUIRE(offset == x.byte_size());
  return s.finish();
}

bool same_bits(const Tensor& a, const Tensor& b) {
  return a.type() == b.type() && a.dims() == b.dims() && std::memcmp(a.raw(), b.raw(), a.byte_size()) == 0;
}

}  // namespace

TEST_CASE("StreamedReduce/gives the bits of run_node for every op and pattern", "[stream]") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  const Shape dims = {5, 300, 257};  // pieces cut rows, outer blocks and a long R
  std::vector<float> data(5 * 300 * 257);
  for (float& v : data) v = value(rng);
  const Tensor x = Tensor::view(DataType::kFloat, dims, data.data());
  for (const char* op : {"ReduceSum", "ReduceProd", "ReduceMax", "ReduceMin", "ReduceMean", "ReduceL1", "ReduceL2",
                         "ReduceSumSquare"}) {
    for (const std::vector<int64_t>& axes : std::vector<std::vector<int64_t>>{{0}, {1}, {2}, {0, 2}, {0, 1, 2}}) {
      INFO(op << " axes " << shape_to_string(axes));
      const Node node = Node::make(op, "", 11, {Attribute::of_ints("axes", axes)});
      const Tensor whole = run_node(node, {&x})[0];
      auto s = StreamedReduce::start(node, {&x});
      REQUIRE(s);
      CHECK(same_bits(stream_all(*s, x), whole));
    }
  }
}

TEST_CASE("StreamedReduce/integer types stream too", "[stream]") {
  std::vector<int64_t> data(3 * 70000);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<int64_t>(i % 7) - 3;
  const Tensor x = Tensor::view(DataType::kInt64, {3, 70000}, data.data());
  for (const char* op : {"ReduceSum", "ReduceMean", "ReduceMax", "ReduceL1"}) {
    INFO(op);
    const Node node = Node::make(op, "", 11, {Attribute::of_ints("axes", {1})});
    auto s = StreamedReduce::start(node, {&x});
    REQUIRE(s);
    CHECK(same_bits(stream_all(*s, x), run_node(node, {&x})[0]));
  }
}

TEST_CASE("StreamedReduce/does not start where a single pass cannot do it", "[stream]") {
  std::vector<float> f(12, 1.0f);
  std::vector<uint16_t> h(12, 0x3C00);
  std::vector<int32_t> i(12, 1);
  const Tensor xf = Tensor::view(DataType::kFloat, {3, 4}, f.data());
  const Tensor xh = Tensor::view(DataType::kFloat16, {3, 4}, h.data());
  const Tensor xi = Tensor::view(DataType::kInt32, {3, 4}, i.data());
  CHECK_FALSE(StreamedReduce::start(Node::make("ReduceLogSumExp", "", 13, {}), {&xf}));
  CHECK_FALSE(StreamedReduce::start(Node::make("ReduceSum", "", 13, {}), {&xh}));
  CHECK_FALSE(StreamedReduce::start(Node::make("ReduceL2", "", 13, {}), {&xi}));
  CHECK_FALSE(StreamedReduce::start(Node::make("ReduceSum", "", 18, {Attribute::of_int("noop_with_empty_axes", 1)}), {&xf}));
  int64_t axis = 0;
  const Tensor a = Tensor::view(DataType::kInt64, {}, &axis);
  CHECK_FALSE(StreamedReduce::start(Node::make("CumSum", "", 14, {}), {&xf, &a}));
}

TEST_CASE("StreamedReduce/checks its inputs before any data arrives", "[stream]") {
  const Tensor no_data = Tensor::view(DataType::kFloat, {3, 4}, nullptr);
  CHECK_THROWS_WITH(StreamedReduce::start(Node::make("ReduceSum", "", 11, {Attribute::of_ints("axes", {2})}), {&no_data}),
                    Catch::Contains("ReduceSum") && Catch::Contains("axis 2 is out of range for rank 2"));
  const Tensor ints = Tensor::view(DataType::kInt8, {3, 4}, nullptr);
  CHECK_THROWS_AS(StreamedReduce::start(Node::make("ReduceSum", "", 13, {}), {&ints}), TypeError);
}

TEST_CASE("StreamedReduce/finish before the whole input is an error", "[stream]") {
  std::vector<float> f(1 << 20, 1.0f);
  const Tensor x = Tensor::view(DataType::kFloat, {1 << 20}, f.data());
  auto s = StreamedReduce::start(Node::make("ReduceSum", "", 13, {}), {&x});
  REQUIRE(s);
  REQUIRE(s->next_piece() < static_cast<size_t>(x.size()));  // several pieces
  s->feed(f.data());
  CHECK_THROWS_AS(s->finish(), std::logic_error);
}
