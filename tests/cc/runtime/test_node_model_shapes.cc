// ONNX's backend node tests (tests/data/onnx-node-models: every model.onnx of ONNX 1.12): each
// model's graph outputs inferred with their declarations removed, compared with the declared
// types and shapes and with ONNX's own inference of the same stripped model (recorded in
// ONNX_SHAPES.tsv by scripts/record-onnx-shapes.py). The counts are asserted exactly, so that a
// gain or a loss shows; ORW_SHAPE_TABLE=1 prints the per-op table of docs/testing.md.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "orw_proto/onnx.pb.h"
#include "runtime/model_shapes.h"
#include "test_shape_helpers.h"

using namespace orw;
namespace fs = std::filesystem;

namespace {

struct Row {
  std::string test, output, declared, onnx;
};

std::vector<Row> recorded() {
  std::ifstream f(fs::path(ORW_NODE_MODELS_DIR) / "ONNX_SHAPES.tsv");
  std::vector<Row> rows;
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Row r;
    std::getline(fields, r.test, '\t');
    std::getline(fields, r.output, '\t');
    std::getline(fields, r.declared, '\t');
    std::getline(fields, r.onnx, '\t');
    rows.push_back(r);
  }
  return rows;
}

// The model's outputs as the package infers them with the outputs' types and value_info removed.
std::map<std::string, std::string> inferred_outputs(const std::string& test, std::string* op) {
  std::ifstream f(fs::path(ORW_NODE_MODELS_DIR) / test / "model.onnx", std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  onnx::ModelProto model;
  REQUIRE(model.ParseFromString(bytes));
  for (auto& out : *model.mutable_graph()->mutable_output()) out.clear_type();
  model.mutable_graph()->clear_value_info();
  *op = model.graph().node_size() == 1 ? model.graph().node(0).op_type() : "(several nodes)";
  const std::string stripped = model.SerializeAsString();
  std::map<std::string, std::string> out;
  try {
    const ModelShapes shapes = infer_model_shapes_report(stripped.data(), stripped.size());
    for (const auto& o : model.graph().output()) {
      const auto it = shapes.values.find(o.name());
      TensorInfo info = it == shapes.values.end() ? TensorInfo::unknown() : it->second;
      info.values.reset();  // compared as declarations are written: type and shape
      out[o.name()] = to_string(info);
    }
  } catch (const std::exception& e) {
    for (const auto& o : model.graph().output()) out[o.name()] = std::string("error: ") + e.what();
  }
  return out;
}

// True when `ours` says something the declaration contradicts: both know the type and they
// differ, both know the rank and it differs, or both know a dim as a number and it differs.
// (Less known, e.g. a named or unknown dim where a number is declared, is not wrong.)
bool contradicts(const std::string& ours, const std::string& declared) {
  if (ours.rfind("error", 0) == 0 || declared == "non-tensor") return false;
  const TensorInfo a = shape_test::info(ours), b = shape_test::info(declared);
  // Sequences and optionals: the same containers, then their elements compared as tensors.
  if (a != TensorInfo::unknown() && a.containers != b.containers) return true;
  if (a.type != DataType::kUndefined && b.type != DataType::kUndefined && a.type != b.type) return true;
  if (!a.shape || !b.shape) return false;
  if (a.shape->size() != b.shape->size()) return true;
  for (size_t i = 0; i < a.shape->size(); ++i) {
    const Dim &x = (*a.shape)[i], &y = (*b.shape)[i];
    if (x.is_value() && y.is_value() && x.value() != y.value()) return true;
  }
  return false;
}

struct Counts {
  int outputs = 0, ours = 0, onnx = 0;
};

}  // namespace

TEST_CASE("Node models/graph outputs inferred as declared, counted per op", "[shape][backend]") {
  const std::vector<Row> rows = recorded();
  REQUIRE(rows.size() == 1119);
  std::map<std::string, Counts> per_op;
  std::map<std::string, std::map<std::string, std::string>> cache;
  std::map<std::string, std::string> op_of;
  Counts total;
  std::vector<std::string> wrong;
  std::vector<std::string> behind_onnx;
  for (const Row& r : rows) {
    if (!cache.count(r.test)) cache[r.test] = inferred_outputs(r.test, &op_of[r.test]);
    const std::string& ours = cache[r.test][r.output];
    Counts& c = per_op[op_of[r.test]];
    ++c.outputs, ++total.outputs;
    const bool ours_exact = ours == r.declared, onnx_exact = r.onnx == r.declared;
    c.ours += ours_exact, total.ours += ours_exact;
    c.onnx += onnx_exact, total.onnx += onnx_exact;
    if (onnx_exact && !ours_exact) behind_onnx.push_back(r.test + " " + r.output + ": " + ours + " (declared " + r.declared + ')');
    // A known answer that is not the declared one (rather than an unknown) is wrong.
    if (!ours_exact && contradicts(ours, r.declared)) {
      wrong.push_back(r.test + " " + r.output + ": " + ours + ", declared " + r.declared);
    }
  }
  if (std::getenv("ORW_SHAPE_TABLE")) {
    std::cout << "| op | outputs | as declared | ONNX 1.12 as declared |\n|---|---|---|---|\n";
    for (const auto& [op, c] : per_op) std::cout << "| " << op << " | " << c.outputs << " | " << c.ours << " | " << c.onnx << " |\n";
    std::cout << "| all | " << total.outputs << " | " << total.ours << " | " << total.onnx << " |\n";
    for (const std::string& b : behind_onnx) std::cout << "behind ONNX: " << b << '\n';
    for (const std::string& w : wrong) std::cout << "wrong: " << w << '\n';
  }
  CHECK(total.onnx == 843);
  CHECK(wrong == std::vector<std::string>{});
  CHECK(total.ours == 928);
  // Where ONNX 1.12 answers as declared and the package does not (docs/testing.md says why):
  // Loop 16's carried optional sequence, whose body declares its elements as scalars.
  CHECK(behind_onnx == std::vector<std::string>{
                           "test_loop16_seq_none seq_res: seq(float32[]) (declared seq(float32[*]))"});
}
