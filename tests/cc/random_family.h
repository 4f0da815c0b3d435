// The randomized cross-checks of every Reduce op and CumSum (reduce/test_reduce_random.cc,
// scan/test_scan_random.cc), on random_kernels.h's guarded buffers and shapes: per-op inputs,
// references written from the definitions, and their tolerances.
#pragma once
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "random_kernels.h"

// ==== Every Reduce op and CumSum ===========================================================
// The same randomized cross-check for Sum, Mean, SumSquare, L1, L2, LogSum, LogSumExp, Max and
// Min (and CumSum), both variants against references written here from the definitions:
// integers exactly (wrapping sums, Mean = exact sum / count toward zero, L2/LogSum/LogSumExp
// in double then truncated), Max/Min exactly for every type (NaN and infinities sprinkled into
// float inputs), float sums within a bound that holds for any summation order.

namespace {

using kernels::ReduceOp;

struct OpInfo {
  ReduceOp op;
  const char* name;
};
const OpInfo kFamilyOps[] = {{ReduceOp::kSum, "Sum"},       {ReduceOp::kMean, "Mean"},
                             {ReduceOp::kSumSquare, "SumSquare"}, {ReduceOp::kL1, "L1"},
                             {ReduceOp::kL2, "L2"},         {ReduceOp::kLogSum, "LogSum"},
                             {ReduceOp::kLogSumExp, "LogSumExp"}, {ReduceOp::kMax, "Max"},
                             {ReduceOp::kMin, "Min"}};

bool is_min_max_op(ReduceOp op) { return op == ReduceOp::kMax || op == ReduceOp::kMin; }

// The element types of an op per the spec's newest version (Max/Min add int8, uint8, bool).
std::vector<DataType> family_types(ReduceOp op) {
  std::vector<DataType> t = arithmetic_types();
  if (is_min_max_op(op)) {
    t.push_back(DataType::kInt8);
    t.push_back(DataType::kUint8);
    t.push_back(DataType::kBool);
  }
  return t;
}

bool is_int_type(DataType t) { return !is_floating(t); }  // integers and bool
uint64_t mask_of(DataType t) { return element_size(t) == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * element_size(t))) - 1; }
int64_t signed_of(uint64_t bits, DataType t) {  // sign-extends the element's bits
  const size_t w = 8 * element_size(t);
  if (w == 64) return static_cast<int64_t>(bits);
  const uint64_t sign = uint64_t{1} << (w - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

// Compute precision (unit roundoff) and the output type's rounding, both relative.
double compute_eps(DataType t) { return t == DataType::kDouble ? std::ldexp(1.0, -53) : std::ldexp(1.0, -24); }
double output_rounding(DataType t) {
  return t == DataType::kFloat16 ? std::ldexp(1.0, -11) : t == DataType::kBfloat16 ? std::ldexp(1.0, -8) : 0.0;
}

// The spacing of the output type's subnormals (float16's are within reach of these tests).
double output_subnormal_step(DataType t) { return t == DataType::kFloat16 ? std::ldexp(1.0, -24) : 0.0; }

void fill_for_op(ReduceOp op, Buffer& x, std::mt19937& rng) {
  const DataType t = x.type;
  for (size_t i = 0; i < x.count; ++i) {
    if (t == DataType::kBool) {
      x.set_bits(i, rng() & 1);
    } else if (is_int_type(t)) {
      switch (op) {
        case ReduceOp::kL2: x.set_value(i, static_cast<double>(rand_int(rng, is_unsigned_type(t) ? 0 : -32767, 32767))); break;
        case ReduceOp::kLogSum: x.set_value(i, static_cast<double>(rand_int(rng, 1, 1 << 20))); break;
        case ReduceOp::kLogSumExp: x.set_value(i, static_cast<double>(rand_int(rng, is_unsigned_type(t) ? 0 : -50, 50))); break;
        default: x.set_bits(i, rand_u64(rng) & mask_of(t)); break;  // wrapping ops and compares: any bits
      }
    } else {
      double v = 2.0 * rand_unit(rng) - 1.0;
      if (op == ReduceOp::kLogSum) v = 0.5 + rand_unit(rng);
      if (op == ReduceOp::kLogSumExp) v *= 20.0;
      if (is_min_max_op(op) || op == ReduceOp::kLogSumExp) {
        const uint32_t r = rng() % 400;
        if (r == 0) v = std::numeric_limits<double>::quiet_NaN();
        if (r == 1) v = std::numeric_limits<double>::infinity();
        if (r == 2) v = -std::numeric_limits<double>::infinity();
      }
      x.set_value(i, v);
    }
  }
}

// Per output: expected bits (integer types) or value and absolute tolerance (floats). Every
// output is compared: LogSum/LogSumExp of an empty integer set is log(0) = -inf converted as
// every float -> integer result is (docs/semantics.md: the type's minimum, 0 unsigned).
struct FamilyRef {
  std::vector<uint64_t> bits;
  std::vector<double> values, tol;
};

// Double result -> integer bits, truncated toward zero, saturated (the kernel's conversion).
uint64_t double_to_int_bits(double d, DataType t) {
  if (is_unsigned_type(t)) {
    const double hi = static_cast<double>(mask_of(t));
    const uint64_t u = std::isnan(d) || d <= 0 ? 0 : d >= hi ? mask_of(t) : static_cast<uint64_t>(d);
    return u & mask_of(t);
  }
  const size_t w = 8 * element_size(t);
  const double lo = -std::ldexp(1.0, static_cast<int>(w) - 1), hi = std::ldexp(1.0, static_cast<int>(w) - 1);
  int64_t s = std::isnan(d) ? 0 : d <= lo ? static_cast<int64_t>(lo) : d >= hi ? -static_cast<int64_t>(lo) - 1 : static_cast<int64_t>(d);
  return static_cast<uint64_t>(s) & mask_of(t);
}

FamilyRef reference_family(ReduceOp op, const Shape& dims, const std::vector<int64_t>& axes, const Buffer& x) {
  const DataType t = x.type;
  const OutputMap map = output_map(dims, axes);
  const size_t out_count = map.out_count;
  std::vector<std::vector<size_t>> slices(out_count);
  for (size_t i = 0; i < x.count; ++i) {
    slices[map.of_input[i]].push_back(i);
  }
  FamilyRef r;
  r.bits.assign(out_count, 0);
  r.values.assign(out_count, 0);
  r.tol.assign(out_count, 0);
  const uint64_t mask = mask_of(t);
  const bool is_signed = !is_unsigned_type(t);
  for (size_t o = 0; o < out_count; ++o) {
    const std::vector<size_t>& s = slices[o];
    const double n = static_cast<double>(s.size());
    if (is_int_type(t)) {
      uint64_t acc = 0;
      switch (op) {
        case ReduceOp::kSum:
          for (size_t i : s) acc = (acc + x.bits(i)) & mask;
          break;
        case ReduceOp::kMean: {  // the exact sum (128 bits), divided toward zero
          __int128 sum = 0;
          for (size_t i : s) sum += is_signed ? __int128{signed_of(x.bits(i), t)} : __int128{x.bits(i)};
          acc = s.empty() ? 0 : static_cast<uint64_t>(sum / static_cast<__int128>(s.size())) & mask;
          break;
        }
        case ReduceOp::kSumSquare:
          for (size_t i : s) acc = (acc + x.bits(i) * x.bits(i)) & mask;
          break;
        case ReduceOp::kL1:
          for (size_t i : s) acc = (acc + (is_signed && signed_of(x.bits(i), t) < 0 ? 0 - x.bits(i) : x.bits(i))) & mask;
          break;
        case ReduceOp::kMax:
        case ReduceOp::kMin: {
          const bool mx = op == ReduceOp::kMax;
          if (t == DataType::kBool) {
            acc = mx ? 0 : 1;
            for (size_t i : s) acc = mx ? (acc | x.bits(i)) : (acc & x.bits(i));
          } else if (is_signed) {
            int64_t m = mx ? signed_of(uint64_t{1} << (8 * element_size(t) - 1), t) : signed_of(mask >> 1, t);
            for (size_t i : s) m = mx ? std::max(m, signed_of(x.bits(i), t)) : std::min(m, signed_of(x.bits(i), t));
            acc = static_cast<uint64_t>(m) & mask;
          } else {
            acc = mx ? 0 : mask;
            for (size_t i : s) acc = mx ? std::max(acc, x.bits(i)) : std::min(acc, x.bits(i));
          }
          break;
        }
        default: {  // L2, LogSum, LogSumExp: in double from the values, then truncated
          std::vector<double> v;
          for (size_t i : s) v.push_back(x.value(i));
          const char* name = op == ReduceOp::kL2 ? "ReduceL2" : op == ReduceOp::kLogSum ? "ReduceLogSum" : "ReduceLogSumExp";
          const double d = spec_reduce_values(name, v);
          r.values[o] = d;  // kept for the near-integer allowance in compare_family
          acc = double_to_int_bits(d, t);
          break;
        }
      }
      r.bits[o] = acc;
      continue;
    }
    // Floats: the value from the definition, and a tolerance for any summation order.
    std::vector<double> v;
    double abs_sum = 0, sq_sum = 0;
    for (size_t i : s) {
      v.push_back(x.value(i));
      abs_sum += std::fabs(v.back());
      sq_sum += v.back() * v.back();
    }
    const double eps = compute_eps(t), round_out = output_rounding(t);
    double value = 0, tol = 0;
    switch (op) {
      case ReduceOp::kSum: value = spec_reduce_values("ReduceSum", v); tol = (n + 2) * eps * abs_sum; break;
      case ReduceOp::kMean:
        value = spec_reduce_values("ReduceMean", v);
        tol = s.empty() ? 0 : (n + 2) * eps * abs_sum / n + eps * std::fabs(value);
        break;
      case ReduceOp::kSumSquare: value = sq_sum; tol = (n + 3) * eps * sq_sum; break;
      case ReduceOp::kL1: value = abs_sum; tol = (n + 2) * eps * abs_sum; break;
      case ReduceOp::kL2: value = std::sqrt(sq_sum); tol = (n + 4) * eps * value; break;
      case ReduceOp::kLogSum:
        value = spec_reduce_values("ReduceLogSum", v);
        tol = (n + 2) * eps * abs_sum / std::fabs(spec_reduce_values("ReduceSum", v)) + eps * std::fabs(value);
        break;
      case ReduceOp::kLogSumExp:
        value = spec_reduce_values("ReduceLogSumExp", v);
        tol = (n + 64) * eps + 2 * eps * std::fabs(value);
        break;
      default: value = spec_reduce_values(op == ReduceOp::kMax ? "ReduceMax" : "ReduceMin", v); break;  // exact
    }
    r.values[o] = value;
    r.tol[o] = tol + round_out * (std::fabs(value) + tol) + output_subnormal_step(t);
  }
  return r;
}

std::string compare_family(const Buffer& got, const FamilyRef& ref) {
  for (size_t i = 0; i < got.count; ++i) {
    std::ostringstream s;
    s.precision(17);
    if (is_int_type(got.type)) {
      if (got.bits(i) == ref.bits[i]) continue;
      // A double result within rounding of an integer may truncate either way.
      const double d = ref.values[i], slack = 1e-9 * std::max(1.0, std::fabs(d));
      if (d != 0 && (got.bits(i) == double_to_int_bits(d - slack, got.type) ||
                     got.bits(i) == double_to_int_bits(d + slack, got.type))) {
        continue;
      }
      s << "element " << i << ": got bits " << got.bits(i) << ", expected " << ref.bits[i];
      return s.str();
    }
    const double g = got.value(i), r = ref.values[i];
    if (same_value(g, r) || std::fabs(g - r) <= ref.tol[i]) continue;
    s << "element " << i << ": got " << g << ", expected " << r << " (tolerance " << ref.tol[i] << ")";
    return s.str();
  }
  if (!got.guards_intact()) return "bytes outside the output were written";
  return "";
}

void check_family_case(ReduceOp op, const char* name, const Shape& dims, const std::vector<int64_t>& axes, DataType type,
                       size_t in_offset, size_t out_offset, std::mt19937& rng, std::set<std::string>* patterns = nullptr) {
  const ReductionPlan plan = make_reduction_plan(dims, axes);
  if (patterns) patterns->insert(plan.pattern());
  Buffer x(type, element_count(dims), in_offset);
  fill_for_op(op, x, rng);
  const FamilyRef ref = reference_family(op, dims, axes, x);
  REQUIRE(static_cast<size_t>(plan.output_count) == ref.values.size());
  for (kernels::Variant variant : {kernels::Variant::kSimd, kernels::Variant::kScalar}) {
    Buffer out(type, ref.values.size(), out_offset);
    kernels::reduce(op, type, plan, x.data(), out.data(), variant);
    const std::string mismatch = compare_family(out, ref);
    INFO("op " << name << ", type " << type_name(type) << ", dims " << shape_to_string(dims) << ", axes "
               << shape_to_string(axes) << ", pattern " << plan.pattern() << ", variant "
               << (variant == kernels::Variant::kSimd ? "simd" : "scalar") << ", offsets " << in_offset << "/" << out_offset);
    CHECK(mismatch == "");
  }
  CHECK(x.guards_intact());
}

// CumSum: running sums in double (integers: wrapping bits), tolerance from the prefix's |x|.
void check_cumsum_case(const Shape& dims, size_t axis, bool exclusive, bool reverse, DataType type, size_t in_offset,
                       size_t out_offset, std::mt19937& rng) {
  Buffer x(type, element_count(dims), in_offset);
  fill_for_op(ReduceOp::kSum, x, rng);
  FamilyRef ref;
  ref.bits.assign(x.count, 0);
  ref.values.assign(x.count, 0);
  ref.tol.assign(x.count, 0);
  const uint64_t mask = mask_of(type);
  const double eps = compute_eps(type), round_out = output_rounding(type);
  uint64_t sb = 0;
  double sv = 0, sa = 0, len = 0;
  for_each_line(dims, axis, reverse, [&](size_t i, size_t t) {
    if (t == 0) {
      sb = 0;
      sv = sa = len = 0;
    }
    if (!exclusive) { sb = (sb + x.bits(i)) & mask; sv += x.value(i); sa += std::fabs(x.value(i)); ++len; }
    ref.bits[i] = sb;
    ref.values[i] = sv;
    const double tol = (len + 2) * eps * sa;
    ref.tol[i] = tol + round_out * (std::fabs(sv) + tol) + output_subnormal_step(type);
    if (exclusive) { sb = (sb + x.bits(i)) & mask; sv += x.value(i); sa += std::fabs(x.value(i)); ++len; }
  });
  check_scan_variants(kernels::ScanOp::kSum, dims, axis, exclusive, reverse, type, x, in_offset, out_offset,
                      [&](const Buffer& out) { return compare_family(out, ref); });
}

}  // namespace

