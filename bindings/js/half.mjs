// float16 / bfloat16 bits <-> JS numbers, round to nearest even (used to accept plain arrays
// of numbers for half types, and by tools that print them).
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

export function float16BitsToNumber(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  if (exp === 0) return sign * mant * 2 ** -24;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

export function numberToFloat16Bits(x) {
  f32[0] = x;
  const u = u32[0];
  const sign = (u >>> 16) & 0x8000;
  const abs = u & 0x7fffffff;
  if (abs >= 0x7f800000) return sign | 0x7c00 | (abs > 0x7f800000 ? 0x200 | ((abs >>> 13) & 0x3ff) : 0);
  if (abs >= 0x477ff000) return sign | 0x7c00;
  if (abs < 0x38800000) {
    // Subnormal half: scale to units of 2^-24 and round half to even.
    const units = Math.abs(f32[0]) * 2 ** 24;
    let r = Math.floor(units);
    const rem = units - r;
    if (rem > 0.5 || (rem === 0.5 && (r & 1))) r += 1;
    return sign | r;
  }
  const rebased = abs - (112 << 23);
  return sign | ((rebased + 0xfff + ((rebased >>> 13) & 1)) >>> 13);
}

export function bfloat16BitsToNumber(b) {
  u32[0] = b << 16;
  return f32[0];
}

export function numberToBfloat16Bits(x) {
  f32[0] = x;
  const u = u32[0];
  if ((u & 0x7fffffff) > 0x7f800000) return (u >>> 16) | 0x40;
  return ((u + 0x7fff + ((u >>> 16) & 1)) >>> 16) & 0xffff;
}
