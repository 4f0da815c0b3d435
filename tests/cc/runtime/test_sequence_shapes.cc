// Sequences and optionals: declared ones read and merged, the sequence and optional ops,
// Identity, If, Loop and SequenceMap carrying them, and the rejection of a sequence or
// optional where an op takes a tensor, with the exact messages.
#include <catch2/catch.hpp>

#include "graph_case.h"

using namespace shape_test;

namespace {

onnx::AttributeProto type_attr(const std::string& name, const std::string& text) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::TYPE_PROTO);
  write_type(a.mutable_tp(), info(text));
  return a;
}

}  // namespace

TEST_CASE("Sequences/the sequence ops: one element info, the union of the tensors put in", "[shape]") {
  GraphCase g(17);
  g.input("a", "float32[N,3]").input("b", "float32[N,3]").input("c", "float32[M,3]").input("p", "int64[]");
  g.ints("two", {2}, true);
  g.node("SequenceConstruct", {"a", "b"}, {"s"}).node("SequenceConstruct", {"a", "c"}, {"s2"});
  g.node("SequenceInsert", {"s", "c", "p"}, {"s3"}).node("SequenceAt", {"s", "p"}, {"e"});
  g.node("SequenceErase", {"s2"}, {"s4"}).node("SequenceLength", {"s"}, {"n"});
  g.node("ConcatFromSequence", {"s"}, {"k"}, {int_attr("axis", 1)});
  g.node("ConcatFromSequence", {"s"}, {"k2"}, {int_attr("axis", -1), int_attr("new_axis", 1)});
  g.node("SplitToSequence", {"a"}, {"sp"}, {int_attr("axis", 1)});
  g.node("SplitToSequence", {"a"}, {"sp2"}, {int_attr("axis", 1), int_attr("keepdims", 0)});
  g.node("SplitToSequence", {"b", "two"}, {"sp3"}, {int_attr("axis", 1)});
  g.node("SequenceEmpty", {}, {"empty"}, {int_attr("dtype", 7)});
  CHECK(g.mismatches({{"s", "seq(float32[N,3])"},
                      {"s2", "seq(float32[?,3])"},
                      {"s3", "seq(float32[?,3])"},
                      {"e", "float32[N,3]"},
                      {"s4", "seq(float32[?,3])"},
                      {"n", "int64[]"},
                      {"k", "float32[N,?]"},
                      {"k2", "float32[N,3,?]"},
                      {"sp", "seq(float32[N,1])"},
                      {"sp2", "seq(float32[N])"},
                      {"sp3", "seq(float32[N,?])"},
                      {"empty", "seq(int64[*])"}}) == "");
}

TEST_CASE("Sequences/optionals: Optional, OptionalHasElement, OptionalGetElement, Identity", "[shape]") {
  GraphCase g(18);
  g.input("a", "float32[N,3]").input("s", "seq(int64[2])");
  g.node("Optional", {"s"}, {"o"}).node("Optional", {"a"}, {"oa"});
  g.node("Optional", {}, {"none"}, {type_attr("type", "seq(float32[2])")});
  g.node("OptionalHasElement", {"o"}, {"h"}).node("OptionalGetElement", {"o"}, {"v"});
  g.node("OptionalGetElement", {"a"}, {"same"}).node("Identity", {"o"}, {"i"});
  CHECK(g.mismatches({{"o", "opt(seq(int64[2]))"},
                      {"oa", "opt(float32[N,3])"},
                      {"none", "opt(seq(float32[2]))"},
                      {"h", "bool[]"},
                      {"v", "seq(int64[2])"},
                      {"same", "float32[N,3]"},
                      {"i", "opt(seq(int64[2]))"}}) == "");
}

TEST_CASE("Sequences/declarations: read, merged, and a tensor declared for a sequence reported", "[shape]") {
  GraphCase g(17);
  g.input("s", "seq(float32[*])").value_info("e", "float32[N]").output("t", "seq(float32[N])");
  g.node("SequenceAt", {"s", "p"}, {"e"}).input("p", "int32[]");
  g.node("SequenceConstruct", {"e"}, {"t"});
  CHECK(g.mismatches({{"s", "seq(float32[*])"}, {"e", "float32[N]"}, {"t", "seq(float32[N])"}}) == "");

  // Sixteen containers deep is the most an info holds; one more is a value nothing is known of.
  std::string deep = "float32[2]";
  for (int i = 0; i < 16; ++i) deep = "seq(" + deep + ")";
  GraphCase nested(17);
  nested.input("d", deep);
  auto* more = nested.m.mutable_graph()->add_input();
  more->set_name("e");
  write_type(more->mutable_type()->mutable_sequence_type()->mutable_elem_type(), info(deep));
  CHECK(nested.mismatches({{"d", deep}, {"e", "?[*]"}}) == "");

  GraphCase bad(17);
  bad.input("a", "float32[2]").output("t", "float32[2]");
  bad.node("SequenceConstruct", {"a"}, {"t"});
  CHECK(bad.only_diagnostic() ==
        "SequenceConstruct (opset 17): output 't' is declared float32[2] but inferred seq(float32[2]): a sequence, "
        "declared a tensor");
}

TEST_CASE("Sequences/a sequence or optional where the op takes a tensor", "[shape]") {
  GraphCase g(18);
  g.input("s", "seq(float32[2])").input("a", "int64[2]").input("p", "float32[]");
  g.node("Relu", {"s"}, {"r"}, {}, "relu");
  CHECK(g.only_diagnostic() == "Relu \"relu\" (opset 18): input 0 'X' is a sequence (seq(float32[2])), but this version "
                               "takes a tensor");
  GraphCase v15(15);
  v15.input("s", "seq(float32[2])");
  v15.node("OptionalHasElement", {"s"}, {"h"});
  CHECK(v15.only_diagnostic() == "OptionalHasElement (opset 15): input 0 'input' is a sequence (seq(float32[2])), but "
                                 "this version takes no sequence");
  GraphCase mixed(17);
  mixed.input("s", "seq(float32[2])").input("a", "int64[2]").input("p", "float32[]");
  mixed.node("SequenceInsert", {"s", "a"}, {"t"});
  CHECK(mixed.only_diagnostic() == "SequenceInsert (opset 17): input 1 'tensor' has element type int64, but the "
                                   "sequence's elements are float32");
  GraphCase position(17);
  position.input("s", "seq(float32[2])").input("p", "float32[]");
  position.node("SequenceAt", {"s", "p"}, {"e"});
  CHECK(position.only_diagnostic() == "SequenceAt (opset 17): input 1 'position' has element type float32, which this "
                                      "version does not accept (allowed: int32, int64)");
  GraphCase not_seq(17);
  not_seq.input("a", "float32[2]");
  not_seq.node("SequenceLength", {"a"}, {"n"});
  CHECK(not_seq.only_diagnostic() == "SequenceLength (opset 17): input 0 'input_sequence' is float32[2], not a sequence");
  GraphCase no_type(15);
  no_type.node("Optional", {}, {"o"});
  CHECK(no_type.only_diagnostic() ==
        "Optional (opset 15): attribute 'type' is required when input 0 is omitted (an empty optional)");
}

TEST_CASE("Sequences/If, Loop and SequenceMap carry them", "[shape]") {
  GraphCase g(17);
  g.input("c", "bool[]").input("x", "float32[N,4]").input("y", "float32[M,4]").input("n", "int64[]");
  Subgraph then_branch, else_branch;
  then_branch.node("SequenceConstruct", {"x"}, {"a"}).output("a");
  else_branch.node("SequenceConstruct", {"y"}, {"b"}).output("b");
  g.node("If", {"c"}, {"r"}, {then_branch.as("then_branch"), else_branch.as("else_branch")});
  Subgraph body;
  body.input("i", "int64[]").input("cond", "bool[]").input("acc", "?[*]");
  body.node("SequenceInsert", {"acc", "x"}, {"acc2"}).node("Identity", {"cond"}, {"cond2"});
  body.output("cond2").output("acc2");
  g.node("SequenceEmpty", {}, {"empty"});
  g.node("Loop", {"n", "", "empty"}, {"l"}, {body.as("body")});
  Subgraph map_body;
  map_body.input("e", "?[*]").input("t", "?[*]").node("Add", {"e", "t"}, {"sum"}).output("sum");
  g.node("SequenceMap", {"r", "x"}, {"m"}, {map_body.as("body")});
  CHECK(g.mismatches({{"r", "seq(float32[?,4])"}, {"l", "seq(float32[*])"}, {"m", "seq(float32[?,4])"}}) == "");

  GraphCase mixed(17);
  mixed.input("c", "bool[]").input("x", "float32[2]");
  Subgraph t, e;
  t.node("SequenceConstruct", {"x"}, {"a"}).output("a");
  e.node("Identity", {"x"}, {"b"}).output("b");
  mixed.node("If", {"c"}, {"r"}, {t.as("then_branch"), e.as("else_branch")});
  CHECK(mixed.only_diagnostic() ==
        "If (opset 17): output 0 is seq(float32[2]) or float32[2]: their kinds differ");
}
