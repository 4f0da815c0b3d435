// The official ONNX backend node tests for every Reduce op, ArgMax/ArgMin, CumSum, CumProd and the
// post-processing ops (Softmax, LogSoftmax, Hardmax, TopK, LpNormalization, Add, Sub, Div, Neg, Reciprocal)
// (tests/data/onnx-backend, the repository's copy), run through Model + Session natively and in wasm.
// `_expanded` tests run through the element-wise ops of the function bodies. Nothing is skipped: a
// test that cannot run (an unsupported op, a parse error) fails, by name.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/errors.h"
#include "core/half.h"
#include "onnx/model.h"
#include "onnx/tensor_proto.h"
#include "runtime/session.h"

using namespace orw;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

double element(const Tensor& t, int64_t i) {
  switch (t.type()) {
    case DataType::kFloat: return t.data<float>()[i];
    case DataType::kDouble: return t.data<double>()[i];
    case DataType::kFloat16: return f16_to_f32(t.data<uint16_t>()[i]);
    case DataType::kBfloat16: return bf16_to_f32(t.data<uint16_t>()[i]);
    case DataType::kInt32: return t.data<int32_t>()[i];
    case DataType::kInt64: return static_cast<double>(t.data<int64_t>()[i]);
    case DataType::kUint32: return t.data<uint32_t>()[i];
    case DataType::kUint64: return static_cast<double>(t.data<uint64_t>()[i]);
    case DataType::kInt8: return t.data<int8_t>()[i];
    case DataType::kUint8:
    case DataType::kBool: return t.data<uint8_t>()[i];
    default: return NAN;
  }
}

bool is_float_type(DataType t) {
  return t == DataType::kFloat || t == DataType::kDouble || t == DataType::kFloat16 || t == DataType::kBfloat16;
}

// Returns "" when `got` matches `want` (rtol 1e-4, atol 1e-6 for floats; exact otherwise).
std::string compare(const Tensor& got, const Tensor& want) {
  if (got.type() != want.type()) return "type " + type_name(got.type()) + " != " + type_name(want.type());
  if (got.dims() != want.dims()) return "shape " + shape_to_string(got.dims()) + " != " + shape_to_string(want.dims());
  for (int64_t i = 0; i < got.size(); ++i) {
    const double g = element(got, i), w = element(want, i);
    if (std::isnan(w) && std::isnan(g)) continue;
    const bool ok = is_float_type(want.type()) ? (g == w || std::fabs(g - w) <= 1e-6 + 1e-4 * std::fabs(w)) : g == w;
    if (!ok) return "element " + std::to_string(i) + ": got " + std::to_string(g) + ", want " + std::to_string(w);
  }
  return "";
}

std::vector<fs::path> test_dirs() {
  std::vector<fs::path> dirs;
  for (const char* group : {"node", "pytorch-operator", "arg-max-min", "post-processing"}) {
    const fs::path root = fs::path(ORW_BACKEND_TESTS_DIR) / group;
    if (!fs::is_directory(root)) throw std::runtime_error("ONNX backend test data missing: " + root.string());
    for (const auto& e : fs::directory_iterator(root)) {
      if (e.is_directory() && fs::exists(e.path() / "model.onnx")) dirs.push_back(e.path());
    }
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

}  // namespace

TEST_CASE("Conformance/every ONNX backend test of the supported ops passes", "[conformance]") {
  const auto dirs = test_dirs();
  REQUIRE(dirs.size() == 273);  // the data set: 149 node + 4 pytorch-operator + 32 arg-max-min + 88 post-processing tests
  int passed = 0;
  for (const auto& dir : dirs) {
    const std::string name = dir.filename().string();
    const std::string model_bytes = read_file(dir / "model.onnx");
    std::unique_ptr<Session> session;
    try {
      session = std::make_unique<Session>(Model::parse(model_bytes.data(), model_bytes.size()));
    } catch (const std::exception& e) {
      FAIL_CHECK(name << ": the model does not load: " << e.what());
      continue;
    }
    for (const auto& set : fs::directory_iterator(dir)) {
      if (!set.is_directory()) continue;
      std::map<std::string, Tensor> feeds;
      for (size_t i = 0; i < session->input_names().size(); ++i) {
        const std::string bytes = read_file(set.path() / ("input_" + std::to_string(i) + ".pb"));
        feeds[session->input_names()[i]] = tensor_from_bytes(bytes.data(), bytes.size());
      }
      const auto outputs = session->run(feeds);
      for (size_t i = 0; i < session->output_names().size(); ++i) {
        const std::string bytes = read_file(set.path() / ("output_" + std::to_string(i) + ".pb"));
        const Tensor want = tensor_from_bytes(bytes.data(), bytes.size());
        const std::string diff = compare(outputs.at(session->output_names()[i]), want);
        INFO(name << " output " << i << ": " << diff);
        CHECK(diff.empty());
      }
    }
    ++passed;
  }
  CHECK(passed == static_cast<int>(dirs.size()));  // every test ran
}
