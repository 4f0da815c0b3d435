#include "shape/dim_math.h"

namespace orw {

Dim dim_mul(const Dim& a, const Dim& b) {
  if (a.is_value() && b.is_value()) return Dim::of(a.value() * b.value());
  if (a.is(1)) return b;
  if (b.is(1)) return a;
  return Dim();
}

Dim dim_add(const Dim& a, const Dim& b) {
  if (a.is_value() && b.is_value()) return Dim::of(a.value() + b.value());
  if (a.is(0)) return b;
  if (b.is(0)) return a;
  return Dim();
}

Dim dim_sub(const Dim& a, const Dim& b) {
  if (a.is_value() && b.is_value()) return Dim::of(a.value() - b.value());
  if (b.is(0)) return a;
  return Dim();
}

Dim dim_div(const Dim& a, const Dim& b) {
  if (b.is(1)) return a;
  if (!a.is_value() || !b.is_value() || b.value() == 0 || a.value() % b.value() != 0) return Dim();
  return Dim::of(a.value() / b.value());
}

}  // namespace orw
