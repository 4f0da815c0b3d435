// ArgMax/ArgMin: each element type mapped to the ArgMax kernels of its lanes (see
// arg_runner.h), run as a stream of pieces cut as the Reduce kernels cut them (piece_shape).
#include <algorithm>
#include <memory>
#include <type_traits>
#include <vector>

#include "arg/arg_kernels.h"

#include "arg/arg_microkernels.h"
#include "arg/arg_runner.h"
#include "core/half.h"
#include "core/parallel.h"
#include "plan/pieces.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

template <class L, bool kLast>
std::unique_ptr<ReduceStream> stream_of(const ReductionPlan& plan, int64_t* out, Variant v) {
  if (use_simd(v)) return std::make_unique<ArgRunner<simd::Vec128<L>, kLast>>(plan, out);
  return std::make_unique<ArgRunner<simd::Scalar<L>, kLast>>(plan, out);
}

// The ArgMax kernels of lane type L (first or last index): every instance the package ships.
template <class L>
std::unique_ptr<ReduceStream> max_stream(bool last, const ReductionPlan& plan, int64_t* out, Variant v) {
  return last ? stream_of<L, true>(plan, out, v) : stream_of<L, false>(plan, out, v);
}

// Elements turned, a piece at a time, into lanes whose maximum is the wanted extreme, then
// reduced by the ArgMax kernels (ArgKeyStream): ArgMin as ArgMax of -x (floats: NaN
// stays NaN, -0 meets +0) or of ~x (integers: the order reversed exactly); 8/16-bit integers
// and halves as int32 keys (widened_key), so one set of kernels serves every type.
template <class T, class L, L (*kFn)(T)>
void convert(const void* x, void* lanes, size_t count) {
  const T* t = static_cast<const T*>(x);
  L* b = static_cast<L*>(lanes);
  for (size_t i = 0; i < count; ++i) b[i] = kFn(t[i]);
}

template <class T> ORW_INLINE T negated(T x) { return -x; }
template <class T> ORW_INLINE T inverted(T x) { return static_cast<T>(~x); }
// ArgMin keys of 8/16-bit integers and halves: ~key, and a NaN the largest key.
template <class T, uint16_t kHalfMask = 0>
ORW_INLINE int32_t inverted_key(T x) {
  const int32_t k = widened_key<T, kHalfMask, INT32_MIN>(x);
  return k == INT32_MIN && kHalfMask != 0 ? INT32_MAX : ~k;
}

template <class T, class L, L (*kFn)(T)>
std::unique_ptr<ReduceStream> transformed(bool last, const ReductionPlan& plan, int64_t* out, Variant v) {
  return std::make_unique<ArgKeyStream>(max_stream<L>(last, plan, out, v), arg_piece_elements(plan, sizeof(T)),
                                                sizeof(L), &convert<T, L, kFn>);
}

// Types whose ArgMax runs on their own lanes, fed whole (the others go a piece at a time).
bool direct(bool max, DataType t) {
  return max && (t == DataType::kFloat || t == DataType::kDouble || t == DataType::kInt32 || t == DataType::kUint32 ||
                 t == DataType::kInt64 || t == DataType::kUint64);
}

// 8/16-bit integers and halves.
template <class T, uint16_t kHalfMask = 0>
std::unique_ptr<ReduceStream> widened(bool max, bool last, const ReductionPlan& plan, int64_t* out, Variant v) {
  if (max) return transformed<T, int32_t, widened_key<T, kHalfMask, INT32_MAX>>(last, plan, out, v);
  return transformed<T, int32_t, inverted_key<T, kHalfMask>>(last, plan, out, v);
}

// 32/64-bit integers and floats.
template <class T>
std::unique_ptr<ReduceStream> own_lanes(bool max, bool last, const ReductionPlan& plan, int64_t* out, Variant v) {
  if (max) return max_stream<T>(last, plan, out, v);
  if constexpr (std::is_floating_point_v<T>) return transformed<T, T, negated<T>>(last, plan, out, v);
  else return transformed<T, T, inverted<T>>(last, plan, out, v);
}

}  // namespace

TypeSet arg_types() {
  return {DataType::kUint8,  DataType::kUint16, DataType::kUint32,  DataType::kUint64, DataType::kInt8,
          DataType::kInt16,  DataType::kInt32,  DataType::kInt64,   DataType::kFloat16, DataType::kFloat,
          DataType::kDouble, DataType::kBfloat16};
}

std::unique_ptr<ReduceStream> make_arg_stream(bool max, bool last, DataType type, const ReductionPlan& plan,
                                              int64_t* out, Variant v) {
  check_type(arg_types(), type, "kernels::make_arg_stream");
  switch (type) {
    case DataType::kFloat16: return widened<int16_t, kFloat16ExponentBits>(max, last, plan, out, v);
    case DataType::kBfloat16: return widened<int16_t, kBfloat16ExponentBits>(max, last, plan, out, v);
    case DataType::kInt8: return widened<int8_t>(max, last, plan, out, v);
    case DataType::kUint8: return widened<uint8_t>(max, last, plan, out, v);
    case DataType::kInt16: return widened<int16_t>(max, last, plan, out, v);
    case DataType::kUint16: return widened<uint16_t>(max, last, plan, out, v);
    case DataType::kInt32: return own_lanes<int32_t>(max, last, plan, out, v);
    case DataType::kUint32: return own_lanes<uint32_t>(max, last, plan, out, v);
    case DataType::kInt64: return own_lanes<int64_t>(max, last, plan, out, v);
    case DataType::kUint64: return own_lanes<uint64_t>(max, last, plan, out, v);
    case DataType::kFloat: return own_lanes<float>(max, last, plan, out, v);
    default: return own_lanes<double>(max, last, plan, out, v);
  }
}

// Indices do not depend on how the input is cut, so the whole input is one piece (RK plans
// then keep each tile of columns in registers for every row; pieces of single long rows would
// load and store the columns' state once per row), except where lanes are made from the
// elements first (ArgMin, 8/16-bit types): a piece at a time. On several threads, the stream
// splits the whole input itself (each RK task's tile then spans every row of its columns).
void arg_reduce(bool max, bool last, DataType type, const ReductionPlan& plan, const void* x, int64_t* out, Variant v) {
  auto stream = make_arg_stream(max, last, type, plan, out, v);
  const auto n = static_cast<size_t>(plan.input_count);
  run_stream(*stream, n, x, element_size(type), direct(max, type) && thread_count() == 1 ? n : 0);
}

}  // namespace orw::kernels
