// ArgMax/ArgMin: each element type mapped to how its lanes are read (see arg_kernels.h), run
// as a stream of pieces with the same cut as the Reduce kernels (piece_shape).
#include <algorithm>
#include <memory>
#include <vector>

#include "kernels/arg.h"
#include "kernels/arg_kernels.h"
#include "kernels/reduce_kernels.h"
#include "kernels/simd.h"
#include "kernels/type_dispatch.h"

namespace orw::kernels {
namespace {

using namespace detail;

// Pieces as the Reduce kernels cut them (piece_shape), except that an RK plan's piece holds at
// least 4 rows while that stays within 1 MiB: each tile of columns then loads and stores its
// state once per 4 rows rather than per row (long rows give pieces of one row).
size_t arg_piece_elements(const ReductionPlan& plan, size_t element_size) {
  PieceShape p = piece_shape(plan, element_size);
  if (plan.group_dims.size() == 2 && !plan.group_reduced[1]) {
    const size_t row_bytes = p.unit * element_size, fit = (size_t{1} << 20) / (row_bytes ? row_bytes : 1);
    p.units = std::max(p.units, std::min<size_t>(4, std::max<size_t>(fit, 1)));
  }
  return p.elements();
}

template <class S, class Src, bool kMax, bool kLast>
class ArgStream final : public ReduceStream {
 public:
  ArgStream(const ReductionPlan& plan, int64_t* out) : plan_(plan), runner_(plan_, out) {}
  size_t piece_elements() const override { return arg_piece_elements(plan_, sizeof(typename Src::Stored)); }
  void feed(const void* x, size_t begin, size_t count) override {
    runner_.feed(static_cast<const typename Src::Stored*>(x), begin, count);
  }
  void finish() override { runner_.finish(); }

 private:
  const ReductionPlan plan_;  // a copy: the runner refers to it
  ArgRunner<S, Src, kMax, kLast> runner_;
};

template <class Src, bool kMax, bool kLast>
std::unique_ptr<ReduceStream> stream_of(const ReductionPlan& plan, int64_t* out, Variant v) {
  using L = typename Src::Lane;
  if (v == Variant::kSimd || !kWithScalarVariant) {
    return std::make_unique<ArgStream<simd::Vec128<L>, Src, kMax, kLast>>(plan, out);
  }
  return std::make_unique<ArgStream<simd::Scalar<L>, Src, kMax, kLast>>(plan, out);
}

template <class Src>
std::unique_ptr<ReduceStream> stream_of(bool max, bool last, const ReductionPlan& plan, int64_t* out, Variant v) {
  if (max) return last ? stream_of<Src, true, true>(plan, out, v) : stream_of<Src, true, false>(plan, out, v);
  return last ? stream_of<Src, false, true>(plan, out, v) : stream_of<Src, false, false>(plan, out, v);
}

// 8/16-bit integers and halves: each piece is turned into int32 keys (widened_key) in a
// buffer, which the int32 kernels reduce (one set of kernels serves six types).
template <class T, uint16_t kHalfMask, int32_t kNanKey>
class WidenedArgStream final : public ReduceStream {
 public:
  WidenedArgStream(const ReductionPlan& plan, std::unique_ptr<ReduceStream> keys) : plan_(plan), keys_(std::move(keys)) {}
  size_t piece_elements() const override { return arg_piece_elements(plan_, sizeof(T)); }
  void feed(const void* x, size_t begin, size_t count) override {
    buffer_.resize(count);
    const T* t = static_cast<const T*>(x);
    for (size_t i = 0; i < count; ++i) buffer_[i] = widened_key<T, kHalfMask, kNanKey>(t[i]);
    keys_->feed(buffer_.data(), begin, count);
  }
  void finish() override { keys_->finish(); }

 private:
  const ReductionPlan plan_;
  std::unique_ptr<ReduceStream> keys_;
  std::vector<int32_t> buffer_;
};

template <class T, uint16_t kHalfMask = 0, int32_t kNanKey = 0>
std::unique_ptr<ReduceStream> widened(bool max, bool last, const ReductionPlan& plan, int64_t* out, Variant v) {
  return std::make_unique<WidenedArgStream<T, kHalfMask, kNanKey>>(
      plan, stream_of<DirectSource<int32_t>>(max, last, plan, out, v));
}

// float16/bfloat16 keys: a NaN is the key beyond every number on the side of the extreme.
template <uint16_t kMask>
std::unique_ptr<ReduceStream> half_stream(bool max, bool last, const ReductionPlan& plan, int64_t* out, Variant v) {
  if (max) return widened<int16_t, kMask, INT32_MAX>(true, last, plan, out, v);
  return widened<int16_t, kMask, INT32_MIN>(false, last, plan, out, v);
}

bool is_widened(DataType t) {
  return t == DataType::kInt8 || t == DataType::kUint8 || t == DataType::kInt16 || t == DataType::kUint16 ||
         t == DataType::kFloat16 || t == DataType::kBfloat16;
}

}  // namespace

TypeSet arg_types() {
  return {DataType::kUint8,  DataType::kUint16, DataType::kUint32,  DataType::kUint64, DataType::kInt8,
          DataType::kInt16,  DataType::kInt32,  DataType::kInt64,   DataType::kFloat16, DataType::kFloat,
          DataType::kDouble, DataType::kBfloat16};
}

std::unique_ptr<ReduceStream> make_arg_stream(bool max, bool last, DataType type, const ReductionPlan& plan,
                                              int64_t* out, Variant v) {
  check_type(arg_types(), type, "arg");
  switch (type) {
    case DataType::kFloat16: return half_stream<0x7C00>(max, last, plan, out, v);
    case DataType::kBfloat16: return half_stream<0x7F80>(max, last, plan, out, v);
    case DataType::kInt8: return widened<int8_t>(max, last, plan, out, v);
    case DataType::kUint8: return widened<uint8_t>(max, last, plan, out, v);
    case DataType::kInt16: return widened<int16_t>(max, last, plan, out, v);
    case DataType::kUint16: return widened<uint16_t>(max, last, plan, out, v);
    case DataType::kInt32: return stream_of<DirectSource<int32_t>>(max, last, plan, out, v);
    case DataType::kUint32: return stream_of<DirectSource<uint32_t>>(max, last, plan, out, v);
    case DataType::kInt64: return stream_of<DirectSource<int64_t>>(max, last, plan, out, v);
    case DataType::kUint64: return stream_of<DirectSource<uint64_t>>(max, last, plan, out, v);
    case DataType::kFloat: return stream_of<DirectSource<float>>(max, last, plan, out, v);
    default: return stream_of<DirectSource<double>>(max, last, plan, out, v);
  }
}

// Indices do not depend on how the input is cut, so the whole input is one piece (RK plans
// then keep each tile of columns in registers for every row; pieces of single long rows would
// load and store the columns' state once per row), except for widened types, whose keys are
// made a piece at a time.
void arg_reduce(bool max, bool last, DataType type, const ReductionPlan& plan, const void* x, int64_t* out, Variant v) {
  auto stream = make_arg_stream(max, last, type, plan, out, v);
  const size_t n = static_cast<size_t>(plan.input_count);
  const size_t piece = is_widened(type) ? stream->piece_elements() : n, bytes = element_size(type);
  for (size_t begin = 0; begin < n; begin += piece) {
    stream->feed(static_cast<const char*>(x) + begin * bytes, begin, n - begin < piece ? n - begin : piece);
  }
  stream->finish();
}

}  // namespace orw::kernels
