// Cast between the 13 element types in two steps over chunks of 512 elements: the source is
// loaded into a wide intermediate that holds every value exactly (double for float sources;
// int64 bits plus signedness for integer and bool sources), then stored to the target with
// one rounding. 13 loads and 2 x 13 stores instead of 169 converters keep the download small;
// the loops are plain C++ that the compiler vectorizes where the lanes allow.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "core/half.h"
#include "elementwise/elementwise_kernels.h"
#include "simd/half_lanes.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

constexpr size_t kChunk = 512;

bool is_float_type(DataType t) {
  return t == DataType::kFloat || t == DataType::kDouble || t == DataType::kFloat16 || t == DataType::kBfloat16;
}
bool is_unsigned(DataType t) {
  return t == DataType::kUint8 || t == DataType::kUint16 || t == DataType::kUint32 || t == DataType::kUint64 ||
         t == DataType::kBool;
}

// double -> float, round to nearest even, overflow to +-inf (written out: a C++ conversion of
// an out-of-range double is undefined).
float to_float(double d) {
  if (std::fabs(d) <= FLT_MAX) return static_cast<float>(d);
  if (d != d) return static_cast<float>(d);
  // Halfway between FLT_MAX and 2^128 (FLT_MAX's last bit is odd, so the tie goes to inf).
  const double halfway = static_cast<double>(FLT_MAX) + std::ldexp(1.0, 103);
  const float mag = std::fabs(d) >= halfway ? std::numeric_limits<float>::infinity() : FLT_MAX;
  return d < 0 ? -mag : mag;
}

// double -> float rounded to odd (truncate toward zero, then set the last bit when inexact).
// Rounding that to float16/bfloat16 (>= 2 fewer bits) gives the correctly rounded result, with
// no double rounding.
float to_float_odd(double d) {
  const float f = to_float(d);
  if (d != d || std::isinf(d) || static_cast<double>(f) == d) return f;
  uint32_t u = float_bits(f);
  if (std::fabs(static_cast<double>(f)) > std::fabs(d)) u -= 1;  // one step toward zero
  return bits_float(u | 1u);
}

// A magnitude below 2^64 -> bfloat16 bits, round to nearest even, once.
uint16_t magnitude_to_bf16(uint64_t m) {
  if (m < (uint64_t{1} << 24)) return f32_to_bf16(static_cast<float>(m));  // exact in float
  const int top = 63 - __builtin_clzll(m);
  const int shift = top - 7;  // keep bfloat16's 8 significant bits
  uint64_t kept = m >> shift;
  const uint64_t rem = m & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
  if (rem > half || (rem == half && (kept & 1))) ++kept;
  return f32_to_bf16(std::ldexp(static_cast<float>(kept), shift));  // exact
}

// The limits of an integer target: as doubles to compare with (2^63 - 1 and 2^64 - 1 round up
// to 2^63 and 2^64, still right as bounds) and as the bits stored when saturating.
struct IntRange {
  double lo, hi;
  int64_t lo_bits, hi_bits;
};

template <class To>
IntRange range_of() {
  return {static_cast<double>(std::numeric_limits<To>::min()), static_cast<double>(std::numeric_limits<To>::max()),
          static_cast<int64_t>(std::numeric_limits<To>::min()),
          static_cast<int64_t>(static_cast<uint64_t>(std::numeric_limits<To>::max()))};
}

IntRange int_range(DataType to) {
  switch (to) {
    case DataType::kInt8: return range_of<int8_t>();
    case DataType::kInt16: return range_of<int16_t>();
    case DataType::kInt32: return range_of<int32_t>();
    case DataType::kInt64: return range_of<int64_t>();
    case DataType::kUint8: return range_of<uint8_t>();
    case DataType::kUint16: return range_of<uint16_t>();
    case DataType::kUint32: return range_of<uint32_t>();
    default: return range_of<uint64_t>();
  }
}

// Truncation toward zero, NaN -> 0, saturating at the target's limits; the result as int64
// bits (a uint64 above 2^63 as its two's complement bits), then stored like an integer.
int64_t float_to_int_bits(double v, const IntRange& r) {
  if (v != v) return 0;
  if (v <= r.lo) return r.lo_bits;
  if (v >= r.hi) return r.hi_bits;
  if (v >= 9223372036854775808.0) return static_cast<int64_t>(static_cast<uint64_t>(v));  // uint64 only
  return static_cast<int64_t>(v);
}

// Wide intermediate of one chunk.
struct Chunk {
  double f[kChunk];   // float sources
  int64_t i[kChunk];  // integer sources: the value's bits (sign- or zero-extended); float
                      // sources on their way to an integer target
};

template <class From>
void load_ints(const void* x, size_t n, int64_t* w) {
  const auto* p = static_cast<const From*>(x);
  for (size_t k = 0; k < n; ++k) w[k] = static_cast<int64_t>(p[k]);
}

void load(DataType from, const void* x, size_t n, Chunk& c) {
  switch (from) {
    case DataType::kFloat: { const auto* p = static_cast<const float*>(x); for (size_t k = 0; k < n; ++k) c.f[k] = p[k]; return; }
    case DataType::kDouble: std::memcpy(c.f, x, n * sizeof(double)); return;
    case DataType::kFloat16:
    case DataType::kBfloat16: {  // four at a time to float (simd/half_lanes.h), then to double
      const auto* p = static_cast<const uint16_t*>(x);
      float w[256];
      for (size_t k0 = 0; k0 < n; k0 += 256) {
        const size_t m = std::min<size_t>(256, n - k0);
        simd::halves_to_floats(from == DataType::kBfloat16, p + k0, w, m);
        for (size_t k = 0; k < m; ++k) c.f[k0 + k] = w[k];
      }
      return;
    }
    case DataType::kBool: { const auto* p = static_cast<const uint8_t*>(x); for (size_t k = 0; k < n; ++k) c.i[k] = p[k] != 0; return; }
    case DataType::kInt8: return load_ints<int8_t>(x, n, c.i);
    case DataType::kInt16: return load_ints<int16_t>(x, n, c.i);
    case DataType::kInt32: return load_ints<int32_t>(x, n, c.i);
    case DataType::kInt64: return load_ints<int64_t>(x, n, c.i);
    case DataType::kUint8: return load_ints<uint8_t>(x, n, c.i);
    case DataType::kUint16: return load_ints<uint16_t>(x, n, c.i);
    case DataType::kUint32: return load_ints<uint32_t>(x, n, c.i);
    default: return load_ints<uint64_t>(x, n, c.i);  // uint64: the bits
  }
}

template <class To, class F>
void store_each(void* out, size_t n, F f) {
  auto* p = static_cast<To*>(out);
  for (size_t k = 0; k < n; ++k) p[k] = f(k);
}

void store_from_float(DataType to, const double* w, size_t n, void* out) {
  switch (to) {
    case DataType::kFloat: return store_each<float>(out, n, [&](size_t k) { return to_float(w[k]); });
    case DataType::kDouble: std::memcpy(out, w, n * sizeof(double)); return;
    case DataType::kFloat16: return store_each<uint16_t>(out, n, [&](size_t k) { return f32_to_f16(to_float_odd(w[k])); });
    case DataType::kBfloat16: return store_each<uint16_t>(out, n, [&](size_t k) { return f32_to_bf16(to_float_odd(w[k])); });
    case DataType::kBool: return store_each<uint8_t>(out, n, [&](size_t k) { return static_cast<uint8_t>(w[k] != 0); });
    default: return;  // integer targets: float_to_int_bits, then store_from_int
  }
}

// Integer targets keep the low bits (two's complement), computed in unsigned (no UB).
template <class To>
void store_wrapped(const int64_t* w, size_t n, void* out) {
  using U = std::make_unsigned_t<To>;
  store_each<To>(out, n, [&](size_t k) { return static_cast<To>(static_cast<U>(static_cast<uint64_t>(w[k]))); });
}

// The value of an integer intermediate as a float type (single rounding).
template <class F>
F int_value(int64_t bits, bool is_unsigned_source) {
  return is_unsigned_source ? static_cast<F>(static_cast<uint64_t>(bits)) : static_cast<F>(bits);
}

void store_from_int(DataType to, const int64_t* w, size_t n, bool uns, void* out) {
  switch (to) {
    case DataType::kFloat: return store_each<float>(out, n, [&](size_t k) { return int_value<float>(w[k], uns); });
    case DataType::kDouble: return store_each<double>(out, n, [&](size_t k) { return int_value<double>(w[k], uns); });
    // Above 2^24 every integer overflows float16 whatever the float rounding: one rounding.
    case DataType::kFloat16: return store_each<uint16_t>(out, n, [&](size_t k) { return f32_to_f16(int_value<float>(w[k], uns)); });
    case DataType::kBfloat16:
      return store_each<uint16_t>(out, n, [&](size_t k) {
        const bool neg = !uns && w[k] < 0;
        const uint64_t mag = neg ? uint64_t{0} - static_cast<uint64_t>(w[k]) : static_cast<uint64_t>(w[k]);
        return static_cast<uint16_t>(magnitude_to_bf16(mag) | (neg ? 0x8000u : 0u));
      });
    case DataType::kBool: return store_each<uint8_t>(out, n, [&](size_t k) { return static_cast<uint8_t>(w[k] != 0); });
    case DataType::kInt8: return store_wrapped<int8_t>(w, n, out);
    case DataType::kInt16: return store_wrapped<int16_t>(w, n, out);
    case DataType::kInt32: return store_wrapped<int32_t>(w, n, out);
    case DataType::kInt64: return store_wrapped<int64_t>(w, n, out);
    case DataType::kUint8: return store_wrapped<uint8_t>(w, n, out);
    case DataType::kUint16: return store_wrapped<uint16_t>(w, n, out);
    case DataType::kUint32: return store_wrapped<uint32_t>(w, n, out);
    default: return store_wrapped<uint64_t>(w, n, out);
  }
}

}  // namespace

TypeSet cast_types() {
  return {DataType::kFloat,  DataType::kDouble, DataType::kFloat16, DataType::kBfloat16, DataType::kBool,
          DataType::kInt8,   DataType::kInt16,  DataType::kInt32,   DataType::kInt64,    DataType::kUint8,
          DataType::kUint16, DataType::kUint32, DataType::kUint64};
}

void cast(DataType from, DataType to, const void* x, void* out, size_t n) {
  check_type(cast_types(), from, "kernels::cast");
  check_type(cast_types(), to, "kernels::cast");
  const size_t in_size = element_size(from), out_size = element_size(to);
  if (from == to && from != DataType::kBool) {
    if (n) std::memcpy(out, x, n * in_size);
    return;
  }
  const bool float_source = is_float_type(from), uns = is_unsigned(from);
  const bool to_int = !is_float_type(to) && to != DataType::kBool;
  const IntRange range = to_int ? int_range(to) : IntRange{};
  Chunk c;
  for (size_t i = 0; i < n; i += kChunk) {
    const size_t m = std::min(kChunk, n - i);
    const void* xi = static_cast<const char*>(x) + i * in_size;
    void* oi = static_cast<char*>(out) + i * out_size;
    load(from, xi, m, c);
    if (float_source && to_int) {
      for (size_t k = 0; k < m; ++k) c.i[k] = float_to_int_bits(c.f[k], range);
      store_from_int(to, c.i, m, false, oi);
    } else if (float_source) {
      store_from_float(to, c.f, m, oi);
    } else {
      store_from_int(to, c.i, m, uns, oi);
    }
  }
}

}  // namespace orw::kernels
