// JSON between the wasm side and the JS layer (which JSON.parse/stringify it): a writer for
// results (node and session descriptions, shape infos) and a small reader for the infos JS
// sends. Plain exports and JSON instead of Embind: the Embind runtime was a third of the
// download's JS. Non-finite numbers, which JSON lacks, are written as {"$n": "NaN"} (and
// "Infinity", "-Infinity"); the JS layer revives them.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace orw::bindings {

class JsonWriter {
 public:
  JsonWriter& begin_object() { sep(); out_ += '{'; first_ = true; return *this; }
  JsonWriter& end_object() { out_ += '}'; first_ = false; return *this; }
  JsonWriter& begin_array() { sep(); out_ += '['; first_ = true; return *this; }
  JsonWriter& end_array() { out_ += ']'; first_ = false; return *this; }
  // An object key; the value written next belongs to it.
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(int64_t v);
  JsonWriter& value(int v) { return value(static_cast<int64_t>(v)); }
  JsonWriter& value(double v);
  JsonWriter& null();
  std::string take() { return std::move(out_); }

 private:
  void sep() {
    if (!first_ && !after_key_) out_ += ',';
    first_ = false;
    after_key_ = false;
  }
  void quoted(std::string_view s);
  std::string out_;
  bool first_ = true;
  bool after_key_ = false;
};

// A parsed JSON value (numbers as double).
struct JsonValue {
  enum Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = kNull;
  double number = 0;
  std::string string;
  std::vector<JsonValue> items;
  std::vector<std::pair<std::string, JsonValue>> fields;
  // The field named `name`, or nullptr.
  const JsonValue* get(std::string_view name) const;
  bool is_null() const { return kind == kNull; }
};

// Parses JSON text; throws std::invalid_argument when it is malformed.
JsonValue parse_json(std::string_view text);

}  // namespace orw::bindings
