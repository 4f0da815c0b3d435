// Private to the kernel layer: the type machinery the reduce and scan dispatchers share.
// Each element type maps to the type kernels compute in: integers as their unsigned twins for
// wrapping arithmetic, floats as themselves; float16/bfloat16 widen to float.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "core/dtype.h"
#include "core/errors.h"
#include "core/half.h"
#include "simd/half_lanes.h"

namespace orw::kernels {

// Which implementation runs: the SIMD one (default) or the scalar instance of the same
// templates (the fallback, and a reference for tests).
enum class Variant : uint8_t { kSimd, kScalar };

}  // namespace orw::kernels

namespace orw::kernels::detail {

template <class T> struct Tag { using type = T; };

// The failure paths of the dispatchers below, out of line: the kernels are built -O3 (see
// CMakeLists.txt), which would otherwise inline the message building into every caller and
// every instance of with_storage_type.
[[noreturn]] __attribute__((noinline)) inline void fail_no_kernel(DataType type) {
  fail<TypeError>(ErrorMessage() << "kernels: element type " << type_name(type) << " has no kernel (a type the operator should have rejected)");
}
[[noreturn]] __attribute__((noinline)) inline void fail_unsupported_type(const TypeSet& types, DataType type,
                                                                         const char* what) {
  fail<TypeError>(ErrorMessage() << what << ": element type " << type_name(type)
                                 << " is not supported (supported: " << types.describe() << ')');
}

// Builds for users (ORW_SIMD_ONLY) leave out the scalar instances: they only serve tests and
// benchmarks, and would double the kernels' share of the download.
#ifdef ORW_SIMD_ONLY
constexpr bool kWithScalarVariant = false;
#else
constexpr bool kWithScalarVariant = true;
#endif

// True when `v` runs on the SIMD instance (always, in builds without the scalar ones).
// (Always inlined: emcc turns the -Oz of the build into -fno-inline-functions, and a call
// here would keep every scalar instance in the download.)
__attribute__((always_inline)) constexpr bool use_simd(Variant v) { return v == Variant::kSimd || !kWithScalarVariant; }

inline bool is_half(DataType t) { return t == DataType::kFloat16 || t == DataType::kBfloat16; }

// n halves of type t (float16 or bfloat16) as floats, exactly; and back, rounded to nearest
// even (simd/half_lanes.h: four at a time).
inline std::vector<float> widen(DataType t, const void* x, size_t n) {
  std::vector<float> w(n);
  simd::halves_to_floats(t == DataType::kBfloat16, static_cast<const uint16_t*>(x), w.data(), n);
  return w;
}

inline void narrow(DataType t, const float* w, void* out, size_t n) {
  simd::floats_to_halves(t == DataType::kBfloat16, w, static_cast<uint16_t*>(out), n);
}

// Calls f(Tag<Stored>{}) for the storage type of a non-half element type.
template <class F>
void with_storage_type(DataType type, F&& f) {
  switch (type) {
    case DataType::kFloat: return f(Tag<float>{});
    case DataType::kDouble: return f(Tag<double>{});
    case DataType::kInt8: return f(Tag<int8_t>{});
    case DataType::kUint8:
    case DataType::kBool: return f(Tag<uint8_t>{});
    case DataType::kInt16: return f(Tag<int16_t>{});
    case DataType::kUint16: return f(Tag<uint16_t>{});
    case DataType::kInt32: return f(Tag<int32_t>{});
    case DataType::kUint32: return f(Tag<uint32_t>{});
    case DataType::kInt64: return f(Tag<int64_t>{});
    case DataType::kUint64: return f(Tag<uint64_t>{});
    default:
      fail_no_kernel(type);
  }
}

// The arithmetic twin of a storage type: unsigned for integers (wrapping), itself for floats.
template <class T, bool = std::is_integral_v<T>> struct WrappingOf { using type = T; };
template <class T> struct WrappingOf<T, true> { using type = std::make_unsigned_t<T>; };
template <class T>
using Wrapping = typename WrappingOf<T>::type;

// Storage types with kernels: arithmetic ops take float/double and 32/64-bit integers; Max and
// Min also take 8-bit integers (and bool as uint8). Instantiating nothing else keeps the
// download small.
template <class T> constexpr bool kArithmetic = std::is_floating_point_v<T> || sizeof(T) >= 4;
template <class T> constexpr bool kOrdered = kArithmetic<T> || sizeof(T) == 1;
inline const TypeSet kNumericTypes = {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16,
                                      DataType::kInt32, DataType::kUint32, DataType::kInt64, DataType::kUint64};
inline const TypeSet kMinMaxTypes = kNumericTypes.with(DataType::kInt8).with(DataType::kUint8).with(DataType::kBool);

// Throws TypeError unless `types` holds `type`.
inline void check_type(const TypeSet& types, DataType type, const char* what) {
  if (!types.contains(type)) fail_unsupported_type(types, type, what);
}

}  // namespace orw::kernels::detail
