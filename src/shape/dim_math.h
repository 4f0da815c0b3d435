// Arithmetic on symbolic dims (and on the elements of a ValueAsShape): known when both sides
// are known, the other side for a neutral one (a * 1, a + 0), else unknown.
#pragma once
#include <optional>

#include "shape/tensor_info.h"

namespace orw {

Dim dim_mul(const Dim& a, const Dim& b);
Dim dim_add(const Dim& a, const Dim& b);
Dim dim_sub(const Dim& a, const Dim& b);
// a / b when b divides a exactly (a / 1 is a); else unknown (integer Div's rounding of the
// rest is not needed for shapes).
Dim dim_div(const Dim& a, const Dim& b);

}  // namespace orw
