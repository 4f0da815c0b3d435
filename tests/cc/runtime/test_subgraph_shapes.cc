// If, Loop and Scan inferred through their subgraphs (runtime/subgraph_shapes.h): the union of
// If's branches, Loop's carried values and scan outputs, Scan's axes, outer values seen inside,
// and the errors, with their exact messages.
#include <catch2/catch.hpp>

#include "core/errors.h"
#include "graph_case.h"

using namespace shape_test;

TEST_CASE("Subgraphs/If: the union of the branches, outer values visible inside", "[shape]") {
  GraphCase g(16);
  g.input("c", "bool[]").input("x", "float32[N,4]").input("y", "float32[N,8]");
  Subgraph then_branch, else_branch;
  then_branch.node("Relu", {"x"}, {"a"}).node("MatMul", {"x", "x4"}, {"b"}).output("a").output("b");
  else_branch.node("Sigmoid", {"x"}, {"a2"}).node("Identity", {"y"}, {"b2"}).output("a2").output("b2");
  g.input("x4", "float32[4,8]");
  g.node("If", {"c"}, {"same", "differs"}, {then_branch.as("then_branch"), else_branch.as("else_branch")});
  CHECK(g.at("same") == "float32[N,4]");
  CHECK(g.at("differs") == "float32[N,8]");
  CHECK(g.report().diagnostics.empty());

  GraphCase mixed(16);
  mixed.input("c", "bool[]").input("x", "float32[2,4]").input("z", "float32[3,4]").input("i", "int64[2]");
  Subgraph t, e, bad;
  t.node("Identity", {"x"}, {"o"}).output("o");
  e.node("Identity", {"z"}, {"o2"}).output("o2");
  bad.node("Identity", {"i"}, {"o3"}).output("o3");
  mixed.node("If", {"c"}, {"r"}, {t.as("then_branch"), e.as("else_branch")});
  mixed.node("If", {"c"}, {"wrong"}, {t.as("then_branch"), bad.as("else_branch")}, "if2");
  CHECK(mixed.at("r") == "float32[?,4]");
  CHECK(mixed.only_diagnostic() == "If \"if2\" (opset 16): output 0 is float32[2,4] or int64[2]: their element types differ");
}

TEST_CASE("Subgraphs/Loop: carried values and scan outputs", "[shape]") {
  GraphCase g(16);
  g.input("m", "int64[]").input("cond", "bool[]").input("acc", "float32[B,3]").input("w", "float32[3,3]");
  Subgraph body;
  body.input("iter", "int64[]").input("c_in", "bool[]").input("acc_in", "?[*]");
  body.node("MatMul", {"acc_in", "w"}, {"acc_out"}).node("Identity", {"c_in"}, {"c_out"});
  body.node("ReduceSum", {"acc_out"}, {"row"}, {int_attr("keepdims", 0)});
  body.output("c_out").output("acc_out").output("row");
  g.node("Loop", {"m", "cond", "acc"}, {"acc_final", "rows"}, {body.as("body")});
  // The body sees the carried value with an unknown shape (it may change between iterations):
  // the final value is the union of the initial one and the body's answer.
  CHECK(g.at("acc_final") == "float32[*]");
  CHECK(g.at("rows") == "float32[?]");
  CHECK(g.report().diagnostics.empty());

  GraphCase typed(16);
  typed.input("m", "int64[]").input("acc", "float32[B,3]");
  Subgraph keeps;
  keeps.input("iter", "int64[]").input("c_in", "bool[]").input("acc_in", "float32[B,3]");
  keeps.node("Relu", {"acc_in"}, {"acc_out"}).node("Identity", {"c_in"}, {"c_out"});
  keeps.output("c_out").output("acc_out").output("acc_out");
  typed.node("Loop", {"m", "", "acc"}, {"acc_final", "each"}, {keeps.as("body")});
  CHECK(typed.at("acc_final") == "float32[B,3]");
  CHECK(typed.at("each") == "float32[?,B,3]");

  GraphCase broken(16);
  broken.input("m", "int64[]").input("acc", "float32[2,3]");
  Subgraph inner;
  inner.input("iter", "int64[]").input("c_in", "bool[]").input("acc_in", "float32[2,3]");
  inner.node("MatMul", {"acc_in", "acc_in"}, {"bad"}).node("Identity", {"c_in"}, {"c_out"});
  inner.output("c_out").output("bad");
  broken.node("Loop", {"m", "", "acc"}, {"out"}, {inner.as("body")}, "loop");
  CHECK(broken.only_diagnostic() ==
        "Loop \"loop\" (opset 16): subgraph 'body': MatMul (opset 16): input 0 'A' float32[2,3] and input 1 'B' "
        "float32[2,3] do not match for a matrix product (3 vs 2)");
}

TEST_CASE("Subgraphs/Scan: the sequence axis removed for the body and put back", "[shape]") {
  GraphCase g(16);
  g.input("state", "float32[4]").input("xs", "float32[4,T]");
  Subgraph body;
  body.input("s_in", "?[*]").input("x", "?[*]");
  body.node("Add", {"s_in", "x"}, {"s_out"}).node("Identity", {"s_out"}, {"y"});
  body.output("s_out").output("y");
  g.node("Scan", {"state", "xs"}, {"final", "ys"},
         {body.as("body"), int_attr("num_scan_inputs", 1), ints_attr("scan_input_axes", {1}), ints_attr("scan_output_axes", {-1})});
  CHECK(g.at("final") == "float32[4]");
  CHECK(g.at("ys") == "float32[4,T]");
  CHECK(g.report().diagnostics.empty());

  GraphCase v8(8);
  v8.input("state", "float32[B,2]").input("xs", "float32[B,T,2]");
  v8.node("Scan", {"", "state", "xs"}, {"final", "ys"}, {body.as("body"), int_attr("num_scan_inputs", 1)});
  CHECK(v8.at("final") == "float32[B,2]");
  CHECK(v8.at("ys") == "float32[B,T,2]");

  GraphCase bad(16);
  bad.input("state", "float32[4]").input("xs", "float32[4,T]");
  bad.node("Scan", {"state", "xs"}, {"final", "ys"}, {body.as("body"), int_attr("num_scan_inputs", 1), ints_attr("scan_input_axes", {2})}, "scan");
  CHECK(bad.only_diagnostic() == "Scan \"scan\" (opset 16): scan_input_axes value 2 is out of range for input 1 float32[4,T]");
}
