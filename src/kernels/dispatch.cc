// Type and variant dispatch for the kernel layer: maps each element type to the type the
// kernels compute in (integers as their unsigned twins so arithmetic wraps; float16/bfloat16
// widened to float), and each op to its descriptor.
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/half.h"
#include "kernels/kernels.h"
#include "kernels/reduce_kernels.h"
#include "kernels/reduce_ops.h"
#include "kernels/scan_kernels.h"
#include "kernels/simd.h"

namespace orw::kernels {
namespace {

template <class T> struct Tag { using type = T; };

// Calls f(Tag<U>{}) with U the compute type of `type`; returns false for half types and for
// types without a kernel.
template <class F>
bool with_compute_type(DataType type, F&& f) {
  switch (type) {
    case DataType::kFloat: f(Tag<float>{}); return true;
    case DataType::kDouble: f(Tag<double>{}); return true;
    case DataType::kInt32:
    case DataType::kUint32: f(Tag<uint32_t>{}); return true;
    case DataType::kInt64:
    case DataType::kUint64: f(Tag<uint64_t>{}); return true;
    default: return false;
  }
}

bool is_half(DataType t) { return t == DataType::kFloat16 || t == DataType::kBfloat16; }

std::vector<float> widen(DataType t, const void* x, size_t n) {
  std::vector<float> w(n);
  const auto* h = static_cast<const uint16_t*>(x);
  if (t == DataType::kFloat16) for (size_t i = 0; i < n; ++i) w[i] = f16_to_f32(h[i]);
  else for (size_t i = 0; i < n; ++i) w[i] = bf16_to_f32(h[i]);
  return w;
}

void narrow(DataType t, const float* w, void* out, size_t n) {
  auto* h = static_cast<uint16_t*>(out);
  if (t == DataType::kFloat16) for (size_t i = 0; i < n; ++i) h[i] = f32_to_f16(w[i]);
  else for (size_t i = 0; i < n; ++i) h[i] = f32_to_bf16(w[i]);
}

template <class Op, class T>
void reduce_as(const ReductionPlan& plan, const void* x, void* out, Variant v) {
  if (v == Variant::kSimd) run_reduction_plan<simd::Vec128<T>, Op>(plan, static_cast<const T*>(x), static_cast<T*>(out));
  else run_reduction_plan<simd::Scalar<T>, Op>(plan, static_cast<const T*>(x), static_cast<T*>(out));
}

template <class Op, class T>
void scan_as(const ScanExtent& e, bool exclusive, bool reverse, const void* x, void* out, Variant v) {
  const auto* xt = static_cast<const T*>(x);
  auto* ot = static_cast<T*>(out);
  const auto outer = static_cast<size_t>(e.outer), n = static_cast<size_t>(e.n), inner = static_cast<size_t>(e.inner);
  if (v == Variant::kSimd) kernels::scan<simd::Vec128<T>, Op>(xt, ot, outer, n, inner, exclusive, reverse);
  else kernels::scan<simd::Scalar<T>, Op>(xt, ot, outer, n, inner, exclusive, reverse);
}

template <class Op>
void reduce_with(DataType type, const ReductionPlan& plan, const void* x, void* out, Variant v) {
  if (is_half(type)) {
    const std::vector<float> wx = widen(type, x, static_cast<size_t>(plan.input_count));
    std::vector<float> wo(static_cast<size_t>(plan.output_count));
    reduce_as<Op, float>(plan, wx.data(), wo.data(), v);
    narrow(type, wo.data(), out, wo.size());
    return;
  }
  with_compute_type(type, [&](auto tag) { reduce_as<Op, typename decltype(tag)::type>(plan, x, out, v); });
}

template <class Op>
void scan_with(DataType type, const ScanExtent& e, bool exclusive, bool reverse, const void* x, void* out,
               Variant v) {
  if (is_half(type)) {
    const size_t n = static_cast<size_t>(e.outer * e.n * e.inner);
    const std::vector<float> wx = widen(type, x, n);
    std::vector<float> wo(n);
    scan_as<Op, float>(e, exclusive, reverse, wx.data(), wo.data(), v);
    narrow(type, wo.data(), out, n);
    return;
  }
  with_compute_type(type, [&](auto tag) { scan_as<Op, typename decltype(tag)::type>(e, exclusive, reverse, x, out, v); });
}

const TypeSet kArithmeticTypes = {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16,
                                  DataType::kInt32, DataType::kUint32, DataType::kInt64, DataType::kUint64};

void check_type(const TypeSet& types, DataType type, const char* what) {
  if (!types.contains(type)) {
    throw TypeError(std::string(what) + " kernel: element type " + type_name(type) +
                    " is not supported (supported: " + types.describe() + ")");
  }
}

}  // namespace

TypeSet reduce_types(ReduceOp) { return kArithmeticTypes; }
TypeSet scan_types(ScanOp) { return kArithmeticTypes; }

void reduce(ReduceOp op, DataType type, const ReductionPlan& plan, const void* x, void* out, Variant v) {
  check_type(reduce_types(op), type, "reduce");
  switch (op) {
    case ReduceOp::kProd: reduce_with<ProdOp>(type, plan, x, out, v); return;
  }
}

void scan(ScanOp op, DataType type, const ScanExtent& e, bool exclusive, bool reverse, const void* x, void* out,
          Variant v) {
  check_type(scan_types(op), type, "scan");
  switch (op) {
    case ScanOp::kProd: scan_with<ProdOp>(type, e, exclusive, reverse, x, out, v); return;
  }
}

}  // namespace orw::kernels
