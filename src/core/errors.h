// Error types thrown by the library. Every message names the op (and node), the input or
// attribute, and the reason, so the bindings can pass it to users unchanged.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace orw {

// What kind of error a library error is, and the JS class each kind becomes at the bindings
// (the one table: kErrorKinds; bindings/js reads it from the module).
enum class ErrorKind : uint8_t {
  kType,         // a value has the wrong element type, an attribute the wrong attribute type
  kValue,        // any other invalid value (axis out of range, bad attribute value, input count...)
  kLookup,       // a named value that is not there (shape inference's context, a session's graph)
  kParse,        // bytes that do not decode as the expected protobuf message
  kUnsupported,  // an op, domain or opset this library does not implement
  kSize,         // a shape whose element count or byte size overflows or exceeds the address space
  kAllocation,   // an allocation that failed
  kInternal,     // a broken invariant of the library itself
};

struct ErrorKindInfo {
  ErrorKind kind;
  const char* js_class;  // "TypeError", "RangeError" or "Error"
};

inline constexpr ErrorKindInfo kErrorKinds[] = {
    {ErrorKind::kType, "TypeError"},     {ErrorKind::kValue, "RangeError"},
    {ErrorKind::kLookup, "RangeError"},  {ErrorKind::kParse, "Error"},
    {ErrorKind::kUnsupported, "Error"},  {ErrorKind::kSize, "RangeError"},
    {ErrorKind::kAllocation, "RangeError"}, {ErrorKind::kInternal, "Error"},
};
inline constexpr size_t kErrorKindCount = sizeof(kErrorKinds) / sizeof(kErrorKinds[0]);

constexpr bool error_kinds_in_order() {
  for (size_t i = 0; i < kErrorKindCount; ++i) {
    if (static_cast<size_t>(kErrorKinds[i].kind) != i) return false;
  }
  return static_cast<size_t>(ErrorKind::kInternal) + 1 == kErrorKindCount;
}
static_assert(error_kinds_in_order(), "kErrorKinds has one row per ErrorKind, in enum order");

constexpr const char* js_class_of(ErrorKind kind) { return kErrorKinds[static_cast<size_t>(kind)].js_class; }

// What every library error is besides its std:: class: catch `const Error&` to handle any of
// them by kind (the wasm build has no RTTI: no dynamic_cast, but catching by type works).
// Not polymorphic: message() finds the class from the kind (each kind has one class), which
// keeps a second vtable per class out of the wasm.
class Error {
 public:
  ErrorKind kind() const { return kind_; }
  const char* message() const noexcept;  // what()

 protected:
  explicit Error(ErrorKind kind) : kind_(kind) {}
  Error(const Error&) = default;
  Error& operator=(const Error&) = default;
  ~Error() = default;

 private:
  ErrorKind kind_;
};

// The library's error classes: each a std:: class (what catch sites and tests match) and the
// Error of one kind.
#define ORW_ERROR_CLASS(Name, Std, Kind)                                      \
  struct Name : Std, Error {                                                  \
    explicit Name(const std::string& message) : Std(message), Error(Kind) {} \
    explicit Name(const char* message) : Std(message), Error(Kind) {}        \
  }

// A value has the wrong element type or an attribute has the wrong attribute type.
ORW_ERROR_CLASS(TypeError, std::invalid_argument, ErrorKind::kType);
// Any other invalid value (axis out of range, bad attribute value, wrong input count...).
ORW_ERROR_CLASS(ValueError, std::invalid_argument, ErrorKind::kValue);
// A named value that is not there.
ORW_ERROR_CLASS(LookupError, std::out_of_range, ErrorKind::kLookup);
// Bytes that do not decode as the expected protobuf message.
ORW_ERROR_CLASS(ParseError, std::invalid_argument, ErrorKind::kParse);
// An op, domain or opset this library does not implement.
ORW_ERROR_CLASS(UnsupportedError, std::invalid_argument, ErrorKind::kUnsupported);
// A broken invariant of the library itself (a bug, or an API called out of order).
ORW_ERROR_CLASS(InternalError, std::logic_error, ErrorKind::kInternal);
#undef ORW_ERROR_CLASS

// A shape whose element count or byte size overflows or exceeds the address space.
struct SizeError : std::invalid_argument, Error {
  explicit SizeError(const std::string& message) : std::invalid_argument(message), Error(ErrorKind::kSize) {}
  explicit SizeError(const char* message) : std::invalid_argument(message), Error(ErrorKind::kSize) {}

 protected:
  SizeError(const std::string& message, ErrorKind kind) : std::invalid_argument(message), Error(kind) {}
};

// An allocation that failed: the message gives the bytes asked for (and, from run_node on,
// the op). A SizeError of its own kind (a RangeError in JS like other size errors).
struct AllocationError : SizeError {
  explicit AllocationError(const std::string& message) : SizeError(message, ErrorKind::kAllocation) {}
  explicit AllocationError(const char* message) : SizeError(message, ErrorKind::kAllocation) {}
};

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

// Throws E(message.text()) / E(message). Defined (out of line) for each class above.
template <class E>
[[noreturn]] void fail(ErrorMessage& message);
template <class E>
[[noreturn]] void fail(const char* message);

// Throws the class of `kind` (e.g. to rethrow an Error with a prefix, keeping its kind).
[[noreturn]] void fail_as(ErrorKind kind, ErrorMessage& message);

}  // namespace orw
