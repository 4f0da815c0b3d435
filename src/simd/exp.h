// exp for float, written once for scalars and 128-bit vectors so every variant (scalar, SIMD,
// native, wasm) gives the same bits. Range reduction x = n*ln2 + r with |r| <= ln2/2 (ln2 in
// two parts), e^r = 1 + r + r^2 q(r) with q a degree-4 minimax polynomial (relative error
// 3.1e-9 on [-ln2/2, ln2/2]; coefficients fitted for this file by Lawson's iteration and
// rounded to float), then scaling by 2^n through the exponent bits. tests/cc/test_exp.cc checks
// every 97th float in [-87.33, 88.37] against double exp: at most 1 ulp. Inputs are clamped to
// [-87.33, 88.37], so results stay finite and non-zero; NaN is not expected (callers filter it).
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "simd/simd.h"  // ORW_INLINE

namespace orw::kernels {

// Range reduction shared by the float exps: x = n ln2 + r with |r| <= ln2/2, returning r and
// setting n_bits to n as an integer (lane-wise for vectors). n = round(x / ln2) by the
// 1.5 * 2^23 trick (exact for |n| < 2^22), ties to even; t's low mantissa bits then hold n
// itself, so 2^n is built with integer ops only (no float->int conversion, which is slow in
// wasm on x86). ln2 comes in two parts, so r is exact up to the last rounding.
template <class V, class I>
ORW_INLINE V reduce_by_ln2(V x, I& n_bits) {
  const V shifter = V{} + 12582912.0f;
  const V t = x * 1.44269504088896341f + shifter;
  const V n = t - shifter;
  I t_bits, shifter_bits;
  std::memcpy(&t_bits, &t, sizeof t);
  std::memcpy(&shifter_bits, &shifter, sizeof shifter);
  n_bits = t_bits - shifter_bits;
  return (x - n * 0.693145751953125f) - n * 1.42860682030941723212e-6f;
}

// kNonPositive: the caller guarantees x <= 0 (e.g. x - max in LogSumExp), so the upper clamp
// is skipped; the bits are the same as without it.
template <class V, class I, bool kNonPositive = false>
ORW_INLINE V exp_approx(V x) {
  x = simd::at_least(x, V{} - 87.3365447505531f);
  if constexpr (!kNonPositive) x = simd::at_most(x, V{} + 88.3762626647949f);
  I n;
  const V r = reduce_by_ln2(x, n);
  V q = V{} + 0.00138146151f;
  q = q * r + 0.00836871006f;
  q = q * r + 0.0416683890f;
  q = q * r + 0.166665211f;
  q = q * r + 0.499999940f;
  const V p = (r * r) * q + r + 1.0f;
  const I bits = (n + 127) << 23;
  V scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

inline float exp_approx(float x) { return exp_approx<float, int32_t>(x); }

// e^x in double for x <= 0 (e.g. x - max in LogSumExp), written once for scalars (V = double,
// I = int64_t) and vectors of doubles (I the int64 vector of the same size): x = n ln2 + r
// with |r| <= ln2/2 (n = round(x / ln2) by the 1.5 * 2^52 trick, ln2 in two parts, fdlibm's
// split, so n ln2_hi is exact), e^r by a polynomial, scaled by 2^n through the exponent bits.
// The polynomial is e^r's Taylor series to r^12 (truncation < 2e-16 relative; about 1e-15 in
// all, checked against std::exp in tests/cc/simd/test_exp.cc), or, with kForFloat, the degree-6
// minimax polynomial of exp_approx above evaluated in double (3.8e-9 relative: at most 0.07
// ulp of a float, so results rounded once to float or a half type stay within 0.57 ulp; half
// the operations). Below -708 the result is 2^-1021-ish, not 0, which is far below anything a
// sum containing e^0 = 1 can see. (The constants stay immediates: loaded from a table once
// before the loop instead, a Softmax row loop ran 12-20% slower.)
template <class V, class I, bool kForFloat = false>
ORW_INLINE V exp_nonpositive_double(V x) {
  x = simd::at_least(x, V{} - 708.0);
  const V shifter = V{} + 6755399441055744.0;  // 1.5 * 2^52
  const V t = x * 1.4426950408889634 + shifter;
  const V n = t - shifter;
  I t_bits, shifter_bits;
  std::memcpy(&t_bits, &t, sizeof t);
  std::memcpy(&shifter_bits, &shifter, sizeof shifter);
  const V r = (x - n * 6.93147180369123816490e-01) - n * 1.90821492927058770002e-10;
  // Estrin's scheme: pairs, then quads (then eighths), so the chain of dependent operations is
  // short (8 deep for degree 12 instead of Horner's 24): the polynomial bounds the Softmax and
  // LogSumExp loops by its latency, not by its operation count.
  const V r2 = r * r, r4 = r2 * r2;
  V p;
  if constexpr (kForFloat) {
    // 1 + r + r^2 (c0 + c1 r) + r^4 (c2 + c3 r + c4 r^2), exp_approx's coefficients.
    const V c01 = r * 0.166665211 + 0.499999940, c23 = r * 0.00836871006 + 0.0416683890;
    p = (c23 + r2 * 0.00138146151) * r4 + (c01 * r2 + (r + 1.0));
  } else {
    // 1 + r + r^2/2! + ... + r^12/12!
    const V r8 = r4 * r4;
    const V p01 = r + 1.0, p23 = r * (1.0 / 6.0) + 0.5;
    const V p45 = r * (1.0 / 120.0) + 1.0 / 24.0, p67 = r * (1.0 / 5040.0) + 1.0 / 720.0;
    const V p89 = r * (1.0 / 362880.0) + 1.0 / 40320.0, p1011 = r * (1.0 / 39916800.0) + 1.0 / 3628800.0;
    const V q0 = p23 * r2 + p01, q1 = p67 * r2 + p45, q2 = p1011 * r2 + p89;
    const V o0 = q1 * r4 + q0, o1 = r4 * (1.0 / 479001600.0) + q2;  // 1/12!
    p = o1 * r8 + o0;
  }
  // 2^n's bits, (n + 1023) << 52, computed on the unsigned lanes: a NaN input passes the clamp
  // and leaves garbage in t_bits, whose signed difference and shift would be undefined.
  I bits;
  if constexpr (std::is_arithmetic_v<I>) {
    bits = static_cast<I>((static_cast<uint64_t>(t_bits) - static_cast<uint64_t>(shifter_bits) + 1023u) << 52);
  } else {
    typedef uint64_t U __attribute__((vector_size(sizeof(I))));
    bits = (I)((((U)t_bits - (U)shifter_bits) + 1023u) << 52);
  }
  V scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

inline double exp_nonpositive_double(double x) { return exp_nonpositive_double<double, int64_t>(x); }

}  // namespace orw::kernels
