// A small independent reference for the property tests: Reduce* and CumSum/CumProd over
// row-major arrays of numbers (floats, computed in double) or BigInts (integers, wrapped to
// their width), with the ONNX semantics the README states (empty sets, noop_with_empty_axes).

// The versions of each op (ONNX since-versions), as the ONNX operator docs list them.
export const OP_VERSIONS = {
  ReduceSum: [1, 11, 13], ReduceMax: [1, 11, 12, 13, 18, 20], ReduceMin: [1, 11, 12, 13, 18, 20],
  ReduceProd: [1, 11, 13, 18], ReduceMean: [1, 11, 13, 18], ReduceSumSquare: [1, 11, 13, 18],
  ReduceL1: [1, 11, 13, 18], ReduceL2: [1, 11, 13, 18], ReduceLogSum: [1, 11, 13, 18],
  ReduceLogSumExp: [1, 11, 13, 18], CumSum: [11, 14], CumProd: [26],
};
export const REDUCE_OPS = Object.keys(OP_VERSIONS).filter((op) => op.startsWith('Reduce'));

// The version in force at `opset`, or 0.
export const sinceVersion = (op, opset) => Math.max(0, ...OP_VERSIONS[op].filter((v) => v <= opset));
// Whether that version takes axes as an input (else as an attribute).
export const axesAsInput = (op, since) => since >= (op === 'ReduceSum' ? 13 : 18);

const BITS = { int32: 32, int64: 64, uint32: 32, uint64: 64 };
const wrap = (type, v) => (type.startsWith('u') ? BigInt.asUintN : BigInt.asIntN)(BITS[type], v);
const isInt = (type) => type in BITS;
const intLimits = (type) => {
  const bits = BigInt(BITS[type]);
  return type.startsWith('u') ? [0n, (1n << bits) - 1n] : [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n];
};

const size = (dims) => dims.reduce((a, d) => a * d, 1);

// Elementwise step of noop_with_empty_axes=1 with empty axes.
function elementwise(op, type, x) {
  if (isInt(type)) {
    const abs = x < 0n ? -x : x;
    return { ReduceSumSquare: wrap(type, x * x), ReduceL1: abs, ReduceL2: abs }[op] ?? x;
  }
  return { ReduceSumSquare: x * x, ReduceL1: Math.abs(x), ReduceL2: Math.abs(x), ReduceLogSum: Math.log(x) }[op] ?? x;
}

// Reduces one set of values.
function reduceSet(op, type, xs) {
  if (isInt(type)) {
    const [lo, hi] = intLimits(type);
    const sum = (f) => xs.reduce((a, x) => wrap(type, a + f(x)), 0n);
    switch (op) {
      case 'ReduceSum': return sum((x) => x);
      case 'ReduceSumSquare': return sum((x) => wrap(type, x * x));
      case 'ReduceL1': return sum((x) => (x < 0n ? -x : x));
      case 'ReduceL2': return BigInt(Math.trunc(Math.sqrt(xs.reduce((a, x) => a + Number(x) ** 2, 0))));
      case 'ReduceProd': return xs.reduce((a, x) => wrap(type, a * x), 1n);
      case 'ReduceMean': return xs.length ? sum((x) => x) / BigInt(xs.length) : 0n;  // BigInt division truncates
      case 'ReduceMax': return xs.reduce((a, x) => (x > a ? x : a), lo);
      case 'ReduceMin': return xs.reduce((a, x) => (x < a ? x : a), hi);
      default: throw new Error(`no integer reference for ${op}`);
    }
  }
  const sum = (f) => xs.reduce((a, x) => a + f(x), 0);
  const nan = xs.some(Number.isNaN);
  switch (op) {
    case 'ReduceSum': return sum((x) => x);
    case 'ReduceSumSquare': return sum((x) => x * x);
    case 'ReduceL1': return sum(Math.abs);
    case 'ReduceL2': return Math.sqrt(sum((x) => x * x));
    case 'ReduceLogSum': return Math.log(sum((x) => x));
    case 'ReduceLogSumExp': return Math.log(sum(Math.exp));
    case 'ReduceProd': return xs.reduce((a, x) => a * x, 1);
    case 'ReduceMean': return sum((x) => x) / xs.length;
    case 'ReduceMax': return nan ? NaN : Math.max(-Infinity, ...xs);
    case 'ReduceMin': return nan ? NaN : Math.min(Infinity, ...xs);
    default: throw new Error(op);
  }
}

// Reduce op over `axes` (already in [0, rank), or null / [] for none) of a row-major `data`
// with `dims`. Returns { dims, data }.
export function reduce(op, type, data, dims, axes, { keepdims = 1, noop = 0 } = {}) {
  if ((!axes || axes.length === 0) && noop) return { dims: [...dims], data: data.map((x) => elementwise(op, type, x)) };
  const reduced = new Set(!axes || axes.length === 0 ? dims.map((_, i) => i) : axes);
  const outDims = dims.flatMap((d, i) => (reduced.has(i) ? (keepdims ? [1] : []) : [d]));
  const keptDims = dims.filter((_, i) => !reduced.has(i));
  const sets = Array.from({ length: size(keptDims) }, () => []);
  for (let flat = 0; flat < data.length; ++flat) {
    let rest = flat, out = 0, stride = 1;
    for (let i = dims.length - 1; i >= 0; --i) {
      const idx = rest % dims[i];
      rest = Math.floor(rest / dims[i]);
      if (!reduced.has(i)) { out += idx * stride; stride *= dims[i]; }
    }
    sets[out].push(data[flat]);
  }
  return { dims: outDims, data: sets.map((xs) => reduceSet(op, type, xs)) };
}

// CumSum / CumProd along `axis` (in [0, rank)).
export function scan(op, type, data, dims, axis, { exclusive = 0, reverse = 0 } = {}) {
  const int = isInt(type);
  const combine = op === 'CumSum' ? (a, b) => (int ? wrap(type, a + b) : a + b) : (a, b) => (int ? wrap(type, a * b) : a * b);
  const identity = op === 'CumSum' ? (int ? 0n : 0) : (int ? 1n : 1);
  const n = dims[axis];
  const inner = size(dims.slice(axis + 1));
  const outer = size(dims.slice(0, axis));
  const out = new Array(data.length);
  for (let o = 0; o < outer; ++o) {
    for (let k = 0; k < inner; ++k) {
      let acc = identity;
      for (let step = 0; step < n; ++step) {
        const j = reverse ? n - 1 - step : step;
        const at = (o * n + j) * inner + k;
        if (exclusive) { out[at] = acc; acc = combine(acc, data[at]); } else { acc = combine(acc, data[at]); out[at] = acc; }
      }
    }
  }
  return { dims: [...dims], data: out };
}
