// Add, Sub, Mul, Div over a broadcast plan: each element type mapped to the lanes its kernel
// runs on.
//   Add, Sub, Mul: integers as their unsigned twins (wrapping); float and double on vectors;
//     halfs widened to float and rounded once per element (float's 24 bits hold the exact sum,
//     difference or product of two 11-bit or 8-bit significands closely enough that the second
//     rounding is correct).
//   Div: float and double on vectors (halfs widened, as above: float's quotient rounded to a
//     half is the correctly rounded half quotient); integers in their own signedness on
//     scalars (wasm has no vector integer division).
#include <vector>

#include "core/tensor.h"
#include "elementwise/elementwise_kernels.h"
#include "elementwise/elementwise_microkernels.h"
#include "plan/broadcast_walk.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

// The row function of (S, F) for walk_broadcast.
template <class S, class F>
void row_of(const void* a, const void* b, void* out, size_t n) {
  using T = typename S::Lane;
  ew::binary_vv<S>(static_cast<const T*>(a), static_cast<const T*>(b), static_cast<T*>(out), n, F{});
}

template <class T, class F>
void binary_typed(const BroadcastPlan& p, const void* a, const void* b, void* out, Variant v) {
  walk_broadcast(p, sizeof(T), a, b, out, use_simd(v) ? row_of<simd::Vec128<T>, F> : row_of<simd::Scalar<T>, F>);
}

// Element count of an input from its plan strides: the largest offset reached, plus one.
size_t input_count(const BroadcastPlan& p, const std::vector<int64_t>& strides) {
  if (p.output_count() == 0) return 0;
  int64_t last = 0;
  for (size_t g = 0; g < strides.size(); ++g) last += strides[g] * (p.group_dims[g] - 1);
  return static_cast<size_t>(last + 1);
}

// Integer Div of the narrower types through int64 (exact: every value and quotient fits, and
// the cast back wraps the one overflowing quotient, the minimum over -1, to the minimum): two
// scalar division loops in the download instead of eight.
void divide_integers(DataType type, const BroadcastPlan& p, const void* a, const void* b, void* out) {
  const DataType wide = DataType::kInt64;
  Tensor wa = Tensor::uninitialized(wide, {static_cast<int64_t>(input_count(p, p.a_strides))});
  Tensor wb = Tensor::uninitialized(wide, {static_cast<int64_t>(input_count(p, p.b_strides))});
  Tensor wo = Tensor::uninitialized(wide, {p.output_count()});
  cast(type, wide, a, wa.mutable_raw(), static_cast<size_t>(wa.size()));
  cast(type, wide, b, wb.mutable_raw(), static_cast<size_t>(wb.size()));
  walk_broadcast(p, sizeof(int64_t), wa.raw(), wb.raw(), wo.mutable_raw(), row_of<simd::Scalar<int64_t>, ew::DivLanes>);
  cast(wide, type, wo.raw(), out, static_cast<size_t>(wo.size()));
}

template <class F>
void binary_op(DataType type, const BroadcastPlan& p, const void* a, const void* b, void* out, Variant v) {
  if constexpr (std::is_same_v<F, ew::DivLanes>) {
    if (type != DataType::kInt64 && type != DataType::kUint64 && !is_half(type) && type != DataType::kFloat &&
        type != DataType::kDouble) {
      return divide_integers(type, p, a, b, out);
    }
  }
  if (is_half(type)) {
    const std::vector<float> wa = widen(type, a, input_count(p, p.a_strides));
    const std::vector<float> wb = widen(type, b, input_count(p, p.b_strides));
    std::vector<float> wo(static_cast<size_t>(p.output_count()));
    binary_typed<float, F>(p, wa.data(), wb.data(), wo.data(), v);
    narrow(type, wo.data(), out, wo.size());
    return;
  }
  with_storage_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<F, ew::DivLanes> && std::is_integral_v<T>) {
      // int64, uint64: quotients depend on the signedness; one lane at a time.
      if constexpr (sizeof(T) == 8) walk_broadcast(p, sizeof(T), a, b, out, row_of<simd::Scalar<T>, F>);
    } else {
      binary_typed<Wrapping<T>, F>(p, a, b, out, v);
    }
  });
}

}  // namespace

TypeSet binary_types() {
  return {DataType::kFloat,  DataType::kDouble, DataType::kFloat16, DataType::kBfloat16, DataType::kInt8,
          DataType::kInt16,  DataType::kInt32,  DataType::kInt64,   DataType::kUint8,    DataType::kUint16,
          DataType::kUint32, DataType::kUint64};
}

void binary(BinaryOp op, DataType type, const BroadcastPlan& p, const void* a, const void* b, void* out, Variant v) {
  check_type(binary_types(), type, "kernels::binary");
  switch (op) {
    case BinaryOp::kAdd: return binary_op<ew::AddLanes>(type, p, a, b, out, v);
    case BinaryOp::kSub: return binary_op<ew::SubLanes>(type, p, a, b, out, v);
    case BinaryOp::kMul: return binary_op<ew::MulLanes>(type, p, a, b, out, v);
    case BinaryOp::kDiv: return binary_op<ew::DivLanes>(type, p, a, b, out, v);
  }
}

}  // namespace orw::kernels
