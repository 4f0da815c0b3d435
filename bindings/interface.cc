// Embind: what the JS layer reads from the module at init instead of keeping its own copies:
// the descriptor layouts (descriptors.h), the JS class of each error kind (core/errors.h), the
// newest opset, the most threads, the longest name printed whole (core/names.h), and the
// registry's rows (all_ops(), schema/op_schema.h). Each is JSON text (one string
// through Embind, parsed by JS: smaller in wasm than building JS objects through val).
#include <emscripten/bind.h>

#include <map>
#include <new>
#include <string>

#include "core/errors.h"
#include "core/names.h"
#include "core/parallel.h"
#include "schema/op_schema.h"
#include "descriptors.h"

namespace orw::bindings {
namespace {

// ErrorMessage is the library's one string builder: appends pieces out of line.
using Json = ErrorMessage;

Json& key(Json& j, const char* name) { return j << '"' << name << "\":"; }
Json& quoted(Json& j, const char* text) { return j << '"' << text << '"'; }

struct Field {
  const char* name;
  int value;
};

// "name":{"field":value,...}
template <size_t N>
Json& fields(Json& j, const char* name, const Field (&list)[N]) {
  key(j, name) << '{';
  for (size_t i = 0; i < N; ++i) key(j << (i ? "," : ""), list[i].name) << list[i].value;
  return j << '}';
}

// {"input":{"present":0,"type":1,"rank":2,"data":3,"slots":4},
//  "output":{"type":0,"rank":1,"data":2,"bytes":3,"slots":4},
//  "errorClasses":[JS class name by ErrorKind],"maxOpset":26,"maxThreads":64,
//  "maxPrintedName":64 (bytes),"threads":0 or 1 (a threaded build)}
std::string layout() {
  static constexpr Field kInput[] = {
      {"present", kInPresent}, {"type", kInType}, {"rank", kInRank}, {"data", kInData}, {"slots", kInSlots}};
  static constexpr Field kOutput[] = {
      {"type", kOutType}, {"rank", kOutRank}, {"data", kOutData}, {"bytes", kOutBytes}, {"slots", kOutSlots}};
  Json j;
  fields(j << '{', "input", kInput) << ',';
  fields(j, "output", kOutput) << ",\"errorClasses\":[";
  for (size_t i = 0; i < kErrorKindCount; ++i) quoted(j << (i ? "," : ""), kErrorKinds[i].js_class);
  key(j << "],", "maxOpset") << kMaxOpset << ',';
  key(j, "maxThreads") << kMaxThreads << ',';
  key(j, "maxPrintedName") << kMaxPrintedName << ',';
  key(j, "threads") << (threads_supported() ? 1 : 0) << '}';
  return std::move(j.text());
}

// Every registry row, compact (bindings/js/registry-rows.mjs names the fields):
// [{"domain","opType","sinceVersion","types":[ONNX element type],
//   "inputs":[[name, optional 0/1]],"attributes":[[name, ONNX attribute type, boolean 0/1]],
//   "axesFrom":0 none | 1 attribute | 2 input}]
std::string op_rows_text() {
  Json j;
  const char* row_sep = "[";
  for (const OpSchema& s : all_ops()) {
    j << row_sep << "{\"domain\":\"" << s.domain << "\",\"opType\":\"" << s.op_type
      << "\",\"sinceVersion\":" << s.since_version << ",\"axesFrom\":" << static_cast<int>(s.axes_from)
      << ",\"types\":[";
    row_sep = ",";
    const char* sep = "";
    for (int t = 0; t < 32; ++t) {
      if (s.types.contains(static_cast<DataType>(t))) j << sep << t, sep = ",";
    }
    sep = "";
    j << "],\"inputs\":[";
    for (const InputSpec& i : s.inputs) j << sep << "[\"" << i.name << (i.optional ? "\",1]" : "\",0]"), sep = ",";
    sep = "";
    j << "],\"attributes\":[";
    for (const AttrSpec& a : s.attributes) {
      j << sep << "[\"" << a.name << "\"," << static_cast<int>(a.type) << (a.rule == orw::AttrRule::kBoolean ? ",1]" : ",0]"), sep = ",";
    }
    j << "]}";
  }
  j << (*row_sep == '[' ? "[]" : "]");
  return std::move(j.text());
}

// The ai.onnx ops the package infers but does not run, each with its first opset:
// [["MatMul",1],["If",1],...] (the rows of the inferred-only tables; an op that runs is not
// listed, op_rows_text() has it).
std::string inferred_ops_text() {
  std::map<std::string, int64_t> first;
  for (const auto table : row_tables()) {
    if (table == row_tables()[0]) continue;  // the run rows
    for (const OpSchema& s : table()) {
      auto [it, added] = first.emplace(s.op_type, s.since_version);
      if (!added && s.since_version < it->second) it->second = s.since_version;
    }
  }
  std::string j = "[";
  for (const auto& [op, since] : first) {
    if (resolve_op(kOnnxDomain, op, kMaxOpset).family != Family::kInferred) continue;  // it runs
    j += (j.size() > 1 ? ",[\"" : "[\"") + op + "\"," + std::to_string(since) + ']';
  }
  return j + ']';
}

emscripten::val inferred_ops() {
  try {
    return emscripten::val(inferred_ops_text().c_str());
  } catch (const std::bad_alloc&) {
    return emscripten::val::null();
  }
}

// op_rows_text() as a JS string made in place (a returned std::string would be copied into a
// buffer Embind allocates), or null when memory is exhausted.
emscripten::val op_rows() {
  try {
    return emscripten::val(op_rows_text().c_str());
  } catch (const std::bad_alloc&) {
    return emscripten::val::null();
  }
}

// The threads the kernels use from now on, the calling thread included (1 in a build without
// threads); returns the count in effect. The JS layer sizes the module's worker pool first.
int set_num_threads(int n) { return static_cast<int>(set_thread_count(n < 1 ? 1 : static_cast<size_t>(n))); }

}  // namespace
}  // namespace orw::bindings

EMSCRIPTEN_BINDINGS(orw_interface) {
  emscripten::function("layout", &orw::bindings::layout);
  emscripten::function("opRows", &orw::bindings::op_rows);
  emscripten::function("inferredOps", &orw::bindings::inferred_ops);
  emscripten::function("setNumThreads", &orw::bindings::set_num_threads);
}
