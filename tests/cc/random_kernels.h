// Helpers of the randomized SIMD-versus-scalar cross-checks of the Reduce and Scan kernels
// (reduce/test_reduce_random.cc, scan/test_scan_random.cc): guarded misaligned buffers, random
// values and shapes around the vector widths, and plain N-d references written from the
// definitions (products and scans; every Reduce op and CumSum: random_family.h). Integers must
// match exactly; floats within a relative bound of the order of n * eps.
#pragma once
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "helpers.h"
#include "references.h"
#include "reduce/reduce_kernels.h"
#include "scan/scan_kernels.h"
#include "plan/reduction_plan.h"

using namespace orw;
using namespace orw_test;

namespace {

constexpr unsigned char kGuard = 0xA5;
constexpr size_t kGuardElems = 3;

// A buffer of `count` elements starting `offset` elements into a larger allocation, with
// guard bytes before and after.
struct Buffer {
  DataType type;
  size_t esize, count, offset;
  std::vector<uint64_t> storage;  // 8-byte aligned; data() is misaligned when offset is odd

  Buffer(DataType t, size_t n, size_t off) : type(t), esize(element_size(t)), count(n), offset(off) {
    storage.resize(((off + n + kGuardElems) * esize + 7) / 8 + 1);
    std::memset(storage.data(), kGuard, storage.size() * 8);
  }
  unsigned char* bytes() { return reinterpret_cast<unsigned char*>(storage.data()); }
  const unsigned char* bytes() const { return reinterpret_cast<const unsigned char*>(storage.data()); }
  void* data() { return bytes() + offset * esize; }
  const void* data() const { return bytes() + offset * esize; }

  // Raw bits of element i, zero-extended.
  uint64_t bits(size_t i) const {
    uint64_t v = 0;
    std::memcpy(&v, bytes() + (offset + i) * esize, esize);  // little-endian hosts (x86, wasm)
    return v;
  }
  void set_bits(size_t i, uint64_t v) { std::memcpy(bytes() + (offset + i) * esize, &v, esize); }
  double value(size_t i) const { return load_value(type, data(), i); }
  void set_value(size_t i, double v) { store_value(type, data(), i, v); }

  // True when every byte outside the element range still holds the guard pattern.
  bool guards_intact() const {
    const size_t begin = offset * esize, end = (offset + count) * esize;
    for (size_t b = 0; b < storage.size() * 8; ++b) {
      if ((b < begin || b >= end) && bytes()[b] != kGuard) return false;
    }
    return true;
  }
};

uint64_t int_mask(DataType t) { return element_size(t) == 8 ? ~uint64_t(0) : 0xFFFFFFFFull; }

// The relative error allowed for a product of n factors computed in the type's compute
// precision (any order) and rounded once to the output type.
double relative_tolerance(DataType t, size_t n) {
  const double eps = t == DataType::kDouble ? std::ldexp(1.0, -52) : std::ldexp(1.0, -23);
  const double out_round = t == DataType::kFloat16 ? std::ldexp(1.0, -10) : t == DataType::kBfloat16 ? std::ldexp(1.0, -7) : 0.0;
  return (2.0 * static_cast<double>(n) + 4.0) * eps + out_round;
}

// Fills x with test values: for integers, random bits (mostly odd so that wrapped products
// do not collapse to 0); for floats, +-(1 + d*u) with u uniform in [-1, 1) and d chosen from
// the longest product length so products of up to `n` factors stay near 1.
void fill_random(Buffer& x, std::mt19937& rng, size_t n) {
  if (is_integer(x.type)) {
    for (size_t i = 0; i < x.count; ++i) {
      uint64_t v = rand_u64(rng);
      if (rng() % 512 != 0) v |= 1;          // few even values: long wrapped products stay nonzero
      if (rng() % 1024 == 0) v = rng() % 4;  // rare small values, zeros included
      x.set_bits(i, v & int_mask(x.type));
    }
  } else {
    const double d = std::min(0.5, 2.0 / std::sqrt(static_cast<double>(std::max<size_t>(n, 1))));
    for (size_t i = 0; i < x.count; ++i) {
      const double mag = 1.0 + d * (2.0 * rand_unit(rng) - 1.0);
      x.set_value(i, (rng() & 1) ? -mag : mag);
    }
  }
}

// Compares `got` with the reference (ints: bit-exact after masking; floats: relative bound).
// Returns a description of the first mismatch, or "".
std::string compare(const Buffer& got, const std::vector<uint64_t>& ref_bits, const std::vector<double>& ref_values,
                    const std::vector<size_t>& lengths) {
  for (size_t i = 0; i < got.count; ++i) {
    if (is_integer(got.type)) {
      if (got.bits(i) != ref_bits[i]) {
        std::ostringstream s;
        s << "element " << i << ": got bits " << got.bits(i) << ", expected " << ref_bits[i];
        return s.str();
      }
    } else {
      const double g = got.value(i), r = ref_values[i];
      const double tol = relative_tolerance(got.type, lengths[i]) * std::fabs(r);
      if (!(std::fabs(g - r) <= tol)) {
        std::ostringstream s;
        s.precision(17);
        s << "element " << i << ": got " << g << ", expected " << r << " (tolerance " << tol << ", "
          << lengths[i] << " factors)";
        return s.str();
      }
    }
  }
  if (!got.guards_intact()) return "bytes outside the output were written";
  return "";
}

// ---- reduction reference -----------------------------------------------------------------

struct ReduceRef {
  std::vector<uint64_t> bits;    // integer types
  std::vector<double> values;    // float types
  std::vector<size_t> lengths;   // factors per output
};

// Every input element multiplies into the output element it belongs to.
ReduceRef reference_reduce(const Shape& dims, const std::vector<int64_t>& axes, const Buffer& x) {
  const OutputMap map = output_map(dims, axes);
  const size_t out_count = map.out_count;
  ReduceRef r;
  r.bits.assign(out_count, 1);
  r.values.assign(out_count, 1.0);
  r.lengths.assign(out_count, 0);
  const uint64_t mask = is_integer(x.type) ? int_mask(x.type) : 0;
  for (size_t i = 0; i < x.count; ++i) {
    const size_t o = map.of_input[i];
    if (mask) r.bits[o] = (r.bits[o] * x.bits(i)) & mask;
    else r.values[o] *= x.value(i);
    ++r.lengths[o];
  }
  return r;
}

// ---- scan reference ----------------------------------------------------------------------

size_t element_count(const Shape& dims) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

// Calls visit(i, t) for every element of a tensor of `dims`, line by line along `axis` and in
// scan order within a line (t = 0, 1, ... from the line's last element when reversed); t == 0
// starts a new line. The scan references below walk the lines this way.
template <class Visit>
void for_each_line(const Shape& dims, size_t axis, bool reverse, Visit visit) {
  size_t stride = 1;
  for (size_t d = axis + 1; d < dims.size(); ++d) stride *= static_cast<size_t>(dims[d]);
  const size_t n = static_cast<size_t>(dims[axis]);
  const size_t count = element_count(dims);
  for (size_t base = 0; base < count; ++base) {
    if ((base / stride) % n != 0) continue;  // not the first element of a line
    for (size_t t = 0; t < n; ++t) visit(base + (reverse ? n - 1 - t : t) * stride, t);
  }
}

// Walks every line along `axis` in scan order, keeping a running product (inclusive: multiply
// then store; exclusive: store then multiply).
ReduceRef reference_scan(const Shape& dims, size_t axis, bool exclusive, bool reverse, const Buffer& x) {
  ReduceRef r;
  r.bits.assign(x.count, 0);
  r.values.assign(x.count, 0.0);
  r.lengths.assign(x.count, 0);
  const uint64_t mask = is_integer(x.type) ? int_mask(x.type) : 0;
  uint64_t pb = 1;
  double pv = 1.0;
  size_t len = 0;
  for_each_line(dims, axis, reverse, [&](size_t i, size_t t) {
    if (t == 0) {
      pb = 1;
      pv = 1.0;
      len = 0;
    }
    if (!exclusive) {
      ++len;
      if (mask) pb = (pb * x.bits(i)) & mask;
      else pv *= x.value(i);
    }
    r.bits[i] = pb;
    r.values[i] = pv;
    r.lengths[i] = len;
    if (exclusive) {
      ++len;
      if (mask) pb = (pb * x.bits(i)) & mask;
      else pv *= x.value(i);
    }
  });
  return r;
}

// ---- shapes ------------------------------------------------------------------------------

int64_t pick_small_dim(std::mt19937& rng) {
  static const int64_t dims[] = {1, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33};
  return dims[rng() % (sizeof dims / sizeof dims[0])];
}

// A random shape of rank 1..6: mostly small dims (around 2- and 4-lane vectors and the 8x
// unrolled tiles), sometimes one dim of 1023..1025, rarely a zero; at most `limit` elements.
Shape random_shape(std::mt19937& rng, size_t rank, int64_t limit) {
  Shape dims(rank);
  for (auto& d : dims) d = pick_small_dim(rng);
  if (rng() % 3 == 0) dims[rng() % rank] = 1023 + static_cast<int64_t>(rng() % 3);
  if (rng() % 40 == 0) dims[rng() % rank] = 0;
  for (;;) {
    int64_t count = 1;
    for (int64_t d : dims) count *= d;
    if (count <= limit) break;
    // Shrink a random dim that is not the large one, or the large one if nothing else is left.
    size_t i = rng() % rank;
    if (dims[i] > 64 && std::count_if(dims.begin(), dims.end(), [](int64_t d) { return d > 2; }) > 1) continue;
    dims[i] = dims[i] > 2 ? dims[i] / 2 : 1;
  }
  return dims;
}

// Runs one reduction through both variants and checks them against the reference.
void check_reduce_case(const Shape& dims, const std::vector<int64_t>& axes, DataType type, size_t in_offset,
                       size_t out_offset, std::mt19937& rng, std::set<std::string>* patterns = nullptr) {
  const ReductionPlan plan = make_reduction_plan(dims, axes);
  if (patterns) patterns->insert(plan.pattern());
  Buffer x(type, element_count(dims), in_offset);
  fill_random(x, rng, static_cast<size_t>(std::max<int64_t>(plan.reduce_count, 1)));
  const ReduceRef ref = reference_reduce(dims, axes, x);
  REQUIRE(static_cast<size_t>(plan.output_count) == ref.lengths.size());
  for (kernels::Variant variant : {kernels::Variant::kSimd, kernels::Variant::kScalar}) {
    Buffer out(type, ref.lengths.size(), out_offset);
    kernels::reduce(kernels::ReduceOp::kProd, type, plan, x.data(), out.data(), variant);
    const std::string mismatch = compare(out, ref.bits, ref.values, ref.lengths);
    INFO("type " << type_name(type) << ", dims " << shape_to_string(dims) << ", axes " << shape_to_string(axes)
                 << ", pattern " << plan.pattern() << ", variant " << (variant == kernels::Variant::kSimd ? "simd" : "scalar")
                 << ", offsets " << in_offset << "/" << out_offset);
    CHECK(mismatch == "");
  }
  CHECK(x.guards_intact());  // the input is never written
}

// Runs one scan through both variants into guarded outputs and checks each with compare(out)
// (a mismatch description, or "").
template <class Compare>
void check_scan_variants(kernels::ScanOp op, const Shape& dims, size_t axis, bool exclusive, bool reverse, DataType type,
                         const Buffer& x, size_t in_offset, size_t out_offset, Compare compare) {
  const AxisExtent extent = make_axis_extent(dims, static_cast<int64_t>(axis));
  for (kernels::Variant variant : {kernels::Variant::kSimd, kernels::Variant::kScalar}) {
    Buffer out(type, x.count, out_offset);
    kernels::scan(op, type, extent, exclusive, reverse, x.data(), out.data(), variant);
    const std::string mismatch = compare(out);
    INFO("type " << type_name(type) << ", dims " << shape_to_string(dims) << ", axis " << axis << ", exclusive "
                 << exclusive << ", reverse " << reverse << ", variant "
                 << (variant == kernels::Variant::kSimd ? "simd" : "scalar") << ", offsets " << in_offset << "/"
                 << out_offset);
    CHECK(mismatch == "");
  }
  CHECK(x.guards_intact());
}

void check_scan_case(const Shape& dims, size_t axis, bool exclusive, bool reverse, DataType type, size_t in_offset,
                     size_t out_offset, std::mt19937& rng) {
  Buffer x(type, element_count(dims), in_offset);
  fill_random(x, rng, static_cast<size_t>(dims[axis]));
  const ReduceRef ref = reference_scan(dims, axis, exclusive, reverse, x);
  check_scan_variants(kernels::ScanOp::kProd, dims, axis, exclusive, reverse, type, x, in_offset, out_offset,
                      [&](const Buffer& out) { return compare(out, ref.bits, ref.values, ref.lengths); });
}

}  // namespace
