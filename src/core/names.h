// Names taken from untrusted bytes (op types, node, value and attribute names, domains,
// symbols) as they appear in error messages: escaped, and cut to a sane length, so a message
// is always readable text (never cut by a NUL on its way to JS, never megabytes long).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace orw {

// The longest name (in bytes of the original) printed whole; longer ones are cut there.
constexpr size_t kMaxPrintedName = 64;

// `name` with control bytes, DEL, backslashes, quotes and bytes that are not valid UTF-8
// written as escapes (\n, \t, \\, \', \", \xNN); valid UTF-8 text stays as it is. Names longer
// than kMaxPrintedName bytes are cut at a character boundary and end "...(<n> bytes)".
std::string printable(std::string_view name);

}  // namespace orw
