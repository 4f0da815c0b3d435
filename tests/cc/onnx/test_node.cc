// Nodes (onnx/node.h): decoding NodeProto bytes, serialize/parse round trips, opset
// resolution against the registry, and validation of attributes and input/output counts.
#include <catch2/catch.hpp>

#include <algorithm>

#include "helpers.h"

using namespace orw;
using Catch::Contains;

namespace {

// A minimal protobuf writer for hand-made NodeProto bytes (cases Node::make cannot produce).
struct Proto {
  std::string bytes;
  void varint(uint64_t v) {
    while (v >= 0x80) { bytes += static_cast<char>((v & 0x7F) | 0x80); v >>= 7; }
    bytes += static_cast<char>(v);
  }
  void key(int field, int wire) { varint(static_cast<uint64_t>(field) << 3 | static_cast<uint64_t>(wire)); }
  Proto& str(int field, const std::string& s) { key(field, 2); varint(s.size()); bytes += s; return *this; }
  Proto& num(int field, int64_t v) { key(field, 0); varint(static_cast<uint64_t>(v)); return *this; }
  Proto& msg(int field, const Proto& m) { return str(field, m.bytes); }
};
// onnx.NodeProto fields
constexpr int kInput = 1, kOutput = 2, kName = 3, kOpType = 4, kAttribute = 5, kDomain = 7;
// onnx.AttributeProto fields
constexpr int kAttrName = 1, kAttrI = 3, kAttrInts = 8, kAttrType = 20, kAttrRefName = 21;

Node parse_bytes(const std::string& b, int64_t opset) { return Node::parse(b.data(), b.size(), opset); }

Node reduce_prod(int64_t opset, std::vector<Attribute> attrs = {}) {
  return Node::make("ReduceProd", "", opset, std::move(attrs));
}

}  // namespace

TEST_CASE("Node/serialize then parse gives an equal node") {
  const Node a = Node::make("ReduceProd", "", 13,
                            {Attribute::of_ints("axes", {2, -1, 0}), Attribute::of_int("keepdims", 0)}, {"X"},
                            {"Y"}, "r1");
  const std::string bytes = a.serialize();
  const Node b = Node::parse(bytes.data(), bytes.size(), 13);
  CHECK(b.op_type() == "ReduceProd");
  CHECK(b.domain() == "");
  CHECK(b.name() == "r1");
  CHECK(b.opset() == 13);
  CHECK(b.since_version() == 13);
  CHECK(b.inputs() == std::vector<std::string>{"X"});
  CHECK(b.outputs() == std::vector<std::string>{"Y"});
  REQUIRE(b.attributes().size() == 2);
  CHECK(b.attributes()[0].name == "axes");
  CHECK(b.attributes()[0].type == AttrType::kInts);
  CHECK(b.attributes()[0].ints == std::vector<int64_t>{2, -1, 0});
  CHECK(b.attributes()[1].name == "keepdims");
  CHECK(b.attributes()[1].type == AttrType::kInt);
  CHECK(b.attributes()[1].i == 0);
  CHECK(b.serialize() == bytes);
}

TEST_CASE("Node/round trip keeps the domain, optional inputs and attributes of CumProd") {
  const Node a = Node::make("CumProd", "ai.onnx", 26,
                            {Attribute::of_int("exclusive", 1), Attribute::of_int("reverse", 1)}, {"x", "ax"}, {"y"});
  const std::string bytes = a.serialize();
  const Node b = parse_bytes(bytes, 26);
  CHECK(b.domain() == "ai.onnx");
  CHECK(b.inputs() == std::vector<std::string>{"x", "ax"});
  CHECK(b.int_attribute("exclusive", 0) == 1);
  CHECK(b.int_attribute("reverse", 0) == 1);
  CHECK(b.serialize() == bytes);

  const Node r18 = Node::make("ReduceProd", "", 18, {Attribute::of_int("noop_with_empty_axes", 1)}, {"d", ""});
  const Node r18b = parse_bytes(r18.serialize(), 18);
  CHECK(r18b.inputs() == std::vector<std::string>{"d", ""});  // an omitted optional input keeps its slot
  CHECK(r18b.int_attribute("noop_with_empty_axes", 0) == 1);
}

TEST_CASE("Node/bytes that are not a NodeProto are a ParseError") {
  const std::string garbage = "\xff\xff\xff";
  CHECK_THROWS_AS(parse_bytes(garbage, 13), ParseError);
  CHECK_THROWS_WITH(parse_bytes(garbage, 13), Contains("NodeProto") && Contains("3 bytes"));

  // A valid node cut short in the middle of its last field.
  const std::string full = reduce_prod(13, {Attribute::of_ints("axes", {1, 2, 3})}).serialize();
  const std::string cut = full.substr(0, full.size() - 1);
  CHECK_THROWS_AS(parse_bytes(cut, 13), ParseError);

  // A length prefix pointing past the end.
  Proto p;
  p.key(kOpType, 2);
  p.varint(100);
  p.bytes += "ReduceProd";
  CHECK_THROWS_AS(parse_bytes(p.bytes, 13), ParseError);
}

TEST_CASE("Node/a NodeProto without op_type is rejected") {
  CHECK_THROWS_AS(parse_bytes(std::string(), 13), std::invalid_argument);
  CHECK_THROWS_WITH(parse_bytes(std::string(), 13), Contains("op_type"));
}

TEST_CASE("Node/hand-encoded bytes parse, including attributes without a type field") {
  // Old producers leave AttributeProto.type unset; the type comes from the field that is set.
  Proto keepdims;
  keepdims.str(kAttrName, "keepdims").num(kAttrI, 0);
  Proto axes;
  axes.str(kAttrName, "axes").num(kAttrInts, 1).num(kAttrInts, -1);
  Proto node;
  node.str(kInput, "X").str(kOutput, "Y").str(kName, "n").str(kOpType, "ReduceProd").msg(kAttribute, keepdims).msg(kAttribute, axes);
  const Node n = parse_bytes(node.bytes, 11);
  CHECK(n.since_version() == 11);
  CHECK(n.name() == "n");
  REQUIRE(n.find_attribute("keepdims") != nullptr);
  CHECK(n.find_attribute("keepdims")->type == AttrType::kInt);
  CHECK(n.int_attribute("keepdims", 1) == 0);
  REQUIRE(n.find_attribute("axes") != nullptr);
  CHECK(n.find_attribute("axes")->type == AttrType::kInts);
  CHECK(n.find_attribute("axes")->ints == std::vector<int64_t>{1, -1});
}

TEST_CASE("Node/a parsed NodeProto must list its inputs") {
  Proto node;
  node.str(kOutput, "Y").str(kOpType, "ReduceProd");
  CHECK_THROWS_AS(parse_bytes(node.bytes, 13), std::invalid_argument);
  CHECK_THROWS_WITH(parse_bytes(node.bytes, 13), Contains("ReduceProd") && Contains("no inputs"));
}

TEST_CASE("Node/an attribute referring to a function attribute is unsupported") {
  Proto attr;
  attr.str(kAttrName, "keepdims").num(kAttrType, 2).str(kAttrRefName, "kd");
  Proto node;
  node.str(kInput, "X").str(kOutput, "Y").str(kOpType, "ReduceProd").msg(kAttribute, attr);
  CHECK_THROWS_AS(parse_bytes(node.bytes, 13), UnsupportedError);
  CHECK_THROWS_WITH(parse_bytes(node.bytes, 13), Contains("ReduceProd") && Contains("keepdims") && Contains("kd"));
}

TEST_CASE("Node/ReduceProd resolves to the newest version at or below the opset") {
  for (int64_t opset = 1; opset <= 26; ++opset) {
    const int expected = opset >= 18 ? 18 : opset >= 13 ? 13 : opset >= 11 ? 11 : 1;
    INFO("opset " << opset);
    const Node n = reduce_prod(opset);
    CHECK(n.since_version() == expected);
    CHECK(n.opset() == opset);
    CHECK(n.schema().since_version == expected);
    // Parsing resolves the same way.
    CHECK(parse_bytes(n.serialize(), opset).since_version() == expected);
  }
}

TEST_CASE("Node/CumProd exists from opset 26 only") {
  const Node n = Node::make("CumProd", "", 26, {});
  CHECK(n.since_version() == 26);
  CHECK(n.inputs().size() == 2);  // default names for x and axis
  CHECK_THROWS_AS(Node::make("CumProd", "", 25, {}), UnsupportedError);
  CHECK_THROWS_WITH(Node::make("CumProd", "", 25, {}), Contains("CumProd") && Contains("25") && Contains("26"));
  CHECK_THROWS_AS(parse_bytes(n.serialize(), 25), UnsupportedError);
}

TEST_CASE("Node/opsets outside 1..26 are unsupported") {
  CHECK_THROWS_AS(reduce_prod(27), UnsupportedError);
  CHECK_THROWS_WITH(reduce_prod(27), Contains("ReduceProd") && Contains("opset 27"));
  CHECK_THROWS_AS(reduce_prod(0), UnsupportedError);
  CHECK_THROWS_WITH(reduce_prod(0), Contains("ReduceProd") && Contains("opset 0"));
  CHECK_THROWS_AS(reduce_prod(-1), UnsupportedError);
  CHECK_THROWS_AS(Node::make("CumProd", "", 27, {}), UnsupportedError);
  CHECK_THROWS_AS(parse_bytes(reduce_prod(18).serialize(), 27), UnsupportedError);
}

TEST_CASE("Node/an unknown operator is unsupported and named") {
  CHECK_THROWS_AS(Node::make("ReduceFoo", "", 13, {}), UnsupportedError);
  CHECK_THROWS_WITH(Node::make("ReduceFoo", "", 13, {}), Contains("ReduceFoo") && Contains("not supported"));
  CHECK_THROWS_AS(Node::make("reduceprod", "", 13, {}), UnsupportedError);  // op types are case sensitive
}

TEST_CASE("Node/the unknown-operator error lists every supported operator") {
  std::string message;
  try {
    Node::make("ReduceFoo", "", 13, {});
  } catch (const UnsupportedError& e) {
    message = e.what();
  }
  const std::string prefix = "(supported: ";
  const size_t begin = message.find(prefix);
  REQUIRE(begin != std::string::npos);
  const size_t end = message.find(')', begin);
  REQUIRE(end != std::string::npos);
  // Split "A, B, C" into names.
  std::vector<std::string> listed;
  const std::string list = message.substr(begin + prefix.size(), end - begin - prefix.size());
  for (size_t pos = 0; pos <= list.size();) {
    const size_t comma = std::min(list.find(", ", pos), list.size());
    listed.push_back(list.substr(pos, comma - pos));
    pos = comma + 2;
  }
  std::vector<std::string> expected;
  for (const OpSchema& s : all_ops()) {
    if (std::find(expected.begin(), expected.end(), s.op_type) == expected.end()) expected.push_back(s.op_type);
  }
  CHECK(std::find(expected.begin(), expected.end(), "ReduceProd") != expected.end());
  CHECK(std::find(expected.begin(), expected.end(), "CumProd") != expected.end());
  std::sort(listed.begin(), listed.end());
  std::sort(expected.begin(), expected.end());
  CHECK(listed == expected);
}

TEST_CASE("Node/an unknown domain is unsupported and named") {
  CHECK_THROWS_AS(Node::make("ReduceProd", "com.foo", 13, {}), UnsupportedError);
  CHECK_THROWS_WITH(Node::make("ReduceProd", "com.foo", 13, {}), Contains("com.foo"));
  CHECK_THROWS_AS(Node::make("ReduceProd", "ai.onnx.ml", 13, {}), UnsupportedError);
  Proto node;
  node.str(kInput, "X").str(kOutput, "Y").str(kOpType, "ReduceProd").str(kDomain, "com.foo");
  CHECK_THROWS_AS(parse_bytes(node.bytes, 13), UnsupportedError);
}

TEST_CASE("Node/domain ai.onnx is the default domain") {
  for (int64_t opset : {1, 11, 13, 18, 26}) {
    INFO("opset " << opset);
    const Node a = Node::make("ReduceProd", "ai.onnx", opset, {});
    const Node b = Node::make("ReduceProd", "", opset, {});
    CHECK(&a.schema() == &b.schema());
    CHECK(a.domain() == "ai.onnx");
    CHECK(b.domain() == "");
  }
  CHECK(canonical_domain("") == "ai.onnx");
  CHECK(canonical_domain("ai.onnx") == "ai.onnx");
}

TEST_CASE("Node/an unknown attribute is an error naming it") {
  CHECK_THROWS_AS(reduce_prod(13, {Attribute::of_int("alpha", 1)}), std::invalid_argument);
  CHECK_THROWS_WITH(reduce_prod(13, {Attribute::of_int("alpha", 1)}), Contains("ReduceProd") && Contains("'alpha'"));
  // noop_with_empty_axes only exists from version 18.
  CHECK_THROWS_WITH(reduce_prod(13, {Attribute::of_int("noop_with_empty_axes", 1)}),
                    Contains("noop_with_empty_axes"));
  CHECK_NOTHROW(reduce_prod(18, {Attribute::of_int("noop_with_empty_axes", 1)}));
  // CumProd's axis is an input, not an attribute.
  CHECK_THROWS_WITH(Node::make("CumProd", "", 26, {Attribute::of_int("axis", 0)}), Contains("CumProd") && Contains("'axis'"));
}

TEST_CASE("Node/an axes attribute from opset 18 on is an error pointing to the axes input") {
  CHECK_NOTHROW(reduce_prod(17, {Attribute::of_ints("axes", {0})}));
  CHECK_THROWS_AS(reduce_prod(18, {Attribute::of_ints("axes", {0})}), std::invalid_argument);
  CHECK_THROWS_WITH(reduce_prod(18, {Attribute::of_ints("axes", {0})}),
                    Contains("ReduceProd") && Contains("axes") && Contains("second input"));
}

TEST_CASE("Node/an attribute of the wrong type is a TypeError") {
  CHECK_THROWS_AS(reduce_prod(13, {Attribute::of_float("keepdims", 1.0f)}), TypeError);
  CHECK_THROWS_WITH(reduce_prod(13, {Attribute::of_float("keepdims", 1.0f)}),
                    Contains("keepdims") && Contains("int") && Contains("float"));
  CHECK_THROWS_AS(reduce_prod(13, {Attribute::of_int("axes", 1)}), TypeError);
  CHECK_THROWS_WITH(reduce_prod(13, {Attribute::of_int("axes", 1)}), Contains("axes") && Contains("ints"));
  CHECK_THROWS_AS(reduce_prod(18, {Attribute::of_ints("keepdims", {1})}), TypeError);
  CHECK_THROWS_AS(Node::make("CumProd", "", 26, {Attribute::of_string("reverse", "yes")}), TypeError);
}

TEST_CASE("Node/boolean attributes must be 0 or 1") {
  CHECK_THROWS_AS(reduce_prod(13, {Attribute::of_int("keepdims", 2)}), std::invalid_argument);
  CHECK_THROWS_WITH(reduce_prod(13, {Attribute::of_int("keepdims", 2)}), Contains("keepdims") && Contains("0 or 1") && Contains("2"));
  CHECK_THROWS_AS(reduce_prod(18, {Attribute::of_int("noop_with_empty_axes", -1)}), std::invalid_argument);
  CHECK_THROWS_AS(Node::make("CumProd", "", 26, {Attribute::of_int("exclusive", 3)}), std::invalid_argument);
  CHECK_THROWS_WITH(Node::make("CumProd", "", 26, {Attribute::of_int("reverse", 5)}), Contains("reverse"));
  CHECK_NOTHROW(reduce_prod(1, {Attribute::of_int("keepdims", 0)}));
  CHECK_NOTHROW(reduce_prod(1, {Attribute::of_int("keepdims", 1)}));
}

TEST_CASE("Node/negative axes attribute values are accepted at every version") {
  CHECK_NOTHROW(reduce_prod(1, {Attribute::of_ints("axes", {0, -1})}));
  CHECK_NOTHROW(reduce_prod(10, {Attribute::of_ints("axes", {-2})}));
  CHECK_NOTHROW(reduce_prod(1, {Attribute::of_ints("axes", {0, 1})}));
  CHECK_NOTHROW(reduce_prod(11, {Attribute::of_ints("axes", {0, -1})}));
  CHECK_NOTHROW(reduce_prod(13, {Attribute::of_ints("axes", {-3})}));
}

TEST_CASE("Node/an attribute given twice is an error") {
  CHECK_THROWS_AS(reduce_prod(13, {Attribute::of_int("keepdims", 1), Attribute::of_int("keepdims", 0)}),
                  std::invalid_argument);
  CHECK_THROWS_WITH(reduce_prod(13, {Attribute::of_int("keepdims", 1), Attribute::of_int("keepdims", 1)}),
                    Contains("keepdims") && Contains("twice"));
}

TEST_CASE("Node/a node must have exactly one output") {
  CHECK_THROWS_AS(Node::make("ReduceProd", "", 13, {}, {"x"}, {"a", "b"}), std::invalid_argument);
  CHECK_THROWS_WITH(Node::make("ReduceProd", "", 13, {}, {"x"}, {"a", "b"}), Contains("ReduceProd") && Contains("2 outputs"));
  Proto node;
  node.str(kInput, "X").str(kOpType, "ReduceProd");  // no output
  CHECK_THROWS_WITH(parse_bytes(node.bytes, 13), Contains("0 outputs"));
  CHECK(Node::make("ReduceProd", "", 13, {}).outputs().size() == 1);  // default output name
}

TEST_CASE("Node/the number of inputs must fit the version") {
  CHECK_THROWS_AS(Node::make("ReduceProd", "", 13, {}, {"x", "axes"}), std::invalid_argument);
  CHECK_THROWS_WITH(Node::make("ReduceProd", "", 13, {}, {"x", "axes"}), Contains("2 inputs") && Contains("expected 1"));
  CHECK_NOTHROW(Node::make("ReduceProd", "", 18, {}, {"x", "axes"}));
  CHECK_NOTHROW(Node::make("ReduceProd", "", 18, {}, {"x"}));
  CHECK_THROWS_WITH(Node::make("ReduceProd", "", 18, {}, {"x", "axes", "z"}), Contains("expected 1 to 2"));
  CHECK_THROWS_AS(Node::make("CumProd", "", 26, {}, {"x"}), std::invalid_argument);
  CHECK_THROWS_WITH(Node::make("CumProd", "", 26, {}, {"x"}), Contains("CumProd") && Contains("expected 2"));
}

TEST_CASE("Node/a required input with an empty name is an error") {
  CHECK_THROWS_AS(Node::make("ReduceProd", "", 18, {}, {"", "axes"}), std::invalid_argument);
  CHECK_THROWS_WITH(Node::make("ReduceProd", "", 18, {}, {"", "axes"}), Contains("'data'"));
  CHECK_THROWS_WITH(Node::make("CumProd", "", 26, {}, {"x", ""}), Contains("'axis'"));
}

TEST_CASE("Node/errors name the node as op, name and opset") {
  const Node n = Node::make("ReduceProd", "", 18, {}, {}, {}, "r1");
  CHECK(n.where() == "ReduceProd \"r1\" (opset 18)");
  CHECK(Node::make("ReduceProd", "", 13, {}).where() == "ReduceProd (opset 13)");
  CHECK_THROWS_WITH(Node::make("ReduceProd", "", 13, {Attribute::of_int("keepdims", 7)}, {}, {}, "myname"),
                    Contains("ReduceProd \"myname\" (opset 13)"));
}

TEST_CASE("Node/attribute lookup and int fallbacks") {
  const Node n = reduce_prod(13, {Attribute::of_int("keepdims", 0)});
  CHECK(n.int_attribute("keepdims", 1) == 0);
  CHECK(n.find_attribute("axes") == nullptr);
  CHECK(reduce_prod(13).int_attribute("keepdims", 1) == 1);
  CHECK(reduce_prod(13).int_attribute("keepdims", 42) == 42);
}
