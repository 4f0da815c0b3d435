// Softmax, LogSoftmax, Hardmax and LpNormalization fed in pieces (start_streamed_run): pieces
// of whole slices along the axis, each piece's output given back at its input's offsets, the
// assembled output bit-identical to the whole run; slices too large for a piece, and empty
// inputs, are not streamed.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <vector>

#include "core/errors.h"
#include "helpers.h"
#include "plan/pieces.h"
#include "runtime/run_node.h"

using namespace orw;
using namespace orw_test;

namespace {

Tensor random_floats(DataType type, const Shape& dims, std::mt19937& rng) {
  Tensor t(type, dims);
  std::uniform_real_distribution<double> value(-30, 30);
  for (int64_t i = 0; i < t.size(); ++i) store_value(type, t.mutable_raw(), static_cast<size_t>(i), value(rng));
  return t;
}

// Feeds x in the stream's pieces; returns the output assembled from the pieces' outputs.
Tensor stream_pieces(StreamedRun& s, const Tensor& x, size_t* pieces) {
  const auto* src = static_cast<const char*>(x.raw());
  const size_t es = s.element_size();
  Tensor out = Tensor::uninitialized(x.type(), x.dims());
  std::vector<char> in, piece_out;
  size_t fed = 0;
  *pieces = 0;
  for (StreamedRun::Piece p; (p = s.next()).count != 0; ++*pieces) {
    CHECK(p.offset == fed);
    in.assign(src + p.offset * es, src + (p.offset + p.count) * es);
    piece_out.assign(p.count * es, 0);
    s.feed(in.data(), piece_out.data());
    std::memcpy(static_cast<char*>(out.mutable_raw()) + p.offset * es, piece_out.data(), piece_out.size());
    fed += p.count;
  }
  CHECK(fed == static_cast<size_t>(x.size()));
  CHECK(s.finish().empty());
  return out;
}

}  // namespace

TEST_CASE("Normalize/streamed in pieces of whole slices gives the whole run's output, bit for bit", "[normalize]") {
  std::mt19937 rng(13);
  struct Case {
    const char* op;
    int64_t opset;
    Shape dims;
    int64_t axis;
  };
  const std::vector<Case> cases = {
      {"Softmax", 13, {256, 1000}, -1},       {"Softmax", 13, {4, 300, 200}, 1},  {"LogSoftmax", 13, {70000, 3}, 1},
      {"Hardmax", 13, {128, 2500}, 1},        {"LpNormalization", 22, {9, 500, 70}, 1},
      {"Softmax", 11, {30, 40, 100}, 1},  // the 2-D view: slices of 40 x 100
  };
  for (const Case& c : cases) {
    for (DataType type : {DataType::kFloat, DataType::kFloat16, DataType::kDouble}) {
      INFO(c.op << " opset " << c.opset << " axis " << c.axis << " " << type_name(type));
      const Tensor x = random_floats(type, c.dims, rng);
      const Node node = Node::make(c.op, "", c.opset, {Attribute::of_int("axis", c.axis)});
      std::unique_ptr<StreamedRun> s = start_streamed_run(node, {&x});
      REQUIRE(s);
      CHECK(s->output_in_pieces());
      size_t pieces = 0;
      const Tensor streamed = stream_pieces(*s, x, &pieces);
      const Tensor whole = run_node(node, {&x})[0];
      CHECK(std::memcmp(streamed.raw(), whole.raw(), whole.byte_size()) == 0);
      if (x.byte_size() > kPieceBytes) CHECK(pieces > 1);
    }
  }
}

TEST_CASE("Normalize/a slice larger than a piece may be, or an empty input, is not streamed", "[normalize]") {
  const Tensor big(DataType::kFloat, {1000, 1000});  // axis 0: one 4 MB slice
  CHECK_FALSE(start_streamed_run(Node::make("Softmax", "", 13, {Attribute::of_int("axis", 0)}), {&big}));
  const Tensor empty(DataType::kFloat, {0, 5});
  CHECK_FALSE(start_streamed_run(Node::make("Softmax", "", 13, {}), {&empty}));
}
