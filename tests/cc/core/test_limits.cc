// Limits that hold on untrusted input, each with a clear error: graph size, tensor sizes
// against int64 and the bytes present, allocation failure, subgraphs, deep nesting.
#include <catch2/catch.hpp>

#include <string>

#include "core/errors.h"
#include "model_builders.h"
#include "onnx/model.h"
#include "onnx/node.h"
#include "onnx/tensor_proto.h"
#include "runtime/run_node.h"
#include "orw_proto/onnx.pb.h"
#include "runtime/model_shapes.h"

using namespace orw;
using Catch::Matchers::Contains;

namespace {

// A model of `nodes` chained ReduceSum nodes (opset 13): x -> v1 -> ... -> v<nodes>.
onnx::ModelProto chain_model(int nodes) {
  onnx::ModelProto m = model_test::model_importing(13);
  auto* g = m.mutable_graph();
  model_test::add_tensor_input(g, "v0", 1);
  for (int i = 0; i < nodes; ++i) {
    model_test::add_node(g, "ReduceSum", {"v" + std::to_string(i)}, {"v" + std::to_string(i + 1)});
  }
  g->add_output()->set_name("v" + std::to_string(nodes));
  return m;
}

std::string bytes_of(const google::protobuf::MessageLite& m) { return m.SerializeAsString(); }

}  // namespace

TEST_CASE("Limits/a graph with more nodes than the limit is rejected", "[limits]") {
  const std::string ok = bytes_of(chain_model(static_cast<int>(kMaxGraphNodes)));
  CHECK(Model::parse(ok.data(), ok.size()).nodes().size() == static_cast<size_t>(kMaxGraphNodes));
  const std::string big = bytes_of(chain_model(static_cast<int>(kMaxGraphNodes) + 1));
  const std::string expected = "model: the graph has " + std::to_string(kMaxGraphNodes + 1) +
                               " nodes, more than the limit of " + std::to_string(kMaxGraphNodes);
  CHECK_THROWS_WITH(Model::parse(big.data(), big.size()), expected);
  CHECK_THROWS_WITH(infer_model_shapes(big.data(), big.size()), expected);
}

TEST_CASE("Limits/a graph naming more values than the limit is rejected", "[limits]") {
  onnx::ModelProto m = chain_model(1);
  for (int64_t i = 0; i < kMaxGraphValues; ++i) m.mutable_graph()->add_value_info()->set_name("extra");
  const std::string bytes = bytes_of(m);
  CHECK_THROWS_AS(Model::parse(bytes.data(), bytes.size()), std::invalid_argument);
  CHECK_THROWS_WITH(infer_model_shapes(bytes.data(), bytes.size()),
                    Contains("values (inputs, outputs, initializers, value_info, node inputs and outputs), more than the limit of " +
                             std::to_string(kMaxGraphValues)));
}

TEST_CASE("Limits/a tensor whose dims' product overflows int64 is a SizeError", "[limits]") {
  onnx::TensorProto t;
  t.set_name("big");
  t.set_data_type(onnx::TensorProto::FLOAT);
  for (int i = 0; i < 3; ++i) t.add_dims(int64_t{1} << 30);
  const std::string bytes = bytes_of(t);
  CHECK_THROWS_AS(tensor_from_bytes(bytes.data(), bytes.size()), SizeError);
  CHECK_THROWS_WITH(tensor_from_bytes(bytes.data(), bytes.size()), Contains("tensor 'big'") && Contains("overflows int64"));
}

TEST_CASE("Limits/a tensor larger than its raw_data is rejected before allocating", "[limits]") {
  onnx::TensorProto t;
  t.set_data_type(onnx::TensorProto::FLOAT);
  t.add_dims(int64_t{1} << 28);  // 1 GiB of floats
  t.set_raw_data(std::string(4, '\0'));
  const std::string bytes = bytes_of(t);
  CHECK_THROWS_WITH(tensor_from_bytes(bytes.data(), bytes.size()),
                    "tensor: raw_data has 4 bytes but float32[268435456] needs 1073741824");
}

TEST_CASE("Limits/a tensor with fewer typed values than its dims need is rejected before allocating", "[limits]") {
  onnx::TensorProto t;
  t.set_data_type(onnx::TensorProto::INT64);
  t.add_dims(int64_t{1} << 40);
  t.add_int64_data(1);
  const std::string bytes = bytes_of(t);
  CHECK_THROWS_WITH(tensor_from_bytes(bytes.data(), bytes.size()),
                    Contains("int64_data has 1 values but dims [1099511627776] need 1099511627776") ||
                        Contains("exceed the addressable memory"));  // wasm32: the size check comes first
}

TEST_CASE("Limits/a node attribute holding a subgraph is rejected", "[limits]") {
  onnx::NodeProto n;
  n.set_op_type("ReduceSum");
  n.add_input("x");
  n.add_output("y");
  auto* a = n.add_attribute();
  a->set_name("body");
  a->mutable_g();  // present, even if empty (the trimmed schema has no GraphProto.name)
  const std::string bytes = bytes_of(n);
  CHECK_THROWS_AS(Node::parse(bytes.data(), bytes.size(), 13), UnsupportedError);
  CHECK_THROWS_WITH(Node::parse(bytes.data(), bytes.size(), 13),
                    "ReduceSum: attribute 'body' holds a subgraph; nested graphs are not supported");
}

TEST_CASE("Limits/protobuf nesting deeper than 100 levels is a ParseError", "[limits]") {
  onnx::ModelProto m = chain_model(1);
  onnx::GraphProto* g = m.mutable_graph();
  for (int depth = 0; depth < 60; ++depth) {  // graph -> node -> attribute -> graph: 3 levels each
    auto* a = g->mutable_node(0)->add_attribute();
    a->set_name("body");
    g = a->mutable_g();
    auto* n = g->add_node();
    n->set_op_type("Identity");
  }
  const std::string bytes = bytes_of(m);
  CHECK_THROWS_AS(Model::parse(bytes.data(), bytes.size()), ParseError);
  CHECK_THROWS_WITH(infer_model_shapes(bytes.data(), bytes.size()), Contains("nested more than 100 messages deep"));
}

#if !defined(__SANITIZE_ADDRESS__)  // ASan aborts on huge allocations instead of failing them
TEST_CASE("Limits/an output larger than memory can hold names the op and the bytes", "[limits]") {
  // Empty input, huge output: ReduceSum over the 0-size axis keeps the other one.
  const int64_t n = sizeof(void*) == 4 ? int64_t{536870000} : int64_t{1} << 42;  // < PTRDIFF_MAX bytes
  const Tensor x = Tensor::view(DataType::kFloat, {0, n}, nullptr);
  const Node node = Node::make("ReduceSum", "", 11, {Attribute::of_ints("axes", {0})});
  CHECK_THROWS_AS(run_node(node, {&x}), AllocationError);
  CHECK_THROWS_WITH(run_node(node, {&x}), "ReduceSum (opset 11): cannot allocate " + std::to_string(n * 4) +
                                             " bytes for a tensor of shape [1," + std::to_string(n) + "] (out of memory)");
  // The next run works.
  const Tensor y = Tensor::view(DataType::kFloat, {0, 2}, nullptr);
  CHECK(run_node(node, {&y})[0].dims() == Shape{1, 2});
}
#endif
