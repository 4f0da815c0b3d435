// How input is cut into pieces: every stream (Reduce, Arg, Scan) is fed its input a piece at
// a time, and whole-buffer runs cut it the same way, so both give the same bits. The sizes
// here are the only ones: callers that stage pieces can keep a buffer of kMaxPieceBytes.
#pragma once
#include <cstddef>

#include "plan/reduction_plan.h"

namespace orw {

// Input processed per piece: stays in L2.
constexpr size_t kPieceBytes = 256 * 1024;
// The largest piece any stream asks for (RK plans of large rows take several rows a piece).
constexpr size_t kMaxPieceBytes = 2 * 1024 * 1024;
// RK rows of an RK plan per piece for Reduce streams: `out` is read and written once per piece.
constexpr size_t kRkRowsPerPiece = 8;
// Arg streams over RK plans hold at most this many bytes of whole rows a piece (at least one
// row): measured end to end (ArgMax axis 0 of [64,256,256]), 1 MiB pieces ran 6.0-7.1x
// onnxruntime-web against 5.6-5.9x for 2 MiB.
constexpr size_t kArgRkPieceBytes = 1024 * 1024;
static_assert(kRkRowsPerPiece * kPieceBytes <= kMaxPieceBytes, "RK pieces stay within kMaxPieceBytes");
static_assert(kArgRkPieceBytes <= kMaxPieceBytes, "Arg pieces stay within kMaxPieceBytes");

// How a plan's input is cut into pieces: `unit` input elements keep every kernel block whole
// (one element for R and K plans, a row for KR and RK, an outer block when there are outer
// groups); a piece is `units` whole units, as many as fit in kPieceBytes (at least one). The
// last piece may be shorter.
struct PieceShape {
  size_t unit = 1;
  size_t units = 1;
  size_t elements() const { return unit * units; }
};

// Whole slices of slice_bytes each that make a task of about a piece (at least one): how
// whole-slice runs (the normalize ops, TopK) cut a piece and a task (SliceRun, run_slices in
// plan/streamed_run.h), and how the
// Reduce walk's outer blocks are grouped into tasks (reduce/reduce_walk.cc).
constexpr size_t slices_per_task(size_t slice_bytes) {
  return slice_bytes == 0 || slice_bytes >= kPieceBytes ? 1 : kPieceBytes / slice_bytes;
}

// The pieces of Reduce streams over elements of element_size bytes.
PieceShape piece_shape(const ReductionPlan& plan, size_t element_size);

// Elements per piece of Arg streams: as piece_shape, RK pieces within kArgRkPieceBytes.
size_t arg_piece_elements(const ReductionPlan& plan, size_t element_size);

}  // namespace orw
