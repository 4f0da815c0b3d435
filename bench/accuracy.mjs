// `npm run bench -- --accuracy`: worst error, in ulps of the output type, of this package and of
// onnxruntime-web against a reference computed here in float64 (float32 inputs) or
// double-double (float64 inputs), element by element. Long near-1 products, long sums, long
// scans along both axes, L2 of large values, LogSumExp, integer means, and Softmax,
// LogSoftmax and L2 normalization over 16M elements.
// Called by bench/ort-compare.mjs, which passes the runtimes and its model builder; the
// reference helpers are shared with tests/js/ops-accuracy.test.mjs.

// Deterministic uniform values in [lo, hi), stored in `Array` (rounding to its type).
export function values(Array, n, lo, hi, seed) {
  const a = new Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; ++i) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const u = s / 4294967296;
    a[i] = Array === Int32Array ? Math.round(lo + (hi - lo) * u) : lo + (hi - lo) * u;
  }
  return a;
}

// ---- double-double arithmetic (Dekker/Knuth), for float64 references --------------------
const SPLIT = 134217729; // 2^27 + 1
function twoProd(a, b) {
  const p = a * b;
  const ca = SPLIT * a, ah = ca - (ca - a), al = a - ah;
  const cb = SPLIT * b, bh = cb - (cb - b), bl = b - bh;
  return [p, ((ah * bh - p) + ah * bl + al * bh) + al * bl];
}
function twoSum(a, b) {
  const s = a + b, bb = s - a;
  return [s, (a - (s - bb)) + (b - bb)];
}
export class DD {
  constructor(hi, lo = 0) { this.hi = hi; this.lo = lo; }
  mul(b) {
    const [p, e] = twoProd(this.hi, b);
    const [h, l] = twoSum(p, e + this.lo * b);
    this.hi = h; this.lo = l;
  }
  add(b) {
    const [s, e] = twoSum(this.hi, b);
    const [h, l] = twoSum(s, e + this.lo);
    this.hi = h; this.lo = l;
  }
  value() { return this.hi + this.lo; }
}

// The spacing of `type` at |ref| (float32: 2^-23 of its binade, float64: 2^-52; integers: 1).
function ulpOf(type, ref) {
  if (type === 'int32') return 1;
  const m = type === 'float32' ? 23 : 52, min = type === 'float32' ? -126 : -1022;
  const a = Math.abs(ref);
  let e = a === 0 ? min : Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1;
  if (2 ** (e + 1) <= a) e += 1;
  return 2 ** (Math.max(e, min) - m);
}

export function worstUlps(type, got, ref) {
  let worst = 0;
  for (let i = 0; i < ref.length; ++i) {
    const g = Number(got[i]), r = ref[i];
    if (g === r) continue;
    const d = Number.isFinite(g) ? Math.abs(g - r) / ulpOf(type, r) : Infinity;
    if (!(d <= worst)) worst = d;
  }
  return worst;
}

// ---- references -------------------------------------------------------------------------

// Reduction of x (row-major dims) over `axes` (null: all), in float64, or double-double when
// `dd`; `step` maps an element before it is combined, `prod` multiplies instead of adding.
export function reduceRef(x, dims, axes, { prod = false, dd = false, step = (v) => v } = {}) {
  const all = axes === null;
  const reduced = dims.map((_, i) => all || axes.includes(i));
  const strides = dims.map((_, i) => dims.slice(i + 1).reduce((a, b) => a * b, 1));
  const outDims = dims.filter((_, i) => !reduced[i]);
  const outStrides = outDims.map((_, i) => outDims.slice(i + 1).reduce((a, b) => a * b, 1));
  const nOut = outDims.reduce((a, b) => a * b, 1);
  const acc = Array.from({ length: nOut }, () => new DD(prod ? 1 : 0));
  const plain = new Float64Array(nOut).fill(prod ? 1 : 0);
  for (let i = 0; i < x.length; ++i) {
    let o = 0, k = 0;
    for (let d = 0; d < dims.length; ++d) {
      const idx = Math.floor(i / strides[d]) % dims[d];
      if (!reduced[d]) o += idx * outStrides[k++];
    }
    const v = step(Number(x[i]));
    if (dd) prod ? acc[o].mul(v) : acc[o].add(v);
    else plain[o] = prod ? plain[o] * v : plain[o] + v;
  }
  return dd ? acc.map((a) => a.value()) : Array.from(plain);
}

// Running product or sum of a rank-2 x along `axis`, in float64.
export function scanRef(x, [rows, cols], axis, prod) {
  const out = new Float64Array(x.length);
  if (axis === 1) {
    for (let r = 0; r < rows; ++r) {
      let c = prod ? 1 : 0;
      for (let j = 0; j < cols; ++j) { c = prod ? c * x[r * cols + j] : c + x[r * cols + j]; out[r * cols + j] = c; }
    }
  } else {
    const c = new Float64Array(cols).fill(prod ? 1 : 0);
    for (let r = 0; r < rows; ++r) {
      for (let j = 0; j < cols; ++j) { c[j] = prod ? c[j] * x[r * cols + j] : c[j] + x[r * cols + j]; out[r * cols + j] = c[j]; }
    }
  }
  return out;
}

export function logSumExpRef(x, dims, axes) {
  const n = x.length, row = dims[dims.length - 1];
  if (axes.length !== 1 || axes[0] !== dims.length - 1) throw new Error('logSumExpRef: last axis only');
  const out = [];
  for (let r = 0; r < n / row; ++r) {
    let m = -Infinity, s = 0, maxima = 0;  // the terms under the maximum apart (log1p)
    for (let j = 0; j < row; ++j) m = Math.max(m, x[r * row + j]);
    for (let j = 0; j < row; ++j) {
      if (x[r * row + j] === m) ++maxima;
      else s += Math.exp(x[r * row + j] - m);
    }
    out.push(Math.log(maxima) + Math.log1p(s / maxima) + m);
  }
  return out;
}

// Softmax (log: LogSoftmax) or L2 normalization (lp) of x along `axis`, in float64: the
// slice's max, the sum of exp(x - max) (or of squares), then each element.
export function normalizeRef(x, dims, axis, { log = false, lp = false } = {}) {
  const n = dims[axis], inner = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
  const outer = x.length / (n * inner);
  const out = new Float64Array(x.length);
  for (let o = 0; o < outer; ++o) {
    for (let c = 0; c < inner; ++c) {
      const at = (j) => (o * n + j) * inner + c;
      let m = -Infinity, s = 0, maxima = 0;
      for (let j = 0; j < n; ++j) m = Math.max(m, x[at(j)]);
      // The terms below the maximum summed apart from the maxima's (each exactly 1), so that
      // log1p keeps them when they are tiny beside 1 (LogSoftmax of one element far above the rest).
      for (let j = 0; j < n; ++j) {
        if (lp) s += x[at(j)] * x[at(j)];
        else if (x[at(j)] === m) ++maxima;
        else s += Math.exp(x[at(j)] - m);
      }
      const t = lp ? Math.sqrt(s) : log ? Math.log(maxima) + Math.log1p(s / maxima) : maxima + s;
      for (let j = 0; j < n; ++j) out[at(j)] = lp ? x[at(j)] / t : log ? x[at(j)] - m - t : Math.exp(x[at(j)] - m) / t;
    }
  }
  return out;
}

// Integer mean: the exact sum (BigInt) divided toward zero.
function meanRef(x) {
  let s = 0n;
  for (const v of x) s += BigInt(v);
  return [Number(s / BigInt(x.length))];
}

// ---- the cases --------------------------------------------------------------------------

// Softmax-like rows built to be hard, each [what, rows, n, () => Float32Array]: one element far
// above the rest (LogSoftmax's maximum is then -log1p of a tiny sum), large magnitudes (x - max
// must keep its bits), many ties with the maximum, -inf entries.
function adversarial() {
  const rowsOf = (rows, n, f) => () => {
    const a = new Float32Array(rows * n), u = values(Float64Array, rows * n, 0, 1, rows + n);
    for (let i = 0; i < a.length; ++i) a[i] = f(i % n, u[i]);
    return a;
  };
  const normal = (u) => Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * ((u * 7919) % 1));
  return [
    ['rows [40, N(0,1) x 999]', 1024, 1000, rowsOf(1024, 1000, (j, u) => (j === 0 ? 40 : normal(u)))],
    ['rows of 3e4 + N(0,1)', 1024, 1000, rowsOf(1024, 1000, (j, u) => 3e4 + normal(u))],
    ['rows of 5 with every third element tied at the maximum', 1024, 1001, rowsOf(1024, 1001, (j, u) => (j % 3 === 0 ? 5 : 5 - 4 * u))],
    ['rows N(0,2) with every fifth element -inf', 1024, 1000, rowsOf(1024, 1000, (j, u) => (j % 5 === 0 ? -Infinity : 2 * normal(u)))],
  ];
}

const M16 = 1 << 24;
function cases() {
  const f32 = (n, lo, hi, seed) => values(Float32Array, n, lo, hi, seed);
  const f64 = (n, lo, hi, seed) => values(Float64Array, n, lo, hi, seed);
  const big = [64, 256, 256];
  return [
    { op: 'ReduceProd', type: 'float32', dims: [M16], axes: null, what: '16M in [0.9999, 1.0001]', x: () => f32(M16, 0.9999, 1.0001, 1), ref: (x, c) => reduceRef(x, c.dims, null, { prod: true }) },
    { op: 'ReduceProd', type: 'float32', dims: big, axes: [2], what: 'rows of 256, [0.999, 1.001]', x: () => f32(M16 / 4, 0.999, 1.001, 2), ref: (x, c) => reduceRef(x, c.dims, c.axes, { prod: true }) },
    { op: 'ReduceProd', type: 'float32', dims: big, axes: [0], what: 'columns of 64, [0.999, 1.001]', x: () => f32(M16 / 4, 0.999, 1.001, 3), ref: (x, c) => reduceRef(x, c.dims, c.axes, { prod: true }) },
    { op: 'ReduceProd', type: 'float64', dims: [M16], axes: null, what: '16M in [0.9999, 1.0001]', x: () => f64(M16, 0.9999, 1.0001, 4), ref: (x, c) => reduceRef(x, c.dims, null, { prod: true, dd: true }) },
    { op: 'ReduceSum', type: 'float32', dims: [M16], axes: null, what: '16M in [0, 1]', x: () => f32(M16, 0, 1, 5), ref: (x, c) => reduceRef(x, c.dims, null) },
    { op: 'ReduceSum', type: 'float64', dims: [M16], axes: null, what: '16M in [0, 1]', x: () => f64(M16, 0, 1, 6), ref: (x, c) => reduceRef(x, c.dims, null, { dd: true }) },
    { op: 'CumProd', type: 'float32', dims: [16, 65536], axes: [1], what: 'rows of 65536, [0.9999, 1.0001]', x: () => f32(M16 / 16, 0.9999, 1.0001, 7), ref: (x, c) => scanRef(x, c.dims, 1, true) },
    { op: 'CumProd', type: 'float32', dims: [65536, 16], axes: [0], what: 'columns of 65536, [0.9999, 1.0001]', x: () => f32(M16 / 16, 0.9999, 1.0001, 8), ref: (x, c) => scanRef(x, c.dims, 0, true) },
    { op: 'CumSum', type: 'float32', dims: [16, 65536], axes: [1], what: 'rows of 65536, [0, 1]', x: () => f32(M16 / 16, 0, 1, 9), ref: (x, c) => scanRef(x, c.dims, 1, false) },
    { op: 'CumSum', type: 'float32', dims: [65536, 16], axes: [0], what: 'columns of 65536, [0, 1]', x: () => f32(M16 / 16, 0, 1, 10), ref: (x, c) => scanRef(x, c.dims, 0, false) },
    { op: 'ReduceL2', type: 'float32', dims: big, axes: [2], what: 'rows of 256, [1e19, 1e20]', x: () => f32(M16 / 4, 1e19, 1e20, 11), ref: (x, c) => reduceRef(x, c.dims, c.axes, { step: (v) => v * v }).map(Math.sqrt) },
    { op: 'ReduceLogSumExp', type: 'float32', dims: big, axes: [2], what: 'rows of 256, [-20, 20]', x: () => f32(M16 / 4, -20, 20, 12), ref: (x, c) => logSumExpRef(x, c.dims, c.axes) },
    { op: 'ReduceLogSumExp', type: 'float32', dims: [65536, 16], axes: [1], what: 'rows of 16, [-5, -2] (results near 0)', x: () => f32(65536 * 16, -5, -2, 14), ref: (x, c) => logSumExpRef(x, c.dims, c.axes) },
    { op: 'Softmax', type: 'float32', dims: [256, 256, 256], axis: 2, what: 'rows of 256, [-20, 20]', x: () => f32(M16, -20, 20, 15), ref: (x, c) => normalizeRef(x, c.dims, c.axis) },
    { op: 'Softmax', type: 'float32', dims: [256, 256, 256], axis: 0, what: 'columns of 256, [-20, 20]', x: () => f32(M16, -20, 20, 16), ref: (x, c) => normalizeRef(x, c.dims, c.axis) },
    { op: 'LogSoftmax', type: 'float32', dims: [256, 256, 256], axis: 2, what: 'rows of 256, [-20, 20]', x: () => f32(M16, -20, 20, 17), ref: (x, c) => normalizeRef(x, c.dims, c.axis, { log: true }) },
    { op: 'Softmax', type: 'float32', dims: [512, 32000], axis: 1, what: 'rows of 32000, [-20, 20]', x: () => f32(512 * 32000, -20, 20, 21), ref: (x, c) => normalizeRef(x, c.dims, c.axis) },
    { op: 'LogSoftmax', type: 'float32', dims: [108, 152064], axis: 1, what: 'rows of 152064, [-20, 20]', x: () => f32(108 * 152064, -20, 20, 22), ref: (x, c) => normalizeRef(x, c.dims, c.axis, { log: true }) },
    ...['Softmax', 'LogSoftmax'].flatMap((op) => adversarial().map(([what, rows, n, gen]) => ({ op, type: 'float32', dims: [rows, n], axis: 1, what, x: gen, ref: (x, c) => normalizeRef(x, c.dims, c.axis, { log: op === 'LogSoftmax' }) }))),
    { op: 'LpNormalization', type: 'float32', dims: [64, 256, 1024], axis: 2, attributes: { p: 2 }, what: 'rows of 1024, [-1, 1]', x: () => f32(M16, -1, 1, 18), ref: (x, c) => normalizeRef(x, c.dims, c.axis, { lp: true }) },
    { op: 'LpNormalization', type: 'float32', dims: [64, 256, 1024], axis: 2, attributes: { p: 2 }, what: 'rows of 1024, [1e19, 1e20]', x: () => f32(M16, 1e19, 1e20, 19), ref: (x, c) => normalizeRef(x, c.dims, c.axis, { lp: true }) },
    { op: 'ReduceMean', type: 'int32', dims: [1 << 20], axes: null, what: '1M in [1.9e9, 2.1e9]', x: () => values(Int32Array, 1 << 20, 1.9e9, 2.1e9 - 1, 13), ref: (x) => meanRef(x) },
  ];
}

// Runs every case on both runtimes; prints a table (or JSON).
// `filter`: only the cases whose op name contains it. model(op, type, dims, axes) builds
// the Reduce and scan models, postModel(op, dims, attributes, opset) the normalization ones
// (cases with an `axis`).
export async function accuracyReport({ ort, InferenceSession, Tensor, model, postModel, json, filter = '' }) {
  const rows = [];
  for (const c of cases().filter((k) => k.op.includes(filter))) {
    const x = c.x();
    const ref = c.ref(x, c);
    const normalize = c.axis !== undefined;
    const bytes = normalize ? postModel(c.op, c.dims, { axis: c.axis, ...c.attributes }, 13) : model(c.op, c.type, c.dims, c.axes);
    const axes = normalize ? `axis ${c.axis}` : c.axes ? `[${c.axes}]` : 'all';
    const row = { op: c.op, type: c.type, dims: `[${c.dims}]`, axes, input: c.what };
    try {
      const ours = await InferenceSession.create(bytes);
      row.ours_ulps = worstUlps(c.type, (await ours.run({ x: new Tensor(c.type, x, c.dims) })).y.data, ref);
      await ours.release();
    } catch (e) {
      row.ours_ulps = `error: ${e.message}`;
    }
    try {
      const theirs = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
      row.ort_ulps = worstUlps(c.type, (await theirs.run({ x: new ort.Tensor(c.type, x, c.dims) })).y.data, ref);
      await theirs.release();
    } catch (e) {
      row.ort_ulps = 'not supported';
    }
    rows.push(row);
  }
  if (json) {
    console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2));
    return;
  }
  const fmt = (u) => (typeof u === 'number' ? (u === Infinity ? 'inf' : u < 10 ? u.toFixed(2) : u.toPrecision(3)) : u);
  console.log('| op | type | shape, axes | input | this package (ulp) | onnxruntime-web (ulp) |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.op} | ${r.type} | ${r.dims} ${r.axes} | ${r.input} | ${fmt(r.ours_ulps)} | ${fmt(r.ort_ulps)} |`);
  console.log(`\nworst |result - reference| / ulp(reference) over all outputs; reference in float64 (double-double for float64 inputs, exact BigInt for int32 Mean). ${new Date().toISOString().slice(0, 10)}, Node ${process.version}`);
}
