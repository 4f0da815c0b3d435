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

#include "elementwise/elementwise_kernels.h"
#include "elementwise/elementwise_microkernels.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

// Walks the plan's groups, outermost first, running one row of the innermost group at a time.
template <class S, class F>
void binary_plan(const BroadcastPlan& p, const typename S::Lane* a, const typename S::Lane* b,
                 typename S::Lane* out, F f) {
  const size_t groups = p.group_dims.size();
  if (p.output_count() == 0) return;
  if (groups == 0) {  // every dim is 1
    *out = f(*a, *b);
    return;
  }
  const auto n = static_cast<size_t>(p.group_dims[groups - 1]);
  const bool a_walks = p.a_strides[groups - 1] != 0, b_walks = p.b_strides[groups - 1] != 0;
  std::vector<int64_t> index(groups - 1, 0);
  int64_t oa = 0, ob = 0;
  for (;;) {
    if (a_walks && b_walks) ew::binary_vv<S>(a + oa, b + ob, out, n, f);
    else if (b_walks) ew::binary_sv<S>(a[oa], b + ob, out, n, f);
    else ew::binary_vs<S>(a + oa, b[ob], out, n, f);
    out += n;
    size_t g = groups - 1;
    for (; g-- > 0;) {  // advance the outer index, innermost outer group first
      oa += p.a_strides[g];
      ob += p.b_strides[g];
      if (++index[g] < p.group_dims[g]) break;
      oa -= p.a_strides[g] * p.group_dims[g];
      ob -= p.b_strides[g] * p.group_dims[g];
      index[g] = 0;
    }
    if (g == static_cast<size_t>(-1)) return;  // every outer index wrapped: done
  }
}

template <class T, class F>
void binary_typed(const BroadcastPlan& p, const void* a, const void* b, void* out, Variant v, F f) {
  const auto* at = static_cast<const T*>(a);
  const auto* bt = static_cast<const T*>(b);
  auto* ot = static_cast<T*>(out);
  if (use_simd(v)) binary_plan<simd::Vec128<T>>(p, at, bt, ot, f);
  else binary_plan<simd::Scalar<T>>(p, at, bt, ot, f);
}

// Element count of an input from its plan strides: the largest offset reached, plus one.
size_t input_count(const BroadcastPlan& p, const std::vector<int64_t>& strides) {
  if (p.output_count() == 0) return 0;
  int64_t last = 0;
  for (size_t g = 0; g < strides.size(); ++g) last += strides[g] * (p.group_dims[g] - 1);
  return static_cast<size_t>(last + 1);
}

template <class F>
void binary_op(F f, DataType type, const BroadcastPlan& p, const void* a, const void* b, void* out, Variant v) {
  if (is_half(type)) {
    const std::vector<float> wa = widen(type, a, input_count(p, p.a_strides));
    const std::vector<float> wb = widen(type, b, input_count(p, p.b_strides));
    std::vector<float> wo(static_cast<size_t>(p.output_count()));
    binary_typed<float>(p, wa.data(), wb.data(), wo.data(), v, f);
    narrow(type, wo.data(), out, wo.size());
    return;
  }
  with_storage_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<F, ew::DivLanes> && std::is_integral_v<T>) {
      // Integer quotients depend on the signedness; one lane at a time.
      binary_plan<simd::Scalar<T>>(p, static_cast<const T*>(a), static_cast<const T*>(b), static_cast<T*>(out), f);
    } else {
      binary_typed<Wrapping<T>>(p, a, b, out, v, f);
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
    case BinaryOp::kAdd: return binary_op(ew::AddLanes{}, type, p, a, b, out, v);
    case BinaryOp::kSub: return binary_op(ew::SubLanes{}, type, p, a, b, out, v);
    case BinaryOp::kMul: return binary_op(ew::MulLanes{}, type, p, a, b, out, v);
    case BinaryOp::kDiv: return binary_op(ew::DivLanes{}, type, p, a, b, out, v);
  }
}

}  // namespace orw::kernels
