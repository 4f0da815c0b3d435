// Every version of every ai.onnx operator up to opset 26 (tests/data/onnx-ops.tsv, from ONNX's
// operator docs) has a registry row of its own, run or inferred-only, except the ops listed
// below as not inferred, and the registry has no ai.onnx row the list does not name: a missing
// version, or a row with a wrong since-version, fails with its name.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "schema/op_schema.h"

using namespace orw;

namespace {

using OpVersion = std::pair<std::string, int>;

std::set<OpVersion> listed() {
  std::ifstream f(std::filesystem::path(ORW_NODE_MODELS_DIR).parent_path() / "onnx-ops.tsv");
  std::set<OpVersion> out;
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string op, versions;
    std::getline(fields, op, '\t');
    std::getline(fields, versions, '\t');  // a deprecated version, in the third field, has no row
    std::istringstream vs(versions);
    for (int v; vs >> v;) out.insert({op, v});
  }
  return out;
}

std::set<OpVersion> registry_rows() {
  std::set<OpVersion> out;
  for (const auto table : row_tables()) {
    for (const OpSchema& s : table()) {
      if (std::string(s.domain) == kOnnxDomain) out.insert({s.op_type, static_cast<int>(s.since_version)});
    }
  }
  return out;
}

std::string names(const std::set<OpVersion>& s) {
  std::string out;
  for (const auto& [op, v] : s) out += (out.empty() ? "" : ", ") + op + '-' + std::to_string(v);
  return out;
}

}  // namespace

TEST_CASE("Op coverage/every ai.onnx op version up to opset 26 has a registry row", "[schema]") {
  const std::set<OpVersion> list = listed(), rows = registry_rows();
  REQUIRE(list.size() == 603);
  std::set<OpVersion> missing, unlisted;
  for (const OpVersion& v : list) {
    if (!rows.count(v)) missing.insert(v);
  }
  for (const OpVersion& v : rows) {
    if (!list.count(v)) unlisted.insert(v);
  }
  CHECK(names(missing) == "");
  CHECK(names(unlisted) == "");
}
