// Golden cases: model-level shape inference on every model of the ONNX backend tests
// (ORW_BACKEND_TESTS_DIR/{node,pytorch-operator}/<test>/model.onnx), compared with the output
// type and shape each model declares.
// - As shipped (axes and axis are graph inputs of known shape, unknown values), the inferred
//   output must be consistent with the declared one: same type, and where the inferred rank
//   and dims are known, the same.
// - With the constant inputs (test_data_set_0/input_N.pb, N >= 1) moved into initializers,
//   the inferred output must equal the declared one exactly (except for *_expanded models,
//   whose function bodies use ops this library does not implement: consistency only).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "shape/proto_info.h"
#include "test_shape_helpers.h"

using namespace orw;
using namespace shape_test;

namespace {

const std::string kDir = ORW_BACKEND_TESTS_DIR;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool file_exists(const std::string& path) { return std::ifstream(path).good(); }

// Test folders, relative to kDir: node/, arg-max-min/, post-processing/ and layout/ from their MANIFEST.tsv,
// pytorch-operator/ as listed in the README.
std::vector<std::string> test_dirs() {
  std::vector<std::string> dirs;
  for (const std::string group : {"node", "arg-max-min", "post-processing", "layout"}) {
    std::istringstream manifest(read_file(kDir + "/" + group + "/MANIFEST.tsv"));
    std::string line;
    std::getline(manifest, line);  // header
    while (std::getline(manifest, line)) {
      if (!line.empty()) dirs.push_back(group + "/" + line.substr(0, line.find('\t')));
    }
  }
  for (const char* t : {"test_operator_reduced_mean", "test_operator_reduced_mean_keepdim", "test_operator_reduced_sum",
                        "test_operator_reduced_sum_keepdim"}) {
    dirs.push_back(std::string("pytorch-operator/") + t);
  }
  return dirs;
}

// `declared` is an instance of `inferred`: unknown type, rank or dims match anything.
bool consistent(const TensorInfo& declared, const TensorInfo& inferred) {
  if (inferred.type != DataType::kUndefined && inferred.type != declared.type) return false;
  if (!inferred.shape) return true;
  if (!declared.shape || declared.shape->size() != inferred.shape->size()) return false;
  for (size_t i = 0; i < inferred.shape->size(); ++i) {
    const Dim& d = (*inferred.shape)[i];
    if (d.is_value() && (*declared.shape)[i] != d) return false;
  }
  return true;
}

// The model with graph inputs 1.. replaced by initializers holding test_data_set_0's values.
onnx::ModelProto with_constant_inputs(onnx::ModelProto m, const std::string& dir) {
  auto* graph = m.mutable_graph();
  for (int i = 1; i < graph->input_size(); ++i) {
    const std::string bytes = read_file(dir + "/test_data_set_0/input_" + std::to_string(i) + ".pb");
    onnx::TensorProto* t = graph->add_initializer();
    REQUIRE(t->ParseFromString(bytes));
    t->set_name(graph->input(i).name());
  }
  if (graph->input_size() > 1) graph->mutable_input()->DeleteSubrange(1, graph->input_size() - 1);
  return m;
}

}  // namespace

TEST_CASE("Backend/every backend-test model infers its declared output type and shape", "[shape][backend]") {
  REQUIRE(file_exists(kDir + "/node/MANIFEST.tsv"));
  REQUIRE(file_exists(kDir + "/arg-max-min/MANIFEST.tsv"));
  REQUIRE(file_exists(kDir + "/post-processing/MANIFEST.tsv"));
  size_t checked = 0, exact = 0;
  for (const std::string& test : test_dirs()) {
    INFO(test);
    const std::string dir = kDir + "/" + test;
    onnx::ModelProto model;
    REQUIRE(model.ParseFromString(read_file(dir + "/model.onnx")));
    const bool expanded = test.find("_expanded") != std::string::npos;  // _expanded and _expanded_ver18
    const auto as_shipped = infer_model(model);
    const auto with_constants = infer_model(with_constant_inputs(model, dir));
    for (const auto& out : model.graph().output()) {
      const TensorInfo declared = info_from_type(out.type());
      INFO("output " << out.name() << ": declared " << to_string(declared) << ", inferred "
                     << to_string(as_shipped.at(out.name())) << " as shipped, "
                     << to_string(with_constants.at(out.name())) << " with constant inputs");
      CHECK(consistent(declared, as_shipped.at(out.name())));
      if (expanded) {
        CHECK(consistent(declared, with_constants.at(out.name())));
      } else {
        TensorInfo inferred = with_constants.at(out.name());
        inferred.values.reset();  // a declared type has no values (Shape's output has them)
        CHECK(inferred == declared);
        ++exact;
      }
      ++checked;
    }
  }
  // 149 node + 32 arg-max-min + 4 pytorch-operator + 53 layout tests (one output each), 88
  // post-processing (7 TopK: two)
  CHECK(checked == 333);
  CHECK(exact == 264);  // all but the 41 + 28 *_expanded ones
}
