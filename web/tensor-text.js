// Tensors as text: parsing what the user types (dims, values) and laying values out by rows.
// Errors thrown here are InputError, which names the field they belong to.
import { bfloat16BitsToNumber, float16BitsToNumber } from '../dist/index.mjs';

export class InputError extends Error {
  constructor(field, message) {
    super(message);
    this.name = 'InputError';
    this.field = field;
  }
}

export const INTEGER_RANGES = {
  int8: [-128n, 127n], uint8: [0n, 255n], int16: [-32768n, 32767n], uint16: [0n, 65535n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n], uint32: [0n, 2n ** 32n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n], uint64: [0n, 2n ** 64n - 1n],
};
const isFloat = (type) => type.startsWith('float') || type === 'bfloat16';

// The tokens of a list typed as "1 2 3", "1, 2, 3" or "[[1, 2], [3, 4]]".
function tokens(text) {
  return text.replace(/[[\]();]/g, ' ').split(/[\s,]+/).filter(Boolean);
}

// "3, 2, 2" or "[3,2,2]" -> [3, 2, 2]; "" or "[]" -> [] (a scalar).
export function parseDims(text, field = 'dims') {
  return tokens(text).map((t, i) => {
    if (!/^\d+$/.test(t)) throw new InputError(field, `dims[${i}] must be a non-negative integer, got '${t}'`);
    const d = Number(t);
    if (!Number.isSafeInteger(d)) throw new InputError(field, `dims[${i}] is too large: ${t}`);
    return d;
  });
}

// Values for a tensor of `type`: numbers (floats accept NaN, Infinity, -Infinity), bigints for
// int64/uint64, booleans (true/false or 0/1) for bool. Checks integer ranges instead of letting
// a TypedArray wrap them silently.
export function parseValues(text, type, field = 'values') {
  return tokens(text).map((t, i) => {
    const bad = (why) => new InputError(field, `value ${i + 1} ('${t}') ${why} for type ${type}`);
    if (type === 'bool') {
      if (/^(true|1)$/i.test(t)) return true;
      if (/^(false|0)$/i.test(t)) return false;
      throw bad('is not true, false, 1 or 0');
    }
    if (isFloat(type)) {
      const v = /^[+-]?(inf|infinity)$/i.test(t) ? (t.startsWith('-') ? -Infinity : Infinity) : /^nan$/i.test(t) ? NaN : Number(t);
      if (Number.isNaN(v) && !/^nan$/i.test(t)) throw bad('is not a number');
      return v;
    }
    if (!/^[+-]?\d+$/.test(t)) throw bad('is not an integer');
    const v = BigInt(t);
    const [lo, hi] = INTEGER_RANGES[type];
    if (v < lo || v > hi) throw bad(`is outside [${lo}, ${hi}]`);
    return type === 'int64' || type === 'uint64' ? v : Number(v);
  });
}

// A list of integers for axes: "0, 2" -> [0, 2].
export function parseAxes(text, field) {
  return tokens(text).map((t, i) => {
    if (!/^[+-]?\d+$/.test(t)) throw new InputError(field, `axis ${i + 1} ('${t}') is not an integer`);
    return Number(t);
  });
}

// The values of a package Tensor as JS numbers / bigints / booleans.
export function tensorValues(t) {
  const d = Array.from(t.data);
  if (t.type === 'float16') return d.map(float16BitsToNumber);
  if (t.type === 'bfloat16') return d.map(bfloat16BitsToNumber);
  if (t.type === 'bool') return d.map((v) => v !== 0);
  return d;
}

const DIGITS = { float16: 4, bfloat16: 3, float32: 7, float64: 15 };

// One value as text, with as many significant digits as its type holds.
export function formatValue(v, type) {
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (!Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
  const digits = DIGITS[type];
  if (!digits || Number.isInteger(v)) return String(v);
  return String(Number(v.toPrecision(digits)));
}

export const formatDims = (dims) => (dims == null ? 'unknown rank' : `[${dims.map((d) => (d == null ? '?' : d)).join(', ')}]`);

// Random values of a type, readable and safe for products: floats in [0.5, 2) with 2 decimals,
// integers 1..4 (0..3 unsigned 8-bit), bools at random.
export function randomValues(type, count, rnd = Math.random) {
  return Array.from({ length: count }, () => {
    if (type === 'bool') return rnd() < 0.5;
    if (isFloat(type)) return Math.round((0.5 + 1.5 * rnd()) * 100) / 100;
    const v = 1 + Math.floor(rnd() * 4);
    return type === 'int64' || type === 'uint64' ? BigInt(v) : v;
  });
}

// Values laid out by rows: [{ label, rows: string[][] }], one block per 2-D slice (label like
// "[1, :, :]"), the last dim across. At most `limit` values are laid out.
export function layoutRows(values, dims, type, limit = 600) {
  const text = values.slice(0, limit).map((v) => formatValue(v, type));
  if (dims.length === 0) return { blocks: [{ label: '', rows: [[text[0]]] }], hidden: 0 };
  const cols = dims[dims.length - 1];
  const rowsPerBlock = dims.length >= 2 ? dims[dims.length - 2] : 1;
  const blocks = [];
  if (cols > 0) {
    const perBlock = cols * rowsPerBlock;
    for (let start = 0; start < text.length && perBlock > 0; start += perBlock) {
      const rows = [];
      for (let r = start; r < Math.min(start + perBlock, text.length); r += cols) rows.push(text.slice(r, r + cols));
      blocks.push({ label: dims.length > 2 ? blockLabel(start / perBlock, dims) : '', rows });
    }
  }
  return { blocks, hidden: Math.max(0, values.length - limit) };
}

function blockLabel(index, dims) {
  const outer = dims.slice(0, -2);
  const idx = new Array(outer.length);
  for (let i = outer.length - 1; i >= 0; --i) {
    idx[i] = index % outer[i];
    index = Math.floor(index / outer[i]);
  }
  return `[${[...idx, ':', ':'].join(', ')}]`;
}
