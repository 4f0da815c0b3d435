// Names from untrusted bytes (op types, node, value, attribute and tensor names) appear in
// error messages escaped and cut (core/names.h), so a message is never empty or unreadable.
#include <catch2/catch.hpp>

#include <string>

#include "core/errors.h"
#include "core/names.h"
#include "model_builders.h"
#include "onnx/model.h"
#include "onnx/node.h"
#include "onnx/tensor_proto.h"
#include "orw_proto/onnx.pb.h"
#include "thrown.h"

using namespace orw;
using namespace std::string_literals;

namespace {

// A one-node model: data -> op_type -> reduced (opset 18).
std::string one_node_model(const std::string& op_type, const std::string& node_name = "") {
  onnx::ModelProto m = model_test::model_importing(18);
  auto* g = m.mutable_graph();
  model_test::add_node(g, op_type, {"data"}, {"reduced"})->set_name(node_name);
  model_test::add_tensor_input(g, "data", 1);
  g->add_output()->set_name("reduced");
  return m.SerializeAsString();
}

}  // namespace

TEST_CASE("printable/keeps plain ASCII and UTF-8 names as they are", "[names]") {
  CHECK(printable("ReduceSum") == "ReduceSum");
  CHECK(printable("donn\xc3\xa9" "es") == "donn\xc3\xa9" "es");
}

TEST_CASE("printable/escapes NUL, control bytes, DEL, quotes and backslashes", "[names]") {
  CHECK(printable("\0educe"s) == "\\x00educe");
  CHECK(printable("a\nb\tc\x01\x7f") == "a\\nb\\tc\\x01\\x7f");
  CHECK(printable("it's \"x\" \\") == "it\\'s \\\"x\\\" \\\\");
}

TEST_CASE("printable/escapes bytes that are not valid UTF-8", "[names]") {
  CHECK(printable("a\xff" "b") == "a\\xffb");
  CHECK(printable("\xc3") == "\\xc3");  // a sequence cut short
}

TEST_CASE("printable/cuts long names at a character boundary and gives their length", "[names]") {
  const std::string long_name(1000, 'x');
  CHECK(printable(long_name) == std::string(kMaxPrintedName, 'x') + "...(1000 bytes)");
  // 63 ASCII bytes then a 2-byte character straddling the cut: the character is kept whole.
  const std::string straddling = std::string(kMaxPrintedName - 1, 'y') + "\xc3\xa9" + "zzz";
  CHECK(printable(straddling) == std::string(kMaxPrintedName - 1, 'y') + "\xc3\xa9" + "...(" +
                                     std::to_string(straddling.size()) + " bytes)");
}

TEST_CASE("Model/an op_type starting with NUL gives a message with the escaped name", "[names]") {
  const std::string bytes = one_node_model("\0educeLogSumExp"s);
  const std::string message = message_of([&] { Model::parse(bytes.data(), bytes.size()); });
  CHECK(message.find("'\\x00educeLogSumExp' is not supported") != std::string::npos);
  CHECK_THROWS_AS(Model::parse(bytes.data(), bytes.size()), UnsupportedError);
}

TEST_CASE("Node/a node name with control bytes appears escaped", "[names]") {
  const std::string message = message_of([] {
    Node::make("ReduceSum", "", 13, {Attribute::of_int("keepdims", 7)}, {}, {}, "n\x01\n");
  });
  CHECK(message.find("ReduceSum \"n\\x01\\n\" (opset 13): attribute 'keepdims' must be 0 or 1") == 0);
}

TEST_CASE("Node/a huge attribute name is cut in the message", "[names]") {
  const std::string name(100000, 'a');
  const std::string message = message_of([&] { Node::make("ReduceSum", "", 13, {Attribute::of_int(name, 1)}); });
  CHECK(message.find("unknown attribute '" + std::string(kMaxPrintedName, 'a') + "...(100000 bytes)'") != std::string::npos);
  CHECK(message.size() < 400);
}

TEST_CASE("TensorProto/a name that is not UTF-8 appears escaped", "[names]") {
  onnx::TensorProto t;
  t.set_name("t\xfe");
  t.set_data_type(44);
  const std::string bytes = t.SerializeAsString();
  CHECK(message_of([&] { tensor_from_bytes(bytes.data(), bytes.size()); }) ==
        "tensor 't\\xfe': element type type 44 is not supported");
}

TEST_CASE("Node/a Cast 'to' name with control bytes appears escaped", "[names]") {
  const std::string message = message_of([] { Node::make("Cast", "", 1, {Attribute::of_string("to", "FL\x01OAT")}); });
  CHECK(message.find("attribute 'to' is \"FL\\x01OAT\", which is not a TensorProto.DataType name") != std::string::npos);
}

TEST_CASE("Node/a Cast 'round_mode' with control bytes appears escaped", "[names]") {
  const std::string message = message_of([] {
    Node::make("Cast", "", 25, {Attribute::of_int("to", 1), Attribute::of_string("round_mode", "up\n")});
  });
  CHECK(message.find("attribute 'round_mode' must be \"up\", \"down\" or \"nearest\", got \"up\\n\"") != std::string::npos);
}

TEST_CASE("NodeProto/a tensor attribute whose value does not decode names the attribute escaped", "[names]") {
  onnx::NodeProto p;
  p.set_op_type("Reduce\x02Sum");
  p.add_input("x");
  p.add_output("y");
  auto* a = p.add_attribute();
  a->set_name("no\roop");
  a->set_type(onnx::AttributeProto::TENSOR);
  a->mutable_t()->set_data_type(44);
  const std::string bytes = p.SerializeAsString();
  const std::string message = message_of([&] { Node::parse(bytes.data(), bytes.size(), 18); });
  CHECK(message == "Reduce\\x02Sum: attribute 'no\\x0doop': element type type 44 is not supported");
}

TEST_CASE("printable/escapes C1 controls and bidirectional controls byte by byte", "[names]") {
  CHECK(printable("a\xc2\x9b" "2J") == "a\\xc2\\x9b2J");            // U+009B, CSI on some terminals
  CHECK(printable("x\xe2\x80\xaey") == "x\\xe2\\x80\\xaey");       // U+202E, right-to-left override
  CHECK(printable("\xc2\xa0\xe2\x80\x94") == "\xc2\xa0\xe2\x80\x94");  // no-break space, em dash: kept
}
