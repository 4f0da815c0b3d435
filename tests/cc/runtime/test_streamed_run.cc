// StreamedRun: a Reduce or scan node fed its data input in pieces gives the same bits as
// run_node, says when it cannot stream, and checks its inputs like run_node.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "core/errors.h"
#include "onnx/node.h"
#include "runtime/run_node.h"

using namespace orw;

namespace {

// Feeds x piece by piece from a separate buffer, as the JS layer does, collecting the output
// pieces of a scan; returns the output.
Tensor stream_all(StreamedRun& s, const Tensor& x) {
  const char* src = static_cast<const char*>(x.raw());
  const size_t es = s.element_size();
  Tensor pieces_out = Tensor::uninitialized(x.type(), x.dims());
  std::vector<char> in, out;
  size_t total = 0;
  for (StreamedRun::Piece p; (p = s.next()).count != 0;) {
    in.assign(src + p.offset * es, src + (p.offset + p.count) * es);
    out.assign(p.count * es, 0);
    s.feed(in.data(), out.data());
    if (s.output_in_pieces()) std::memcpy(static_cast<char*>(pieces_out.mutable_raw()) + p.offset * es, out.data(), out.size());
    total += p.count;
  }
  REQUIRE(total == static_cast<size_t>(x.size()));
  std::vector<Tensor> result = s.finish();
  return s.output_in_pieces() ? pieces_out : result.at(0);
}

bool same_bits(const Tensor& a, const Tensor& b) {
  return a.type() == b.type() && a.dims() == b.dims() && std::memcmp(a.raw(), b.raw(), a.byte_size()) == 0;
}

std::vector<float> random_floats(size_t n, float lo, float hi) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> value(lo, hi);
  std::vector<float> v(n);
  for (float& f : v) f = value(rng);
  return v;
}

}  // namespace

TEST_CASE("StreamedRun/reductions give the bits of run_node for every op and pattern", "[stream]") {
  const Shape dims = {5, 300, 257};  // pieces cut rows, outer blocks and a long R
  const std::vector<float> data = random_floats(5 * 300 * 257, -2.0f, 2.0f);
  const Tensor x = Tensor::view(DataType::kFloat, dims, data.data());
  for (const char* op : {"ReduceSum", "ReduceProd", "ReduceMax", "ReduceMin", "ReduceMean", "ReduceL1", "ReduceL2",
                         "ReduceSumSquare"}) {
    for (const std::vector<int64_t>& axes : std::vector<std::vector<int64_t>>{{0}, {1}, {2}, {0, 2}, {0, 1, 2}}) {
      INFO(op << " axes " << shape_to_string(axes));
      const Node node = Node::make(op, "", 11, {Attribute::of_ints("axes", axes)});
      auto s = start_streamed_run(node, {&x});
      REQUIRE(s);
      CHECK_FALSE(s->output_in_pieces());
      CHECK(same_bits(stream_all(*s, x), run_node(node, {&x})[0]));
    }
  }
}

TEST_CASE("StreamedRun/float LogSumExp streams over rows (KR) and one long slice (R), NaN and inf included", "[stream]") {
  std::vector<float> data = random_floats(3 * 100000, -50.0f, 50.0f);
  const Tensor x = Tensor::view(DataType::kFloat, {3, 100000}, data.data());
  for (const std::vector<int64_t>& axes : std::vector<std::vector<int64_t>>{{1}, {0, 1}}) {
    INFO("axes " << shape_to_string(axes));
    const Node node = Node::make("ReduceLogSumExp", "", 11, {Attribute::of_ints("axes", axes)});
    auto s = start_streamed_run(node, {&x});
    REQUIRE(s);
    CHECK(same_bits(stream_all(*s, x), run_node(node, {&x})[0]));
  }
  // One long slice, pieces merged online: the value, then +inf and NaN in a late piece.
  const Node all = Node::make("ReduceLogSumExp", "", 11, {Attribute::of_ints("axes", {0, 1})});
  double m = -1e300, sum = 0;
  for (float v : data) m = std::max(m, static_cast<double>(v));
  for (float v : data) sum += std::exp(static_cast<double>(v) - m);
  const float got = run_node(all, {&x})[0].data<float>()[0];
  CHECK(std::fabs(got - (std::log(sum) + m)) < 1e-4);
  data[250000] = std::numeric_limits<float>::infinity();
  CHECK(run_node(all, {&x})[0].data<float>()[0] == std::numeric_limits<float>::infinity());
  data[10] = std::numeric_limits<float>::quiet_NaN();
  CHECK(std::isnan(run_node(all, {&x})[0].data<float>()[0]));
  std::fill(data.begin(), data.end(), -std::numeric_limits<float>::infinity());
  CHECK(run_node(all, {&x})[0].data<float>()[0] == -std::numeric_limits<float>::infinity());
}

TEST_CASE("StreamedRun/integer reductions stream too", "[stream]") {
  std::vector<int64_t> data(3 * 70000);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<int64_t>(i % 7) - 3;
  const Tensor x = Tensor::view(DataType::kInt64, {3, 70000}, data.data());
  for (const char* op : {"ReduceSum", "ReduceMean", "ReduceMax", "ReduceL1"}) {
    INFO(op);
    const Node node = Node::make(op, "", 11, {Attribute::of_ints("axes", {1})});
    auto s = start_streamed_run(node, {&x});
    REQUIRE(s);
    CHECK(same_bits(stream_all(*s, x), run_node(node, {&x})[0]));
  }
}

TEST_CASE("StreamedRun/scans give the bits of run_node on every axis, exclusive and reverse", "[stream]") {
  // [3, 200, 300] floats: 240 KB blocks fit a piece; [2, 400, 600]: blocks cut into rows.
  for (const Shape& dims : {Shape{3, 200, 300}, Shape{2, 400, 600}, Shape{5000, 7}, Shape{70000}}) {
    Shape::value_type count = 1;
    for (auto d : dims) count *= d;
    const std::vector<float> data = random_floats(static_cast<size_t>(count), 0.9f, 1.1f);
    const Tensor x = Tensor::view(DataType::kFloat, dims, data.data());
    for (const char* op : {"CumSum", "CumProd"}) {
      for (int64_t axis = 0; axis < static_cast<int64_t>(dims.size()); ++axis) {
        for (int exclusive : {0, 1}) {
          for (int reverse : {0, 1}) {
            INFO(op << " " << shape_to_string(dims) << " axis " << axis << " exclusive " << exclusive << " reverse " << reverse);
            const Node node = Node::make(op, "", 26, {Attribute::of_int("exclusive", exclusive), Attribute::of_int("reverse", reverse)});
            const Tensor a = Tensor::view(DataType::kInt64, {}, &axis);
            auto s = start_streamed_run(node, {&x, &a});
            REQUIRE(s);
            CHECK(s->output_in_pieces());
            CHECK(same_bits(stream_all(*s, x), run_node(node, {&x, &a})[0]));
          }
        }
      }
    }
  }
}

TEST_CASE("StreamedRun/does not start where a single pass cannot do it", "[stream]") {
  std::vector<float> f(12, 1.0f);
  std::vector<uint16_t> h(12, 0x3C00);
  std::vector<int32_t> i(12, 1);
  const Tensor xf = Tensor::view(DataType::kFloat, {3, 4}, f.data());
  const Tensor xh = Tensor::view(DataType::kFloat16, {3, 4}, h.data());
  const Tensor xi = Tensor::view(DataType::kInt32, {3, 4}, i.data());
  CHECK_FALSE(start_streamed_run(Node::make("ReduceLogSumExp", "", 11, {Attribute::of_ints("axes", {0})}), {&xf}));
  CHECK_FALSE(start_streamed_run(Node::make("ReduceSum", "", 13, {}), {&xh}));
  CHECK_FALSE(start_streamed_run(Node::make("ReduceL2", "", 13, {}), {&xi}));
  CHECK_FALSE(start_streamed_run(Node::make("ReduceSum", "", 18, {Attribute::of_int("noop_with_empty_axes", 1)}), {&xf}));
  int64_t axis = 0;
  const Tensor a = Tensor::view(DataType::kInt64, {}, &axis);
  CHECK_FALSE(start_streamed_run(Node::make("CumSum", "", 14, {}), {&xh, &a}));
}

TEST_CASE("StreamedRun/checks its inputs before any data arrives", "[stream]") {
  const Tensor no_data = Tensor::view(DataType::kFloat, {3, 4}, nullptr);
  CHECK_THROWS_WITH(start_streamed_run(Node::make("ReduceSum", "", 11, {Attribute::of_ints("axes", {2})}), {&no_data}),
                    Catch::Contains("ReduceSum") && Catch::Contains("axis 2 is out of range for rank 2"));
  const Tensor ints = Tensor::view(DataType::kInt8, {3, 4}, nullptr);
  CHECK_THROWS_AS(start_streamed_run(Node::make("ReduceSum", "", 13, {}), {&ints}), TypeError);
  int64_t axis = 5;
  const Tensor a = Tensor::view(DataType::kInt64, {}, &axis);
  CHECK_THROWS_WITH(start_streamed_run(Node::make("CumSum", "", 14, {}), {&no_data, &a}), Catch::Contains("axis 5 is out of range"));
}

TEST_CASE("StreamedRun/finish before the whole input is an error", "[stream]") {
  std::vector<float> f(1 << 20, 1.0f);
  const Tensor x = Tensor::view(DataType::kFloat, {1 << 20}, f.data());
  auto s = start_streamed_run(Node::make("ReduceSum", "", 13, {}), {&x});
  REQUIRE(s);
  REQUIRE(s->next().count < static_cast<size_t>(x.size()));  // several pieces
  s->feed(f.data(), nullptr);
  CHECK_THROWS_AS(s->finish(), std::logic_error);
}
