// Exported-style models (tests/data/exported-models, written by scripts/make-exported-models.py:
// an encoder layer, a CNN block, a decode step with past keys, a quantized head) inferred value
// by value and compared with ONNX's own inference with data propagation (ONNX_SHAPES.tsv).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/model_shapes.h"
#include "test_shape_helpers.h"

using namespace orw;
namespace fs = std::filesystem;

namespace {

const fs::path kDir = fs::path(ORW_NODE_MODELS_DIR).parent_path() / "exported-models";

ModelShapes infer_file(const std::string& name) {
  std::ifstream f(kDir / (name + ".onnx"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  return infer_model_shapes_report(bytes.data(), bytes.size());
}

// How much of a value's info is known: the type, the rank and each dim known as a number or name.
int known_parts(const TensorInfo& t) {
  int n = t.type != DataType::kUndefined;
  if (t.shape) {
    ++n;
    for (const Dim& d : *t.shape) n += !d.is_unknown();
  }
  return n;
}

}  // namespace

TEST_CASE("Exported models/every computed value against ONNX's own inference", "[shape]") {
  std::ifstream f(kDir / "ONNX_SHAPES.tsv");
  std::map<std::string, ModelShapes> models;
  int values = 0, exact = 0, more = 0;
  std::vector<std::string> less;
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string model, value, onnx_text;
    std::getline(fields, model, '\t');
    std::getline(fields, value, '\t');
    std::getline(fields, onnx_text, '\t');
    if (!models.count(model)) {
      models[model] = infer_file(model);
      INFO(model);
      CHECK(models[model].diagnostics.empty());
    }
    TensorInfo ours = models[model].values.at(value);
    ours.values.reset();
    const TensorInfo theirs = shape_test::info(onnx_text);
    ++values;
    if (ours == theirs) {
      ++exact;
    } else if (known_parts(ours) > known_parts(theirs)) {
      ++more;  // checked by hand: e.g. Einsum's output, which ONNX 1.12 leaves unknown
      UNSCOPED_INFO("more than ONNX: " << model << ' ' << value << ": " << to_string(ours) << " (ONNX " << onnx_text << ')');
    } else {
      less.push_back(model + " " + value + ": " + to_string(ours) + " (ONNX " + onnx_text + ')');
    }
  }
  CHECK(values == 102);
  CHECK(less == std::vector<std::string>{});
  CHECK(exact == 99);
  // Einsum's [batch,seq,8] and OneHot's depth 8, which ONNX 1.12 leaves unknown, and Resize's
  // batch dim N kept by a scale of 1 (ONNX: unknown).
  CHECK(more == 3);
}
