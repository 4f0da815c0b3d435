#include "core/errors.h"

#include "core/names.h"

namespace orw {

ErrorMessage& ErrorMessage::operator<<(std::string_view piece) {
  text_.append(piece);
  return *this;
}

ErrorMessage& ErrorMessage::operator<<(char c) {
  text_.push_back(c);
  return *this;
}

ErrorMessage& ErrorMessage::operator<<(Printable name) { return *this << printable(name.name); }

ErrorMessage& ErrorMessage::append_signed(int64_t v) {
  if (v < 0) text_.push_back('-');
  // The magnitude as unsigned: -INT64_MIN does not fit in int64_t.
  return append_unsigned(v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v));
}

ErrorMessage& ErrorMessage::append_unsigned(uint64_t v) {
  char digits[20];
  size_t n = 0;
  do {
    digits[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  while (n > 0) text_.push_back(digits[--n]);
  return *this;
}

template <class E>
void fail(ErrorMessage& message) {
  throw E(message.text());
}

template <class E>
void fail(const char* message) {
  throw E(message);
}

#define ORW_FAIL_AS(E)                  \
  template void fail<E>(ErrorMessage&); \
  template void fail<E>(const char*);
ORW_FAIL_AS(TypeError)
ORW_FAIL_AS(ValueError)
ORW_FAIL_AS(LookupError)
ORW_FAIL_AS(ParseError)
ORW_FAIL_AS(UnsupportedError)
ORW_FAIL_AS(SizeError)
ORW_FAIL_AS(AllocationError)
ORW_FAIL_AS(InternalError)
#undef ORW_FAIL_AS

const char* Error::message() const noexcept {
  switch (kind_) {
    case ErrorKind::kType: return static_cast<const TypeError*>(this)->what();
    case ErrorKind::kValue: return static_cast<const ValueError*>(this)->what();
    case ErrorKind::kLookup: return static_cast<const LookupError*>(this)->what();
    case ErrorKind::kParse: return static_cast<const ParseError*>(this)->what();
    case ErrorKind::kUnsupported: return static_cast<const UnsupportedError*>(this)->what();
    case ErrorKind::kSize:
    case ErrorKind::kAllocation: return static_cast<const SizeError*>(this)->what();
    case ErrorKind::kInternal: break;
  }
  return static_cast<const InternalError*>(this)->what();
}

void fail_as(ErrorKind kind, ErrorMessage& message) {
  switch (kind) {
    case ErrorKind::kType: fail<TypeError>(message);
    case ErrorKind::kValue: fail<ValueError>(message);
    case ErrorKind::kLookup: fail<LookupError>(message);
    case ErrorKind::kParse: fail<ParseError>(message);
    case ErrorKind::kUnsupported: fail<UnsupportedError>(message);
    case ErrorKind::kSize: fail<SizeError>(message);
    case ErrorKind::kAllocation: fail<AllocationError>(message);
    case ErrorKind::kInternal: break;
  }
  fail<InternalError>(message);
}

}  // namespace orw
