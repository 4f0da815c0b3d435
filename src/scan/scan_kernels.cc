// Scans: each element type mapped to its compute type (integers as unsigned twins, so sums
// and products wrap; float16/bfloat16 widened to float, each output rounded once), and float
// running values carried in double.
#include <memory>
#include <type_traits>
#include <vector>

#include "scan/scan_kernels.h"

#include "plan/pieces.h"
#include "reduce/reduce_ops.h"
#include "scan/scan_runner.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

// The running value's type: float scans carry float64 (each output the rounded float64
// prefix); the others carry their own type.
template <class T> using Acc = std::conditional_t<std::is_same_v<T, float>, double, T>;

template <class S, class Op>
std::unique_ptr<StreamedRun> make_scan_runner(const AxisExtent& extent, bool exclusive, bool reverse) {
  return std::make_unique<ScanRunner<S, Op>>(static_cast<size_t>(extent.outer), static_cast<size_t>(extent.n),
                                             static_cast<size_t>(extent.inner), exclusive, reverse, kPieceBytes);
}

template <class T>
std::unique_ptr<StreamedRun> scan_stream_for(ScanOp op, const AxisExtent& extent, bool exclusive, bool reverse,
                                             Variant v) {
  using U = Wrapping<T>;
  auto make = [&](auto op_tag) -> std::unique_ptr<StreamedRun> {
    using Op = typename decltype(op_tag)::type;
    if (use_simd(v)) return make_scan_runner<simd::Vec128<U, Acc<U>>, Op>(extent, exclusive, reverse);
    return make_scan_runner<simd::Scalar<U, Acc<U>>, Op>(extent, exclusive, reverse);
  };
  if (op == ScanOp::kProd) return make(Tag<ProdOp>{});
  return make(Tag<SumOp>{});
}

template <class T>
void scan_typed(ScanOp op, const AxisExtent& extent, bool exclusive, bool reverse, const void* x, void* out,
                Variant v) {
  using U = Wrapping<T>;
  const auto* xt = static_cast<const U*>(x);
  auto* ot = static_cast<U*>(out);
  const auto outer = static_cast<size_t>(extent.outer), n = static_cast<size_t>(extent.n);
  const auto inner = static_cast<size_t>(extent.inner);
  auto go = [&](auto op_tag) {
    using Op = typename decltype(op_tag)::type;
    if (use_simd(v)) scan<simd::Vec128<U, Acc<U>>, Op>(xt, ot, outer, n, inner, exclusive, reverse, kPieceBytes);
    else scan<simd::Scalar<U, Acc<U>>, Op>(xt, ot, outer, n, inner, exclusive, reverse, kPieceBytes);
  };
  if (op == ScanOp::kProd) go(Tag<ProdOp>{});
  else go(Tag<SumOp>{});
}

}  // namespace

TypeSet scan_types(ScanOp) { return kNumericTypes; }

std::unique_ptr<StreamedRun> make_scan_stream(ScanOp op, DataType type, const AxisExtent& extent, bool exclusive,
                                             bool reverse, Variant v) {
  check_type(scan_types(op), type, "kernels::make_scan_stream");
  if (is_half(type)) return nullptr;
  std::unique_ptr<StreamedRun> stream;
  with_storage_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (kArithmetic<T>) stream = scan_stream_for<T>(op, extent, exclusive, reverse, v);
  });
  return stream;
}

void scan(ScanOp op, DataType type, const AxisExtent& extent, bool exclusive, bool reverse, const void* x, void* out,
          Variant v) {
  check_type(scan_types(op), type, "kernels::scan");
  if (is_half(type)) {
    const size_t n = static_cast<size_t>(extent.outer * extent.n * extent.inner);
    const std::vector<float> wx = widen(type, x, n);
    std::vector<float> wo(n);
    scan_typed<float>(op, extent, exclusive, reverse, wx.data(), wo.data(), v);
    narrow(type, wo.data(), out, n);
    return;
  }
  with_storage_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (kArithmetic<T>) scan_typed<T>(op, extent, exclusive, reverse, x, out, v);
  });
}

}  // namespace orw::kernels
