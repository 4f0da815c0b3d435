#include "plan/pieces.h"

#include <algorithm>

namespace orw {

PieceShape piece_shape(const ReductionPlan& plan, size_t element_size) {
  PieceShape p;
  const size_t groups = plan.group_dims.size();
  if (groups == 2) p.unit = static_cast<size_t>(plan.group_dims[1]);
  if (groups > 2) p.unit = static_cast<size_t>(plan.group_dims[groups - 2] * plan.group_dims[groups - 1]);
  if (p.unit == 0) p.unit = 1;  // an empty input: nothing to cut
  const size_t unit_bytes = p.unit * element_size;
  p.units = unit_bytes >= kPieceBytes ? 1 : kPieceBytes / unit_bytes;
  // RK plans (rows kept whole, reduced across rows): `out` is read and written once per
  // piece, so large rows come several to a piece (up to kRkRowsPerPiece, and kMaxPieceBytes).
  if (groups == 2 && !plan.group_reduced[1] && p.units < kRkRowsPerPiece) {
    const size_t fit = kMaxPieceBytes / unit_bytes;
    p.units = fit >= kRkRowsPerPiece ? kRkRowsPerPiece : fit > p.units ? fit : p.units;
  }
  return p;
}

// Pieces as Reduce streams cut them (piece_shape), except that an RK plan's piece holds at most
// kArgRkPieceBytes of whole rows (at least one row).
size_t arg_piece_elements(const ReductionPlan& plan, size_t element_size) {
  PieceShape p = piece_shape(plan, element_size);
  if (plan.group_dims.size() == 2 && !plan.group_reduced[1]) {
    const size_t row_bytes = p.unit * element_size;
    p.units = std::min(p.units, std::max<size_t>(1, kArgRkPieceBytes / (row_bytes ? row_bytes : 1)));
  }
  return p.elements();
}

}  // namespace orw
