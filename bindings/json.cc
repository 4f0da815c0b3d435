#include "json.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace orw::bindings {

JsonWriter& JsonWriter::key(std::string_view k) {
  sep();
  quoted(k);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  sep();
  quoted(s);
  return *this;
}

JsonWriter& JsonWriter::value(int64_t v) {
  sep();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter& JsonWriter::value(double v) {
  sep();
  if (std::isnan(v)) out_ += "{\"$n\":\"NaN\"}";
  else if (std::isinf(v)) out_ += v > 0 ? "{\"$n\":\"Infinity\"}" : "{\"$n\":\"-Infinity\"}";
  else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);  // enough digits to read back the same double
    out_ += buf;
  }
  return *this;
}

JsonWriter& JsonWriter::null() {
  sep();
  out_ += "null";
  return *this;
}

void JsonWriter::quoted(std::string_view s) {
  out_ += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out_ += '\\';
      out_ += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out_ += buf;
    } else {
      out_ += c;  // bytes >= 0x80 pass through: JS decodes the text as UTF-8
    }
  }
  out_ += '"';
}

const JsonValue* JsonValue::get(std::string_view name) const {
  for (const auto& f : fields) {
    if (f.first == name) return &f.second;
  }
  return nullptr;
}

namespace {

class Reader {
 public:
  explicit Reader(std::string_view t) : t_(t) {}

  JsonValue document() {
    JsonValue v = value();
    space();
    if (i_ != t_.size()) fail("trailing characters");
    return v;
  }

 private:
  [[noreturn]] void fail(const char* why) const {
    throw std::invalid_argument(std::string("bindings: malformed JSON from the JS layer: ") + why + " at " + std::to_string(i_));
  }
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\t' || t_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < t_.size() && t_[i_] == c) { ++i_; return true; }
    return false;
  }
  bool word(std::string_view w) {
    if (t_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }

  JsonValue value() {
    space();
    if (i_ >= t_.size()) fail("unexpected end");
    JsonValue v;
    const char c = t_[i_];
    if (c == '{') {
      ++i_;
      v.kind = JsonValue::kObject;
      if (eat('}')) return v;
      do {
        space();
        std::string k = string();
        if (!eat(':')) fail("expected ':'");
        v.fields.emplace_back(std::move(k), value());
      } while (eat(','));
      if (!eat('}')) fail("expected '}'");
    } else if (c == '[') {
      ++i_;
      v.kind = JsonValue::kArray;
      if (eat(']')) return v;
      do v.items.push_back(value());
      while (eat(','));
      if (!eat(']')) fail("expected ']'");
    } else if (c == '"') {
      v.kind = JsonValue::kString;
      v.string = string();
    } else if (word("null")) {
      v.kind = JsonValue::kNull;
    } else if (word("true") || word("false")) {
      v.kind = JsonValue::kBool;
      v.number = t_[i_ - 1] == 'e' && t_[i_ - 2] == 'u';
    } else {
      v.kind = JsonValue::kNumber;
      v.number = integer();
    }
    return v;
  }

  // Numbers from the JS layer are safe integers (checked there); no fractions or exponents.
  double integer() {
    const bool negative = i_ < t_.size() && t_[i_] == '-';
    if (negative) ++i_;
    const size_t start = i_;
    double v = 0;
    while (i_ < t_.size() && t_[i_] >= '0' && t_[i_] <= '9') v = v * 10 + (t_[i_++] - '0');
    if (i_ == start) fail("unexpected character");
    if (i_ < t_.size() && (t_[i_] == '.' || t_[i_] == 'e' || t_[i_] == 'E')) fail("expected an integer");
    return negative ? -v : v;
  }

  unsigned hex4() {
    if (i_ + 4 > t_.size()) fail("short \\u escape");
    unsigned v = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = t_[i_++];
      v = v * 16 + static_cast<unsigned>(c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10 : c - '0');
    }
    return v;
  }

  std::string string() {
    if (i_ >= t_.size() || t_[i_] != '"') fail("expected a string");
    ++i_;
    std::string s;
    while (i_ < t_.size() && t_[i_] != '"') {
      char c = t_[i_++];
      if (c != '\\') { s += c; continue; }
      if (i_ >= t_.size()) break;
      c = t_[i_++];
      if (c == 'u') {
        unsigned cp = hex4();
        if (cp >= 0xd800 && cp < 0xdc00 && t_.substr(i_, 2) == "\\u") {  // a surrogate pair
          i_ += 2;
          cp = 0x10000 + ((cp - 0xd800) << 10) + (hex4() - 0xdc00);
        }
        utf8(s, cp);
      } else {
        s += c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c == 'b' ? '\b' : c == 'f' ? '\f' : c;
      }
    }
    if (i_ >= t_.size()) fail("unterminated string");
    ++i_;
    return s;
  }

  static void utf8(std::string& s, unsigned cp) {
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xc0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      s += static_cast<char>(0xe0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      s += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      s += static_cast<char>(0xf0 | (cp >> 18));
      s += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      s += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }

  std::string_view t_;
  size_t i_ = 0;
};

}  // namespace

JsonValue parse_json(std::string_view text) { return Reader(text).document(); }

}  // namespace orw::bindings
