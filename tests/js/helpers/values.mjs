// Value helpers for the tests, written independently of the package: float16 / bfloat16 bit
// decoding, tolerant comparison of tensors, and a readable form of values for messages.

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

// IEEE binary16 bits -> number.
export function f16ToNumber(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (1024 + frac) * 2 ** (exp - 25);
}

// bfloat16 bits -> number (the high half of a float32).
export function bf16ToNumber(b) {
  u32[0] = (b & 0xffff) << 16;
  return f32[0];
}

export const show = (v) => JSON.stringify(v, (_, x) => {
  if (typeof x === 'bigint') return `${x}n`;
  if (typeof x === 'number' && !Number.isFinite(x)) return String(x);
  return x;
});

// Float closeness: NaN matches NaN, equal values (incl. infinities) match, otherwise
// |a - b| <= atol + rtol * |b|.
export function close(a, b, rtol, atol) {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (a === b) return true;
  return Math.abs(a - b) <= atol + rtol * Math.abs(b);
}

const FLOAT_TYPES = new Set(['float32', 'float64', 'float16', 'bfloat16']);

// Element values as numbers (half types decoded) or bigints.
export function elements(t) {
  if (t.type === 'float16') return Array.from(t.data, f16ToNumber);
  if (t.type === 'bfloat16') return Array.from(t.data, bf16ToNumber);
  return Array.from(t.data);
}

// Why `got` differs from `want` (both {type, dims, data}), or null when they match: same type
// and dims, floats within tolerance (NaN = NaN), everything else exactly.
export function tensorMismatch(got, want, { rtol = 1e-4, atol = 1e-6 } = {}) {
  if (got.type !== want.type) return `type ${got.type}, expected ${want.type}`;
  if (show(Array.from(got.dims)) !== show(Array.from(want.dims))) return `dims ${show(got.dims)}, expected ${show(want.dims)}`;
  const g = elements(got);
  const w = elements(want);
  if (g.length !== w.length) return `${g.length} elements, expected ${w.length}`;
  const isFloat = FLOAT_TYPES.has(want.type);
  for (let i = 0; i < w.length; ++i) {
    const ok = isFloat ? close(g[i], w[i], rtol, atol) : g[i] === w[i];
    if (!ok) return `element ${i} is ${show(g[i])}, expected ${show(w[i])} (got ${show(g.slice(0, 8))}..., expected ${show(w.slice(0, 8))}...)`;
  }
  return null;
}
