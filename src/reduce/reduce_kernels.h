// Entry points of the kernel layer: run a reduction plan or a scan on raw buffers of one
// element type. Shapes, axes and types are validated by the operators before this point.
// float16/bfloat16 are widened to float32, computed there and rounded once per output.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/dtype.h"
#include "plan/reduction_plan.h"

namespace orw::kernels {

// The largest piece of input (in bytes) any kernel stream asks for at a time: callers that
// stage pieces can keep a buffer this large between runs.
constexpr size_t kMaxPieceBytes = 2 * 1024 * 1024;

// Uninitialized storage of at least `bytes` bytes, aligned for any element or accumulator
// type: the streams' wide accumulators, column states and carry rows, one type for all.
using ByteBuffer = std::unique_ptr<std::max_align_t[]>;
ByteBuffer byte_buffer(size_t bytes);

enum class ReduceOp : uint8_t { kProd, kSum, kMean, kSumSquare, kL1, kL2, kLogSum, kLogSumExp, kMax, kMin };
enum class ScanOp : uint8_t { kProd, kSum };

// Which implementation runs: the SIMD one (default) or the scalar instance of the same
// templates (the fallback, and a reference for tests).
enum class Variant : uint8_t { kSimd, kScalar };

// True for ops that transform single elements (SumSquare: x^2, L1/L2: |x|, LogSum: log x);
// for the others a reduction over nothing returns the input as it is.
bool has_elementwise_step(ReduceOp op);

// Element types the reduce/scan kernels implement.
TypeSet reduce_types(ReduceOp op);
TypeSet scan_types(ScanOp op);

// out[plan.output_count] = reduction of x[plan.input_count]. Throws TypeError for a type
// outside reduce_types(op).
void reduce(ReduceOp op, DataType type, const ReductionPlan& plan, const void* x, void* out,
            Variant variant = Variant::kSimd);

// A reduction fed piece by piece in input order (e.g. while copying its input from elsewhere,
// so each piece is reduced while it is in cache). Gives the same bits as reduce().
class ReduceStream {
 public:
  virtual ~ReduceStream() = default;
  // Elements per piece; feed() takes pieces of exactly this size, the last one may be shorter.
  virtual size_t piece_elements() const = 0;
  // Reduces input elements [begin, begin + count) found at x.
  virtual void feed(const void* x, size_t begin, size_t count) = 0;
  // Completes `out` (finalize steps such as Mean's division).
  virtual void finish() = 0;
};

// A stream reducing into out[plan.output_count], or nullptr when the op cannot stream for that
// type and plan (LogSumExp except float R/KR plans; float16/bfloat16; L2 and LogSum of
// integers). Throws TypeError for a type outside reduce_types(op).
std::unique_ptr<ReduceStream> make_reduce_stream(ReduceOp op, DataType type, const ReductionPlan& plan, void* out,
                                                 Variant variant = Variant::kSimd);

// A scan fed piece by piece: next() says which input elements to provide (pieces of a
// reverse scan may come from the end), feed() writes the same elements of the output.
// Gives the same bits as scan().
class ScanStream {
 public:
  struct Piece {
    size_t offset = 0, count = 0;  // elements; count 0 once everything was fed
  };
  virtual ~ScanStream() = default;
  virtual Piece next() const = 0;
  // Scans the piece next() named: x holds its input elements, out receives its output.
  virtual void feed(const void* x, void* out) = 0;
};

// A scan stream, or nullptr for float16/bfloat16 (which widen to float32). Throws TypeError
// for a type outside scan_types(op).
std::unique_ptr<ScanStream> make_scan_stream(ScanOp op, DataType type, const ScanExtent& extent, bool exclusive,
                                             bool reverse, Variant variant = Variant::kSimd);

// out = scan of x along extent.n, same size as x. Throws TypeError for a type outside
// scan_types(op).
void scan(ScanOp op, DataType type, const ScanExtent& extent, bool exclusive, bool reverse,
          const void* x, void* out, Variant variant = Variant::kSimd);

}  // namespace orw::kernels
