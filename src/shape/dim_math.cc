#include "shape/dim_math.h"

#include <cstdint>

namespace orw {

// Known results that overflow int64 are unknown (dims come from untrusted models).
Dim dim_mul(const Dim& a, const Dim& b) {
  int64_t r = 0;
  if (a.is_value() && b.is_value()) return __builtin_mul_overflow(a.value(), b.value(), &r) ? Dim() : Dim::of(r);
  if (a.is(1)) return b;
  if (b.is(1)) return a;
  return Dim();
}

Dim dim_add(const Dim& a, const Dim& b) {
  int64_t r = 0;
  if (a.is_value() && b.is_value()) return __builtin_add_overflow(a.value(), b.value(), &r) ? Dim() : Dim::of(r);
  if (a.is(0)) return b;
  if (b.is(0)) return a;
  return Dim();
}

Dim dim_sub(const Dim& a, const Dim& b) {
  int64_t r = 0;
  if (a.is_value() && b.is_value()) return __builtin_sub_overflow(a.value(), b.value(), &r) ? Dim() : Dim::of(r);
  if (b.is(0)) return a;
  return Dim();
}

Dim dim_div(const Dim& a, const Dim& b) {
  if (b.is(1)) return a;
  if (!a.is_value() || !b.is_value() || b.value() == 0 || (b.value() == -1 && a.value() == INT64_MIN) ||
      a.value() % b.value() != 0) {
    return Dim();
  }
  return Dim::of(a.value() / b.value());
}

}  // namespace orw
