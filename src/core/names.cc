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

}  // namespace

std::string printable(std::string_view name) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  size_t i = 0;
  while (i < name.size() && i < kMaxPrintedName) {
    const auto b = static_cast<unsigned char>(name[i]);
    if (b >= 0x80) {
      const size_t n = utf8_sequence(name, i);
      if (n > 0) {
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
