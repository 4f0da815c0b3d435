// Randomized cross-checks of the kernel layer (kernels/kernels.h) against plain N-d references
// written here from the definitions: random shapes of rank 1..6 whose collapsed extents land
// around the vector widths, random axis subsets, every element type, both variants, misaligned
// buffers with guard bytes around the output. Integers must match exactly; floats within a
// relative bound of the order of n * eps (values are kept near 1 so products stay in range).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "helpers.h"
#include "kernels/kernels.h"
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

// For each input element, the row-major index of the output element it belongs to (the kept
// dims in order), from its multi-index.
ReduceRef reference_reduce(const Shape& dims, const std::vector<int64_t>& axes, const Buffer& x) {
  const size_t rank = dims.size();
  std::vector<bool> reduced(rank, false);
  for (int64_t a : axes) reduced[static_cast<size_t>(a)] = true;
  size_t out_count = 1;
  for (size_t d = 0; d < rank; ++d) {
    if (!reduced[d]) out_count *= static_cast<size_t>(dims[d]);
  }
  ReduceRef r;
  r.bits.assign(out_count, 1);
  r.values.assign(out_count, 1.0);
  r.lengths.assign(out_count, 0);
  const uint64_t mask = is_integer(x.type) ? int_mask(x.type) : 0;
  std::vector<int64_t> idx(rank, 0);
  for (size_t i = 0; i < x.count; ++i) {
    size_t o = 0;
    for (size_t d = 0; d < rank; ++d) {
      if (!reduced[d]) o = o * static_cast<size_t>(dims[d]) + static_cast<size_t>(idx[d]);
    }
    if (mask) r.bits[o] = (r.bits[o] * x.bits(i)) & mask;
    else r.values[o] *= x.value(i);
    ++r.lengths[o];
    for (size_t d = rank; d-- > 0;) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
  return r;
}

// ---- scan reference ----------------------------------------------------------------------

// Walks every line along `axis` in scan order, keeping a running product (inclusive: multiply
// then store; exclusive: store then multiply).
ReduceRef reference_scan(const Shape& dims, size_t axis, bool exclusive, bool reverse, const Buffer& x) {
  size_t stride = 1;
  for (size_t d = axis + 1; d < dims.size(); ++d) stride *= static_cast<size_t>(dims[d]);
  const size_t n = static_cast<size_t>(dims[axis]);
  ReduceRef r;
  r.bits.assign(x.count, 0);
  r.values.assign(x.count, 0.0);
  r.lengths.assign(x.count, 0);
  const uint64_t mask = is_integer(x.type) ? int_mask(x.type) : 0;
  for (size_t base = 0; base < x.count; ++base) {
    if ((base / stride) % n != 0) continue;  // not the first element of a line
    uint64_t pb = 1;
    double pv = 1.0;
    size_t len = 0;
    for (size_t t = 0; t < n; ++t) {
      const size_t i = base + (reverse ? n - 1 - t : t) * stride;
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
    }
  }
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

size_t element_count(const Shape& dims) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
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

void check_scan_case(const Shape& dims, size_t axis, bool exclusive, bool reverse, DataType type, size_t in_offset,
                     size_t out_offset, std::mt19937& rng) {
  Buffer x(type, element_count(dims), in_offset);
  fill_random(x, rng, static_cast<size_t>(dims[axis]));
  const ReduceRef ref = reference_scan(dims, axis, exclusive, reverse, x);
  const ScanExtent extent = make_scan_extent(dims, static_cast<int64_t>(axis));
  for (kernels::Variant variant : {kernels::Variant::kSimd, kernels::Variant::kScalar}) {
    Buffer out(type, x.count, out_offset);
    kernels::scan(kernels::ScanOp::kProd, type, extent, exclusive, reverse, x.data(), out.data(), variant);
    const std::string mismatch = compare(out, ref.bits, ref.values, ref.lengths);
    INFO("type " << type_name(type) << ", dims " << shape_to_string(dims) << ", axis " << axis << ", exclusive "
                 << exclusive << ", reverse " << reverse << ", variant "
                 << (variant == kernels::Variant::kSimd ? "simd" : "scalar") << ", offsets " << in_offset << "/"
                 << out_offset);
    CHECK(mismatch == "");
  }
  CHECK(x.guards_intact());
}

}  // namespace

TEST_CASE("kernels::reduce/random shapes, axes and types match a naive N-d reference") {
  std::mt19937 rng(20240611);
  const auto& types = arithmetic_types();
  std::set<std::string> patterns;
  for (int iter = 0; iter < 400; ++iter) {
    const size_t rank = 1 + rng() % 6;
    const Shape dims = random_shape(rng, rank, 20000);
    std::vector<int64_t> axes;
    for (size_t d = 0; d < rank; ++d) {
      if (rng() & 1) axes.push_back(static_cast<int64_t>(d));
    }
    const DataType type = types[static_cast<size_t>(iter) % types.size()];
    check_reduce_case(dims, axes, type, rng() % 2, rng() % 2, rng, &patterns);
  }
  // The random shapes reached every kind of kernel block.
  for (const char* p : {"R", "K", "KR", "RK", "KRK", "RKR"}) {
    INFO("pattern " << p);
    CHECK(patterns.count(p) == 1);
  }
}

TEST_CASE("kernels::reduce/every axis subset of rank 1..4 shapes") {
  std::mt19937 rng(7);
  const auto& types = arithmetic_types();
  std::set<std::string> patterns;
  for (size_t rank = 1; rank <= 4; ++rank) {
    for (int shape_iter = 0; shape_iter < 4; ++shape_iter) {
      Shape dims = random_shape(rng, rank, 4000);
      for (auto& d : dims) {
        if (d <= 1 && shape_iter % 2 == 0) d = 3;  // half of the shapes without size-1 dims
      }
      for (uint32_t mask = 0; mask < (1u << rank); ++mask) {
        std::vector<int64_t> axes;
        for (size_t d = 0; d < rank; ++d) {
          if (mask & (1u << d)) axes.push_back(static_cast<int64_t>(d));
        }
        for (DataType type : types) {
          check_reduce_case(dims, axes, type, (mask + static_cast<uint32_t>(shape_iter)) & 1, mask & 1, rng,
                            &patterns);
        }
      }
    }
  }
  for (const char* p : {"R", "K", "KR", "RK", "KRK", "RKR", "KRKR", "RKRK"}) {
    INFO("pattern " << p);
    CHECK(patterns.count(p) == 1);
  }
}

TEST_CASE("kernels::reduce/long rows and columns around the vector and unroll widths") {
  // R, KR and RK blocks with every extent 1..33 and 1023..1025, so each vector and unrolled
  // loop runs zero, one or several times with every tail length.
  std::mt19937 rng(99);
  std::vector<int64_t> lengths;
  for (int64_t n = 1; n <= 33; ++n) lengths.push_back(n);
  for (int64_t n : {1023, 1024, 1025}) lengths.push_back(n);
  for (DataType type : arithmetic_types()) {
    for (int64_t n : lengths) {
      check_reduce_case({n}, {0}, type, 1, 0, rng);                // R
      check_reduce_case({3, n}, {1}, type, 0, 1, rng);             // KR
      check_reduce_case({3, n}, {0}, type, 1, 1, rng);             // RK
      check_reduce_case({n, 5}, {0}, type, 0, 0, rng);             // RK with short columns, many rows
    }
  }
}

TEST_CASE("kernels::reduce/long reductions across blocking boundaries") {
  // Whatever blocking the kernels use for long rows (pairwise splits) or many rows (row
  // blocks), products over a few thousand elements must still match.
  std::mt19937 rng(123);
  for (DataType type : arithmetic_types()) {
    for (int64_t n : {2047, 2048, 2049, 4095, 4096, 4097, 6145}) {
      check_reduce_case({n}, {0}, type, 1, 1, rng);     // R
      check_reduce_case({2, n}, {1}, type, 0, 1, rng);  // KR
    }
    for (int64_t rows : {255, 256, 257, 511, 512, 513}) {
      check_reduce_case({rows, 3}, {0}, type, 1, 0, rng);       // RK, scalar columns
      check_reduce_case({rows, 33}, {0}, type, 0, 1, rng);      // RK, unrolled tiles and tails
      check_reduce_case({2, rows, 9}, {1}, type, 1, 1, rng);    // KRK
    }
  }
}

TEST_CASE("kernels::scan/random shapes, axes and types match a naive reference") {
  std::mt19937 rng(4242);
  const auto& types = arithmetic_types();
  for (int iter = 0; iter < 400; ++iter) {
    const size_t rank = 1 + rng() % 6;
    const Shape dims = random_shape(rng, rank, 20000);
    const size_t axis = rng() % rank;
    const bool exclusive = iter & 1, reverse = iter & 2;
    const DataType type = types[static_cast<size_t>(iter / 4) % types.size()];
    check_scan_case(dims, axis, exclusive, reverse, type, rng() % 2, rng() % 2, rng);
  }
}

TEST_CASE("kernels::scan/rows and columns of every length around the vector widths, all 4 modes") {
  std::mt19937 rng(11);
  std::vector<int64_t> lengths;
  for (int64_t n = 1; n <= 33; ++n) lengths.push_back(n);
  for (int64_t n : {1023, 1024, 1025}) lengths.push_back(n);
  for (DataType type : arithmetic_types()) {
    for (int64_t n : lengths) {
      for (int flags = 0; flags < 4; ++flags) {
        const bool exclusive = flags & 1, reverse = flags & 2;
        check_scan_case({2, n}, 1, exclusive, reverse, type, 1, 0, rng);  // contiguous rows
        check_scan_case({5, n}, 0, exclusive, reverse, type, 0, 1, rng);  // rows combined across n
        check_scan_case({n, 3}, 0, exclusive, reverse, type, 1, 1, rng);  // long scans, short rows
      }
    }
  }
}

TEST_CASE("kernels/types without a kernel are a TypeError") {
  const ReductionPlan plan = make_reduction_plan({4}, {0});
  int8_t x[4] = {1, 2, 3, 4};
  int8_t out[4] = {};
  CHECK_THROWS_AS(kernels::reduce(kernels::ReduceOp::kProd, DataType::kInt8, plan, x, out), TypeError);
  CHECK_THROWS_WITH(kernels::reduce(kernels::ReduceOp::kProd, DataType::kInt8, plan, x, out),
                    Catch::Contains("int8") && Catch::Contains("reduce"));
  CHECK_THROWS_AS(kernels::scan(kernels::ScanOp::kProd, DataType::kBool, make_scan_extent({4}, 0), false, false, x, out),
                  TypeError);
  CHECK_FALSE(kernels::reduce_types(kernels::ReduceOp::kProd).contains(DataType::kInt8));
  for (DataType t : arithmetic_types()) {
    INFO("type " << type_name(t));
    CHECK(kernels::reduce_types(kernels::ReduceOp::kProd).contains(t));
    CHECK(kernels::scan_types(kernels::ScanOp::kProd).contains(t));
  }
}
