#include "core/names.h"

namespace orw {
namespace {

// Length of the valid UTF-8 sequence starting at s[i] (2..4), or 0.
size_t utf8_sequence(std::string_view s, size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const size_t n = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b <= 0xDF ? 2 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  }
  return n;
}

// True for the UTF-8 of a C1 control or of a bidirectional control (U+200E, U+200F,
// U+202A..U+202E, U+2066..U+2069).
bool terminal_control(std::string_view c) {
  const auto at = [&](size_t k) { return static_cast<unsigned char>(c[k]); };
  if (c.size() == 2) return at(0) == 0xC2 && at(1) <= 0x9F;
  if (c.size() != 3 || at(0) != 0xE2) return false;
  return (at(1) == 0x80 && ((at(2) >= 0xAA && at(2) <= 0xAE) || at(2) == 0x8E || at(2) == 0x8F)) ||
         (at(1) == 0x81 && at(2) >= 0xA6 && at(2) <= 0xA9);
}

}  // namespace

std::string printable(std::string_view name) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  size_t i = 0;
  while (i < name.size() && i < kMaxPrintedName) {
    const auto b = static_cast<unsigned char>(name[i]);
    if (b >= 0x80) {
      const size_t n = utf8_sequence(name, i);
      // C1 controls (U+0080..U+009F, which some terminals obey) fall through to \xC2 \xNN;
      // the bidirectional controls that reorder what is shown are escaped likewise.
      if (n > 0 && !terminal_control(name.substr(i, n))) {
        out.append(name.substr(i, n));
        i += n;
        continue;
      }
    }
    if (b == '\n') out += "\\n";
    else if (b == '\t') out += "\\t";
    else if (b == '\\' || b == '\'' || b == '"') out += {'\\', static_cast<char>(b)};
    else if (b < 0x20 || b >= 0x7F) out += {'\\', 'x', kHex[b >> 4], kHex[b & 15]};
    else out += static_cast<char>(b);
    ++i;
  }
  if (i < name.size()) out += "...(" + std::to_string(name.size()) + " bytes)";
  return out;
}

}  // namespace orw
