// Error types thrown by the library. Every message names the op (and node), the input or
// attribute, and the reason, so the bindings can pass it to users unchanged.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace orw {

// A value has the wrong element type or an attribute has the wrong attribute type.
struct TypeError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Bytes that do not decode as the expected protobuf message.
struct ParseError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// An op, domain or opset this library does not implement.
struct UnsupportedError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A shape whose element count or byte size overflows or exceeds the address space.
struct SizeError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// An allocation that failed: the message gives the bytes asked for (and, from run_node on,
// the op). The bindings report it as a RangeError like other size errors.
struct AllocationError : SizeError {
  using SizeError::SizeError;
};

// Any other invalid value (axis out of range, bad attribute value, wrong input count...)
// is a plain std::invalid_argument.

// A name from untrusted bytes, appended to an ErrorMessage escaped and cut (see printable()).
struct Printable {
  std::string_view name;
};

// An error message built in one string:
//   fail<TypeError>(ErrorMessage() << node << ": input 'X' has type " << name << ...);
// Why not `a + b + c`: every `+` makes a temporary std::string, and the wasm build carries a
// cleanup block for each on the exception path. Pieces appended by out-of-line calls to one
// string cost a call each, which made every throw site several times smaller.
class ErrorMessage {
 public:
  ErrorMessage& operator<<(std::string_view piece);
  ErrorMessage& operator<<(const char* piece) { return *this << std::string_view(piece); }
  ErrorMessage& operator<<(const std::string& piece) { return *this << std::string_view(piece); }
  ErrorMessage& operator<<(char c);
  ErrorMessage& operator<<(Printable name);
  template <class T,
            std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, char> && !std::is_same_v<T, bool>, int> = 0>
  ErrorMessage& operator<<(T v) {
    if constexpr (std::is_signed_v<T>) {
      return append_signed(v);
    } else {
      return append_unsigned(v);
    }
  }
  std::string& text() { return text_; }

 private:
  ErrorMessage& append_signed(int64_t v);
  ErrorMessage& append_unsigned(uint64_t v);
  std::string text_;
};

// What `ErrorMessage() << value` appends, as a string (for the to_string-like functions that
// share a format with the messages).
template <class T>
std::string text_of(const T& value) {
  ErrorMessage m;
  m << value;
  return std::move(m.text());
}

// Throws E(message.text()) / E(message). Defined (out of line) for TypeError, ParseError,
// UnsupportedError, SizeError, AllocationError, std::invalid_argument, std::out_of_range and
// std::logic_error (a broken invariant of the library itself).
template <class E>
[[noreturn]] void fail(ErrorMessage& message);
template <class E>
[[noreturn]] void fail(const char* message);

}  // namespace orw
