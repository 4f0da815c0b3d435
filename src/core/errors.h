// Error types thrown by the library. Every message names the op (and node), the input or
// attribute, and the reason, so the bindings can pass it to users unchanged.
#pragma once
#include <stdexcept>
#include <string>

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

}  // namespace orw
