// float16 / bfloat16 bits <-> JS numbers, round to nearest even (used to accept plain arrays
// of numbers for half types, and by tools that print them).
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
// The high 32 bits of f64[0] (sign, exponent, top of the fraction) on a little-endian host.
const u64hi = new Uint32Array(f64.buffer, 4, 1);

export function float16BitsToNumber(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  if (exp === 0) return sign * mant * 2 ** -24;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

// x (a double) rounded once, to nearest even, onto the grid of a binary format with `mantBits`
// fraction bits whose normal numbers start at 2^minExp; returns the format's bits without the
// sign: (biased exponent << mantBits) | fraction, which a carry from rounding may move to the
// next exponent (or to infinity's bits) as the formats' encoding intends. |x| finite.
function roundOnce(a, mantBits, minExp) {
  if (a === 0) return 0;
  // The exponent of a, from its double bits (exact, unlike Math.log2).
  f64[0] = a;
  const e = Math.max(((u64hi[0] >>> 20) & 0x7ff) - 1023, minExp);
  // a / ulp is exact (a power-of-two scaling), so the rounding below is the only one.
  const units = a * 2 ** (mantBits - e);
  let r = Math.floor(units);
  const rem = units - r;
  if (rem > 0.5 || (rem === 0.5 && r % 2 === 1)) r += 1;
  // r counts ulps of 2^(e - mantBits): r < 2^mantBits only for subnormals (e = minExp).
  return r < 2 ** mantBits ? r : (e - minExp + 1) * 2 ** mantBits + (r - 2 ** mantBits);
}

// float16 bits of a number, rounded once to nearest even (as the wasm Cast from float64).
export function numberToFloat16Bits(x) {
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  if (x !== x) {  // NaN: a quiet NaN with what the float32 form of it keeps of the payload
    f32[0] = x;
    return ((u32[0] >>> 16) & 0x8000) | 0x7e00 | ((u32[0] >>> 13) & 0x3ff);
  }
  const a = Math.abs(x);
  if (a >= 65520) return sign | 0x7c00;  // 65520 (half-way to 2^16) and beyond round to infinity
  return sign | roundOnce(a, 10, -14);
}

export function bfloat16BitsToNumber(b) {
  u32[0] = b << 16;
  return f32[0];
}

// bfloat16 bits of a number, rounded once to nearest even (as the wasm Cast from float64).
export function numberToBfloat16Bits(x) {
  if (x !== x) {  // NaN: quieted, its float32 payload's top bits kept
    f32[0] = x;
    return (u32[0] >>> 16) | 0x40;
  }
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  // At and beyond half-way between the largest bfloat16 (2^127 * (2 - 2^-7)) and 2^128: infinity.
  if (a >= 2 ** 127 * (2 - 2 ** -8)) return sign | 0x7f80;
  return sign | roundOnce(a, 7, -126);
}
